import { randomUUID } from 'node:crypto';
import type { RunningService } from './service';

/** Environment for booting a service in a test: port 0, a database of its own, quiet logs. */
export function testEnv(service: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    MONGO_DB: `test-${service}-${randomUUID().slice(0, 8)}`,
    ...extra,
  };
}

/**
 * The shared boot checks every service passes: it starts against the real engines, answers /health and
 * /ready (naming each engine), exports metrics, and answers unknown paths with 404 `{ message }`.
 */
export function expectServiceBoots(
  name: string,
  start: (env: NodeJS.ProcessEnv) => Promise<RunningService>,
  extraChecks: string[] = [],
): void {
  let svc: RunningService;

  beforeAll(async () => {
    svc = await start(testEnv(name));
  }, 60_000);

  afterAll(async () => {
    await svc?.mongo.dropDatabase().catch(() => undefined);
    await svc?.stop();
  });

  it('when it starts against the real engines, then /health and /ready answer ok for each engine', async () => {
    const health = await fetch(`${svc.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', service: name });
    const ready = await fetch(`${svc.url}/ready`);
    const body = (await ready.json()) as { status: string; checks: Record<string, boolean> };
    expect(ready.status).toBe(200);
    expect(body.status).toBe('ready');
    for (const check of ['mongo', 'kafka', 'redis', ...extraChecks]) expect(body.checks[check]).toBe(true);
  });

  it('when a path is unknown, then it answers 404 with a message, and metrics count the request', async () => {
    const res = await fetch(`${svc.url}/no/such/path`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No route for GET /no/such/path' });
    const metrics = await (await fetch(`${svc.url}/metrics`)).text();
    expect(metrics).toMatch(
      new RegExp(`http_request_duration_seconds_count\\{[^}]*route="unmatched"[^}]*status="404"[^}]*\\} [1-9]`),
    );
  });

  it('when the config is bad, then start refuses with a message naming the variable', async () => {
    await expect(start(testEnv(name, { PORT: 'eighty', KAFKA_BROKERS: '' }))).rejects.toThrow(
      /PORT: .*\(got 'eighty'\)/,
    );
  });
}
