import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { Authenticator } from '../src/auth';
import { AppError } from '../src/errors';
import { startTestIdentity, type TestIdentity } from '../src/testing';

jest.setTimeout(30_000);

describe('verified tokens are kept, never past their expiry', () => {
  let identity: TestIdentity;
  let lookups = 0;
  let auth: Authenticator;

  beforeAll(async () => {
    identity = await startTestIdentity();
    const remote = createRemoteJWKSet(new URL(identity.jwksUrl));
    // Each signature check asks the key set for the token's key: counting the asks counts the checks.
    const keySet: JWTVerifyGetKey = (header, token) => {
      lookups += 1;
      return remote(header, token);
    };
    auth = new Authenticator({ jwksUrl: identity.jwksUrl, issuer: 'grim-league', audience: 'grim-league-api', keySet });
  });

  afterAll(() => identity.close());

  it('when the same token comes again, then its signature is not checked again and the same user comes back', async () => {
    const token = await identity.token({ username: 'Grimmy', roles: ['player', 'supporter_s7'] });
    const first = await auth.verify(token);
    const before = lookups;
    const again = await auth.verify(token);
    expect(lookups).toBe(before);
    expect(again).toEqual({
      id: 'user-grimmy',
      username: 'Grimmy',
      role: 'supporter_s7',
      roles: ['player', 'supporter_s7'],
    });
    expect(again).toBe(first);
    // Shared between requests, so nobody can change it for the next one.
    expect(Object.isFrozen(again) && Object.isFrozen(again.roles)).toBe(true);
  });

  it('when a kept token expires, then it is refused as expired', async () => {
    const token = await identity.token({ username: 'Brief' }, '2s');
    await expect(auth.verify(token)).resolves.toMatchObject({ username: 'Brief' });
    await new Promise((r) => setTimeout(r, 2_100));
    const refused = await auth.verify(token).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 401, code: 'token_expired' });
  });

  it('when a token is refused, then it is not kept: the next try is checked again', async () => {
    const stranger = await startTestIdentity();
    const forged = await stranger.token({ username: 'a', roles: ['admin'] });
    await stranger.close();
    for (let i = 0; i < 2; i += 1) {
      const before = lookups;
      await expect(auth.verify(forged)).rejects.toMatchObject({ status: 401 });
      expect(lookups).toBe(before + 1);
    }
  });
});
