import { z } from 'zod';
import { ConfigError, loadConfig, minioConfigSchema, serviceConfigSchema } from './config';

describe('config', () => {
  const schema = serviceConfigSchema('season', 4002);

  it('when nothing is set, then the defaults of ARCHITECTURE.md apply', () => {
    const config = loadConfig(schema, {});
    expect(config).toMatchObject({ PORT: 4002, MONGO_DB: 'league-season', KAFKA_BROKERS: ['127.0.0.1:9092'] });
  });

  it('when several variables are bad, then one error names every one of them with what it got', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig(schema, { PORT: 'eighty', MONGO_URL: 'postgres://x', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems).toHaveLength(3);
    expect(error!.message).toMatch(/PORT: .*\(got 'eighty'\)/);
    expect(error!.message).toMatch(/MONGO_URL: must be a mongodb:\/\/ URL \(got 'postgres:\/\/x'\)/);
    expect(error!.message).toMatch(/LOG_LEVEL: /);
  });

  it('when a required variable is missing, then the message says it is missing', () => {
    expect(() => loadConfig(z.object({ SECRET: z.string() }), {})).toThrow(/SECRET: Required \(missing\)/);
  });

  describe('with NODE_ENV=production', () => {
    const errorOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err as ConfigError;
      }
      throw new Error('expected a ConfigError');
    };

    it('when engine addresses and secrets are missing, then one error names every one and no default is used', () => {
      const error = errorOf(() =>
        loadConfig(
          serviceConfigSchema('files', 4004).merge(minioConfigSchema),
          { NODE_ENV: 'production' },
          {
            requiredInProduction: ['FILES_SECRET'],
          },
        ),
      );
      expect(error).toBeInstanceOf(ConfigError);
      const named = error.problems.map((p) => p.split(':')[0]).sort();
      expect(named).toEqual(
        [
          'FILES_SECRET',
          'JWKS_URL',
          'KAFKA_BROKERS',
          'MINIO_ACCESS_KEY',
          'MINIO_ENDPOINT',
          'MINIO_SECRET_KEY',
          'MONGO_URL',
          'REDIS_URL',
        ].sort(),
      );
      expect(error.message).toMatch(/MONGO_URL: must be set when NODE_ENV=production \(missing\)/);
    });

    it('when a required variable is blank and another is malformed, then both are named in the same error', () => {
      const error = errorOf(() =>
        loadConfig(serviceConfigSchema('season', 4002), {
          NODE_ENV: 'production',
          MONGO_URL: '  ',
          KAFKA_BROKERS: 'kafka:9092',
          REDIS_URL: 'http://not-redis',
          JWKS_URL: 'http://account:4001/.well-known/jwks.json',
        }),
      );
      expect(error.problems).toHaveLength(2);
      expect(error.message).toMatch(/MONGO_URL: must be set/);
      expect(error.message).toMatch(/REDIS_URL: must be a redis:\/\/ URL/);
    });

    it('when everything is set, then the given values are used; outside production the defaults still apply', () => {
      const env = {
        NODE_ENV: 'production',
        MONGO_URL: 'mongodb://mongo:27017',
        KAFKA_BROKERS: 'kafka:9092',
        REDIS_URL: 'redis://redis:6379',
        JWKS_URL: 'http://account:4001/.well-known/jwks.json',
      };
      expect(loadConfig(schema, env)).toMatchObject({
        MONGO_URL: 'mongodb://mongo:27017',
        REDIS_URL: 'redis://redis:6379',
      });
      expect(loadConfig(schema, { NODE_ENV: 'test' })).toMatchObject({ MONGO_URL: 'mongodb://127.0.0.1:27017' });
    });
  });
});
