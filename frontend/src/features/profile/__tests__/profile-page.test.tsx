import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';

const fetchMock = installFetchMock();

// The profile routes load lazily; load the chunk once up front so no test waits on a cold import.
beforeAll(() => import('../profile-routes'));

const trade = {
  seasonId: 18,
  displayName: 'Season 7 SC Trade',
  isBeta: false,
  seasonTypeId: 1,
  seasonNumber: 7,
  status: 'running',
};
const ssf = { ...trade, seasonId: 19, displayName: 'Season 7 HC SSF', seasonTypeId: 2 };

function profileBody(overrides: Record<string, unknown> = {}) {
  return {
    username: 'Player One',
    isPatreonConnected: false,
    seasonParticipants: [
      {
        seasonParticipantId: 41,
        seasonId: 18,
        username: 'Player One',
        joinedOn: '2024-10-20T00:00:00.000Z',
        season: trade,
      },
    ],
    ...overrides,
  };
}

interface Answers {
  profile?: Response;
  latest?: Response;
  active?: Response;
  join?: Response;
  patreon?: Response;
  authorize?: Response;
}

function serve(answers: Answers = {}) {
  fetchMock.mockImplementation(async (url) => {
    const path = url.split('?')[0];
    if (path === '/api/season/profile') return answers.profile ?? fakeResponse({ body: profileBody() });
    if (path === '/api/season/latest') return answers.latest ?? fakeResponse({ body: [trade, ssf] });
    if (path === '/api/user/active')
      return answers.active ?? fakeResponse({ body: { username: 'Player One', isPatreonConnected: false } });
    if (path?.startsWith('/api/season/add-participant/'))
      return answers.join ?? fakeResponse({ body: { seasonParticipantId: 77, seasonId: 19, username: 'Player One' } });
    if (path === '/api/account/patreon-authorize-url')
      return (
        answers.authorize ??
        fakeResponse({ status: 503, body: { message: 'Patreon connect is not configured on this server' } })
      );
    if (path === '/api/account/connect-patreon')
      return answers.patreon ?? fakeResponse({ body: { message: 'Patreon connected', isPatreonConnected: true } });
    return fakeResponse({ status: 404, body: { message: `unexpected ${url}` } });
  });
}

function callsTo(path: string) {
  return fetchMock.mock.calls.filter(([url]) => url.split('?')[0] === path);
}

function ladder(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('profile landing', () => {
  it('when nobody is logged in, then /profile sends the visitor to the login page without calling the API', async () => {
    const { router } = renderApp('/profile');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when a player opens the profile, then joined ladders link to challenges, builds and screenshots with the username', async () => {
    signIn(null);
    serve();
    renderApp('/profile');

    expect(await screen.findByRole('heading', { name: 'Season 7 SC Trade' })).toBeInTheDocument();
    expect(screen.getByText('Player One')).toBeInTheDocument();
    const joined = ladder('Season 7 SC Trade');
    expect(joined.getByRole('link', { name: 'Challenges' })).toHaveAttribute(
      'href',
      '/seasons/18/participant/41?username=Player%20One',
    );
    expect(joined.getByRole('link', { name: 'Character Builds' })).toHaveAttribute(
      'href',
      '/seasons/18/participant/41/builds?username=Player%20One',
    );
    expect(joined.getByRole('link', { name: 'Screenshots' })).toHaveAttribute(
      'href',
      '/seasons/18/participant/41/screenshots?username=Player%20One',
    );
    expect(joined.queryByRole('button', { name: /Join/ })).not.toBeInTheDocument();
    expect(ladder('Season 7 HC SSF').getByRole('button', { name: 'Join Season 7 HC SSF' })).toBeEnabled();
    expect(ladder('Season 7 HC SSF').queryByRole('link', { name: 'Challenges' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Social Links' })).toHaveAttribute(
      'href',
      '/socials?username=Player%20One',
    );
    expect(callsTo('/api/season/latest')[0]?.[0]).toBe('/api/season/latest?includeChallenges=false&branch=prod');
    expect(callsTo('/api/season/profile')[0]?.[0]).toBe('/api/season/profile?branch=prod');
  });

  it('when Join is clicked, then the player is added to that season and its buttons replace Join', async () => {
    signIn(null);
    serve();
    renderApp('/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Join Season 7 HC SSF' }));

    expect(await ladder('Season 7 HC SSF').findByRole('link', { name: 'Challenges' })).toHaveAttribute(
      'href',
      '/seasons/19/participant/77?username=Player%20One',
    );
    const joins = callsTo('/api/season/add-participant/19');
    expect(joins).toHaveLength(1);
    expect(joins[0]?.[1].method).toBe('POST');
  });

  it('when joining fails, then the Error modal says why and Join stays', async () => {
    signIn(null);
    serve({ join: fakeResponse({ status: 409, body: { message: 'Season 7 HC SSF has ended' } }) });
    renderApp('/profile');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Join Season 7 HC SSF' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Season 7 HC SSF has ended')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(ladder('Season 7 HC SSF').getByRole('button', { name: 'Join Season 7 HC SSF' })).toBeInTheDocument();
  });

  it('when a ladder has ended and the player never joined, then Join is disabled', async () => {
    signIn(null);
    serve({ latest: fakeResponse({ body: [trade, { ...ssf, status: 'ended' }] }) });
    renderApp('/profile');

    expect(await screen.findByRole('button', { name: 'Join Season 7 HC SSF' })).toBeDisabled();
    expect(screen.getByText('This season has ended.')).toBeInTheDocument();
  });

  it('when both ladders share the display name Season 7, then each is named by its kind', async () => {
    signIn(null);
    serve({
      latest: fakeResponse({
        body: [
          { ...trade, displayName: 'Season 7' },
          { ...ssf, displayName: 'Season 7' },
        ],
      }),
    });
    renderApp('/profile');

    expect(await screen.findByRole('region', { name: 'Season 7 SC Trade' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Season 7 HC SSF' })).toBeEnabled();
  });

  it('when there are no ladders, then the empty state shows', async () => {
    signIn(null);
    serve({ latest: fakeResponse({ body: [] }) });
    renderApp('/profile');

    expect(await screen.findByText('No season ladders are open right now.')).toBeInTheDocument();
  });

  it('when the profile cannot be loaded, then an error state shows the server message', async () => {
    signIn(null);
    serve({ profile: fakeResponse({ status: 500, body: { message: 'Season service unavailable' } }) });
    renderApp('/profile');
    const user = userEvent.setup();

    // The API client's Error modal says it first; the page keeps an error state behind it.
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Season service unavailable');
    expect(screen.queryByRole('link', { name: 'Social Links' })).not.toBeInTheDocument();
  });

  it('when a tester is on the beta branch, then the profile and ladders are read from beta', async () => {
    signIn('tester');
    document.cookie = 'branch=beta; path=/';
    serve();
    renderApp('/profile');

    await screen.findByRole('heading', { name: 'Season 7 SC Trade' });
    expect(callsTo('/api/season/profile')[0]?.[0]).toBe('/api/season/profile?branch=beta');
    expect(callsTo('/api/season/latest')[0]?.[0]).toBe('/api/season/latest?includeChallenges=false&branch=beta');
  });

  it('when a tester switches the header to Beta, then the profile reloads from the beta branch', async () => {
    signIn('tester');
    serve();
    renderApp('/profile');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Season 7 SC Trade' });

    serve({
      latest: fakeResponse({ body: [{ ...trade, seasonId: 16, displayName: 'Season 7 SC Trade Beta', isBeta: true }] }),
    });
    await user.click(await within(screen.getByRole('banner')).findByRole('button', { name: 'Beta' }));

    expect(await screen.findByRole('heading', { name: 'Season 7 SC Trade Beta' })).toBeInTheDocument();
    expect(callsTo('/api/season/latest').map(([url]) => url)).toEqual([
      '/api/season/latest?includeChallenges=false&branch=prod',
      '/api/season/latest?includeChallenges=false&branch=beta',
    ]);
  });

  describe('Patreon', () => {
    it('when the address has no code and the account is not linked, then it shows Not connected and sends nothing', async () => {
      signIn(null);
      serve();
      renderApp('/profile');

      expect(await screen.findByText('Not connected')).toBeInTheDocument();
      expect(callsTo('/api/account/connect-patreon')).toHaveLength(0);
    });

    it('when Patreon is not configured on the server, then the panel says so without a Connect button or an Error modal', async () => {
      signIn(null);
      serve();
      renderApp('/profile');

      const panel = within(await screen.findByRole('region', { name: 'Patreon' }));
      expect(await panel.findByText(/not configured yet/)).toBeInTheDocument();
      expect(panel.queryByRole('link', { name: 'Connect Patreon' })).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
    });

    it("when Patreon is configured and the account is not linked, then Connect Patreon leads to Patreon's authorize page", async () => {
      const authorize = 'https://www.patreon.com/oauth2/authorize?response_type=code&client_id=league';
      signIn(null);
      serve({ authorize: fakeResponse({ body: { url: authorize } }) });
      renderApp('/profile');

      const panel = within(await screen.findByRole('region', { name: 'Patreon' }));
      expect(await panel.findByRole('link', { name: 'Connect Patreon' })).toHaveAttribute('href', authorize);
    });

    it('when the account service says the link exists, then it shows Patreon connected', async () => {
      signIn(null);
      serve({ active: fakeResponse({ body: { username: 'Player One', isPatreonConnected: true } }) });
      renderApp('/profile');

      const panel = within(await screen.findByRole('region', { name: 'Patreon' }));
      expect(await panel.findByText('Patreon connected')).toBeInTheDocument();
      expect(panel.queryByText('Not connected')).not.toBeInTheDocument();
    });

    it('when Patreon returns with ?code= and ?state=, then both are sent once, the connected state shows and both leave the address', async () => {
      signIn(null);
      serve();
      const { router } = renderApp('/profile?code=oauth-code-1&state=st-1&branch=prod');

      const panel = within(await screen.findByRole('region', { name: 'Patreon' }));
      expect(await panel.findAllByText('Patreon connected')).not.toHaveLength(0);
      const exchanges = callsTo('/api/account/connect-patreon');
      expect(exchanges).toHaveLength(1);
      expect(exchanges[0]?.[0]).toBe('/api/account/connect-patreon?code=oauth-code-1&state=st-1');
      expect(exchanges[0]?.[1].method).toBe('POST');
      expect(router.state.location.pathname).toBe('/profile');
      expect(router.state.location.search).toBe('?branch=prod');
      await waitFor(() => expect(callsTo('/api/user/active')).toHaveLength(1));
      expect(callsTo('/api/account/connect-patreon')).toHaveLength(1);
    });

    it('when the code is refused, then the reason shows, the state stays not connected and the code is dropped', async () => {
      signIn(null);
      serve({
        patreon: fakeResponse({
          status: 409,
          body: { message: 'This Patreon account is already linked to another user' },
        }),
      });
      const { router } = renderApp('/profile?code=taken');

      const panel = within(await screen.findByRole('region', { name: 'Patreon' }));
      expect(
        await panel.findByText('Patreon was not connected: This Patreon account is already linked to another user'),
      ).toBeInTheDocument();
      expect(panel.getByText('Not connected')).toBeInTheDocument();
      expect(router.state.location.search).toBe('');
      expect(callsTo('/api/account/connect-patreon')).toHaveLength(1);
    });
  });
});
