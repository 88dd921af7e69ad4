import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import {
  LEADERBOARD_PAGE_SIZE,
  leaderboardPage,
  LeaderboardPage,
  NO_PARTICIPANTS_TEXT,
} from '../components/leaderboard-page';

const fetchMock = installFetchMock();

function main() {
  // hidden: the Error modal marks the page aria-hidden while it is open.
  return within(screen.getByRole('main', { hidden: true }));
}

const hcSeason = { seasonId: 19, displayName: 'Season 7 HC SSF', isBeta: false, seasonTypeId: 2, seasonNumber: 7 };
const tradeSeason = { seasonId: 18, displayName: 'Season 7 SC Trade', isBeta: false, seasonTypeId: 1, seasonNumber: 7 };
const entries = [
  {
    seasonParticipantId: 5,
    username: 'grimmy',
    points: 420,
    twitchUrl: 'https://twitch.tv/grimmy',
    youtubeUrl: 'https://youtube.com/@grimmy',
    rank: 1,
    classesPlayed: ['Soldier', 'Warder'],
  },
  {
    seasonParticipantId: 6,
    username: 'quiet one',
    points: 100,
    twitchUrl: null,
    youtubeUrl: null,
    rank: 2,
    classesPlayed: [],
  },
];

/** Answers by path, like the BFF would. */
function serve(routes: Record<string, unknown>) {
  fetchMock.mockImplementation(async (url: string) => {
    const path = url.split('?')[0] ?? '';
    if (path in routes) return fakeResponse({ body: routes[path] });
    return fakeResponse({ status: 404, body: { message: `no ${path}` } });
  });
}

describe('leaderboard page', () => {
  it('when a season leaderboard loads, then rank, name, points, classes and social icons show with a participant link in a new tab', async () => {
    serve({ '/api/season/19': hcSeason, '/api/season/19/leaderboard': { leaderboardEntries: entries } });
    renderApp('/seasons/19/leaderboard');

    const table = within(await main().findByRole('table', { name: 'Leaderboard' }));
    const headers = table.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Rank', 'Name', 'Points', 'Classes Played', 'Socials']);
    const rows = table.getAllByRole('row').slice(1);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('1')).toBeInTheDocument();
    expect(first.getByText('420')).toBeInTheDocument();
    expect(first.getByText('Soldier, Warder')).toBeInTheDocument();
    const link = first.getByRole('link', { name: 'grimmy' });
    expect(link).toHaveAttribute('href', '#/seasons/19/participant/5?username=grimmy');
    expect(link).toHaveAttribute('target', '_blank');
    expect(first.getByRole('link', { name: 'grimmy on Twitch' })).toHaveAttribute('href', 'https://twitch.tv/grimmy');
    expect(first.getByRole('link', { name: 'grimmy on YouTube' })).toHaveAttribute(
      'href',
      'https://youtube.com/@grimmy',
    );
    expect(within(rows[1] as HTMLElement).queryByRole('link', { name: /on Twitch/ })).not.toBeInTheDocument();

    expect(main().getByRole('heading', { level: 1, name: 'Season 7 HC SSF Leaderboard' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Kill Tracker' })).toHaveAttribute('href', '/seasons/19/kill-tracker');
    expect(main().getByRole('link', { name: 'Back To Seasons' })).toHaveAttribute('href', '/seasons');
  });

  it('when the season is a trading ladder, then no Kill Tracker link shows', async () => {
    serve({ '/api/season/18': tradeSeason, '/api/season/18/leaderboard': { leaderboardEntries: entries } });
    renderApp('/seasons/18/leaderboard');

    await main().findByRole('table', { name: 'Leaderboard' });
    expect(main().queryByRole('link', { name: 'Kill Tracker' })).not.toBeInTheDocument();
  });

  it('when an admin views it, then the Classes Played column is left out', async () => {
    signIn('admin');
    serve({ '/api/season/18': tradeSeason, '/api/season/18/leaderboard': { leaderboardEntries: entries } });
    renderApp('/seasons/18/leaderboard');

    const table = within(await main().findByRole('table', { name: 'Leaderboard' }));
    expect(table.queryByRole('columnheader', { name: 'Classes Played' })).not.toBeInTheDocument();
  });

  it('when the bare leaderboard route opens, then the first of the latest ladders is shown', async () => {
    serve({
      '/api/season/latest': [tradeSeason, hcSeason],
      '/api/season/18/leaderboard': { leaderboardEntries: [] },
    });
    renderApp('/leaderboard');

    expect(await main().findByText(NO_PARTICIPANTS_TEXT)).toBeInTheDocument();
    expect(main().getByRole('heading', { level: 1, name: 'Season 7 SC Trade Leaderboard' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls[0]?.[0]).toContain('/api/season/latest?'));
  });

  it('when the season does not exist, then the error shows on the page', async () => {
    serve({});
    renderApp('/seasons/99/leaderboard');

    expect(await main().findByText('no /api/season/99')).toBeInTheDocument();
    expect(main().getByText('Back To Seasons')).toBeInTheDocument();
  });

  it('when the address names admin, then the builds column is left out whoever looks (the admin guard sits in front of it)', async () => {
    serve({ '/api/season/18': tradeSeason, '/api/season/18/leaderboard': { leaderboardEntries: entries } });
    const router = createMemoryRouter([{ path: '/admin/leaderboard/:seasonId', element: <LeaderboardPage /> }], {
      initialEntries: ['/admin/leaderboard/18'],
    });
    render(
      <AppProviders store={createAppStore({ navigate: () => undefined })}>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    const table = within(await screen.findByRole('table', { name: 'Leaderboard' }));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'Name', 'Points', 'Socials']);
  });

  describe('a long ladder', () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      seasonParticipantId: 100 + i,
      username: `player${i + 1}`,
      points: 1000 - i,
      twitchUrl: null,
      youtubeUrl: null,
      rank: i + 1,
      classesPlayed: [],
    }));
    // Plain DOM reads: role queries over a 25-row table are slow in jsdom.
    const names = (table: HTMLElement) =>
      [...table.querySelectorAll('tbody tr')].map((r) => r.querySelector('a')?.textContent);

    it('when it loads, then a page of 25 rows shows with page links, and the next page shows the next 25 with their ranks', async () => {
      const user = userEvent.setup();
      serve({ '/api/season/18': tradeSeason, '/api/season/18/leaderboard': { leaderboardEntries: many } });
      const { router } = renderApp('/seasons/18/leaderboard');

      const table = await main().findByRole('table', { name: 'Leaderboard' });
      expect(names(table)).toEqual(many.slice(0, LEADERBOARD_PAGE_SIZE).map((e) => e.username));
      const pages = main().getByRole('navigation', { name: 'Leaderboard pages' });
      await user.click(within(pages).getByRole('button', { name: 'Go to page 2' }));

      const next = main().getByRole('table', { name: 'Leaderboard' });
      expect(names(next)).toEqual(many.slice(25, 50).map((e) => e.username));
      expect(next.querySelector('tbody tr td')).toHaveTextContent('26');
      expect(router.state.location.search).toBe('?page=2');
    }, 20_000);

    it('when the address names a page, then that page shows; past the last, the last', async () => {
      serve({ '/api/season/18': tradeSeason, '/api/season/18/leaderboard': { leaderboardEntries: many } });
      renderApp('/seasons/18/leaderboard?page=9');

      const table = await main().findByRole('table', { name: 'Leaderboard' });
      expect(names(table)).toEqual(many.slice(50).map((e) => e.username));
      expect(
        within(main().getByRole('navigation', { name: 'Leaderboard pages' })).getByRole('button', { name: 'page 3' }),
      ).toHaveAttribute('aria-current', 'page');
    }, 20_000);

    it('when the ladder is still loading, then placeholder rows of a full page hold its place and say it is loading', async () => {
      fetchMock.mockImplementation(() => new Promise(() => undefined));
      renderApp('/seasons/18/leaderboard');

      const loading = await main().findByRole('status', { name: 'Loading leaderboard' });
      expect(loading.querySelectorAll('tbody tr')).toHaveLength(LEADERBOARD_PAGE_SIZE);
      expect(main().queryByRole('table', { name: 'Leaderboard' })).not.toBeInTheDocument();
    });

    it('when a ladder fits on one page, then no page links show', async () => {
      serve({ '/api/season/18': tradeSeason, '/api/season/18/leaderboard': { leaderboardEntries: entries } });
      renderApp('/seasons/18/leaderboard');

      await main().findByRole('table', { name: 'Leaderboard' });
      expect(main().queryByRole('navigation', { name: 'Leaderboard pages' })).not.toBeInTheDocument();
    });
  });

  it('when the page query is missing or not a number, then page 1', () => {
    expect(leaderboardPage(null, 3)).toBe(1);
    expect(leaderboardPage('two', 3)).toBe(1);
    expect(leaderboardPage('0', 3)).toBe(1);
    expect(leaderboardPage('2', 3)).toBe(2);
    expect(leaderboardPage('7', 3)).toBe(3);
    expect(leaderboardPage('1', 0)).toBe(1);
  });
});
