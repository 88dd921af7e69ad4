import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { plainLauncherItem, type LauncherItem } from '@league/contracts';

/**
 * The read-your-writes suite's clients: a browser (cookie jar with XSRF-TOKEN and the BFF's consistency
 * cookie, the anti-forgery header on writes, a bearer token as the frontend sends) and the launcher (a bearer
 * token, no cookies, the answer's X-Consistency sent back as the game client does), each from an address of
 * its own (X-Forwarded-For, as nginx passes it on), plus the background load and the metrics reader.
 */

export const SEASON_ID = 18;
const R = 'records/items/';
export const SWORD = `${R}gearweapons/swords1h/a06_sword01.dbr`;
export const RING = `${R}gearaccessories/rings/d009_ring.dbr`;
export const SCRAP = `${R}questitems/scrapmetal.dbr`;

/** A launcher item with a random seed (never a suspected duplicate of another). */
export const item = (name: string, stackCount = 1): LauncherItem =>
  plainLauncherItem(name, { itemSeed: randomInt(1, 0xfffffff), stackCount });

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  ms: number;
}

let addresses = 0;
/** A client address of TEST-NET-3 / benchmark space, one per client. */
const nextAddress = () => {
  addresses += 1;
  return `198.18.${(addresses >> 8) & 255}.${addresses & 255}`;
};

export class Client {
  private readonly jar = new Map<string, string>();
  /** The launcher's echoed token. */
  consistency: string | undefined;
  readonly address = nextAddress();
  pid = 0;

  constructor(
    readonly base: string,
    readonly kind: 'browser' | 'launcher',
    readonly token: string,
    readonly username: string,
  ) {}

  /** The BFF's consistency cookie as the browser holds it. */
  get cookieToken(): string | undefined {
    return this.jar.get('consistency');
  }

  /**
   * One request. A 409 `busy` ("try again in a moment": a record's lock held too long on the loaded machine)
   * is asked again, as a player would, and counted.
   */
  async call(
    method: string,
    route: string,
    opts: { json?: unknown; raw?: { data: Buffer; contentType: string }; token?: string; timeoutMs?: number } = {},
  ): Promise<Answer> {
    let a = await this.once(method, route, opts);
    for (let i = 0; i < 5 && a.status === 409 && (a.body as { code?: string })?.code === 'busy'; i += 1) {
      Client.busyRetries += 1;
      await new Promise((r) => setTimeout(r, 200 * (i + 1)));
      a = await this.once(method, route, opts);
    }
    return a;
  }

  private async once(
    method: string,
    route: string,
    opts: { json?: unknown; raw?: { data: Buffer; contentType: string }; token?: string; timeoutMs?: number } = {},
  ): Promise<Answer> {
    // The page a browser opens the site on hands it the anti-forgery token.
    if (this.kind === 'browser' && method !== 'GET' && !this.jar.has('XSRF-TOKEN')) await this.call('GET', '/');
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.token}`,
      'x-forwarded-for': this.address,
    };
    if (this.kind === 'browser') {
      if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      if (method !== 'GET') headers['x-xsrf-token'] = this.jar.get('XSRF-TOKEN') ?? '';
    } else if (this.consistency) headers['x-consistency'] = this.consistency;
    // A reader handed someone else's token (the searcher of the list/edit/delete pair).
    if (opts.token) headers['x-consistency'] = opts.token;
    let body: Buffer | string | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.raw) {
      headers['content-type'] = opts.raw.contentType;
      body = opts.raw.data;
    }
    const started = Date.now();
    const res = await fetch(`${this.base}${route}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    const ms = Date.now() - started;
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (attrs.some((a) => /^\s*max-age=0$/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    if (this.kind === 'launcher') this.consistency = res.headers.get('x-consistency') ?? this.consistency;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* text */
    }
    return { status: res.status, body: parsed, ms };
  }

  /** How many answers were 409 `busy` (a record's lock held too long under load) and were asked again. */
  static busyRetries = 0;

  /**
   * The answer, or a throw naming the call (setup steps and writes that must succeed). A 409 `busy` ("try
   * again in a moment": a lock held too long on the loaded machine) is asked again, as a player would.
   */
  async ok(method: string, route: string, opts: Parameters<Client['call']>[2] = {}): Promise<Answer> {
    const a = await this.call(method, route, opts);
    if (a.status < 200 || a.status >= 300)
      throw new Error(`${this.username}: ${method} ${route} → ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
    return a;
  }
}

/** The stale reads of one pair: every check counted, every failed one described. */
export class Tally {
  cycles = 0;
  reads = 0;
  readonly stale: string[] = [];
  readonly started = Date.now();
  /** The services' waits while this pair ran, per app and kind (set by the suite when it measures). */
  waits?: Record<string, unknown>;
  constructor(readonly pair: string) {}

  check(ok: boolean, what: () => string): void {
    this.reads += 1;
    if (!ok) this.stale.push(what());
  }

  summary() {
    return {
      pair: this.pair,
      cycles: this.cycles,
      reads: this.reads,
      stale: this.stale.length,
      seconds: Math.round((Date.now() - this.started) / 100) / 10,
      examples: this.stale.slice(0, 5),
      ...(this.waits ? { waits: this.waits } : {}),
    };
  }
}

/** Runs `lanes` loops that together make `cycles` cycles (cycle numbers 0…cycles−1). */
export async function lanes(
  count: number,
  cycles: number,
  run: (lane: number, cycle: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: count }, async (_, lane) => {
      for (;;) {
        const cycle = next++;
        if (cycle >= cycles) return;
        await run(lane, cycle);
      }
    }),
  );
}

/** An empty frontend build for the BFF of a test site (the suite reads only the API). */
export function emptyFrontend(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ryw-frontend-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Grim League</title>');
  return dir;
}

/**
 * Background traffic at `rate` requests a second, open loop (request n leaves at n / rate, at most 400 in
 * flight), from 64 addresses: public reads (ladder, seasons, files) and signed-in reads (stash, trade search,
 * notifications, profile) of a few players.
 */
export function backgroundLoad(base: string, rate: number, players: Array<{ token: string; pid: number }>) {
  const stats = {
    sent: 0,
    ok: 0,
    failed: 0,
    skipped: 0,
    statuses: {} as Record<string, number>,
    latencies: [] as number[],
  };
  const routes = [
    () => ({ route: `/api/season/${SEASON_ID}/leaderboard` }),
    () => ({ route: '/api/season/latest?branch=prod&includeChallenges=false' }),
    () => ({ route: `/api/season/${SEASON_ID}` }),
    () => ({ route: '/api/file/filenames?v=v1&branch=prod' }),
    () => {
      const p = players[randomInt(players.length)]!;
      return { route: `/api/season/participant/${p.pid}/stash?pageSize=20&branch=prod`, token: p.token };
    },
    () => {
      const p = players[randomInt(players.length)]!;
      return { route: `/api/trade/trade-search?seasonParticipantId=${p.pid}&branch=prod`, token: p.token };
    },
    () => {
      const p = players[randomInt(players.length)]!;
      return { route: `/api/trade/participant/${p.pid}/trade-notifications?branch=prod`, token: p.token };
    },
    () => {
      const p = players[randomInt(players.length)]!;
      return { route: '/api/season/profile?branch=prod', token: p.token };
    },
  ];
  let inFlight = 0;
  let stopped = false;
  const t0 = Date.now();
  const fire = () => {
    if (inFlight >= 400) {
      stats.skipped += 1;
      return;
    }
    const { route, token } = routes[stats.sent % routes.length]!() as { route: string; token?: string };
    stats.sent += 1;
    inFlight += 1;
    const started = Date.now();
    fetch(`${base}${route}`, {
      headers: {
        'x-forwarded-for': `198.51.100.${1 + (stats.sent % 64)}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      signal: AbortSignal.timeout(15_000),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        stats.statuses[res.status] = (stats.statuses[res.status] ?? 0) + 1;
        if (res.ok) stats.ok += 1;
        else stats.failed += 1;
        stats.latencies.push(Date.now() - started);
      })
      .catch(() => {
        stats.failed += 1;
        stats.statuses.network = (stats.statuses.network ?? 0) + 1;
      })
      .finally(() => {
        inFlight -= 1;
      });
  };
  const timer = setInterval(() => {
    if (stopped) return;
    const due = Math.floor(((Date.now() - t0) / 1000) * rate);
    while (stats.sent + stats.skipped < due) fire();
  }, 10);
  return {
    stats,
    async stop() {
      stopped = true;
      clearInterval(timer);
      const deadline = Date.now() + 20_000;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const seconds = (Date.now() - t0) / 1000;
      const sorted = [...stats.latencies].sort((a, b) => a - b);
      return {
        sent: stats.sent,
        ok: stats.ok,
        failed: stats.failed,
        skipped: stats.skipped,
        statuses: stats.statuses,
        ratePerSecond: Math.round(stats.sent / seconds),
        p95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      };
    },
  };
}

/** Sums `consistency_wait_seconds` buckets over several /metrics pages, per kind (reads, writes, catch-ups, publishing). */
export async function consistencyWaits(metricsUrls: string[]) {
  return summarize(histogramOf(await fetchPages(metricsUrls), 'consistency_wait_seconds', waitKey));
}

/** Sums `kafka_event_seconds` over several /metrics pages, per consumer group and stage (`group stage`). */
export async function eventStages(metricsUrls: string[]) {
  return summarize(histogramOf(await fetchPages(metricsUrls), 'kafka_event_seconds', eventKey));
}

/** Sums `lock_wait_seconds` (the platform lock's waits) over several /metrics pages, per app and lock name. */
export async function lockWaits(metricsUrls: string[]) {
  return summarize(histogramOf(await fetchPages(metricsUrls), 'lock_wait_seconds', lockKey));
}

const waitKey = (labels: Record<string, string>) => labels.kind!;
const lockKey = (labels: Record<string, string>) => `${labels.service} ${labels.lock}`;
const eventKey = (labels: Record<string, string>) => `${labels.group} ${labels.stage}`;

/**
 * The waits of one stretch of the run (a pair's cycles), per app: called before it, the function it answers,
 * called after it, gives each app's waits of that stretch alone (its histograms less those before), under
 * `locks` the platform lock's waits per app and lock name, and under `events` each consumer group's stages.
 * Each /metrics page is read once per snapshot.
 */
export async function waitsFrom(metricsOfApp: Map<string, string[]>) {
  const take = async () => {
    const pages = new Map(
      await Promise.all([...metricsOfApp].map(async ([app, urls]) => [app, await fetchPages(urls)] as const)),
    );
    const all = [...pages.values()].flat();
    return {
      waits: new Map([...pages].map(([app, p]) => [app, histogramOf(p, 'consistency_wait_seconds', waitKey)])),
      locks: histogramOf(all, 'lock_wait_seconds', lockKey),
      events: histogramOf(all, 'kafka_event_seconds', eventKey),
    };
  };
  const before = await take();
  return async () => {
    const after = await take();
    return {
      ...Object.fromEntries([...after.waits].map(([app, h]) => [app, summarize(subtract(h, before.waits.get(app)))])),
      locks: summarize(subtract(after.locks, before.locks)),
      events: summarize(subtract(after.events, before.events)),
    };
  };
}

/** One histogram summed over several pages: cumulative bucket counts, and count, sum and timeouts, per key. */
interface Histogram {
  buckets: Map<string, Map<number, number>>;
  counts: Map<string, { count: number; sum: number; timeouts: number }>;
}

/** The text of each /metrics page (an unreachable one is left out). */
async function fetchPages(metricsUrls: string[]): Promise<string[]> {
  const pages = await Promise.all(
    metricsUrls.map((url) =>
      fetch(url, { signal: AbortSignal.timeout(5_000) })
        .then((res) => res.text())
        .catch(() => undefined),
    ),
  );
  return pages.filter((p): p is string => p !== undefined);
}

/** One histogram summed over several /metrics pages, per the key `keyOf` gives its labels. */
function histogramOf(pages: string[], name: string, keyOf: (labels: Record<string, string>) => string): Histogram {
  const pattern = new RegExp(`^${name}_(bucket|count|sum)\\{([^}]*)\\} ([\\d.e+-]+|\\+Inf)$`);
  const buckets = new Map<string, Map<number, number>>();
  const counts = new Map<string, { count: number; sum: number; timeouts: number }>();
  for (const text of pages) {
    for (const line of text.split('\n')) {
      const m = pattern.exec(line);
      if (!m) continue;
      const labels: Record<string, string> = Object.fromEntries(
        [...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]),
      );
      const kind = keyOf(labels);
      const value = Number(m[3]);
      if (m[1] === 'bucket') {
        const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
        const b = buckets.get(kind) ?? new Map<number, number>();
        b.set(le, (b.get(le) ?? 0) + value);
        buckets.set(kind, b);
      } else {
        const c = counts.get(kind) ?? { count: 0, sum: 0, timeouts: 0 };
        if (m[1] === 'count') {
          c.count += value;
          if (labels.outcome === 'timeout') c.timeouts += value;
        } else c.sum += value;
        counts.set(kind, c);
      }
    }
  }
  return { buckets, counts };
}

/** What `after` counted since `before` (a restarted replica's counters start over: clamped at 0). */
function subtract(after: Histogram, before: Histogram | undefined): Histogram {
  if (!before) return after;
  const buckets = new Map(
    [...after.buckets].map(([kind, b]) => [
      kind,
      new Map([...b].map(([le, n]) => [le, Math.max(0, n - (before.buckets.get(kind)?.get(le) ?? 0))])),
    ]),
  );
  const counts = new Map(
    [...after.counts].map(([kind, c]) => {
      const was = before.counts.get(kind) ?? { count: 0, sum: 0, timeouts: 0 };
      return [
        kind,
        {
          count: Math.max(0, c.count - was.count),
          sum: Math.max(0, c.sum - was.sum),
          timeouts: Math.max(0, c.timeouts - was.timeouts),
        },
      ];
    }),
  );
  return { buckets, counts };
}

/** Count, mean and quantiles in ms (interpolated within buckets), and how many timed out, per key. */
function summarize({ buckets, counts }: Histogram) {
  const quantile = (kind: string, q: number) => {
    const b = [...(buckets.get(kind) ?? new Map<number, number>()).entries()].sort((x, y) => x[0] - y[0]);
    const total = b.at(-1)?.[1] ?? 0;
    if (!total) return undefined;
    const want = total * q;
    let prevLe = 0;
    let prevCount = 0;
    for (const [le, count] of b) {
      if (count >= want) {
        if (le === Infinity) return prevLe * 1000;
        const share = count === prevCount ? 1 : (want - prevCount) / (count - prevCount);
        return (prevLe + (le - prevLe) * share) * 1000;
      }
      prevLe = le;
      prevCount = count;
    }
    return prevLe * 1000;
  };
  return Object.fromEntries(
    [...counts.entries()]
      .filter(([, c]) => c.count > 0)
      .map(([kind, c]) => [
        kind,
        {
          count: c.count,
          timeouts: c.timeouts,
          meanMs: c.count ? Math.round((c.sum / c.count) * 10_000) / 10 : 0,
          p50Ms: quantile(kind, 0.5),
          p95Ms: quantile(kind, 0.95),
          p99Ms: quantile(kind, 0.99),
        },
      ]),
  );
}
