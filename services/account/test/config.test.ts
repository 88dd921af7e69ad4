import { start } from '../src/server';

describe('account configuration in production', () => {
  it('when NODE_ENV=production lacks the engine addresses and the signing key, then start refuses naming every one', async () => {
    let error: Error | undefined;
    try {
      await start({ NODE_ENV: 'production', PORT: '0' });
    } catch (err) {
      error = err as Error;
    }
    expect(error?.message).toMatch(/^Invalid configuration:/);
    for (const name of ['MONGO_URL', 'KAFKA_BROKERS', 'REDIS_URL', 'JWKS_URL', 'SMTP_URL', 'JWT_PRIVATE_KEY_FILE']) {
      expect(error?.message).toContain(`${name}: must be set when NODE_ENV=production (missing)`);
    }
  });

  it('when everything is given in production, then the given values are used, not the development defaults', async () => {
    const { loadServiceConfig } = await import('../src/config');
    const config = loadServiceConfig({
      NODE_ENV: 'production',
      MONGO_URL: 'mongodb://mongo:27017',
      KAFKA_BROKERS: 'kafka:9092',
      REDIS_URL: 'redis://redis:6379',
      JWKS_URL: 'http://account:4001/.well-known/jwks.json',
      SMTP_URL: 'smtp://smtp:587',
      JWT_PRIVATE_KEY_FILE: '/run/keys/jwt.pem',
    });
    expect(config).toMatchObject({ MONGO_URL: 'mongodb://mongo:27017', SMTP_URL: 'smtp://smtp:587' });
  });
});
