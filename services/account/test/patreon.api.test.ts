import type { RunningService } from '@league/platform';
import { client, signedUp, startAccount, stopAccount, type Client } from './support/harness';
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
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'league-client',
      redirect_uri: 'http://localhost:8080/#/patreon',
      scope: 'identity',
    });
    expect((await api.get('/account/patreon-authorize-url')).status).toBe(401);
  });

  it('when a player brings a valid code, then the link is stored and the profile says connected', async () => {
    const player = await signedUp(svc, api);
    expect((await api.get('/user/active', player.access)).body.isPatreonConnected).toBe(false);
    const res = await api.post('/account/connect-patreon?code=code-alice', undefined, player.access);
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
    expect((await api.post('/account/connect-patreon?code=code-alice-again', undefined, player.access)).status).toBe(
      200,
    );
  });

  it('when the Patreon account is linked to someone else, then 409 and nothing changes', async () => {
    const first = await signedUp(svc, api);
    const second = await signedUp(svc, api);
    expect((await api.post('/account/connect-patreon?code=code-bob', undefined, first.access)).status).toBe(200);
    expect(await api.post('/account/connect-patreon?code=code-bob', undefined, second.access)).toMatchObject({
      status: 409,
      body: { message: 'This Patreon account is already linked to another user' },
    });
    expect((await api.get('/user/active', second.access)).body.isPatreonConnected).toBe(false);
  });

  it('when the code is rejected, missing, or the caller anonymous, then 400 or 401 with a message', async () => {
    const player = await signedUp(svc, api);
    expect(await api.post('/account/connect-patreon?code=forged', undefined, player.access)).toMatchObject({
      status: 400,
      body: { message: 'Patreon did not accept the code; connect again' },
    });
    expect(await api.post('/account/connect-patreon', undefined, player.access)).toMatchObject({
      status: 400,
      body: { message: 'Invalid query: code: Required' },
    });
    expect(await api.post('/account/connect-patreon?code=code-alice')).toMatchObject({ status: 401 });
    expect((await api.get('/user/active', player.access)).body.isPatreonConnected).toBe(false);
  });
});

describe('Patreon connect on a server without Patreon settings', () => {
  it('when a player tries to connect, then 503 says it is not configured', async () => {
    const svc = await startAccount();
    try {
      const api = client(svc.url);
      const player = await signedUp(svc, api);
      expect(await api.post('/account/connect-patreon?code=x', undefined, player.access)).toMatchObject({
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
