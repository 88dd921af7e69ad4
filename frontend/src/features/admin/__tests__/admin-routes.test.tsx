import { screen, waitFor, within } from '@testing-library/react';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';

const fetchMock = installFetchMock();
jest.setTimeout(60_000);

function main() {
  return within(screen.getByRole('main', { hidden: true }));
}

const tradeSeason = { seasonId: 18, displayName: 'Season 7', isBeta: false, seasonTypeId: 1, seasonNumber: 7 };
const entries = [
  {
    seasonParticipantId: 5,
    username: 'grimmy',
    points: 420,
    twitchUrl: 'https://twitch.tv/grimmy',
    youtubeUrl: null,
    rank: 1,
    classesPlayed: ['Soldier'],
  },
];

function serveLadder() {
  fetchMock.mockImplementation(async (url: string) => {
    const path = url.split('?')[0];
    if (path === '/api/season/18') return fakeResponse({ body: tradeSeason });
    if (path === '/api/season/18/leaderboard') return fakeResponse({ body: { leaderboardEntries: entries } });
    return fakeResponse({ status: 404, body: { message: `no ${path}` } });
  });
}

describe('admin routes', () => {
  it('when an admin opens admin/leaderboard/{id}, then the leaderboard shows without the builds column', async () => {
    signIn('admin');
    serveLadder();
    renderApp('/admin/leaderboard/18');

    const table = within(await screen.findByRole('table', { name: 'Leaderboard' }, { timeout: 5000 }));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'Name', 'Points', 'Socials']);
    expect(table.getByRole('link', { name: 'grimmy' })).toHaveAttribute('target', '_blank');
    expect(table.getByRole('link', { name: 'grimmy on Twitch' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Back To Seasons' })).toHaveAttribute('href', '/seasons');
  });

  it('when a player opens an admin address, then they are sent home', async () => {
    signIn(null);
    serveLadder();
    const { router } = renderApp('/admin/leaderboard/18');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringContaining('/leaderboard'), expect.anything());
  });

  it('when a visitor who is not logged in opens admin, then they are sent to login', async () => {
    const { router } = renderApp('/admin');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
  });

  it('when an admin opens admin, then a card per fixed season links to its admin leaderboard', async () => {
    signIn('admin');
    renderApp('/admin');

    await screen.findByRole('heading', { level: 1, name: 'Admin' }, { timeout: 5000 });
    const links = main()
      .getAllByRole('link', { name: 'Leaderboard' })
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/admin/leaderboard/18',
      '/admin/leaderboard/19',
      '/admin/leaderboard/16',
      '/admin/leaderboard/17',
    ]);
    expect(main().getAllByRole('heading', { level: 2, name: 'Season 7' })).toHaveLength(4);
  });
});

describe('admin season list', () => {
  it('when an admin opens admin/season-list, then each card links its Challenge List and the other admin screens are linked', async () => {
    signIn('admin');
    renderApp('/admin/season-list');

    await screen.findByRole('heading', { level: 1, name: 'Admin' }, { timeout: 5000 });
    expect(
      main()
        .getAllByRole('link', { name: 'Challenge List' })
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/admin/season-detail/18',
      '/admin/season-detail/19',
      '/admin/season-detail/16',
      '/admin/season-detail/17',
    ]);
    const nav = within(main().getByRole('navigation', { name: 'Admin screens' }));
    expect(nav.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Mod Files', '/admin/files/prod'],
      ['Beta Files', '/admin/files/beta'],
      ['Items', '/admin/items'],
      ['Encounters', '/admin/encounters'],
      ['Chat Management', '/admin/chat'],
      ['Suspected Duplicates', '/admin/duplicates'],
    ]);
  });

  it('when an admin opens an unknown admin address, then the not-found page shows', async () => {
    signIn('admin');
    renderApp('/admin/nothing-here');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 });
  });
});
