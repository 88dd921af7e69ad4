import { randomUUID } from 'node:crypto';
import type { RunningService } from '@league/platform';
import {
  client,
  emailFor,
  freshIp,
  PASSWORD,
  postFrom,
  startAccount,
  stopAccount,
  tempKeyFile,
  uniqueName,
} from './support/harness';

jest.setTimeout(120_000);

/**
 * Two replicas of the service, as k8s runs them: two app instances on one database and one Redis, each
 * with its own in-process state. Exclusion must come from the shared Redis lock, not from either process.
 */
describe('two account replicas on one database', () => {
  const shared = {
    MONGO_DB: `test-account-replicas-${randomUUID().slice(0, 8)}`,
    JWT_PRIVATE_KEY_FILE: tempKeyFile(),
  };
  let a: RunningService;
  let b: RunningService;

  beforeAll(async () => {
    a = await startAccount(shared);
    b = await startAccount(shared);
  });
  afterAll(async () => {
    await b?.stop();
    await stopAccount(a);
  });

  it('when both register the same username at once, 20 times over, then each time exactly one wins and the other gets 409', async () => {
    const rounds = 20;
    let winners = 0;
    for (let i = 0; i < rounds; i += 1) {
      const username = uniqueName('twin');
      const replies = await Promise.all(
        [a, b].map((svc, n) =>
          postFrom(svc.url, freshIp(), '/account/register-user', {
            username: n ? username.toUpperCase() : username,
            email: emailFor(`${username}-${n}`),
            password: PASSWORD,
          }),
        ),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(replies.find((r) => r.status === 409)!.body).toEqual({
        message: 'Username is already taken',
        code: 'taken',
      });
      expect(await a.mongo.collection('users').countDocuments({ usernameKey: username.toLowerCase() })).toBe(1);
      winners += replies.filter((r) => r.status === 200).length;
    }
    console.log(`two replicas registering one name, ${rounds} rounds: ${winners} winners`);
    expect(winners).toBe(rounds);
  });

  it('when both register the same email under two names at once, then exactly one wins', async () => {
    const email = emailFor(uniqueName('mail'));
    const replies = await Promise.all(
      [a, b].map((svc) =>
        postFrom(svc.url, freshIp(), '/account/register-user', {
          username: uniqueName('m'),
          email,
          password: PASSWORD,
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.message).toBe('Email is already registered');
  });

  it('when a user registered on one replica logs in and refreshes on the other, then it works (one store, one key)', async () => {
    const username = uniqueName('hop');
    expect(
      (await client(a.url).post('/account/register-user', { username, email: emailFor(username), password: PASSWORD }))
        .status,
    ).toBe(200);
    const login = await client(b.url).post('/account/login', { username, password: PASSWORD });
    expect(login.status).toBe(200);
    const refreshed = await client(a.url).post('/account/refresh-token', {
      refreshToken: login.body.refresh_token,
      username,
    });
    expect(refreshed.status).toBe(200);
  });
});
