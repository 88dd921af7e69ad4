// The launcher's REST calls (LAUNCHER-API.md §2–§3), against a game base URL such as
// http://localhost:8080/api/. Paths are written as the launcher writes them. Success is exactly 200; on
// GETs 204 means "none".
import { createHash } from 'node:crypto';
import type { LauncherItem } from '@league/gamefiles';
import { HubClient } from './hub';
import { multipart, type Part } from './multipart';

export class LauncherHttpError extends Error {
  override readonly name = 'LauncherHttpError';
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${path} answered ${status}${body ? `: ${body.slice(0, 300)}` : ''}`);
  }
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  role?: string;
}

export type Branch = 'prod' | 'beta';

export interface Difficulty {
  level: number;
  currentDifficulty: number;
  maxDifficulty: number;
}

export interface CharacterJson {
  characterData: { characterInfo: Record<string, unknown>; questInfo: Record<string, unknown> };
  seasonParticipantId: number;
  participantCharacterId: number;
}

/** Uppercase hex MD5 of the raw bytes, as the launcher compares checksums. */
export function checksum(data: Uint8Array): string {
  return createHash('md5').update(data).digest('hex').toUpperCase();
}

interface Raw {
  status: number;
  text: string;
  bytes: Buffer;
  contentType: string;
}

export class LauncherClient {
  token: string | undefined;
  role: string | undefined;
  /**
   * The read-your-writes token of this client's last write (`X-Consistency`), sent back on every request so
   * its reads see its writes on any replica. The real launcher keeps no such state; the server does not need it.
   */
  consistency: string | undefined;
  readonly baseUrl: string;

  constructor(
    baseUrl: string,
    readonly branch: Branch = 'prod',
  ) {
    this.baseUrl = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  }

  private async raw(
    method: string,
    path: string,
    init: { body?: Buffer | string; contentType?: string; auth?: boolean } = {},
  ): Promise<Raw> {
    const headers: Record<string, string> = {};
    if (init.auth !== false && this.token) headers.authorization = `Bearer ${this.token}`;
    if (init.contentType) headers['content-type'] = init.contentType;
    if (this.consistency) headers['x-consistency'] = this.consistency;
    const res = await fetch(new URL(path, this.baseUrl), { method, headers, body: init.body });
    this.consistency = res.headers.get('x-consistency') ?? this.consistency;
    const bytes = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      bytes,
      text: bytes.toString('utf8'),
      contentType: res.headers.get('content-type') ?? '',
    };
  }

  private q(path: string, extra = ''): string {
    return `${path}${path.includes('?') ? '&' : '?'}branch=${this.branch}${extra}`;
  }

  /** 200 or throw; returns the response. */
  private async ok(method: string, path: string, init: Parameters<LauncherClient['raw']>[2] = {}): Promise<Raw> {
    const r = await this.raw(method, path, init);
    if (r.status !== 200) throw new LauncherHttpError(method, path, r.status, r.text);
    return r;
  }

  /** 200 with JSON, or undefined on 204 (GET "none"). */
  private async getJson<T>(path: string, auth = true): Promise<T | undefined> {
    const r = await this.raw('GET', path, { auth });
    if (r.status === 204) return undefined;
    if (r.status !== 200) throw new LauncherHttpError('GET', path, r.status, r.text);
    try {
      return JSON.parse(r.text) as T;
    } catch {
      throw new LauncherHttpError('GET', path, r.status, `not JSON: ${r.text}`);
    }
  }

  private json(method: string, path: string, body: unknown): Promise<Raw> {
    return this.ok(method, path, { body: JSON.stringify(body), contentType: 'application/json' });
  }

  private upload(path: string, parts: Part[]): Promise<Raw> {
    const { body, contentType } = multipart(parts);
    return this.ok('POST', path, { body, contentType });
  }

  // §1/§2: identity

  /** POST Account/login (what the launcher also calls every 15 minutes to refresh). */
  async login(username: string, password: string): Promise<Tokens> {
    const r = await this.ok('POST', 'Account/login', {
      body: JSON.stringify({ username, password }),
      contentType: 'application/json',
      auth: false,
    });
    const tokens = JSON.parse(r.text) as Tokens;
    if (!tokens.access_token) throw new LauncherHttpError('POST', 'Account/login', r.status, 'no access_token');
    this.token = tokens.access_token;
    this.role = tokens.role;
    return tokens;
  }

  /** Hub Login(username, password): the server pushes a JSON string with the tokens; none = bad credentials. */
  async hubLogin(username: string, password: string): Promise<Tokens> {
    const hub = new HubClient(HubClient.urlFor(this.baseUrl));
    await hub.connect();
    try {
      const pushed = await hub.invoke('Login', username, password);
      const tokens = (typeof pushed === 'string' ? JSON.parse(pushed) : pushed) as Tokens | undefined;
      if (!tokens?.access_token) throw new Error('hub Login: bad credentials (no tokens)');
      this.token = tokens.access_token;
      this.role = tokens.role;
      return tokens;
    } finally {
      hub.close();
    }
  }

  /** Hub calls that take the auth token and the branch (§1): seasons, files and the chat URL. */
  async hubSeason(): Promise<{
    seasonName: unknown;
    seasons: unknown[];
    leagueFiles: unknown[];
    launcherFile: unknown;
    chatUrl: unknown;
  }> {
    const hub = new HubClient(HubClient.urlFor(this.baseUrl));
    await hub.connect();
    const parse = (v: unknown): unknown => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    };
    try {
      const seasonName = await hub.invoke('GetLatestSeasonName', this.branch);
      const seasons = (await hub.invoke('GetLatestSeason', this.token, false, this.branch)) as unknown[] | undefined;
      const leagueFiles = (await hub.invoke('GetLeagueFiles', this.token, this.branch)) as unknown[] | undefined;
      const launcherFile = await hub.invoke('GetLauncherFile', this.token, this.branch);
      const chatUrl = await hub.invoke('GetChatUrl');
      return {
        seasonName,
        seasons: (seasons ?? []).map(parse),
        leagueFiles: (leagueFiles ?? []).map(parse),
        launcherFile: parse(launcherFile),
        chatUrl,
      };
    } finally {
      hub.close();
    }
  }

  /** Hub GetChatUrl: the chat base URL C (with its signed ticket). */
  async chatUrl(): Promise<string> {
    const hub = new HubClient(HubClient.urlFor(this.baseUrl));
    await hub.connect();
    try {
      const url = await hub.invoke('GetChatUrl');
      if (typeof url !== 'string' || !url) throw new Error('GetChatUrl pushed no URL');
      return url;
    } finally {
      hub.close();
    }
  }

  async status(): Promise<boolean> {
    return (await this.raw('GET', 'Account/status', { auth: false })).status === 200;
  }

  // §3: season

  async profile(): Promise<
    { seasonParticipants: Array<{ seasonParticipantId: number; season?: { seasonTypeId?: number } }> } | undefined
  > {
    return this.getJson(this.q('Season/profile'));
  }

  async addParticipant(seasonId: number, username: string): Promise<{ seasonParticipantId: number }> {
    const r = await this.ok('POST', this.q(`Season/${seasonId}/add-participant/${encodeURIComponent(username)}`));
    return JSON.parse(r.text) as { seasonParticipantId: number };
  }

  async standing(pid: number): Promise<{ pointTotal: number; rank: number } | undefined> {
    return this.getJson(`Season/participant/${pid}/standing`, false);
  }

  async characters(pid: number): Promise<string[]> {
    return (await this.getJson<string[]>(this.q(`Season/participant/${pid}/characters`))) ?? [];
  }

  async character(
    pid: number,
    name: string,
  ): Promise<{ participantCharacterId: number; lastChecksum: string } | undefined> {
    return this.getJson(`Season/participant/${pid}/character/${encodeURIComponent(name)}`);
  }

  async uploadCharacter(pid: number, character: CharacterJson, file: Uint8Array, newPlayer = false): Promise<void> {
    await this.upload(this.q(`Season/participant/${pid}/character`, newPlayer ? '&newPlayer=true' : ''), [
      { name: 'character', json: character },
      { name: 'file', filename: 'player.gdc', data: file },
    ]);
  }

  async uploadQuestFile(
    pid: number,
    name: string,
    difficulty: 'Normal' | 'Elite' | 'Ultimate',
    file: Uint8Array,
  ): Promise<void> {
    await this.upload(
      this.q(`Season/participant/${pid}/character/${encodeURIComponent(name)}/questfile/${difficulty}`),
      [{ name: 'file', filename: 'quests.gdd', data: file }],
    );
  }

  async characterFile(pid: number, name: string): Promise<Buffer | undefined> {
    const path = this.q(`Season/participant/${pid}/character/${encodeURIComponent(name)}/file`);
    const r = await this.raw('GET', path);
    if (r.status === 204) return undefined;
    if (r.status !== 200) throw new LauncherHttpError('GET', path, r.status, r.text);
    return r.bytes;
  }

  async deleteCharacter(pid: number, name: string): Promise<void> {
    await this.ok('DELETE', this.q(`Season/participant/${pid}/character/${encodeURIComponent(name)}`));
  }

  async questTag(pid: number, token: string, body: Difficulty): Promise<void> {
    await this.json(
      'POST',
      this.q(`Season/participant/${pid}/quest-tag/${encodeURIComponent(token.toLowerCase())}`),
      body,
    );
  }

  // §3: shared stash and cloud stash

  async sharedStashInfo(pid: number): Promise<{ lastChecksum: string; cloudStashCapacity: number } | undefined> {
    return this.getJson(`Season/participant/${pid}/shared-stash`);
  }

  async uploadSharedStash(pid: number, file: Uint8Array, filename = 'transfer.gst'): Promise<void> {
    await this.upload(`Season/participant/${pid}/shared-stash`, [
      { name: 'sharedstash', json: null },
      { name: 'file', filename, data: file },
    ]);
  }

  async sharedStashFile(pid: number): Promise<Buffer | undefined> {
    const path = this.q(`Season/participant/${pid}/shared-stash/file`);
    const r = await this.raw('GET', path);
    if (r.status === 204) return undefined;
    if (r.status !== 200) throw new LauncherHttpError('GET', path, r.status, r.text);
    return r.bytes;
  }

  /** POST P/stash: tab-6 items into the cloud stash. Resolves false on 400 (cloud stash full: keep the items). */
  async uploadStashItems(pid: number, items: LauncherItem[]): Promise<{ accepted: boolean; message?: string }> {
    const path = this.q(`Season/participant/${pid}/stash`);
    const r = await this.raw('POST', path, { body: JSON.stringify(items), contentType: 'application/json' });
    if (r.status === 200) return { accepted: true };
    if (r.status === 400) return { accepted: false, message: r.text };
    throw new LauncherHttpError('POST', path, r.status, r.text);
  }

  /** GET P/transfer-queue: always 200 with an array (the launcher locks the stash otherwise). */
  async transferQueue(pid: number): Promise<LauncherItem[]> {
    const path = this.q(`Season/participant/${pid}/transfer-queue`);
    const r = await this.ok('GET', path);
    const items = JSON.parse(r.text) as unknown;
    if (!Array.isArray(items)) throw new LauncherHttpError('GET', path, r.status, 'not an array');
    return items as LauncherItem[];
  }

  async pullItems(pid: number, ids: ReadonlyArray<number | string>): Promise<void> {
    await this.json('POST', this.q(`Season/participant/${pid}/pull-items`), ids);
  }

  async tradeNotifications(pid: number): Promise<number> {
    const r = await this.ok('GET', this.q(`Trade/participant/${pid}/trade-notifications/new`));
    return Number(r.text);
  }
}
