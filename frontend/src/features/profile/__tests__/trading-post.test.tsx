import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { FakeEventSource } from './fake-event-source';
import { bodiesSent, calls, notification, offer, profileBody, serve } from './trade-fixtures';

jest.setTimeout(60_000);
const fetchMock = installFetchMock();
FakeEventSource.install();
beforeAll(() => import('../profile-routes'));

const P = '/api/trade/participant/41';

function serveTradePost(routes: Record<string, unknown> = {}) {
  serve(fetchMock, {
    '/api/season/profile': profileBody(),
    '/api/season/latest': [],
    [`${P}/trade-notifications`]: [],
    [`${P}/trade-offers/incoming`]: [],
    [`${P}/trade-offers`]: [],
    [`${P}/ignored`]: [],
    ...routes,
  });
}

describe('trading post hub', () => {
  it('when it opens, then it names the season and links every trading post screen, with the count of new notifications', async () => {
    signIn(null);
    serveTradePost({
      [`${P}/trade-notifications`]: [
        notification(1, 'Incoming'),
        notification(2, 'Accepted'),
        notification(3, 'Rejected', '2024-11-02T00:00:00.000Z'),
        notification(4, 'Settling'),
      ],
    });
    renderApp('/profile/trading-post?st=1');

    expect(await screen.findByRole('heading', { name: 'Season 7 SC Trade Trading Post' })).toBeInTheDocument();
    const links = {
      Notifications: '/profile/trade-notifications?st=1',
      'Search Trade Listings': '/profile/trade-search?st=1&t=search',
      'My Offers': '/profile/my-offers?st=1',
      'My Listings': '/profile/my-listings?st=1',
      'Incoming Offers': '/profile/incoming-offers?st=1',
      'Blocked Players': '/profile/trade-blocked?st=1',
    };
    for (const [name, href] of Object.entries(links)) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(await screen.findByLabelText('2 new')).toBeInTheDocument();
  });

  it('when the player has no participant in a trade season, then every trading post screen sends them to the profile', async () => {
    signIn(null);
    serveTradePost({ '/api/season/profile': profileBody({ trade: false, ssf: true }) });
    for (const path of [
      '/profile/trading-post',
      '/profile/trade-notifications',
      '/profile/incoming-offers',
      '/profile/trade-blocked',
    ]) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
      unmount();
    }
    expect(calls(fetchMock).some((c) => c.includes('/api/trade/'))).toBe(false);
  });
});

describe('notifications', () => {
  it('when there are new notifications, then they carry a New badge and an Ok that acknowledges one; other statuses are left out', async () => {
    signIn(null);
    serveTradePost({
      [`${P}/trade-notifications`]: [
        notification(1, 'Incoming'),
        notification(2, 'Bought Out', '2024-11-02T00:00:00.000Z'),
        notification(3, 'Settling'),
      ],
      [`POST ${P}/acknowledge-trade-notifications`]: {},
    });
    const user = userEvent.setup();
    renderApp('/profile/trade-notifications?st=1');

    const table = await screen.findByRole('table', { name: 'Notifications' });
    expect(within(table).getAllByTestId('notification-row')).toHaveLength(2);
    expect(within(table).queryByText('Settling')).not.toBeInTheDocument();
    const fresh = within(table).getByRole('row', { name: /Trader 1/ });
    const seen = within(table).getByRole('row', { name: /Trader 2/ });
    expect(within(fresh).getByText('New')).toBeInTheDocument();
    expect(within(seen).queryByText('New')).not.toBeInTheDocument();
    expect(within(seen).queryByRole('button', { name: 'Ok' })).not.toBeInTheDocument();

    await user.click(within(fresh).getByRole('button', { name: 'Ok' }));

    await waitFor(() => expect(within(fresh).queryByText('New')).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, `POST ${P}/acknowledge-trade-notifications`)).toEqual([[1]]);
    expect(screen.getByRole('button', { name: 'Acknowledge All' })).toBeDisabled();
  });

  it('when Acknowledge All is clicked, then every new notification is acknowledged in one call', async () => {
    signIn(null);
    serveTradePost({
      [`${P}/trade-notifications`]: [
        notification(1, 'Incoming'),
        notification(2, 'Rejected'),
        notification(3, 'Accepted', '2024-11-02T00:00:00.000Z'),
      ],
      [`POST ${P}/acknowledge-trade-notifications`]: {},
    });
    const user = userEvent.setup();
    renderApp('/profile/trade-notifications?st=1');

    await screen.findByRole('table', { name: 'Notifications' });
    await user.click(screen.getByRole('button', { name: 'Acknowledge All' }));

    await waitFor(() => expect(screen.queryByText('New')).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, `POST ${P}/acknowledge-trade-notifications`)).toEqual([[1, 2]]);
  });

  it('when the trade service pushes a notification event, then the new notification appears without a reload', async () => {
    signIn(null);
    let list = [notification(1, 'Incoming', '2024-11-02T00:00:00.000Z')];
    serveTradePost({ [`${P}/trade-notifications`]: () => list });
    renderApp('/profile/trade-notifications?st=1');

    const table = await screen.findByRole('table', { name: 'Notifications' });
    const source = FakeEventSource.latest();
    const url = new URL(source.url, 'http://localhost');
    expect(url.pathname).toBe(`${P}/events`);
    expect(url.searchParams.get('branch')).toBe('prod');
    expect(url.searchParams.get('access_token')).toBe('access-token-123');

    list = [...list, notification(2, 'Bought Out')];
    act(() => {
      source.emit('open');
      source.emit('notification', JSON.stringify(list[1]));
    });

    expect(await within(table).findByRole('row', { name: /Trader 2/ })).toHaveTextContent('New');
  });
});

describe('offers', () => {
  const incoming = [
    offer(1, 7, 'Player Two', 51),
    offer(2, 7, 'Player Three', 52),
    offer(3, 8, 'Player Two', 51),
    offer(4, 9, 'Player Four', 53),
  ];

  it('when an incoming offer is approved, then the answer is sent and every offer on that listing leaves the list', async () => {
    signIn(null);
    serveTradePost({ [`${P}/trade-offers/incoming`]: incoming, [`POST ${P}/trade-offer/1/response`]: {} });
    const user = userEvent.setup();
    renderApp('/profile/incoming-offers?st=1');

    const table = await screen.findByRole('table', { name: 'Incoming offers' });
    expect(within(table).getAllByTestId('offer-row')).toHaveLength(4);
    await user.click(within(within(table).getAllByTestId('offer-row')[0]!).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(within(table).getAllByTestId('offer-row')).toHaveLength(2));
    expect(within(table).queryByText('offer 2')).not.toBeInTheDocument();
    expect(calls(fetchMock)).toContain(`POST ${P}/trade-offer/1/response?accepted=true&branch=prod`);
  });

  it('when an incoming offer is rejected, then accepted=false is sent and the listing’s offers leave the list', async () => {
    signIn(null);
    serveTradePost({ [`${P}/trade-offers/incoming`]: incoming, [`POST ${P}/trade-offer/4/response`]: {} });
    const user = userEvent.setup();
    renderApp('/profile/incoming-offers?st=1');

    const table = await screen.findByRole('table', { name: 'Incoming offers' });
    await user.click(within(within(table).getAllByTestId('offer-row')[3]!).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(within(table).getAllByTestId('offer-row')).toHaveLength(3));
    expect(calls(fetchMock)).toContain(`POST ${P}/trade-offer/4/response?accepted=false&branch=prod`);
  });

  it('when the offerer is blocked, then every offer of that player leaves the list', async () => {
    signIn(null);
    serveTradePost({ [`${P}/trade-offers/incoming`]: incoming, [`POST ${P}/ignore-participant-trade/51`]: {} });
    const user = userEvent.setup();
    renderApp('/profile/incoming-offers?st=1');

    const table = await screen.findByRole('table', { name: 'Incoming offers' });
    await user.click(within(within(table).getAllByTestId('offer-row')[0]!).getByRole('button', { name: 'Block' }));

    await waitFor(() => expect(within(table).getAllByTestId('offer-row')).toHaveLength(2));
    expect(within(table).queryByText('Player Two')).not.toBeInTheDocument();
    expect(calls(fetchMock)).toContain(`POST ${P}/ignore-participant-trade/51?branch=prod`);
  });

  it('when an offer event arrives, then the new incoming offer shows without a reload', async () => {
    signIn(null);
    let list = [incoming[0]!];
    serveTradePost({ [`${P}/trade-offers/incoming`]: () => list });
    renderApp('/profile/incoming-offers?st=1');

    const table = await screen.findByRole('table', { name: 'Incoming offers' });
    list = [incoming[0]!, incoming[3]!];
    act(() => FakeEventSource.latest().emit('offer'));

    expect(await within(table).findByText('Player Four')).toBeInTheDocument();
  });

  it('when My Offers opens, then it shares the screen with Incoming Offers and the offerer removes an offer', async () => {
    signIn(null);
    const mine = [offer(5, 20, 'Player One', 41), offer(6, 21, 'Player One', 41)];
    serveTradePost({ [`${P}/trade-offers`]: mine, [`DELETE ${P}/trade-offer/5`]: {} });
    const user = userEvent.setup();
    const { router } = renderApp('/profile/my-offers?st=1');

    const table = await screen.findByRole('table', { name: 'My offers' });
    expect(screen.getByRole('tab', { name: 'My Offers' })).toHaveAttribute('aria-selected', 'true');
    expect(within(table).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await user.click(within(within(table).getAllByTestId('offer-row')[0]!).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(table).getAllByTestId('offer-row')).toHaveLength(1));
    expect(calls(fetchMock)).toContain(`DELETE ${P}/trade-offer/5?branch=prod`);

    await user.click(screen.getByRole('tab', { name: 'Incoming Offers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/incoming-offers'));
    expect(await screen.findByText('No offers on your listings.')).toBeInTheDocument();
  });
});

describe('blocked players', () => {
  it('when a player is unblocked, then the server is told and the player leaves the list', async () => {
    signIn(null);
    serveTradePost({
      [`${P}/ignored`]: [
        { ignoredParticipantId: 51, ignoredUsername: 'Player Two' },
        { ignoredParticipantId: 52, ignoredUsername: 'Player Three' },
      ],
      [`POST ${P}/unignore-participant-trade/52`]: {},
    });
    const user = userEvent.setup();
    renderApp('/profile/trade-blocked?st=1');

    await screen.findByRole('table', { name: 'Blocked players' });
    await user.click(screen.getByRole('button', { name: 'Unblock Player Three' }));

    await waitFor(() => expect(screen.queryByText('Player Three')).not.toBeInTheDocument());
    expect(screen.getByText('Player Two')).toBeInTheDocument();
    expect(calls(fetchMock)).toContain(`POST ${P}/unignore-participant-trade/52?branch=prod`);
  });
});

describe('public season trading post address', () => {
  it('when a logged-out visitor opens seasons/18/trading-post, then they are sent to log in', async () => {
    serveTradePost();
    const { router } = renderApp('/seasons/18/trading-post');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('when a participant of the trade season opens it, then the trading post opens; for another season, the profile', async () => {
    signIn(null);
    serveTradePost({ '/api/season/profile': profileBody({ ssf: true }) });
    const trade = renderApp('/seasons/18/trading-post');
    await waitFor(() => expect(trade.router.state.location.pathname).toBe('/profile/trading-post'));
    expect(await screen.findByRole('heading', { name: 'Season 7 SC Trade Trading Post' })).toBeInTheDocument();
    trade.unmount();

    const ssf = renderApp('/seasons/19/trading-post');
    await waitFor(() => expect(ssf.router.state.location.pathname).toBe('/profile'));
  });
});
