import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '@league/platform';
import { WebSocketServer, type WebSocket } from 'ws';
import { call, type LauncherUpstreams } from './upstream';

const RS = '\x1e';
export const HUB_PING_MS = 15_000;
/** The launcher hub lives at exactly the game base URL G = `/api/` (also `/api`), query ignored. */
export const isHubPath = (url: string | undefined) => /^\/api\/?(\?.*)?$/i.test(url ?? '');

type Branch = 'prod' | 'beta';

/** Admins and testers may pick beta; everyone else is on prod whatever they ask (LAUNCHER-API.md §1). */
export function branchFor(asked: unknown, role: string | undefined): Branch {
  return asked === 'beta' && (role === 'admin' || role === 'tester') ? 'beta' : 'prod';
}

/** The role claim of an access token (read only to pick the branch; the services verify the token). */
export function roleOf(token: string | undefined): string | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      role?: unknown;
      roles?: unknown;
    };
    if (Array.isArray(claims.roles)) {
      if (claims.roles.includes('admin')) return 'admin';
      if (claims.roles.includes('tester')) return 'tester';
    }
    return typeof claims.role === 'string' ? claims.role : undefined;
  } catch {
    return undefined;
  }
}

interface Connection {
  /** The access token of the last Login (or the last authToken argument) on this connection. */
  token?: string;
  /** http(s)://host/api as the launcher reached us. */
  publicApi: string;
  forwardedFor: string;
}

interface SeasonDto {
  seasonId: number;
  seasonTypeId: number;
  modName: string;
  displayName: string;
  participationTag: string | null;
  status?: string;
  startDate?: string;
  endDate?: string;
}

/**
 * The launcher hub: SignalR's JSON hub protocol over a WebSocket at exactly G, no negotiate. Each
 * invocation is answered by a server→client event named like the method (args[0] = the data), then the
 * Completion. Pings every 15 s keep the client's 30 s timeout quiet. Methods compose account, season,
 * files and chat over HTTP.
 */
export class LauncherHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  constructor(
    private readonly upstreams: LauncherUpstreams,
    private readonly logger: Logger,
    private readonly pingMs = HUB_PING_MS,
  ) {}

  /**
   * Takes the hub's upgrades on `server` and hands every other upgrade to the listeners already there
   * (the chat proxy), so exactly `/api/` is the hub and `/api/chat/...` stays the chat hub.
   */
  attach(server: Server): void {
    const others = server.listeners('upgrade') as Array<(req: IncomingMessage, socket: Duplex, head: Buffer) => void>;
    server.removeAllListeners('upgrade');
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!isHubPath(req.url)) {
        for (const listener of others) listener.call(server, req, socket, head);
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.serve(ws, req));
    });
  }

  close(): void {
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
  }

  private serve(ws: WebSocket, req: IncomingMessage): void {
    const proto =
      String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]
        ?.trim() || 'http';
    const prior = req.headers['x-forwarded-for'];
    const conn: Connection = {
      publicApi: `${proto}://${req.headers.host ?? 'localhost'}/api`,
      forwardedFor: [typeof prior === 'string' ? prior : undefined, req.socket.remoteAddress]
        .filter(Boolean)
        .join(', '),
    };
    let handshaken = false;
    const send = (msg: unknown) => {
      if (ws.readyState === ws.OPEN) ws.send(`${JSON.stringify(msg)}${RS}`);
    };
    const ping = setInterval(() => send({ type: 6 }), this.pingMs);
    ping.unref();
    ws.on('close', () => clearInterval(ping));
    ws.on('error', () => clearInterval(ping));
    ws.on('message', (data) => {
      for (const frame of data.toString().split(RS)) {
        if (!frame) continue;
        let msg: Record<string, unknown>;
        try {
          msg = JSON.parse(frame) as Record<string, unknown>;
        } catch {
          send(handshaken ? { type: 7, error: 'Malformed message' } : { error: 'Malformed handshake' });
          ws.close();
          return;
        }
        if (!handshaken) {
          if (msg.protocol !== 'json') {
            send({ error: `Protocol '${String(msg.protocol)}' is not supported; use json` });
            ws.close();
            return;
          }
          handshaken = true;
          send({});
          continue;
        }
        if (msg.type === 6) continue;
        if (msg.type === 7) {
          ws.close();
          return;
        }
        if (msg.type !== 1 && msg.type !== 4) continue;
        const target = String(msg.target ?? '');
        const args = Array.isArray(msg.arguments) ? (msg.arguments as unknown[]) : [];
        const invocationId = typeof msg.invocationId === 'string' ? msg.invocationId : undefined;
        void this.invoke(conn, target, args).then(
          (data) => {
            send({ type: 1, target, arguments: [data] });
            if (invocationId) send({ type: 3, invocationId, result: null });
          },
          (err: unknown) => {
            this.logger.warn({ err, target }, 'launcher hub call failed');
            if (invocationId) send({ type: 3, invocationId, error: (err as Error).message });
          },
        );
      }
    });
  }

  private headers(conn: Connection, token?: string): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json', 'x-forwarded-for': conn.forwardedFor };
    const t = token || conn.token;
    if (t) h.authorization = `Bearer ${t}`;
    return h;
  }

  /** The data pushed under the method's name. Unknown methods fail their completion. */
  async invoke(conn: Connection, target: string, args: unknown[]): Promise<unknown> {
    const tokenArg = typeof args[0] === 'string' && args[0] ? args[0] : undefined;
    switch (target.toLowerCase()) {
      case 'login':
        return this.login(conn, args[0], args[1]);
      case 'getchaturl':
        return this.chatUrl(conn);
      case 'getlatestseasonname': {
        const running = await this.runningSeasons(conn, undefined, args[0]);
        return running[0]?.modName ?? '';
      }
      case 'getlatestseason': {
        if (tokenArg) conn.token = tokenArg;
        const running = await this.runningSeasons(conn, tokenArg, args[2]);
        return running.map((s) =>
          JSON.stringify({
            SeasonId: s.seasonId,
            SeasonTypeId: s.seasonTypeId,
            ModName: s.modName,
            DisplayName: s.displayName,
            ParticipationTag: s.participationTag ?? '',
          }),
        );
      }
      case 'getlauncherfile': {
        if (tokenArg) conn.token = tokenArg;
        const branch = branchFor(args[1], roleOf(tokenArg ?? conn.token));
        const up = await call(`${this.upstreams.files}/file/launcher-file?branch=${branch}`, {
          headers: this.headers(conn, tokenArg),
        });
        return up.status === 200 ? up.text() : '';
      }
      case 'getleaguefiles': {
        if (tokenArg) conn.token = tokenArg;
        const branch = branchFor(args[1], roleOf(tokenArg ?? conn.token));
        const up = await call(`${this.upstreams.files}/file/league-files?branch=${branch}`, {
          headers: this.headers(conn, tokenArg),
        });
        const files = up.status === 200 ? up.json<unknown[]>() : undefined;
        return Array.isArray(files) ? files.map((f) => JSON.stringify(f)) : [];
      }
      default:
        throw new Error(`Unknown hub method '${target}'`);
    }
  }

  private async login(conn: Connection, username: unknown, password: unknown): Promise<string> {
    if (typeof username !== 'string' || typeof password !== 'string') return JSON.stringify({});
    const up = await call(`${this.upstreams.account}/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': conn.forwardedFor },
      body: JSON.stringify({ username, password }),
    });
    const tokens =
      up.status === 200 ? up.json<{ access_token?: string; refresh_token?: string; role?: string }>() : undefined;
    if (!tokens?.access_token) return JSON.stringify({});
    conn.token = tokens.access_token;
    return JSON.stringify({
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? '',
      role: tokens.role ?? roleOf(tokens.access_token) ?? 'user',
    });
  }

  /** C: the chat service's base URL with its signed ticket, on the host the launcher reached us at. */
  private async chatUrl(conn: Connection): Promise<string> {
    if (!conn.token) return '';
    const up = await call(`${this.upstreams.chat}/chat/url`, { headers: this.headers(conn) });
    const url = up.status === 200 ? up.json<{ url?: string }>()?.url : undefined;
    if (!url) return '';
    // Unless chat has its public URL configured, it answers with its own origin: put ours in front.
    const chatOrigin = new URL(this.upstreams.chat).origin;
    const parsed = new URL(url);
    if (parsed.origin !== chatOrigin) return url;
    const ticketPath = parsed.pathname.replace(/^\/api(?=\/)/, '');
    return `${conn.publicApi}${ticketPath}`;
  }

  /** Seasons of the newest season number on the branch that are running now. */
  private async runningSeasons(conn: Connection, token: string | undefined, asked: unknown): Promise<SeasonDto[]> {
    const branch = branchFor(asked, roleOf(token ?? conn.token));
    const up = await call(`${this.upstreams.season}/season/latest?branch=${branch}`, {
      headers: this.headers(conn, token),
    });
    const seasons = up.status === 200 ? up.json<SeasonDto[]>() : undefined;
    return (Array.isArray(seasons) ? seasons : []).filter((s) => (s.status ? s.status === 'running' : true));
  }
}
