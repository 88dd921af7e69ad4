import type Redis from 'ioredis';

/** One hub connection as every replica sees it. */
export interface PresenceEntry {
  connectionId: string;
  username: string;
  instance: string;
  packed: number;
  since: string;
}

/**
 * Presence lives in Redis so every replica answers the same and it outlives a replica's restart:
 * `<p>conn` (hash: connection id → entry), `<p>user:<key>` (set of a user's connection ids) and
 * `<p>inst:<id>` (a replica's heartbeat with an expiry). Entries of a replica whose heartbeat lapsed
 * (it died without cleaning up) are ignored on read and swept.
 */
export class PresenceStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly instance: string,
    private readonly instanceTtlMs: number,
  ) {}

  private k = {
    conn: () => `${this.prefix}conn`,
    user: (key: string) => `${this.prefix}user:${key}`,
    inst: (id: string) => `${this.prefix}inst:${id}`,
    instConns: (id: string) => `${this.prefix}instconns:${id}`,
  };

  /**
   * Renews this replica's heartbeat. False when it had lapsed (a long pause, a Redis outage): another
   * replica may then have swept this replica's entries, and the caller writes them again.
   */
  async heartbeat(): Promise<boolean> {
    const key = this.k.inst(this.instance);
    const replies = await this.redis
      .multi()
      .pexpire(key, this.instanceTtlMs)
      .set(key, '1', 'PX', this.instanceTtlMs)
      .exec();
    return replies?.[0]?.[1] === 1;
  }

  async add(entry: Omit<PresenceEntry, 'instance'>): Promise<void> {
    const full: PresenceEntry = { ...entry, instance: this.instance };
    await this.redis
      .multi()
      .set(this.k.inst(this.instance), '1', 'PX', this.instanceTtlMs)
      .hset(this.k.conn(), entry.connectionId, JSON.stringify(full))
      .sadd(this.k.user(entry.username.toLowerCase()), entry.connectionId)
      .sadd(this.k.instConns(this.instance), entry.connectionId)
      .exec();
  }

  async setPacked(entry: Omit<PresenceEntry, 'instance'>): Promise<void> {
    await this.redis.hset(this.k.conn(), entry.connectionId, JSON.stringify({ ...entry, instance: this.instance }));
  }

  async remove(connectionId: string, username: string, instance = this.instance): Promise<void> {
    await this.redis
      .multi()
      .hdel(this.k.conn(), connectionId)
      .srem(this.k.user(username.toLowerCase()), connectionId)
      .srem(this.k.instConns(instance), connectionId)
      .exec();
  }

  private async liveInstances(ids: string[]): Promise<Set<string>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Set();
    const alive = await this.redis.mget(...unique.map((id) => this.k.inst(id)));
    return new Set(unique.filter((_id, i) => alive[i] !== null));
  }

  private async entries(): Promise<PresenceEntry[]> {
    const raw = Object.values(await this.redis.hgetall(this.k.conn())).map((v) => JSON.parse(v) as PresenceEntry);
    const live = await this.liveInstances(raw.map((e) => e.instance));
    return raw.filter((e) => live.has(e.instance));
  }

  /** Every live connection across replicas. */
  async list(): Promise<PresenceEntry[]> {
    return this.entries();
  }

  async isOnline(username: string): Promise<boolean> {
    const ids = await this.redis.smembers(this.k.user(username.toLowerCase()));
    if (!ids.length) return false;
    const raw = (await this.redis.hmget(this.k.conn(), ...ids)).filter((v): v is string => v !== null);
    const entries = raw.map((v) => JSON.parse(v) as PresenceEntry);
    const live = await this.liveInstances(entries.map((e) => e.instance));
    return entries.some((e) => live.has(e.instance));
  }

  /** Removes what dead replicas left behind. */
  async sweep(): Promise<number> {
    const raw = Object.values(await this.redis.hgetall(this.k.conn())).map((v) => JSON.parse(v) as PresenceEntry);
    const live = await this.liveInstances(raw.map((e) => e.instance));
    const dead = raw.filter((e) => !live.has(e.instance));
    for (const e of dead) await this.remove(e.connectionId, e.username, e.instance);
    return dead.length;
  }

  /** On a clean stop: this replica's connections are gone. */
  async removeInstance(entries: { connectionId: string; username: string }[]): Promise<void> {
    for (const e of entries) await this.remove(e.connectionId, e.username);
    await this.redis.del(this.k.inst(this.instance), this.k.instConns(this.instance));
  }
}

/**
 * Banned users as a Redis set, so every replica drops a banned sender's messages at once. MongoDB holds
 * the truth (with the history); the set is re-derived from it at start.
 */
export class BanSet {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key = () => `${this.prefix}banned`;

  async has(userKey: string): Promise<boolean> {
    return (await this.redis.sismember(this.key(), userKey)) === 1;
  }

  async add(userKey: string): Promise<void> {
    await this.redis.sadd(this.key(), userKey);
  }

  async remove(userKey: string): Promise<void> {
    await this.redis.srem(this.key(), userKey);
  }

  /** Makes the set equal to the stored truth. */
  async reconcile(banned: string[]): Promise<void> {
    const current = await this.redis.smembers(this.key());
    const want = new Set(banned);
    const extra = current.filter((k) => !want.has(k));
    if (extra.length) await this.redis.srem(this.key(), ...extra);
    if (banned.length) await this.redis.sadd(this.key(), ...banned);
  }
}

/** At most `max` messages per user in any `windowMs` (a sliding window in a sorted set). */
export class FloodGate {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts this message; false when it is over the limit. */
  async allow(userKey: string, now = Date.now()): Promise<boolean> {
    const key = `${this.prefix}flood:${userKey}`;
    const member = `${now}-${Math.random().toString(36).slice(2, 8)}`;
    const res = await this.redis
      .multi()
      .zremrangebyscore(key, 0, now - this.windowMs)
      .zadd(key, now, member)
      .zcard(key)
      .pexpire(key, this.windowMs)
      .exec();
    const count = Number(res?.[2]?.[1] ?? 0);
    return count <= this.max;
  }
}
