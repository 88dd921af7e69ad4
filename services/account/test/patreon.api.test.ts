import type { RunningService } from '@league/platform';
import { client, signedUp, startAccount, stopAccount, type Client } from './support/harness';

/** The `state` of a fresh authorize link for this token: what Patreon hands back beside the code. */
async function stateFor(api: Client, access: string): Promise<string> {
  const res = await api.get('/account/patreon-authorize-url', access);
  if (res.status !== 200) throw new Error(`authorize url: ${res.status} ${JSON.stringify(res.body)}`);
  return new URL(res.body.url as string).searchParams.get('state')!;
}

const connect = (api: Client, access: string, code: string, state: string) =>
  api.post(
    `/account/connect-patreon?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
    undefined,
    access,
  );
import { startOAuthStandIn } from './support/oauth-stand-in';

jest.setTimeout(60_000);

describe('connecting Patreon', () => {
  let svc: RunningService;
  let api: Client;
  let patreon: Awaited<ReturnType<typeof startOAuthStandIn>>;

  beforeAll(async () => {
    patreon = await startOAuthStandIn({
      'code-alice': 'patreon-1',
      'code-alice-again': 'patreon-1',
      'code-bob': 'p-2',
      'code-carol': 'p-3',
    });
    svc = await startAccount(patreon.env);
    api = client(svc.url);
  });
  afterAll(async () => {
    await stopAccount(svc);
    await patreon.close();
  });

  it("when a player asks where to connect, then it is Patreon's authorize page with this site's client and return address", async () => {
    const player = await signedUp(svc, api);
    const res = await api.get('/account/patreon-authorize-url', player.access);
    expect(res.status).toBe(200);
    const url = new URL(res.body.url as string);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.patreon.com/oauth2/authorize');
    const { state, ...rest } = Object.fromEntries(url.searchParams);
    expect(rest).toEqual({
      response_type: 'code',
      client_id: 'league-client',
      redirect_uri: 'http://localhost:8080/#/patreon',
      scope: 'identity',
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Each link gets its own state.
    const again = new URL((await api.get('/account/patreon-authorize-url', player.access)).body.url as string);
    expect(again.searchParams.get('state')).not.toBe(state);
    expect((await api.get('/account/patreon-authorize-url')).status).toBe(401);
  });

  it('when a player brings a valid code, then the link is stored and the profile says connected', async () => {
    const player = await signedUp(svc, api);
    expect((await api.get('/user/active', player.access)).body.isPatreonConnected).toBe(false);
    const res = await connect(api, player.access, 'code-alice', await stateFor(api, player.access));
    expect(res).toMatchObject({ status: 200, body: { message: 'Patreon connected', isPatreonConnected: true } });
    expect((await api.get('/user/active', player.access)).body.isPatreonConnected).toBe(true);
    const form = patreon.received.at(-1)!;
    expect(Object.fromEntries(form)).toEqual({
      code: 'code-alice',
      grant_type: 'authorization_code',
      client_id: 'league-client',
      client_secret: 'shh',
      redirect_uri: 'http://localhost:8080/#/patreon',
    });
    // Connecting the same Patreon account again is a no-op, not a conflict with oneself.
    const state = await stateFor(api, player.access);
    expect((await connect(api, player.access, 'code-alice-again', state)).status).toBe(200);
  });

  it('when the Patreon account is linked to someone else, then 409 and nothing changes', async () => {
    const first = await signedUp(svc, api);
    const second = await signedUp(svc, api);
    expect((await connect(api, first.access, 'code-bob', await stateFor(api, first.access))).status).toBe(200);
    expect(await connect(api, second.access, 'code-bob', await stateFor(api, second.access))).toMatchObject({
      status: 409,
      body: { message: 'This Patreon account is already linked to another user' },
    });
    expect((await api.get('/user/active', second.access)).body.isPatreonConnected).toBe(false);
  });

  it('when the code is rejected, missing, or the caller anonymous, then 400 or 401 with a message', async () => {
    const player = await signedUp(svc, api);
    expect(await connect(api, player.access, 'forged', await stateFor(api, player.access))).toMatchObject({
      status: 400,
      body: { message: 'Patreon did not accept the code; connect again' },
    });
    expect(await api.post('/account/connect-patreon?state=x', undefined, player.access)).toMatchObject({
      status: 400,
      body: { message: 'Invalid query: code: Required' },
    });
    expect(await api.post('/account/connect-patreon?code=code-alice', undefined, player.access)).toMatchObject({
      status: 400,
      body: { message: 'Invalid query: state: Required' },
    });
    expect(await api.post('/account/connect-patreon?code=code-alice&state=x')).toMatchObject({ status: 401 });
    expect((await api.get('/user/active', player.access)).body.isPatreonConnected).toBe(false);
  });

  it("when the state is missing from the session, someone else's, forged or spent, then 403 and Patreon is not asked", async () => {
    const victim = await signedUp(svc, api);
    const attacker = await signedUp(svc, api);
    const asked = patreon.received.length;
    const mismatch = {
      status: 403,
      body: { message: 'This Patreon connection was not started from your profile or has expired; connect again' },
    };
    // No authorize link was asked for: there is no state to match.
    expect(await connect(api, victim.access, 'code-carol', 'made-up-state')).toMatchObject(mismatch);
    // The attacker's own state, planted in a link the victim follows (login CSRF into the victim's session).
    const attackersState = await stateFor(api, attacker.access);
    expect(await connect(api, victim.access, 'code-carol', attackersState)).toMatchObject(mismatch);
    // The victim's state with one character changed.
    const real = await stateFor(api, victim.access);
    const forged = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
    expect(await connect(api, victim.access, 'code-carol', forged)).toMatchObject(mismatch);
    expect(patreon.received.length).toBe(asked);
    // The right state works once; replaying it is refused.
    expect((await connect(api, victim.access, 'code-carol', real)).status).toBe(200);
    expect(await connect(api, victim.access, 'code-carol', real)).toMatchObject(mismatch);
    // Two links open at once (a profile reloaded while Patreon's page is open): the first still works.
    const older = await stateFor(api, victim.access);
    const newer = await stateFor(api, victim.access);
    expect((await connect(api, victim.access, 'code-carol', older)).status).toBe(200);
    expect(await connect(api, victim.access, 'code-carol', older)).toMatchObject(mismatch);
    expect((await connect(api, victim.access, 'code-carol', newer)).status).toBe(200);
    expect(patreon.received.length).toBe(asked + 3);
  });
});

describe('Patreon connect on a server without Patreon settings', () => {
  it('when a player tries to connect, then 503 says it is not configured', async () => {
    const svc = await startAccount();
    try {
      const api = client(svc.url);
      const player = await signedUp(svc, api);
      expect(await api.post('/account/connect-patreon?code=x&state=y', undefined, player.access)).toMatchObject({
        status: 503,
        body: { message: 'Patreon connect is not configured on this server' },
      });
      expect(await api.get('/account/patreon-authorize-url', player.access)).toMatchObject({
        status: 503,
        body: { message: 'Patreon connect is not configured on this server' },
      });
    } finally {
      await stopAccount(svc);
    }
  });
});
