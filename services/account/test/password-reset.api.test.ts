import type { RunningService } from '@league/platform';
import {
  client,
  emailFor,
  freshIp,
  mailsTo,
  PASSWORD,
  postFrom,
  resetCodeFor,
  signedUp,
  startAccount,
  stopAccount,
  uniqueName,
  type Client,
} from './support/harness';

jest.setTimeout(90_000);

const SENT = { status: 200, body: { message: 'If that email is registered, a reset code is on its way' } };
const BAD_CODE = { status: 400, body: { message: 'Reset code is invalid or has expired' } };
const NEW_PASSWORD = 'battery-staple-2';

describe('resetting a password', () => {
  let svc: RunningService;
  let api: Client;

  beforeAll(async () => {
    svc = await startAccount();
    api = client(svc.url);
  });
  afterAll(() => stopAccount(svc));

  it('when the mailed code is used, then the password changes, the code is spent and old sessions end', async () => {
    const user = await signedUp(svc, api);
    expect(await api.post('/account/forgot-password', { email: user.email.toUpperCase() })).toMatchObject(SENT);
    const code = await resetCodeFor(user.email);
    const changed = await api.post('/account/change-password', { email: user.email, password: NEW_PASSWORD, code });
    expect(changed).toMatchObject({
      status: 200,
      body: { message: 'Password changed; log in with your new password' },
    });

    expect((await api.post('/account/login', { username: user.username, password: PASSWORD })).status).toBe(400);
    expect((await api.post('/account/login', { username: user.username, password: NEW_PASSWORD })).status).toBe(200);
    expect(
      await api.post('/account/refresh-token', { refreshToken: user.refresh, username: user.username }),
    ).toMatchObject({ status: 401, body: { message: 'Refresh token has been revoked; log in again' } });
    expect(
      await api.post('/account/change-password', { email: user.email, password: 'yet-another-3', code }),
    ).toMatchObject(BAD_CODE);
  });

  it('when a new code is requested, then only the newest code works', async () => {
    const user = await signedUp(svc, api);
    await api.post('/account/forgot-password', { email: user.email });
    const first = await resetCodeFor(user.email, 1);
    expect(await api.get(`/account/request-token?email=${encodeURIComponent(user.email)}`)).toMatchObject(SENT);
    const second = await resetCodeFor(user.email, 2);
    if (first !== second) {
      expect(
        await api.post('/account/change-password', { email: user.email, password: NEW_PASSWORD, code: first }),
      ).toMatchObject(BAD_CODE);
    }
    expect(
      (await api.post('/account/change-password', { email: user.email, password: NEW_PASSWORD, code: second })).status,
    ).toBe(200);
  });

  it('when the email is not registered, then the answer is the same and no mail is sent', async () => {
    const email = emailFor(uniqueName('nobody'));
    expect(await api.post('/account/forgot-password', { email })).toMatchObject(SENT);
    expect(await api.post('/account/change-password', { email, password: NEW_PASSWORD, code: '123456' })).toMatchObject(
      BAD_CODE,
    );
    // Barrier: a registered user's request afterwards. The mail queue is worked in order by one worker,
    // so once that mail is in Mailpit, a mail for the unknown address would have been sent before it.
    const user = await signedUp(svc, api);
    expect(await api.post('/account/forgot-password', { email: user.email })).toMatchObject(SENT);
    await resetCodeFor(user.email);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('when a code is guessed wrong five times, then even the right code no longer works', async () => {
    const user = await signedUp(svc, api);
    await api.post('/account/forgot-password', { email: user.email });
    const code = await resetCodeFor(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect(
        await api.post('/account/change-password', { email: user.email, password: NEW_PASSWORD, code: wrong }),
      ).toMatchObject(BAD_CODE);
    }
    expect(
      await api.post('/account/change-password', { email: user.email, password: NEW_PASSWORD, code }),
    ).toMatchObject(BAD_CODE);
  });

  it('when 100 wrong guesses of one code arrive at once from 100 addresses, then at most 5 are compared and the code is void', async () => {
    const user = await signedUp(svc, api);
    await api.post('/account/forgot-password', { email: user.email });
    const code = await resetCodeFor(user.email);
    // 100 distinct wrong codes (never the mailed one), each from its own address: no per-address limit helps.
    const guesses = Array.from({ length: 101 }, (_, i) =>
      String((Number(code) + 1 + i * 7919) % 1_000_000).padStart(6, '0'),
    )
      .filter((g) => g !== code)
      .slice(0, 100);
    const replies = await Promise.all(
      guesses.map((guess) =>
        postFrom(svc.url, freshIp(), '/account/change-password', {
          email: user.email,
          password: NEW_PASSWORD,
          code: guess,
        }),
      ),
    );
    // Compared and wrong: `reset_code_invalid`; refused before any comparison: `reset_code_locked`.
    const compared = replies.filter((r) => r.body.code === 'reset_code_invalid').length;
    const locked = replies.filter((r) => r.body.code === 'reset_code_locked').length;
    console.log(`100 parallel reset guesses: ${compared} compared, ${locked} refused without a comparison`);
    expect(compared).toBe(5);
    expect(locked).toBe(95);
    for (const r of replies) expect(r).toMatchObject(BAD_CODE);
    // The right code now fails too (void), and the password is unchanged.
    expect(
      await postFrom(svc.url, freshIp(), '/account/change-password', {
        email: user.email,
        password: NEW_PASSWORD,
        code,
      }),
    ).toMatchObject({ ...BAD_CODE, body: { ...BAD_CODE.body, code: 'reset_code_locked' } });
    expect((await api.post('/account/login', { username: user.username, password: PASSWORD })).status).toBe(200);
    // A new code starts a fresh allowance.
    await api.post('/account/forgot-password', { email: user.email });
    const next = await resetCodeFor(user.email, 2);
    expect(
      (await api.post('/account/change-password', { email: user.email, password: NEW_PASSWORD, code: next })).status,
    ).toBe(200);
  });

  it('when the right code is sent twice at once, then exactly one change succeeds (single use)', async () => {
    const user = await signedUp(svc, api);
    await api.post('/account/forgot-password', { email: user.email });
    const code = await resetCodeFor(user.email);
    const both = await Promise.all(
      ['first-new-pass', 'second-new-pass'].map((password) =>
        postFrom(svc.url, freshIp(), '/account/change-password', { email: user.email, password, code }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = both[0]!.status === 200 ? 'first-new-pass' : 'second-new-pass';
    expect((await api.post('/account/login', { username: user.username, password: winner })).status).toBe(200);
  });

  it('when the code is past its 15 minutes, then it is refused', async () => {
    const user = await signedUp(svc, api);
    await api.post('/account/forgot-password', { email: user.email });
    const code = await resetCodeFor(user.email);
    const stored = await svc.mongo.collection('users').findOne({ emailKey: user.email });
    const minutes = (stored!.reset.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    await svc.mongo
      .collection('users')
      .updateOne({ emailKey: user.email }, { $set: { 'reset.expiresAt': new Date(Date.now() - 1000) } });
    expect(
      await api.post('/account/change-password', { email: user.email, password: NEW_PASSWORD, code }),
    ).toMatchObject(BAD_CODE);
  });

  it.each([
    ['a password with =', { password: 'new=password' }, 'Password cannot contain = sign'],
    ['a short password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['a 5-digit code', { code: '12345' }, 'Reset code must be 6 digits'],
    ['letters for a code', { code: 'abcdef' }, 'Reset code must be 6 digits'],
  ])('when change-password gets %s, then 400 names the rule', async (_what, over, message) => {
    const res = await api.post('/account/change-password', {
      email: 'someone@example.test',
      password: NEW_PASSWORD,
      code: '123456',
      ...over,
    });
    expect(res).toMatchObject({ status: 400, body: { message } });
  });

  it('when the email is malformed or missing, then 400 with a message', async () => {
    expect(await api.post('/account/forgot-password', { email: 'not-an-email' })).toMatchObject({
      status: 400,
      body: { message: 'Email is not a valid address' },
    });
    expect(await api.post('/account/forgot-password', {})).toMatchObject({
      status: 400,
      body: { message: 'Invalid body: email: Required' },
    });
    expect(await api.get('/account/request-token')).toMatchObject({
      status: 400,
      body: { message: 'Invalid query: email: Required' },
    });
  });

  it('when a sixth reset is requested for one email within the hour, then 429', async () => {
    const email = emailFor(uniqueName('limit'));
    for (let i = 0; i < 5; i += 1) expect(await api.post('/account/forgot-password', { email })).toMatchObject(SENT);
    expect(await api.get(`/account/request-token?email=${encodeURIComponent(email)}`)).toMatchObject({
      status: 429,
      body: { message: 'Too many reset requests for this email; try again in an hour' },
    });
  });
});
