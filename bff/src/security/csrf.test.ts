import { newXsrfToken } from './csrf';

describe('fresh anti-forgery tokens', () => {
  it('when thousands are cut from the pooled random bytes, then each is 32 bytes and none repeats', () => {
    const tokens = Array.from({ length: 5_000 }, () => newXsrfToken());
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const t of tokens.slice(0, 300)) expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    expect(tokens.every((t) => /^[A-Za-z0-9_-]{43}$/.test(t))).toBe(true);
  });
});
