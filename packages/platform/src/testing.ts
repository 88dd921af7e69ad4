import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { allTopics } from '@league/contracts';
import { Kafka, logLevel } from 'kafkajs';
import { EventBus } from './kafka';
import { createLogger, type Logger } from './logger';
import type { RunningService } from './service';

/**
 * Environment for booting a service in a test: port 0, a database of its own, quiet logs, and job queues of its
 * own (a queue shared with another run's workers would hand its jobs to a process with another database).
 */
export function testEnv(service: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const id = randomUUID().slice(0, 8);
  const queues: NodeJS.ProcessEnv =
    service === 'files'
      ? {
          FILES_UPLOAD_QUEUE: `test-files-upload-${id}`,
          FILES_FINALISE_QUEUE: `test-files-finalise-${id}`,
          FILES_GAME_DATA_QUEUE: `test-files-game-data-${id}`,
        }
      : service === 'account'
        ? { MAIL_QUEUE: `test-account-mail-${id}` }
        : {};
  return {
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    MONGO_DB: `test-${service}-${id}`,
    ...queues,
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

  // A stop leaves three or four consumer groups; on a loaded 2-core machine that can take seconds.
  afterAll(async () => {
    await svc?.mongo.dropDatabase().catch(() => undefined);
    await svc?.stop();
  }, 60_000);

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

export interface TestIdentity {
  /** Put this in the service's JWKS_URL so it trusts the tokens below. */
  jwksUrl: string;
  /** Mints an access token as the account service would (1 h unless said). */
  token: (user: { id?: string; username: string; roles?: string[] }, expiresIn?: string) => Promise<string>;
  close: () => Promise<void>;
}

/**
 * A JWKS endpoint over real HTTP with a fresh Ed25519 key, for testing a service's auth without booting
 * the account service. Tokens carry the claims the account service issues: sub, username, role, roles.
 */
export async function startTestIdentity(issuer = 'grim-league', audience = 'grim-league-api'): Promise<TestIdentity> {
  const { createServer } = await import('node:http');
  const { exportJWK, generateKeyPair, SignJWT } = await import('jose');
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' };
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  const rank = ['admin', 'tester', 'supporter_s7'];
  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    token: (user, expiresIn = '1h') => {
      const roles = user.roles ?? [];
      return new SignJWT({ username: user.username, roles, role: rank.find((r) => roles.includes(r)) ?? 'player' })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(user.id ?? `user-${user.username.toLowerCase()}`)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls until `fn` returns something truthy (errors count as "not yet"), or fails naming the last error. */
export async function eventually<T>(
  fn: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
  stepMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error(`condition not met within ${timeoutMs}ms${last ? `: ${(last as Error).message}` : ''}`);
}

export interface JsonReply {
  status: number;
  /** Parsed JSON, the plain text when the answer is not JSON, or undefined when empty. */
  body: unknown;
  headers: Headers;
}

/** One HTTP call as the services' tests make it: JSON in (a string is sent as is), an optional bearer token. */
export async function callJson(
  baseUrl: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<JsonReply> {
  const { body, token } = opts;
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...opts.headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* plain text */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/**
 * Points a new consumer group at the current end of the given topics (creating them if missing), before the
 * service under test joins it. Services read their topics from the beginning (their read models need the
 * history), but the shared topics hold every earlier test run's events; a test that publishes everything it
 * needs skips them, so its own events are not queued behind thousands of others.
 */
/**
 * A topic created a moment ago may have no leader yet ("This server is not the leader for that
 * topic-partition", "There is no leader for this topic-partition"): Kafka marks those errors retriable, so
 * they are retried for up to 30 s; any other error is thrown at once.
 */
async function untilLeadersElected(step: () => Promise<void>): Promise<void> {
  const until = Date.now() + 30_000;
  for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      return await step();
    } catch (err) {
      if (!(err as { retriable?: boolean }).retriable || Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

export async function skipHistory(groupId: string, topics: string[]): Promise<void> {
  const brokers = kafkaBrokers();
  const bus = new EventBus({ brokers, clientId: 'test-skip-history', logger: createLogger('test', 'silent') });
  await bus.ensureTopics(topics);
  const kafka = new Kafka({ clientId: 'test-skip-history', brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const ends: Array<{ topic: string; partition: number; offset: string }> = [];
  try {
    for (const topic of topics)
      await untilLeadersElected(async () => {
        for (const o of await admin.fetchTopicOffsets(topic))
          ends.push({ topic, partition: o.partition, offset: o.high });
      });
  } finally {
    await admin.disconnect();
  }
  // One member of the group, for every topic at once: it joins, reads nothing (paused, fetches that wait at most
  // 100 ms) and commits the ends. kafkajs' admin.setOffsets does a topic at a time and waits out a 5 s fetch
  // for each (25 s for trade's five topics).
  const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
  await consumer.connect();
  try {
    const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, eachBatch: async () => undefined });
    // Paused once it has joined (before that, on a broker just started, the group may not exist yet); what it
    // fetched meanwhile is dropped uncommitted.
    await joined;
    consumer.pause(topics.map((topic) => ({ topic })));
    await consumer.commitOffsets(ends);
  } finally {
    await consumer.disconnect();
  }
}

/**
 * Deletes every topic of a deployment that ran under `KAFKA_TOPIC_PREFIX` (a test's own topics, once it is done).
 * A failure is only reported: the topics would be left behind, nothing else.
 */
export async function deletePrefixedTopics(prefix: string, brokers = kafkaBrokers()): Promise<void> {
  const admin = new Kafka({ clientId: 'test-cleanup', brokers, logLevel: logLevel.NOTHING }).admin();
  try {
    await admin.connect();
    await admin.deleteTopics({ topics: allTopics().map((t) => `${prefix}${t}`), timeout: 30_000 });
  } catch (err) {
    console.warn(`deleting the topics of ${prefix}*: ${(err as Error).message}`);
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

function kafkaBrokers(): string[] {
  return (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
}

/** A logger whose JSON lines land, parsed, in `lines` (what an operator would read of them). */
export function capturingLogger(service: string, level = 'info'): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger(service, level, sink), lines };
}
