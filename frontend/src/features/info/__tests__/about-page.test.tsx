import { act, screen, within } from '@testing-library/react';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { NO_PRELOAD_TEXT, NO_SEASON_TEXT } from '../components/about-page';
import { seasonPhaseAt, splitDuration } from '../components/season-countdown';

const fetchMock = installFetchMock();

function main() {
  return within(screen.getByRole('main', { hidden: true }));
}

// The browser's clock; the server's runs ahead or behind it as each test says.
const BROWSER_NOW = Date.parse('2025-01-10T12:00:00.000Z');

function season(startDate: string, endDate: string) {
  return {
    seasonId: 18,
    displayName: 'Season 7 SC Trade',
    seasonNumber: 7,
    isBeta: false,
    startDate,
    endDate,
    seasonTypeId: 1,
  };
}

const preloadFile = {
  fileName: 'GrimLeagueS07_Extras.zip',
  modName: 'GrimLeagueS07',
  size: 1_572_864,
  modifiedOn: '2025-01-01T00:00:00.000Z',
  downloadUrl: 'https://files.example/extras',
};

function serve({
  serverUtc,
  seasons,
  preload = [preloadFile],
}: {
  serverUtc: string;
  seasons: unknown[];
  preload?: unknown[];
}) {
  fetchMock.mockImplementation(async (url) => {
    if (url === '/api/admin/time') return fakeResponse({ body: { utc: serverUtc } });
    if (url.startsWith('/api/season/latest')) return fakeResponse({ body: seasons });
    if (url.startsWith('/api/file/preload')) return fakeResponse({ body: preload });
    if (url.startsWith('/api/file/launcher'))
      return fakeResponse({ body: { downloadUrl: 'https://files.example/launcher' } });
    if (url.startsWith('/api/file/')) return fakeResponse({ body: { downloadUrl: 'https://files.example/file' } });
    return fakeResponse({ status: 404, body: { message: 'nope' } });
  });
}

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

describe('about page', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: BROWSER_NOW, doNotFake: ['queueMicrotask', 'nextTick'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('when the season has not started, then it counts down to the start every second on the server clock', async () => {
    // The server is 1 hour ahead of the browser; the season starts 1 day, 2 h, 3 min, 5 s after server time.
    const serverNow = BROWSER_NOW + 3_600_000;
    serve({
      serverUtc: new Date(serverNow).toISOString(),
      seasons: [season(new Date(serverNow + 93_785_000).toISOString(), '2025-04-01T00:00:00.000Z')],
    });
    renderApp('/about');

    const timer = await main().findByRole('timer', { name: 'Time remaining' });
    expect(main().getByTestId('countdown-heading')).toHaveTextContent('Season 7 starts in');
    expect(timer).toHaveTextContent('1d 02h 03m 05s');
    expect(main().getByTestId('countdown-text')).toHaveTextContent(/The season starts on/);

    await advance(1000);
    expect(timer).toHaveTextContent('1d 02h 03m 04s');
    await advance(4000);
    expect(timer).toHaveTextContent('1d 02h 03m 00s');
  });

  it('when the start passes while the page is open, then it switches to counting down to the end', async () => {
    serve({
      serverUtc: new Date(BROWSER_NOW).toISOString(),
      seasons: [season(new Date(BROWSER_NOW + 2000).toISOString(), new Date(BROWSER_NOW + 3_602_000).toISOString())],
    });
    renderApp('/about');

    const timer = await main().findByRole('timer', { name: 'Time remaining' });
    expect(timer).toHaveTextContent('0d 00h 00m 02s');
    await advance(2000);
    expect(main().getByTestId('countdown-heading')).toHaveTextContent('Season 7 is live! It ends in');
    expect(timer).toHaveTextContent('0d 01h 00m 00s');
    expect(main().getByTestId('countdown-text')).toHaveTextContent(/The season runs until/);
  });

  it('when the server clock says the season is over (though the browser says it runs), then the ended text shows', async () => {
    serve({
      serverUtc: '2025-02-01T00:00:00.000Z',
      seasons: [season('2024-10-19T15:00:00.000Z', '2025-01-19T16:00:00.000Z')],
    });
    renderApp('/about');

    expect(await main().findByTestId('countdown-heading')).toHaveTextContent('Season 7 has ended');
    expect(main().queryByRole('timer')).not.toBeInTheDocument();
    expect(main().getByTestId('countdown-text')).toHaveTextContent(/Thank you for playing/);
  });

  it('when the page opens, then the pre-load list, rules, cloud stash and credits show', async () => {
    serve({ serverUtc: new Date(BROWSER_NOW).toISOString(), seasons: [] });
    renderApp('/about');

    expect(await main().findByText(NO_SEASON_TEXT)).toBeInTheDocument();
    const table = await main().findByRole('table', { name: 'Pre-load files' });
    expect(within(table).getByText('GrimLeagueS07_Extras.zip')).toBeInTheDocument();
    expect(within(table).getByText('1.5 MB')).toBeInTheDocument();
    expect(main().getByRole('heading', { name: 'Rules' })).toBeInTheDocument();
    const stash = main().getByRole('region', { name: 'Cloud stash' });
    expect(stash).toHaveTextContent('250 free slots');
    expect(stash).toHaveTextContent('supporters get unlimited space');
    expect(stash).toHaveTextContent('shared stash tab 6');
    expect(stash).toHaveTextContent('arrive in shared stash tab 5');
    expect(main().getByRole('heading', { name: 'Credits' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(
      expect.arrayContaining([
        '/api/admin/time',
        '/api/season/latest?branch=prod',
        '/api/file/preload?branch=prod&region=us',
      ]),
    );
  });

  it('when nothing is to be pre-loaded, then its empty state shows', async () => {
    serve({ serverUtc: new Date(BROWSER_NOW).toISOString(), seasons: [], preload: [] });
    renderApp('/about');

    expect(await main().findByText(NO_PRELOAD_TEXT)).toBeInTheDocument();
  });

  it('when the season cannot be loaded, then its error shows on the page', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 500, body: 'Season service down' }));
    renderApp('/about');

    expect(await main().findAllByText('Season service down')).not.toHaveLength(0);
    expect(main().queryByRole('timer')).not.toBeInTheDocument();
  });

  it('when Download Launcher is clicked, then the URL the API hands out opens in a new tab', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    try {
      serve({ serverUtc: new Date(BROWSER_NOW).toISOString(), seasons: [] });
      renderApp('/about');
      await main().findByRole('table', { name: 'Pre-load files' });

      await act(async () => {
        main().getByRole('button', { name: 'Download Launcher' }).click();
      });
      expect(open).toHaveBeenCalledWith('https://files.example/launcher', '_blank', 'noopener');
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/file/launcher?region=us&branch=prod');
    } finally {
      open.mockRestore();
    }
  });
});

describe('countdown rules', () => {
  it('when time is before, between or after the window, then the phase is before, running or ended', () => {
    const start = '2025-01-01T00:00:00.000Z';
    const end = '2025-01-02T00:00:00.000Z';
    expect(seasonPhaseAt(Date.parse(start) - 1000, start, end)).toEqual({ phase: 'before', remainingMs: 1000 });
    expect(seasonPhaseAt(Date.parse(start), start, end)).toEqual({ phase: 'running', remainingMs: 86_400_000 });
    expect(seasonPhaseAt(Date.parse(end), start, end)).toEqual({ phase: 'ended', remainingMs: 0 });
  });

  it('when a duration is split, then it gives days, hours, minutes and whole seconds rounded up', () => {
    expect(splitDuration(93_784_001)).toEqual({ days: 1, hours: 2, minutes: 3, seconds: 5 });
    expect(splitDuration(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
