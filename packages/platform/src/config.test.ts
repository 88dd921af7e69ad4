import { z } from 'zod';
import { ConfigError, loadConfig, serviceConfigSchema } from './config';

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
});
