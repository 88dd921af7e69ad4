import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { NO_LADDERS_TEXT } from '../components/previous-season-page';
import { calls, challenge, main, serve } from './serve';

const fetchMock = installFetchMock();

const season3 = [
  {
    seasonId: 8,
    displayName: 'Season 3',
    isBeta: false,
    seasonTypeId: 1,
    seasonNumber: 3,
    modName: 'GrimLeagueS03',
    // Tiebreakers first on purpose: the page puts it last.
    seasonChallenges: [
      challenge(1, 'First to level 100', 'Tiebreakers', { displayOrder: 1 }),
      challenge(2, 'Kill Callagadra', 'Bosses', { displayOrder: 2, pointValue: 50 }),
      challenge(3, 'Reach level 50', 'Campaign', { displayOrder: 3, difficulties: 'Normal+Elite' }),
    ],
  },
  {
    seasonId: 9,
    displayName: 'Season 3',
    isBeta: false,
    seasonTypeId: 2,
    seasonNumber: 3,
    modName: 'GrimLeagueS03',
    seasonChallenges: [challenge(4, 'Kill Log I in Ultimate', 'Bosses')],
  },
];

describe('previous seasons', () => {
  it('when the list opens, then it links to seasons 3, 4, 5 and 6 keeping the query string', () => {
    renderApp('/previous-seasons?branch=prod');

    expect(main().getByRole('heading', { level: 1, name: 'Previous Seasons' })).toBeInTheDocument();
    const links = main()
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/previous-seasons/3?branch=prod',
      '/previous-seasons/4?branch=prod',
      '/previous-seasons/5?branch=prod',
      '/previous-seasons/6?branch=prod',
    ]);
  });

  it('when a season opens, then its mod ladders load with the challenge lists collapsed and a View Leaderboard link each', async () => {
    serve(fetchMock, { '/api/season/mod/GrimLeagueS03': season3 });
    renderApp('/previous-seasons/3');

    const trade = within(await main().findByRole('article', { name: 'Season 3 SC Trade' }));
    const ssf = within(main().getByRole('article', { name: 'Season 3 HC SSF' }));
    expect(calls(fetchMock)).toEqual(['GET /api/season/mod/GrimLeagueS03']);
    expect(trade.getByRole('button', { name: 'Show Challenges (3)' })).toHaveAttribute('aria-expanded', 'false');
    expect(trade.queryByText('Kill Callagadra')).not.toBeInTheDocument();
    expect(ssf.queryByText('Kill Log I in Ultimate')).not.toBeInTheDocument();
    expect(trade.getByRole('link', { name: 'View Leaderboard' })).toHaveAttribute('href', '/seasons/8/leaderboard');
    expect(ssf.getByRole('link', { name: 'View Leaderboard' })).toHaveAttribute('href', '/seasons/9/leaderboard');
  });

  it('when a ladder is expanded, then its challenges show by category with Tiebreakers last, animated over 400 ms', async () => {
    const user = userEvent.setup({ delay: null });
    serve(fetchMock, { '/api/season/mod/GrimLeagueS03': season3 });
    renderApp('/previous-seasons/3');

    const trade = within(await main().findByRole('article', { name: 'Season 3 SC Trade' }));
    await user.click(trade.getByRole('button', { name: 'Show Challenges (3)' }));

    const toggle = trade.getByRole('button', { name: 'Hide Challenges' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const region = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(region).not.toBeNull();
    expect(region!.style.transitionDuration).toBe('400ms');
    const categories = trade.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(categories).toEqual(['Bosses', 'Campaign', 'Tiebreakers']);
    expect(trade.getByText('Kill Callagadra')).toBeInTheDocument();
    expect(trade.getByText('Normal, Elite')).toBeInTheDocument();
    // The other ladder stays collapsed.
    expect(main().getByRole('button', { name: 'Show Challenges (1)' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('when the mod has no ladders, then the empty state shows', async () => {
    serve(fetchMock, { '/api/season/mod/GrimLeagueS05': [] });
    renderApp('/previous-seasons/5');

    expect(await main().findByText(NO_LADDERS_TEXT)).toBeInTheDocument();
  });

  it('while the ladders load, then a loading indicator shows', () => {
    fetchMock.mockReturnValue(new Promise(() => undefined));
    renderApp('/previous-seasons/4');

    expect(main().getByRole('status', { name: 'Loading season' })).toBeInTheDocument();
  });

  it('when the request fails, then the error shows on the page', async () => {
    fetchMock.mockResolvedValue(
      fakeResponse({ status: 404, body: { message: 'No season uses the mod GrimLeagueS06' } }),
    );
    renderApp('/previous-seasons/6');

    expect(await screen.findByRole('dialog', { name: 'Error' })).toBeInTheDocument();
    expect(main().getByText('No season uses the mod GrimLeagueS06')).toBeInTheDocument();
  });
});
