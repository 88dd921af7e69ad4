import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { Authenticator } from '../src/auth';
import { AppError } from '../src/errors';
import { Api, createApp } from '../src/http';
import { closeServer, listen } from '../src/lifecycle';
import { startTestIdentity, type TestIdentity } from '../src/testing';
import { quietLogger } from './support/engines';

jest.setTimeout(30_000);

describe('the app factory, validation, errors and auth', () => {
  let identity: TestIdentity;
  let server: Server;
  let base: string;
  const writes: string[] = [];

  beforeAll(async () => {
    identity = await startTestIdentity();
    const auth = new Authenticator({ jwksUrl: identity.jwksUrl, issuer: 'grim-league', audience: 'grim-league-api' });
    const api = new Api(auth)
      .route(
        {
          method: 'post',
          path: '/season/build',
          summary: 'save a build',
          auth: 'required',
          body: z.object({ buildClass: z.string().min(1), buildUrl: z.string().url() }),
        },
        ({ body, user }) => {
          writes.push(body.buildClass);
          return { owner: user!.username, ...body };
        },
      )
      .route(
        {
          method: 'get',
          path: '/season/:id',
          summary: 'a season',
          params: z.object({ id: z.coerce.number().int().positive() }),
        },
        ({ params }) => {
          if (params.id === 404) throw AppError.notFound('Season 404 does not exist');
          return { seasonId: params.id };
        },
      )
      .route({ method: 'get', path: '/admin/time', summary: 'server time', auth: { roles: ['admin'] } }, () => ({
        utc: 'now',
      }))
      .route({ method: 'get', path: '/explode', summary: 'a bug' }, () => {
        throw new Error('secret internals at /srv/app.ts:42');
      });
    const app = createApp({
      service: 'test',
      logger: quietLogger(),
      apis: [api],
      bodyLimit: '2kb',
      readiness: { always: async () => true },
    });
    server = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await closeServer(server);
    await identity.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('when a valid token calls a protected route, then the handler sees the user; the path is case-insensitive', async () => {
    const jwt = await identity.token({ username: 'Grimmy', roles: ['player'] });
    const res = await post(
      '/Season/Build',
      { buildClass: 'Warder', buildUrl: 'https://grimtools.com/calc/abc' },
      { authorization: `Bearer ${jwt}` },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      owner: 'Grimmy',
      buildClass: 'Warder',
      buildUrl: 'https://grimtools.com/calc/abc',
    });
  });

  it('when the token is missing, expired or signed by someone else, then 401 with a message and nothing is written', async () => {
    const before = writes.length;
    const body = { buildClass: 'Warder', buildUrl: 'https://x.y/z' };
    const none = await post('/season/build', body);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: 'Authentication required' });
    const expired = await identity.token({ username: 'a' }, '-1s');
    const res = await post('/season/build', body, { authorization: `Bearer ${expired}` });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Access token has expired', code: 'token_expired' });
    const stranger = await startTestIdentity();
    const forged = await post('/season/build', body, {
      authorization: `Bearer ${await stranger.token({ username: 'a', roles: ['admin'] })}`,
    });
    await stranger.close();
    expect(forged.status).toBe(401);
    expect(writes.length).toBe(before);
  });

  it('when a player calls an admin route, then 403; an admin passes', async () => {
    const player = await identity.token({ username: 'p', roles: ['player'] });
    const admin = await identity.token({ username: 'a', roles: ['admin', 'tester'] });
    const refused = await fetch(`${base}/admin/time`, { headers: { authorization: `Bearer ${player}` } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Requires the admin role' });
    const ok = await fetch(`${base}/admin/time`, { headers: { authorization: `Bearer ${admin}` } });
    expect(ok.status).toBe(200);
  });

  it('when the body or a path parameter is bad, then 400 names the field', async () => {
    const jwt = await identity.token({ username: 'p' });
    const res = await post(
      '/season/build',
      { buildClass: '', buildUrl: 'not a url' },
      { authorization: `Bearer ${jwt}` },
    );
    expect(res.status).toBe(400);
    const { message } = (await res.json()) as { message: string };
    expect(message).toMatch(/^Invalid body: buildClass: .*; buildUrl: Invalid url$/);
    const path = await fetch(`${base}/season/minus-one`);
    expect(path.status).toBe(400);
    expect(((await path.json()) as { message: string }).message).toMatch(/^Invalid path: id:/);
  });

  it('when the JSON is malformed or too large, then 400 and 413 with messages', async () => {
    const jwt = await identity.token({ username: 'p' });
    const broken = await post('/season/build', '{"buildClass":', { authorization: `Bearer ${jwt}` });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'Request body is not valid JSON' });
    const big = await post(
      '/season/build',
      { buildClass: 'x'.repeat(5000), buildUrl: 'https://a.b' },
      { authorization: `Bearer ${jwt}` },
    );
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: 'Request body is too large' });
  });

  it('when a handler throws AppError or a bug, then the status is right and no internals leak', async () => {
    const missing = await fetch(`${base}/season/404`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Season 404 does not exist' });
    const bug = await fetch(`${base}/explode`);
    expect(bug.status).toBe(500);
    const text = await bug.text();
    expect(JSON.parse(text)).toEqual({ message: 'Internal server error' });
    expect(text).not.toMatch(/srv|stack|at /);
  });

  it('when asked, then it serves health, readiness, metrics and an OpenAPI document built from the schemas', async () => {
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect(await (await fetch(`${base}/ready`)).json()).toEqual({ status: 'ready', checks: { always: true } });
    expect(await (await fetch(`${base}/metrics`)).text()).toContain('http_request_duration_seconds_bucket');
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown }>>;
    };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/season/build', '/season/{id}', '/admin/time']));
    expect(doc.paths['/season/build']!.post!.requestBody).toBeDefined();
    expect(doc.paths['/season/build']!.post!.security).toEqual([{ bearer: [] }]);
  });
});
