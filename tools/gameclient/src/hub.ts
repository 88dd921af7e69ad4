// The launcher hub as the launcher uses it: SignalR JSON protocol over a WebSocket at exactly the game
// base URL, no negotiate. For each invocation the server pushes an event with the method's name (args[0]
// is the data) and then a completion.
import WebSocket from 'ws';

const RS = '\x1e';

export class HubError extends Error {
  override readonly name = 'HubError';
}

export interface CallResult {
  /** args[0] of the event the server pushed under the method's name, if any. */
  event: unknown;
  /** The completion's result. */
  result: unknown;
}

interface Pending {
  method: string;
  resolve: (value: CallResult) => void;
  reject: (err: Error) => void;
  event?: unknown;
  gotEvent: boolean;
  timer: NodeJS.Timeout;
}

export class HubClient {
  private ws: WebSocket | undefined;
  private nextId = 1;
  private readonly pending = new Map<string, Pending>();
  private ping: NodeJS.Timeout | undefined;
  private readonly listeners = new Map<string, Array<(args: unknown[]) => void>>();

  constructor(
    private readonly url: string,
    private readonly timeoutMs = 15000,
  ) {}

  /** ws(s):// URL of the hub for a game base URL (http → ws). */
  static urlFor(baseUrl: string): string {
    return baseUrl.replace(/^http/i, 'ws');
  }

  async connect(): Promise<void> {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new HubError(`hub handshake timed out (${this.url})`)), this.timeoutMs);
      ws.once('error', (err) => {
        clearTimeout(timer);
        reject(new HubError(`hub connection failed: ${err.message}`));
      });
      ws.once('open', () => ws.send(`${JSON.stringify({ protocol: 'json', version: 1 })}${RS}`));
      let handshaken = false;
      ws.on('message', (data) => {
        for (const frame of data.toString().split(RS)) {
          if (!frame) continue;
          const msg = JSON.parse(frame) as Record<string, unknown>;
          if (!handshaken) {
            handshaken = true;
            clearTimeout(timer);
            if (msg.error) reject(new HubError(`hub handshake refused: ${String(msg.error)}`));
            else resolve();
            continue;
          }
          this.onMessage(msg);
        }
      });
      ws.on('close', () => {
        for (const p of this.pending.values()) {
          clearTimeout(p.timer);
          p.reject(new HubError(`hub closed during ${p.method}`));
        }
        this.pending.clear();
      });
    });
    this.ping = setInterval(() => this.send({ type: 6 }), 10000);
    this.ping.unref();
  }

  private send(msg: unknown): void {
    this.ws?.send(`${JSON.stringify(msg)}${RS}`);
  }

  private onMessage(msg: Record<string, unknown>): void {
    if (msg.type === 1 && typeof msg.target === 'string') {
      const args = Array.isArray(msg.arguments) ? (msg.arguments as unknown[]) : [];
      for (const fn of this.listeners.get(msg.target.toLowerCase()) ?? []) fn(args);
      // A pushed event carries the data of the pending invocation of that name.
      for (const p of this.pending.values())
        if (p.method === msg.target && !p.gotEvent) {
          p.gotEvent = true;
          p.event = Array.isArray(msg.arguments) ? msg.arguments[0] : undefined;
          break;
        }
    } else if (msg.type === 3 && typeof msg.invocationId === 'string') {
      const p = this.pending.get(msg.invocationId);
      if (!p) return;
      this.pending.delete(msg.invocationId);
      clearTimeout(p.timer);
      if (msg.error) p.reject(new HubError(`${p.method} failed: ${String(msg.error)}`));
      else p.resolve({ event: p.event, result: msg.result });
    } else if (msg.type === 7) {
      this.close();
    }
  }

  /** Listen to a server→client event (names compare case-insensitively); returns the unsubscribe. */
  on(target: string, fn: (args: unknown[]) => void): () => void {
    const key = target.toLowerCase();
    const list = this.listeners.get(key) ?? [];
    list.push(fn);
    this.listeners.set(key, list);
    return () =>
      this.listeners.set(
        key,
        (this.listeners.get(key) ?? []).filter((f) => f !== fn),
      );
  }

  /** The arguments of the next `target` event; rejects after timeoutMs. */
  next(target: string, timeoutMs = this.timeoutMs): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      const off = this.on(target, (args) => {
        clearTimeout(timer);
        off();
        resolve(args);
      });
      const timer = setTimeout(() => {
        off();
        reject(new HubError(`no ${target} within ${timeoutMs} ms`));
      }, timeoutMs);
    });
  }

  /** Invoke a method; resolves with args[0] of the event the server pushed for it (undefined if none). */
  async invoke(method: string, ...args: unknown[]): Promise<unknown> {
    return (await this.call(method, ...args)).event;
  }

  /** Invoke a method; resolves with the pushed event's data and the completion's result. */
  call(method: string, ...args: unknown[]): Promise<CallResult> {
    const invocationId = String(this.nextId++);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(invocationId);
        reject(new HubError(`${method} timed out`));
      }, this.timeoutMs);
      this.pending.set(invocationId, { method, resolve, reject, gotEvent: false, timer });
      this.send({ type: 1, invocationId, target: method, arguments: args });
    });
  }

  close(): void {
    if (this.ping) clearInterval(this.ping);
    this.ws?.close();
  }
}
