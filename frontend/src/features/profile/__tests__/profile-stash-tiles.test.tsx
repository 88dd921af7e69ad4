import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { profileBody, serve, ssfSeason, tradeSeason } from './trade-fixtures';

jest.setTimeout(60_000);
const fetchMock = installFetchMock();
beforeAll(() => import('../profile-routes'));

function serveProfile(overrides: Record<string, unknown> = {}) {
  serve(fetchMock, {
    '/api/season/profile': profileBody({ ssf: true }),
    '/api/season/latest': [tradeSeason, ssfSeason],
    '/api/user/active': { username: 'Player One', isPatreonConnected: false },
    '/api/account/patreon-authorize-url': fakeResponse({ status: 503, body: { message: 'not configured' } }),
    '/api/season/season-participant/41/export-cloud-stash': fakeResponse({
      body: 'IAS-FILE',
      contentType: 'application/octet-stream',
    }),
    ...overrides,
  });
}

const ladder = (name: string) => within(screen.getByRole('region', { name }));

describe('profile stash and trading post tiles', () => {
  it('when the player takes part in both ladders, then each has a Cloud Stash tile and only the trade ladder a Trading Post tile', async () => {
    signIn(null);
    serveProfile();
    renderApp('/profile');

    await screen.findByRole('heading', { name: 'Season 7 SC Trade' });
    expect(ladder('Season 7 SC Trade').getByRole('link', { name: 'Cloud Stash' })).toHaveAttribute(
      'href',
      '/profile/stash?st=1',
    );
    expect(ladder('Season 7 SC Trade').getByRole('link', { name: 'Trading Post' })).toHaveAttribute(
      'href',
      '/profile/trading-post?st=1',
    );
    expect(ladder('Season 7 HC SSF').getByRole('link', { name: 'Cloud Stash' })).toHaveAttribute(
      'href',
      '/profile/stash?st=2',
    );
    expect(ladder('Season 7 HC SSF').queryByRole('link', { name: 'Trading Post' })).not.toBeInTheDocument();
    // Patreon connect stays as it was.
    expect(screen.getByRole('region', { name: 'Patreon' })).toBeInTheDocument();
  });

  it('when Export Cloud Stash is clicked, then the stash file is downloaded as .ias', async () => {
    signIn(null);
    serveProfile();
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:stash';
    });
    URL.revokeObjectURL = jest.fn();
    const downloads: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    const user = userEvent.setup();
    renderApp('/profile');

    await screen.findByRole('heading', { name: 'Season 7 SC Trade' });
    await user.click(ladder('Season 7 SC Trade').getByRole('button', { name: 'Export Cloud Stash' }));

    await waitFor(() => expect(downloads).toEqual(['Player-One-Season-7-SC-Trade-cloud-stash.ias']));
    expect(created[0]!.size).toBe('IAS-FILE'.length);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:stash');
    click.mockRestore();
  });

  it('when the stash tile is followed, then the stash opens for that ladder', async () => {
    signIn(null);
    serveProfile({
      '/api/season/participant/42/stash': { items: [], itemCount: 0, capacity: 250 },
      '/api/season/item-filters': [],
    });
    const user = userEvent.setup();
    renderApp('/profile');

    await screen.findByRole('heading', { name: 'Season 7 HC SSF' });
    await user.click(ladder('Season 7 HC SSF').getByRole('link', { name: 'Cloud Stash' }));

    expect(await screen.findByRole('heading', { name: 'Season 7 HC SSF Cloud Stash' })).toBeInTheDocument();
    expect(await screen.findByTestId('stash-count')).toHaveTextContent('Items: 0 / 250');
  });
});
