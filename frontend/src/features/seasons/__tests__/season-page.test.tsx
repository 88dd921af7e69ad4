import { screen } from '@testing-library/react';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { challenge, main, rowOf, serve } from './serve';

const fetchMock = installFetchMock();

const hcSeason = {
  seasonId: 19,
  displayName: 'Season 7',
  isBeta: false,
  seasonTypeId: 2,
  seasonNumber: 7,
  startDate: '2024-10-19T15:00:00.000Z',
  endDate: '2025-01-19T16:00:00.000Z',
  status: 'ended',
  seasonChallenges: [
    challenge(1, 'First to level 100', 'Tiebreakers', { displayOrder: 1, pointValue: 5 }),
    challenge(2, 'Crucible 170 runs', 'Crucible', { displayOrder: 2, challengeTypeId: 4, pointValue: 7 }),
    challenge(3, 'Complete the Normal campaign at or below level 40', 'Campaign', {
      displayOrder: 3,
      challengeTypeId: 2,
      maxLevel: 40,
      difficulties: 'Normal',
    }),
  ],
};

describe('season page', () => {
  it('when the season loads, then its name, type, dates and challenges by category (Tiebreakers last) show with points, difficulty and type', async () => {
    serve(fetchMock, { '/api/season/19': hcSeason });
    renderApp('/seasons/19');

    expect(await main().findByRole('heading', { level: 1, name: 'Season 7 HC SSF' })).toBeInTheDocument();
    expect(main().getByText('Type: HC SSF')).toBeInTheDocument();
    expect(main().getByText('Starts: 19 Oct 2024, 15:00 UTC')).toBeInTheDocument();
    expect(main().getByText('Ends: 19 Jan 2025, 16:00 UTC')).toBeInTheDocument();
    expect(
      main()
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Crucible', 'Campaign', 'Tiebreakers']);
    const crucible = rowOf(/Crucible 170 runs/);
    expect(crucible).toHaveTextContent('Scaling');
    expect(crucible).toHaveTextContent('Ultimate');
    expect(crucible).toHaveTextContent('7');
    const campaign = rowOf(/Normal campaign/);
    expect(campaign).toHaveTextContent('Level Based');
    expect(campaign).toHaveTextContent('Max 40');
  });

  it('when the season is a transfer ladder, then it links to its leaderboard and kill tracker', async () => {
    serve(fetchMock, { '/api/season/19': hcSeason });
    renderApp('/seasons/19');

    expect(await main().findByRole('link', { name: 'View Leaderboard' })).toHaveAttribute(
      'href',
      '/seasons/19/leaderboard',
    );
    expect(main().getByRole('link', { name: 'Kill Tracker' })).toHaveAttribute('href', '/seasons/19/kill-tracker');
    expect(main().getByRole('link', { name: 'Back To Seasons' })).toHaveAttribute('href', '/seasons');
  });

  it('when the season is a trading ladder without dates, then no kill tracker link and no dates show', async () => {
    const { startDate: _s, endDate: _e, ...undated } = hcSeason;
    serve(fetchMock, { '/api/season/18': { ...undated, seasonId: 18, seasonTypeId: 1 } });
    renderApp('/seasons/18');

    expect(await main().findByRole('heading', { level: 1, name: 'Season 7 SC Trade' })).toBeInTheDocument();
    expect(main().queryByRole('link', { name: 'Kill Tracker' })).not.toBeInTheDocument();
    expect(main().queryByText(/Starts:/)).not.toBeInTheDocument();
  });

  it('when the season has no challenges, then the empty state shows', async () => {
    serve(fetchMock, { '/api/season/19': { ...hcSeason, seasonChallenges: [] } });
    renderApp('/seasons/19');

    expect(await main().findByText('No challenges have been announced for this ladder yet.')).toBeInTheDocument();
  });

  it('when the season does not exist, then the error shows with a way back', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 404, body: { message: 'Season 99 does not exist' } }));
    renderApp('/seasons/99');

    expect(main().getByRole('status', { name: 'Loading season' })).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Error' })).toBeInTheDocument();
    expect(main().getByText('Season 99 does not exist')).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Back To Seasons', hidden: true })).toHaveAttribute('href', '/seasons');
  });
});
