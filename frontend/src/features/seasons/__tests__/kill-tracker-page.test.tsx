import { screen, within } from '@testing-library/react';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { NO_KILLS_TEXT } from '../components/kill-tracker-page';
import { calls, main, serve } from './serve';

const fetchMock = installFetchMock();

const latest = [
  { seasonId: 18, displayName: 'Season 7', isBeta: false, seasonTypeId: 1, seasonNumber: 7 },
  { seasonId: 17, displayName: 'Season 7 Beta', isBeta: true, seasonTypeId: 2, seasonNumber: 7 },
  { seasonId: 19, displayName: 'Season 7', isBeta: false, seasonTypeId: 2, seasonNumber: 7 },
];

describe('kill tracker page', () => {
  it('when it opens, then the first non-beta transfer ladder of the latest season is shown with Killed By and Killed Count', async () => {
    serve(fetchMock, {
      '/api/season/latest': latest,
      '/api/season/19/kill-tracker': [
        { killedBy: 'Ravager of Minds', killedCount: 12 },
        { killedBy: 'Callagadra', killedCount: 4 },
      ],
    });
    renderApp('/seasons/19/kill-tracker');

    const table = within(await main().findByRole('table', { name: 'Kill Tracker' }));
    expect(main().getByRole('heading', { level: 1, name: 'Season 7 Kill Tracker' })).toBeInTheDocument();
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Killed By', 'Killed Count']);
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Ravager of Minds12', 'Callagadra4']);
    expect(calls(fetchMock)).toContain('GET /api/season/19/kill-tracker');
    expect(calls(fetchMock)).not.toContain('GET /api/season/17/kill-tracker');
  });

  it('when nothing has been tallied, then the empty state and Back To Seasons show', async () => {
    serve(fetchMock, { '/api/season/latest': latest, '/api/season/19/kill-tracker': [] });
    renderApp('/seasons/19/kill-tracker');

    expect(await main().findByText(NO_KILLS_TEXT)).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Back To Seasons' })).toHaveAttribute('href', '/seasons');
  });

  it('when the latest season has no transfer ladder, then the empty state shows without asking for rows', async () => {
    serve(fetchMock, { '/api/season/latest': [latest[0]] });
    renderApp('/seasons/18/kill-tracker');

    expect(await main().findByText(NO_KILLS_TEXT)).toBeInTheDocument();
    expect(calls(fetchMock).some((c) => c.includes('kill-tracker'))).toBe(false);
  });

  it('while it loads, then a loading indicator shows; when it fails, then the error shows', async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse({ status: 503, body: 'Season service unavailable' }));
    renderApp('/seasons/19/kill-tracker');

    expect(main().getByRole('status', { name: 'Loading kill tracker' })).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Error' })).toBeInTheDocument();
    expect(main().getByText('Season service unavailable')).toBeInTheDocument();
  });
});
