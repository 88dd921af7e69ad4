import type { RunningService } from '@league/platform';
import argon2 from 'argon2';
import {
  client,
  emailFor,
  eventually,
  PASSWORD,
  startAccount,
  stopAccount,
  uniqueName,
  type Client,
} from './support/harness';

jest.setTimeout(60_000);

describe('registering', () => {
  let svc: RunningService;
  let api: Client;

  beforeAll(async () => {
    svc = await startAccount();
    api = client(svc.url);
  });
  afterAll(() => stopAccount(svc));

  const register = (over: Partial<{ username: string; email: string; password: string }> = {}) => {
    const username = over.username ?? uniqueName();
    return api.post('/account/register-user', { username, email: emailFor(username), password: PASSWORD, ...over });
  };

  it('when the details are valid, then the user is stored with an argon2id hash and user-registered is published', async () => {
    const username = uniqueName('New_');
    const res = await register({ username });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `Welcome, ${username}: your account is ready` });
    const doc = await svc.mongo.collection('users').findOne({ usernameKey: username.toLowerCase() });
    expect(doc).toMatchObject({ username, email: emailFor(username), roles: [] });
    expect(doc!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(doc!.passwordHash, PASSWORD)).toBe(true);
    // The relay publishes the pending event, then removes it from the document.
    await eventually(async () => {
      const d = await svc.mongo.collection('users').findOne({ _id: doc!._id });
      return d!.outbox.length === 0;
    });
  });

  it.each([
    ['a password with =', { password: 'abc=defgh1' }, 'Password cannot contain = sign'],
    ['a 7-character password', { password: 'short12' }, 'Password must be at least 8 characters'],
    ['a 2-character username', { username: 'ab' }, 'Username must be 3 to 20 letters, digits, _ or -'],
    ['a 21-character username', { username: 'a'.repeat(21) }, 'Username must be 3 to 20 letters, digits, _ or -'],
    ['a username with a space', { username: 'bad name' }, 'Username must be 3 to 20 letters, digits, _ or -'],
    ['an email without a domain', { email: 'someone@' }, 'Email is not a valid address'],
    ['an email with spaces', { email: 'some one@example.test' }, 'Email is not a valid address'],
  ])('when the body has %s, then 400 names the rule and nothing is stored', async (_what, over, message) => {
    const before = await svc.mongo.collection('users').countDocuments();
    const res = await register(over);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await svc.mongo.collection('users').countDocuments()).toBe(before);
  });

  it('when a field is missing or not a string, then 400 names the field', async () => {
    const missing = await api.post('/account/register-user', { username: uniqueName(), password: PASSWORD });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Invalid body: email: Required' } });
    const wrongType = await api.post('/account/register-user', { username: 5, email: 'a@b.cd', password: PASSWORD });
    expect(wrongType).toMatchObject({
      status: 400,
      body: { message: 'Invalid body: username: Expected string, received number' },
    });
  });

  it('when the username or email is taken in another case, then 409 says which', async () => {
    const username = uniqueName('Taken');
    expect((await register({ username })).status).toBe(200);
    const sameName = await register({ username: username.toUpperCase(), email: emailFor(`other${username}`) });
    expect(sameName).toMatchObject({ status: 409, body: { message: 'Username is already taken' } });
    const sameEmail = await register({ username: uniqueName(), email: emailFor(username).toUpperCase() });
    expect(sameEmail).toMatchObject({ status: 409, body: { message: 'Email is already registered' } });
  });

  it('when the same registration races itself, then exactly one succeeds and the other gets the rule message', async () => {
    const username = uniqueName();
    const both = await Promise.all([register({ username }), register({ username })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toMatch(/already (taken|registered)/);
    expect(await svc.mongo.collection('users').countDocuments({ usernameKey: username.toLowerCase() })).toBe(1);
  });

  it('when a username is checked, then it answers whether it is free, ignoring case, and 400 for a bad shape', async () => {
    const username = uniqueName('Chk');
    expect(await api.get(`/account/check-username?username=${username}`)).toMatchObject({
      status: 200,
      body: { username, available: true },
    });
    await register({ username });
    expect(await api.get(`/account/check-username?username=${username.toLowerCase()}`)).toMatchObject({
      status: 200,
      body: { available: false },
    });
    expect(await api.get('/account/check-username?username=a!')).toMatchObject({
      status: 400,
      body: { message: 'Username must be 3 to 20 letters, digits, _ or -' },
    });
    expect(await api.get('/account/check-username')).toMatchObject({
      status: 400,
      body: { message: 'Invalid query: username: Required' },
    });
  });

  it('when the OpenAPI document is read, then it lists the account and user routes', async () => {
    const doc = await api.get('/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/account/register-user', '/account/login', '/user/{name}/socials', '/admin/supporters']),
    );
  });
});
