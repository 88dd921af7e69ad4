import type { RunningService } from '@league/platform';
import {
  client,
  emailFor,
  freshIp,
  PASSWORD,
  postFrom,
  signedUp,
  startAccount,
  stopAccount,
  uniqueName,
  type Client,
  type Reply,
} from './support/harness';

jest.setTimeout(120_000);

const count = (replies: Reply[], status: number) => replies.filter((r) => r.status === status).length;

/** Every refusal is 429 with a message and a Retry-After in whole seconds within the window. */
function expectLimited(reply: Reply, message: RegExp, windowSeconds: number) {
  expect(reply.status).toBe(429);
  expect(reply.body.message).toMatch(message);
  const retry = Number(reply.headers.get('retry-after'));
  expect(Number.isInteger(retry)).toBe(true);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(windowSeconds);
}

describe('rate limits under parallel requests (atomic counters in the shared Redis)', () => {
  let svc: RunningService;
  let api: Client;

  beforeAll(async () => {
    svc = await startAccount({
      LOGIN_FAILURES_PER_USER_IP: '10',
      LOGIN_FAILURES_PER_USER: '25',
      REGISTER_PER_IP: '3',
      RESET_REQUESTS_PER_IP: '3',
      CHANGE_PASSWORD_PER_IP: '4',
    });
    api = client(svc.url);
  });
  afterAll(() => stopAccount(svc));

  it('when 30 failed logins for one account arrive at once from one address, then 10 are checked and 20 get 429', async () => {
    const user = await signedUp(svc, api);
    const ip = freshIp();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postFrom(svc.url, ip, '/account/login', { username: user.username, password: `wrong-password-${i}` }),
      ),
    );
    const limited = count(replies, 429);
    console.log(
      `30 parallel failed logins (one account, one address): ${limited} limited, ${count(replies, 400)} checked`,
    );
    expect(count(replies, 400)).toBe(10);
    expect(limited).toBe(20);
    expectLimited(
      replies.find((r) => r.status === 429)!,
      /^Too many failed logins; try again in 15 minutes$/,
      900,
    );
    // The right password from that address waits too; from another address it works.
    expect(
      (await postFrom(svc.url, ip, '/account/login', { username: user.username, password: PASSWORD })).status,
    ).toBe(429);
    expect(
      (await postFrom(svc.url, freshIp(), '/account/login', { username: user.username, password: PASSWORD })).status,
    ).toBe(200);
  });

  it('when 40 failed logins for one account arrive at once from 40 addresses, then 25 are checked and the rest get 429', async () => {
    const user = await signedUp(svc, api);
    const replies = await Promise.all(
      Array.from({ length: 40 }, () =>
        postFrom(svc.url, freshIp(), '/account/login', { username: user.username, password: 'wrong-password' }),
      ),
    );
    console.log(`40 parallel failed logins (one account, 40 addresses): ${count(replies, 429)} limited`);
    expect(count(replies, 400)).toBe(25);
    expect(count(replies, 429)).toBe(15);
    // The account-wide budget is spent: even the owner from a new address waits for the window.
    expectLimited(
      await postFrom(svc.url, freshIp(), '/account/login', { username: user.username, password: PASSWORD }),
      /^Too many failed logins; try again in 15 minutes$/,
      900,
    );
    // Other accounts are not affected.
    const other = await signedUp(svc, api);
    expect(
      (await postFrom(svc.url, freshIp(), '/account/login', { username: other.username, password: PASSWORD })).status,
    ).toBe(200);
  });

  it('when successful logins repeat (the launcher logs in every 15 minutes), then they never use up the budget', async () => {
    const user = await signedUp(svc, api);
    const ip = freshIp();
    for (let i = 0; i < 30; i += 1) {
      const res = await postFrom(svc.url, ip, '/account/login', { username: user.username, password: PASSWORD });
      expect(res.status).toBe(200);
    }
  });

  it('when 12 registrations arrive at once from one address, then 3 succeed and 9 get 429; another address still registers', async () => {
    const ip = freshIp();
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => {
        const username = uniqueName('reg');
        return postFrom(svc.url, ip, '/account/register-user', {
          username,
          email: emailFor(username),
          password: PASSWORD,
        });
      }),
    );
    console.log(
      `12 parallel registrations from one address: ${count(replies, 200)} accepted, ${count(replies, 429)} limited`,
    );
    expect(count(replies, 200)).toBe(3);
    expect(count(replies, 429)).toBe(9);
    expectLimited(
      replies.find((r) => r.status === 429)!,
      /^Too many registrations from your address; try again in an hour$/,
      3600,
    );
    const username = uniqueName('reg');
    const elsewhere = await postFrom(svc.url, freshIp(), '/account/register-user', {
      username,
      email: emailFor(username),
      password: PASSWORD,
    });
    expect(elsewhere.status).toBe(200);
  });

  it('when 10 reset mails are asked for at once from one address, then 3 are accepted and 7 get 429', async () => {
    const ip = freshIp();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        postFrom(svc.url, ip, '/account/forgot-password', { email: emailFor(uniqueName('nobody')) }),
      ),
    );
    expect(count(replies, 200)).toBe(3);
    expect(count(replies, 429)).toBe(7);
    expectLimited(
      replies.find((r) => r.status === 429)!,
      /^Too many reset requests; try again in an hour$/,
      3600,
    );
  });

  it('when 10 password changes are tried at once from one address, then 4 are looked at and 6 get 429', async () => {
    const ip = freshIp();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        postFrom(svc.url, ip, '/account/change-password', {
          email: emailFor(uniqueName('nobody')),
          password: 'new-password-1',
          code: '123456',
        }),
      ),
    );
    expect(count(replies, 400)).toBe(4);
    expect(count(replies, 429)).toBe(6);
    expectLimited(
      replies.find((r) => r.status === 429)!,
      /^Too many password change attempts; try again in 15 minutes$/,
      900,
    );
  });
});
