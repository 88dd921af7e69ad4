import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError, runWithContext, type Logger } from '@league/platform';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { userKey } from '../data/chat-user.repository';
import type { PresenceStore } from '../data/presence.store';
import { isMember, isPacked } from '../domain/channels';
import type { ChatService } from '../domain/chat-service';
import { sameUser } from '../domain/encoding';
import {
  checkHandshake,
  frames,
  MessageType,
  parseRecord,
  splitRecords,
  type InvocationMessage,
} from '../domain/hub-protocol';
import { verifyTicket, type TicketUser } from '../domain/ticket';
import type { Fanout, FanoutMessage } from './fanout';

export interface HubOptions {
  ticketSecret: string;
  pingIntervalMs: number;
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
  heartbeatMs: number;
}

interface Connection {
  id: string;
  ws: WebSocket;
  user: TicketUser;
  key: string;
  packed: number;
  since: string;
  handshaken: boolean;
  buffer: string;
  lastReceived: number;
  /** Invocations of one connection run one after another, as SignalR does by default. */
  queue: Promise<void>;
}

/** `/chat/t/<ticket>` (with or without the trailing slash): the chat base URL C. */
export const HUB_PATH = /^\/chat\/t\/([^/]+)\/?$/i;

const refuseUpgrade = (socket: Duplex, status: string, message: string) => {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

/**
 * The SignalR-compatible hub at the chat base URL. Each replica delivers to its own sockets; everything
 * that must reach other replicas' sockets goes through the Redis fan-out, which this replica also hears.
 */
export class ChatHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly connections = new Map<string, Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();
  /** Mute lists of the users connected here: user key → keys of the users they muted. */
  private readonly mutes = new Map<string, Set<string>>();
  private timers: NodeJS.Timeout[] = [];
  private stopping = false;
  private readonly log: Logger;

  constructor(
    private readonly chat: ChatService,
    private readonly presence: PresenceStore,
    private readonly fanout: Fanout,
    logger: Logger,
    private readonly opts: HubOptions,
  ) {
    this.log = logger.child({ component: 'hub' });
  }

  async start(server: Server): Promise<void> {
    await this.presence.heartbeat();
    await this.fanout.start((m) => this.deliver(m));
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.onUpgrade(req, socket, head));
    this.timers.push(setInterval(() => this.tick(), this.opts.pingIntervalMs));
    this.timers.push(
      setInterval(() => {
        this.presence
          .heartbeat()
          .then(async (renewed) => {
            if (!renewed && !this.stopping) await this.restorePresence();
            await this.presence.sweep();
          })
          .catch((err) => this.log.warn({ err }, 'presence heartbeat failed'));
      }, this.opts.heartbeatMs),
    );
    for (const t of this.timers) t.unref();
  }

  /** This replica's sockets are live: after a lapsed heartbeat, presence lists them again. */
  private async restorePresence(): Promise<void> {
    const live = [...this.connections.values()].filter((c) => c.handshaken);
    this.log.warn(
      { connections: live.length },
      "presence heartbeat had lapsed; writing this replica's connections again",
    );
    for (const c of live) {
      await this.presence.add({ connectionId: c.id, username: c.user.username, packed: c.packed, since: c.since });
    }
    // A socket that closed meanwhile must not stay listed.
    for (const c of live) if (!this.connections.has(c.id)) await this.presence.remove(c.id, c.user.username);
  }

  get size(): number {
    return this.connections.size;
  }

  private onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    if (this.stopping) return refuseUpgrade(socket, '503 Service Unavailable', 'The chat is restarting');
    const path = new URL(req.url ?? '/', 'http://hub').pathname;
    const match = HUB_PATH.exec(path);
    if (!match) return refuseUpgrade(socket, '404 Not Found', 'No hub here; the chat hub is at /chat/t/<ticket>/');
    const user = verifyTicket(this.opts.ticketSecret, decodeURIComponent(match[1]!));
    if (typeof user === 'string') {
      return refuseUpgrade(
        socket,
        '401 Unauthorized',
        user === 'expired' ? 'The chat ticket has expired' : 'The chat ticket is not valid',
      );
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, user));
  }

  private onConnection(ws: WebSocket, user: TicketUser) {
    const conn: Connection = {
      id: randomBytes(16).toString('base64url'),
      ws,
      user,
      key: userKey(user.username),
      packed: 0,
      since: new Date().toISOString(),
      handshaken: false,
      buffer: '',
      lastReceived: Date.now(),
      queue: Promise.resolve(),
    };
    this.connections.set(conn.id, conn);
    const handshakeTimer = setTimeout(() => {
      if (!conn.handshaken) ws.close(1002, 'No handshake');
    }, this.opts.handshakeTimeoutMs);
    handshakeTimer.unref();
    ws.on('message', (data: RawData) => {
      conn.lastReceived = Date.now();
      conn.buffer += data.toString();
      const { records, rest } = splitRecords(conn.buffer);
      conn.buffer = rest;
      if (conn.buffer.length > 64 * 1024) return this.close(conn, 'Message too large.');
      for (const record of records) {
        conn.queue = conn.queue
          .then(() => this.onRecord(conn, record))
          .catch((err) => {
            this.log.error({ err, connectionId: conn.id }, 'hub record failed');
          });
      }
    });
    ws.on('close', () => {
      clearTimeout(handshakeTimer);
      void this.forget(conn);
    });
    ws.on('error', (err) => this.log.debug({ err, connectionId: conn.id }, 'socket error'));
  }

  private send(conn: Connection, frame: string) {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(frame);
  }

  private close(conn: Connection, error?: string) {
    this.send(conn, frames.close(error));
    conn.ws.close(1000);
  }

  private async onRecord(conn: Connection, record: string): Promise<void> {
    if (!conn.handshaken) {
      const hs = checkHandshake(record);
      if (!hs.ok) {
        this.send(conn, frames.handshakeError(hs.error));
        conn.ws.close(1002);
        return;
      }
      conn.handshaken = true;
      this.send(conn, frames.handshakeOk());
      await this.register(conn);
      return;
    }
    const parsed = parseRecord(record);
    if (!parsed.ok) return this.close(conn, `Protocol error: ${parsed.error}`);
    const m = parsed.message;
    switch (m.type) {
      case MessageType.Invocation:
        return this.invoke(conn, m as InvocationMessage);
      case MessageType.Ping:
        return;
      case MessageType.Close:
        conn.ws.close(1000);
        return;
      case MessageType.StreamInvocation:
        if (typeof m.invocationId === 'string') {
          this.send(conn, frames.completionError(m.invocationId, 'Streaming is not supported by this hub.'));
        }
        return;
      default:
        // Stream items, cancellations and completions from a client have nothing to act on here.
        return;
    }
  }

  private async register(conn: Connection) {
    let set = this.byUser.get(conn.key);
    if (!set) this.byUser.set(conn.key, (set = new Set()));
    set.add(conn);
    await this.presence.add({ connectionId: conn.id, username: conn.user.username, packed: 0, since: conn.since });
    if (!this.mutes.has(conn.key)) {
      const muted = await this.chat.mutesOf(conn.user.username);
      this.mutes.set(conn.key, new Set(muted.map((m) => m.toLowerCase())));
    }
    if (await this.chat.isBanned(conn.user.username)) this.send(conn, frames.invocation('Banned', []));
  }

  private async forget(conn: Connection) {
    if (!this.connections.delete(conn.id)) return;
    const set = this.byUser.get(conn.key);
    set?.delete(conn);
    if (set && set.size === 0) {
      this.byUser.delete(conn.key);
      this.mutes.delete(conn.key);
    }
    if (conn.handshaken && !this.stopping) {
      await this.presence
        .remove(conn.id, conn.user.username)
        .catch((err) => this.log.warn({ err }, 'presence removal failed'));
    }
  }

  /** Each method pushes an event of its own name (the game reads that), then completes. */
  private async invoke(conn: Connection, m: InvocationMessage): Promise<void> {
    const id = m.invocationId;
    await runWithContext({ requestId: `${conn.id}:${id ?? '-'}` }, async () => {
      try {
        const result = await this.dispatch(conn, m.target, m.arguments);
        if (id !== undefined) this.send(conn, frames.completion(id, result));
      } catch (err) {
        const message =
          err instanceof AppError ? err.message : 'An unexpected error occurred invoking the method on the server.';
        if (!(err instanceof AppError)) this.log.error({ err, target: m.target }, 'hub method failed');
        if (id !== undefined) this.send(conn, frames.completionError(id, message));
      }
    });
  }

  private async dispatch(conn: Connection, target: string, args: unknown[]): Promise<unknown> {
    switch (target.toLowerCase()) {
      case 'getconnectionid':
        this.send(conn, frames.invocation('Connection', [conn.id]));
        return conn.id;
      case 'welcome': {
        const texts = await this.chat.welcomeTexts();
        this.send(conn, frames.invocation('WelcomeMessage', [texts]));
        return texts;
      }
      case 'joinchannel': {
        const [connectionId, username, , packed] = args;
        if (connectionId !== conn.id) throw AppError.forbidden('That is not this connection');
        if (typeof username !== 'string' || !sameUser(username, conn.user.username)) {
          throw AppError.forbidden(`You are connected as ${conn.user.username}; you cannot join as another user`);
        }
        if (!isPacked(packed)) throw AppError.badRequest('newPacked must be a byte (0–255)');
        conn.packed = packed;
        await this.presence.setPacked({
          connectionId: conn.id,
          username: conn.user.username,
          packed,
          since: conn.since,
        });
        this.send(conn, frames.invocation('JoinedChannel', [packed]));
        return packed;
      }
      case 'send':
        await this.chat.sendToChannel(conn.user.username, args);
        return null;
      default:
        throw new AppError(404, `Method does not exist: ${target}`);
    }
  }

  private mutedBy(recipient: string, sender: string | undefined): boolean {
    return sender !== undefined && Boolean(this.mutes.get(recipient)?.has(sender));
  }

  /** Delivers a fan-out message to this replica's sockets; the frame is serialised once for all of them. */
  deliver(m: FanoutMessage): void {
    if (m.t === 'mutes') {
      if (this.byUser.has(m.user)) this.mutes.set(m.user, new Set(m.mutes));
      return;
    }
    const frame = frames.invocation(m.target, m.args);
    if (m.t === 'all') {
      for (const c of this.connections.values()) if (c.handshaken) this.send(c, frame);
    } else if (m.t === 'user') {
      if (this.mutedBy(m.to, m.from)) return;
      for (const c of this.byUser.get(m.to) ?? []) if (c.handshaken) this.send(c, frame);
    } else {
      for (const c of this.connections.values()) {
        if (c.handshaken && isMember(c.packed, m.channel) && !this.mutedBy(c.key, m.from)) this.send(c, frame);
      }
    }
  }

  /** Pings every socket (the client times out after 30 s of silence); drops clients silent for too long. */
  private tick() {
    const now = Date.now();
    const ping = frames.ping();
    for (const c of this.connections.values()) {
      if (!c.handshaken) continue;
      if (now - c.lastReceived > this.opts.clientTimeoutMs) {
        this.close(c, 'Server timeout elapsed without receiving a message from the client.');
        continue;
      }
      this.send(c, ping);
    }
  }

  /** Says goodbye to every socket (clients may reconnect, to another replica), then leaves presence. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    const mine = [...this.connections.values()].map((c) => ({ connectionId: c.id, username: c.user.username }));
    const closing = [...this.connections.values()].map(
      (c) =>
        new Promise<void>((resolve) => {
          c.ws.once('close', () => resolve());
          this.send(c, frames.close(undefined, true));
          c.ws.close(1001);
          setTimeout(() => {
            c.ws.terminate();
            resolve();
          }, 1_000).unref();
        }),
    );
    await Promise.all(closing);
    await this.presence.removeInstance(mine).catch((err) => this.log.warn({ err }, 'presence cleanup failed'));
    await this.fanout.stop();
    this.wss.close();
  }
}
