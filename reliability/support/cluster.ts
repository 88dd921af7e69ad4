import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  CURRENCY_NAMES,
  plainLauncherItem,
  settlementCompletedV1,
  settlementFailedV1,
  settlementRequestedV1,
  type LauncherItem,
} from '@league/contracts';
import { connectMongo } from '@league/platform';
import { deletePrefixedTopics, eventually, startTestIdentity, type TestIdentity } from '@league/platform/testing';
import type { Connection } from 'mongoose';
import { seedDemo } from '../../services/season/src/data/seed';
import { stashModels } from '../../services/season/src/data/stash/models';
import { tradeModels } from '../../services/trade/src/data/models';

export const root = path.resolve(__dirname, '../..');
const logDir = path.join(root, '.local', 'test-results', 'reliability');

const SAGA = [settlementRequestedV1, settlementCompletedV1, settlementFailedV1];

/** Season 7 SC Trade, the ladder every participant of these suites joins. */
export const SEASON_ID = 18;
const R = 'records/items/';
export const SWORD = `${R}gearweapons/swords1h/a06_sword01.dbr`;
export const RING = `${R}gearaccessories/rings/d009_ring.dbr`;
export const SCRAP = `${R}questitems/scrapmetal.dbr`;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const unique = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8)}`;

let seed = 1;
/** A launcher item with a fresh seed (two calls never make the same item). */
export const launcherItem = (name: string, stackCount = 1): LauncherItem =>
  plainLauncherItem(name, { itemSeed: seed++, stackCount });

/** The platform's `eventually` (polled every 250 ms), failing with what it waited for. */
export async function until<T>(what: string, fn: () => Promise<T | false | undefined | null>, timeoutMs: number) {
  try {
    return await eventually(async () => (await fn()) || undefined, timeoutMs, 250);
  } catch (err) {
    throw new Error(`${what}: ${(err as Error).message}`);
  }
}

/** Runs `fn` over `items` with at most `n` at once. */
export async function pool<T, R>(items: T[], n: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

export interface Reply {
  /** 0 when no answer came (connection refused, reset, or the timeout). */
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One HTTP call with a bearer token and a bounded wait; a failed connection is status 0, never a throw. */
export async function http(
  base: string,
  method: string,
  urlPath: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Reply> {
  try {
    const res = await fetch(`${base}${urlPath}`, {
      method,
      headers: {
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* plain text */
    }
    return { status: res.status, body };
  } catch (err) {
    return { status: 0, body: { message: (err as Error).message } };
  }
}

/** A node process started by `spawnUntilServing`, once it serves. */
export interface ChildService {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Resolves with the signal or exit code once the process has ended. */
  exited: Promise<string>;
  alive: () => boolean;
}

export interface ServiceProcess extends ChildService {
  kind: 'season' | 'trade';
  label: string;
}

/**
 * Runs a TypeScript entry point in its own node process (stderr and stdout to `<label>.log` under the
 * reliability results) and resolves once a line of its stdout says where it serves: `serving(line)` returns
 * the url (and pid, when the line has it) of the first line that does. Rejects when the process ends first
 * or has not served within `timeoutMs` (then it is killed).
 */
export function spawnUntilServing(
  label: string,
  args: string[],
  serving: (line: string) => { url: string; pid?: number } | undefined,
  timeoutMs = 120_000,
): Promise<ChildService> {
  fs.mkdirSync(logDir, { recursive: true });
  const log = fs.openSync(path.join(logDir, `${label}.log`), 'a');
  const child = spawn(
    process.execPath,
    ['-r', path.join(root, 'packages/platform/test/support/ts-register.js'), ...args],
    { stdio: ['ignore', 'pipe', log] },
  );
  let ended = false;
  const exited = new Promise<string>((r) =>
    child.on('exit', (code, signal) => {
      ended = true;
      r(String(signal ?? code));
    }),
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${label} did not serve within ${timeoutMs / 1000}s (see ${logDir}/${label}.log)`));
    }, timeoutMs);
    child.stdout!.on('data', (d: Buffer) => {
      fs.writeSync(log, d);
      if (ready) return;
      out += String(d);
      const found = out
        .split('\n')
        .map(serving)
        .find((s) => s !== undefined);
      if (!found) return;
      clearTimeout(timer);
      ready = true;
      resolve({ url: found.url, pid: found.pid ?? child.pid!, child, exited, alive: () => !ended });
    });
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${how}) before serving (see ${logDir}/${label}.log)`));
    });
  });
}

/** Starts a service in its own node process (the TypeScript sources, as the season kill test does). */
export async function spawnService(
  kind: 'season' | 'trade',
  env: NodeJS.ProcessEnv,
  label: string,
  timeoutMs = 120_000,
): Promise<ServiceProcess> {
  const started = await spawnUntilServing(
    label,
    [path.join(__dirname, 'service-child.ts'), kind, JSON.stringify(env)],
    (line) => (line.startsWith('READY ') ? (JSON.parse(line.slice(6)) as { url: string; pid: number }) : undefined),
    timeoutMs,
  );
  return { kind, label, ...started };
}

/** Stops a service process: SIGTERM (a clean stop), SIGKILL if it has not ended within 15 s. */
export async function stopService(p: ServiceProcess | undefined): Promise<void> {
  if (!p || !p.alive()) return;
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 15_000);
  await p.exited;
  clearTimeout(timer);
}

export interface Player {
  id: number;
  username: string;
  token: string;
}

/**
 * Season and trade, each in one or more processes on the same databases, consumer groups, Redis prefix and
 * topics (what k8s runs as replicas), and a test-side view of both databases for the checks.
 */
export class Cluster {
  seasons: ServiceProcess[] = [];
  trades: ServiceProcess[] = [];
  seasonDb!: Connection;
  tradeDb!: Connection;
  stash!: ReturnType<typeof stashModels>;
  trade!: ReturnType<typeof tradeModels>;
  private constructor(
    readonly name: string,
    /**
     * Every topic of a cluster carries its own prefix (config KAFKA_TOPIC_PREFIX): its events never mix with
     * another run's or the demo site's, its new consumer groups have no history to skip (pointing a group
     * past the shared topics' history costs seconds per topic), and the topics are deleted at the end.
     */
    readonly prefix: string,
    readonly identity: TestIdentity,
    readonly seasonEnv: NodeJS.ProcessEnv,
    readonly tradeEnv: NodeJS.ProcessEnv,
  ) {}

  static async start(name: string, replicas = { season: 1, trade: 1 }): Promise<Cluster> {
    const identity = await startTestIdentity();
    const id = randomUUID().slice(0, 8);
    const common = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      JWKS_URL: identity.jwksUrl,
      KAFKA_TOPIC_PREFIX: `reliability-${id}.`,
    };
    const seasonEnv = {
      ...common,
      MONGO_DB: `test-reliability-season-${id}`,
      SEASON_CONSUMER_GROUP: `reliability-season-${id}`,
    };
    const tradeEnv = {
      ...common,
      MONGO_DB: `test-reliability-trade-${id}`,
      TRADE_CONSUMER_GROUP: `reliability-trade-${id}`,
      TRADE_INDEX_RESYNC_MS: '0',
    };
    const c = new Cluster(name, common.KAFKA_TOPIC_PREFIX, identity, seasonEnv, tradeEnv);
    c.seasonDb = await connectMongo(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017', seasonEnv.MONGO_DB);
    c.tradeDb = await connectMongo(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017', tradeEnv.MONGO_DB);
    c.stash = stashModels(c.seasonDb);
    c.trade = tradeModels(c.tradeDb);
    for (let i = 0; i < replicas.season; i += 1) await c.spawn('season', i);
    await seedDemo(c.seasonDb, { season7StartsNow: true, participantsPerLadder: 0 });
    for (let i = 0; i < replicas.trade; i += 1) await c.spawn('trade', i);
    return c;
  }

  /** A topic's name on the broker. */
  wire(topic: string): string {
    return `${this.prefix}${topic}`;
  }

  /** The saga's three topics on the broker: requested, completed, failed. */
  get sagaTopics(): string[] {
    return SAGA.map((d) => this.wire(d.topic));
  }

  /** Starts (or, after a kill, starts again) replica `i` of a service. */
  async spawn(kind: 'season' | 'trade', i: number): Promise<ServiceProcess> {
    const p = await spawnService(
      kind,
      kind === 'season' ? this.seasonEnv : this.tradeEnv,
      `${this.name}-${kind}-${i}-${Date.now()}`,
    );
    (kind === 'season' ? this.seasons : this.trades)[i] = p;
    return p;
  }

  token(username: string): Promise<string> {
    return this.identity.token({ username });
  }

  /**
   * A new user joined to Season 7 SC Trade (through season replica `via`), with the given items uploaded to
   * the cloud stash; resolves once trade has read the participant, its items and its balances.
   */
  async player(prefix: string, items: LauncherItem[], via = 0): Promise<Player> {
    const username = unique(prefix);
    const token = await this.token(username);
    const base = this.seasons[via % this.seasons.length]!.url;
    const joined = await http(base, 'POST', `/season/add-participant/${SEASON_ID}`, { token });
    if (joined.status !== 200) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
    const id = joined.body.seasonParticipantId as number;
    const up = await http(base, 'POST', `/season/participant/${id}/stash?branch=prod`, { token, body: items });
    if (up.status !== 200) throw new Error(`stash upload: ${up.status} ${JSON.stringify(up.body)}`);
    return { id, username, token };
  }

  /** Waits until trade's read models hold these participants, every live item of theirs and their balances. */
  async tradeKnows(players: Player[], timeoutMs = 120_000): Promise<void> {
    const ids = players.map((p) => p.id);
    const items = await this.stash.StashItem.find({ seasonParticipantId: { $in: ids }, gone: false }, { _id: 1 })
      .lean<Array<{ _id: number }>>()
      .exec();
    const wallets = await this.stash.Stash.find({ _id: { $in: ids } }, { _id: 1 })
      .lean<Array<{ _id: number }>>()
      .exec();
    await until(
      `trade reads ${ids.length} participants, ${items.length} items and ${wallets.length} balances`,
      async () =>
        (await this.trade.Participant.countDocuments({ _id: { $in: ids } })) === ids.length &&
        (await this.trade.StashItem.countDocuments({ _id: { $in: items.map((i) => i._id) } })) === items.length &&
        (await this.trade.Currency.countDocuments({ _id: { $in: wallets.map((w) => w._id) } })) === wallets.length,
      timeoutMs,
    );
  }

  /** The live stash items of some participants, straight from season's store. */
  itemsOf(ids: number[]) {
    return this.stash.StashItem.find({ seasonParticipantId: { $in: ids }, gone: false }, { outbox: 0 })
      .lean<Array<{ _id: number; seasonParticipantId: number; stackCount: number; item: LauncherItem }>>()
      .exec();
  }

  /** The conserved quantities over some stashes: per record the summed stack counts, per currency the balance. */
  async totals(ids: number[]): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const i of await this.itemsOf(ids)) out[i.item.name] = (out[i.item.name] ?? 0) + i.stackCount;
    const wallets = await this.stash.Stash.find({ _id: { $in: ids } })
      .lean<Array<{ balances: Record<string, number> }>>()
      .exec();
    for (const w of wallets)
      for (const c of CURRENCY_NAMES) if (w.balances?.[c]) out[c] = (out[c] ?? 0) + w.balances[c]!;
    return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
  }

  /** One currency's balance of each of some participants (one read). */
  async balances(ids: number[], currency = 'Scrap'): Promise<Map<number, number>> {
    const wallets = await this.stash.Stash.find({ _id: { $in: ids } })
      .lean<Array<{ _id: number; balances: Record<string, number> }>>()
      .exec();
    return new Map(ids.map((id) => [id, wallets.find((w) => w._id === id)?.balances?.[currency] ?? 0]));
  }

  async balance(id: number, currency = 'Scrap'): Promise<number> {
    const w = await this.stash.Stash.findById(id).lean<{ balances: Record<string, number> }>().exec();
    return w?.balances?.[currency] ?? 0;
  }

  /** Lists a seller's one item for `price` Scrap through trade replica `via`; returns the listing id. */
  async list(seller: Player, price = 10, via = 0): Promise<{ listingId: number; itemId: number }> {
    const [own] = await this.itemsOf([seller.id]);
    if (!own) throw new Error(`${seller.username} has no item to list`);
    const res = await http(
      this.trades[via % this.trades.length]!.url,
      'POST',
      `/trade/participant/${seller.id}/list-trade?branch=prod`,
      {
        token: seller.token,
        body: {
          participantItemId: own._id,
          count: 1,
          askingCurrency: 'Scrap',
          askingPrice: price,
          sellerComment: null,
        },
      },
    );
    if (res.status !== 200) throw new Error(`list: ${res.status} ${JSON.stringify(res.body)}`);
    return { listingId: res.body.tradeListingId as number, itemId: own._id };
  }

  buyout(buyer: Player, listingId: number, via = 0, timeoutMs = 20_000): Promise<Reply> {
    return http(
      this.trades[via % this.trades.length]!.url,
      'POST',
      `/trade/participant/${buyer.id}/buyout?branch=prod`,
      { token: buyer.token, body: { tradeListingId: listingId }, timeoutMs },
    );
  }

  /** Trade's listings by id: state, why closed, and the settlement (its id and buyer). */
  listings(ids: number[]) {
    return this.trade.Listing.find({ _id: { $in: ids } }, { outbox: 0, appliedEvents: 0 })
      .lean<
        Array<{
          _id: number;
          state: string;
          closedReason: string | null;
          settlement: { settlementId: string; buyerParticipantId: number } | null;
        }>
      >()
      .exec();
  }

  /** Season's settlement records by state. */
  async settlementStates(): Promise<Record<string, number>> {
    const docs = await this.stash.Settlement.find({}, { state: 1 }).lean<Array<{ state: string }>>().exec();
    const out: Record<string, number> = {};
    for (const d of docs) out[d.state] = (out[d.state] ?? 0) + 1;
    return out;
  }

  /** Every process answers /ready with 200 (each engine reachable from it); else throws naming who does not. */
  async allReady(): Promise<boolean> {
    const procs = [...this.seasons, ...this.trades];
    const replies = await Promise.all(procs.map((p) => http(p.url, 'GET', '/ready', { timeoutMs: 10_000 })));
    const not = replies.flatMap((r, i) =>
      r.status === 200 ? [] : [`${procs[i]!.label}: ${r.status} ${JSON.stringify(r.body)}`],
    );
    if (not.length) throw new Error(`not ready: ${not.join('; ')}`);
    return true;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.seasons, ...this.trades].map((p) => stopService(p)));
    await this.seasonDb?.dropDatabase().catch(() => undefined);
    await this.tradeDb?.dropDatabase().catch(() => undefined);
    await this.seasonDb?.close().catch(() => undefined);
    await this.tradeDb?.close().catch(() => undefined);
    await this.identity.close();
    await deletePrefixedTopics(this.prefix);
  }
}
