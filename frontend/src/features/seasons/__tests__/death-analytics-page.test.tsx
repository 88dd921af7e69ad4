import { screen, within } from '@testing-library/react';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { NO_DEATHS_TEXT } from '../components/death-analytics-page';
import { calls, main, serve } from './serve';

const fetchMock = installFetchMock();

const season19 = { seasonId: 19, displayName: 'Season 7 HC SSF', isBeta: false, seasonTypeId: 2, seasonNumber: 7 };
const band = (b: string, min: number, max: number, n: number, e: number, u: number) => ({
  band: b,
  minLevel: min,
  maxLevel: max,
  deaths: n + e + u,
  byDifficulty: [
    { difficulty: 'Normal', deaths: n },
    { difficulty: 'Elite', deaths: e },
    { difficulty: 'Ultimate', deaths: u },
  ],
});
const analytics = {
  seasonId: 19,
  totalDeaths: 6,
  killers: [
    { rank: 1, tag: 'tagGDX2Boss_Final01', killedBy: 'Ravager of Minds', deaths: 3 },
    { rank: 2, tag: 'tagEnemyZombieA01', killedBy: 'Zombie', deaths: 2 },
    { rank: 3, tag: 'tagHeroGhostH05', killedBy: 'Ghost', deaths: 1 },
  ],
  levelBands: [
    band('1–49', 1, 49, 2, 0, 0),
    band('50–74', 50, 74, 0, 1, 0),
    band('75–94', 75, 94, 0, 0, 0),
    band('95–100', 95, 100, 0, 0, 3),
  ],
  difficulties: [
    { difficulty: 'Normal', deaths: 2 },
    { difficulty: 'Elite', deaths: 1 },
    { difficulty: 'Ultimate', deaths: 3 },
  ],
  classes: [
    {
      className: 'Ritualist',
      deaths: 4,
      deadliestKiller: { tag: 'tagGDX2Boss_Final01', killedBy: 'Ravager of Minds', deaths: 3 },
    },
    { className: 'Soldier', deaths: 2, deadliestKiller: { tag: 'tagEnemyZombieA01', killedBy: 'Zombie', deaths: 2 } },
  ],
};

const rowsOf = (name: string) =>
  within(main().getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('death analytics page', () => {
  it('when it opens, then the killers are ranked, the deaths by level band and difficulty charted and tabled, and each class shows its deadliest killer', async () => {
    serve(fetchMock, { '/api/season/19': season19, '/api/season/19/death-analytics': analytics });
    renderApp('/seasons/19/death-analytics');

    expect(
      await main().findByRole('heading', { level: 1, name: 'Season 7 HC SSF Death Analytics' }),
    ).toBeInTheDocument();
    expect(rowsOf('Killers by deaths')).toEqual([
      ['1', 'Ravager of Minds', '3'],
      ['2', 'Zombie', '2'],
      ['3', 'Ghost', '1'],
    ]);
    expect(main().getByRole('img', { name: 'Bar chart of deaths by level band and difficulty' })).toBeInTheDocument();
    expect(rowsOf('Deaths by level band and difficulty')).toEqual([
      ['1–49', '2', '0', '0', '2'],
      ['50–74', '0', '1', '0', '1'],
      ['75–94', '0', '0', '0', '0'],
      ['95–100', '0', '0', '3', '3'],
      ['All levels', '2', '1', '3', '6'],
    ]);
    expect(main().getByRole('img', { name: 'Bar chart of deaths by class' })).toBeInTheDocument();
    expect(rowsOf('Deadliest killer per class')).toEqual([
      ['Ritualist', '4', 'Ravager of Minds', '3'],
      ['Soldier', '2', 'Zombie', '2'],
    ]);
    expect(main().getByRole('link', { name: 'Kill Tracker' })).toHaveAttribute('href', '/seasons/19/kill-tracker');
    expect(calls(fetchMock)).toContain('GET /api/season/19/death-analytics?branch=prod');
  });

  it('when no death is recorded, then the empty state shows', async () => {
    serve(fetchMock, {
      '/api/season/19': season19,
      '/api/season/19/death-analytics': { ...analytics, totalDeaths: 0, killers: [], classes: [] },
    });
    renderApp('/seasons/19/death-analytics');

    expect(await main().findByText(NO_DEATHS_TEXT)).toBeInTheDocument();
    expect(main().queryByRole('table', { name: 'Killers by deaths' })).not.toBeInTheDocument();
  });

  it('when the season is a trade season, then the service’s message shows', async () => {
    serve(fetchMock, {
      '/api/season/18': { ...season19, seasonId: 18, seasonTypeId: 1 },
      '/api/season/18/death-analytics': () =>
        fakeResponse({ status: 400, body: { message: 'Season 18 is not a hardcore season' } }),
    });
    renderApp('/seasons/18/death-analytics');

    expect(
      await screen.findByText('Season 18 is not a hardcore season', { selector: '.MuiAlert-message' }),
    ).toBeInTheDocument();
  });

  it('when the kill tracker shows a season, then it links to that season’s death analytics', async () => {
    serve(fetchMock, { '/api/season/latest': [season19], '/api/season/19/kill-tracker': [] });
    renderApp('/seasons/19/kill-tracker');

    expect(await main().findByRole('link', { name: 'Death Analytics' })).toHaveAttribute(
      'href',
      '/seasons/19/death-analytics',
    );
  });
});
