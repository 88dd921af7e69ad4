import { randomUUID } from 'node:crypto';
import { callJson, startTestIdentity, testEnv, type TestIdentity } from '@league/platform/testing';
import { WebSocket } from 'ws';
import { encodePairs } from '../src/domain/encoding';
import { RS } from '../src/domain/hub-protocol';
import { start, type RunningChat } from '../src/server';

export { encodePairs };

/** A run's own names, so parallel runs on the shared engines never meet. */
export const runId = () => randomUUID().slice(0, 8);

export interface ChatFixture {
  identity: TestIdentity;
  svc: RunningChat;
  env: NodeJS.ProcessEnv;
  token: (username: string, roles?: string[]) => Promise<string>;
  /** The chat base URL C for a user, as the launcher would receive it. */
  chatUrl: (username: string) => Promise<string>;
  http: (
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown },
  ) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close: () => Promise<void>;
}

export const TICKET_SECRET = 'component-test-ticket-secret-0123456789';

export async function startChat(extra: NodeJS.ProcessEnv = {}, identity?: TestIdentity): Promise<ChatFixture> {
  const id = identity ?? (await startTestIdentity());
  const env = testEnv('chat', {
    JWKS_URL: id.jwksUrl,
    CHAT_REDIS_PREFIX: `test-chat-${runId()}:`,
    CHAT_PING_INTERVAL_MS: '300',
    CHAT_TICKET_SECRET: TICKET_SECRET,
    KAFKA_CLIENT_ID: `chat-test-${runId()}`,
    CHAT_CONSUMER_GROUP: `chat-test-${runId()}`,
    ...extra,
  });
  const svc = await start(env);
  const token = (username: string, roles: string[] = []) => id.token({ username, roles });
  const http: ChatFixture['http'] = async (method, path, opts = {}) => {
    const { status, body } = await callJson(svc.url, method, path, opts);
    return { status, body };
  };
  const chatUrl = async (username: string) => {
    const res = await http('GET', '/chat/url', { token: await token(username) });
    if (res.status !== 200) throw new Error(`chat url: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { url: string }).url;
  };
  return {
    identity: id,
    svc,
    env,
    token,
    chatUrl,
    http,
    close: async () => {
      await svc.stop();
      await svc.mongo.dropDatabase().catch(() => undefined);
      if (!identity) await id.close();
    },
  };
}

export interface Frame {
  type?: number;
  target?: string;
  arguments?: unknown[];
  invocationId?: string;
  result?: unknown;
  error?: string;
  allowReconnect?: boolean;
}

/** A bare WebSocket client speaking the JSON hub protocol by hand, to see every frame the hub sends. */
export class RawHubClient {
  readonly frames: Frame[] = [];
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  private nextId = 0;
  closed = false;

  private constructor(readonly ws: WebSocket) {
    let buffer = '';
    ws.on('message', (data) => {
      buffer += data.toString();
      const parts = buffer.split(RS);
      buffer = parts.pop() ?? '';
      for (const p of parts) {
        const f = JSON.parse(p) as Frame;
        // A frame goes to the first waiter it matches, once; otherwise it waits in the buffer.
        const w = this.waiters.find((x) => x.match(f));
        if (w) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(f);
        } else {
          this.frames.push(f);
        }
      }
    });
    ws.on('close', () => (this.closed = true));
  }

  static open(url: string): Promise<RawHubClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url.replace(/^http/, 'ws'));
      ws.once('open', () => resolve(new RawHubClient(ws)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  static async connect(url: string): Promise<RawHubClient> {
    const c = await RawHubClient.open(url);
    c.sendRaw(`{"protocol":"json","version":1}${RS}`);
    const hs = await c.next((f) => f.type === undefined);
    if (hs.error) throw new Error(hs.error);
    return c;
  }

  sendRaw(text: string) {
    this.ws.send(text);
  }

  next(match: (f: Frame) => boolean, timeoutMs = 15_000): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) {
      this.frames.splice(this.frames.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        resolve: (f: Frame) => {
          clearTimeout(timer);
          resolve(f);
        },
      };
      // A waiter that gave up leaves the list, so a later frame is not taken by it and lost.
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== waiter);
        reject(new Error('no matching frame in time'));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Invokes and waits for its completion. */
  async invoke(target: string, ...args: unknown[]): Promise<Frame> {
    const invocationId = String(this.nextId++);
    this.sendRaw(`${JSON.stringify({ type: 1, invocationId, target, arguments: args })}${RS}`);
    return this.next((f) => f.type === 3 && f.invocationId === invocationId);
  }

  event(target: string, timeoutMs?: number): Promise<Frame> {
    return this.next((f) => f.type === 1 && f.target === target, timeoutMs);
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
