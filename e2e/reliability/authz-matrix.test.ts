import { randomUUID } from 'node:crypto';
import { fill, MATRIX, operationKey, type Access, type Entry, type Ids } from './authz-matrix';
import { getJson, messageOf, participations, send, show, tokenOf, type Answer } from './support';

/**
 * The authorisation matrix against the live site: every operation of the BFF (the merged OpenAPI
 * document plus the BFF's own launcher routes) has an entry in authz-matrix.ts, and each is refused as
 * its class says: admin → 401 anonymous, 403 for a player; user/owner → 401 anonymous; owner → 403 for
 * another player (player2 on player1's participant, stash item, listing, build, screenshot, saved
 * search). Refusals carry `{ message }`; the writes the wrong caller tried changed nothing.
 */

jest.setTimeout(300_000);

/*
 * The BFF's own sources, compiled by swc like this file. Required rather than imported so that e2e's
 * type check (DOM lib) does not take in the BFF's program, which its own tsconfig checks.
 */
type Mount = (app: unknown, ...rest: unknown[]) => unknown;
/* eslint-disable @typescript-eslint/no-require-imports */
const { resolveRoute } = require('../../bff/src/proxy/route-table') as {
  resolveRoute(path: string): { service: string } | undefined;
};
const { mountLauncherRoutes } = require('../../bff/src/launcher/routes') as { mountLauncherRoutes: Mount };
const { mountRefreshCookie } = require('../../bff/src/security/refresh-cookie') as { mountRefreshCookie: Mount };
const { mountSeasonProfile } = require('../../bff/src/compose/season-profile') as { mountSeasonProfile: Mount };
const { mountSiteConfig } = require('../../bff/src/site-config') as { mountSiteConfig: Mount };
/* eslint-enable @typescript-eslint/no-require-imports */

type DocOperation = {
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, { description?: string }>;
};
interface OpenApiDocument {
  info: { description: string };
  paths: Record<string, Record<string, DocOperation>>;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The routes the BFF answers itself, read by mounting them on a recorder (no server is started). */
function bffOwnOperations(): string[] {
  const seen: string[] = [];
  const recorder = new Proxy({} as Record<string, unknown>, {
    get: (_t, prop: string) =>
      HTTP_METHODS.includes(prop)
        ? (path: unknown) => {
            if (typeof path === 'string') seen.push(operationKey(prop, path));
          }
        : () => undefined,
  });
  const logger = { info() {}, warn() {}, error() {}, debug() {} } as never;
  const url = 'http://127.0.0.1:1';
  mountSiteConfig(recorder, {});
  mountLauncherRoutes(recorder, { account: url, season: url, trade: url, files: url, chat: url }, logger);
  mountRefreshCookie(recorder, { accountUrl: url, maxAgeDays: 1, logger });
  mountSeasonProfile(recorder, { seasonUrl: url, accountUrl: url, logger });
  return [...new Set(seen)];
}

/** Every value of a numeric field anywhere in a JSON answer, in document order. */
function allNumbers(value: unknown, key: string, out: number[] = []): number[] {
  if (Array.isArray(value)) for (const v of value) allNumbers(v, key, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o[key] === 'number') out.push(o[key]);
    for (const v of Object.values(o)) if (v && typeof v === 'object') allNumbers(v, key, out);
  }
  return out;
}

/** First value of a numeric field anywhere in a JSON answer (page wrappers differ per route). */
function findNumber(value: unknown, key: string, where?: (o: Record<string, unknown>) => boolean): number | undefined {
  if (Array.isArray(value)) {
    for (const v of value) {
      const n = findNumber(v, key, where);
      if (n !== undefined) return n;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o[key] === 'number' && (!where || where(o))) return o[key];
    for (const v of Object.values(o)) {
      const n = findNumber(v, key, where);
      if (n !== undefined) return n;
    }
  }
  return undefined;
}

const RUN = randomUUID().slice(0, 8);
const BUILD_URL = `https://www.grimtools.com/calc/e2e-authz-${RUN}`;
const SHOT_URL = `https://i.imgur.com/e2eAuthz${RUN}.png`;
const SEARCH_NAME = `e2e-authz-${RUN}`;
/** Every run's resources are recognisable, so one that stopped half-way is cleaned up by the next. */
const MADE_BY_A_RUN = /e2e-authz-|e2eAuthz/;
let p1Owned: number | undefined;

/** Deletes player1's builds, screenshots, saved searches and listings that a run of this test made. */
async function removeRunResources(): Promise<void> {
  const p = p1Owned!;
  const token = await tokenOf('player1');
  const ours = (list: unknown, field: string) =>
    (Array.isArray(list) ? (list as Array<Record<string, unknown>>) : []).filter((o) =>
      MADE_BY_A_RUN.test(String(o[field])),
    );
  const [builds, shots, searches, listings] = await Promise.all([
    getJson(`/season/participant/${p}/builds`, token),
    getJson(`/season/participant/${p}/screenshots`, token),
    getJson(`/trade/participant/${p}/saved-searches?branch=prod`, token),
    getJson(`/trade/participant/${p}/trade-listings?branch=prod`, token),
  ]);
  await Promise.all([
    ...ours(listings, 'sellerComment').map((l) =>
      send(`/trade/participant/${p}/trade-listing/${String(l.tradeListingId)}?branch=prod`, {
        method: 'DELETE',
        token,
      }),
    ),
    ...ours(builds, 'buildUrl').map((b) =>
      send(`/season/build/${String(b.participantCharacterBuildId)}`, { method: 'DELETE', token }),
    ),
    ...ours(shots, 'screenshotUrl').map((s) =>
      send(`/season/screenshot/${String(s.participantScreenshotId)}`, { method: 'DELETE', token }),
    ),
    ...ours(searches, 'name').map((s) =>
      send(`/trade/participant/${p}/saved-searches/${String(s.savedSearchId)}?branch=prod`, {
        method: 'DELETE',
        token,
      }),
    ),
  ]);
}

let doc: OpenApiDocument;
let docOps: string[];
let ownOps: string[];
let ids: Ids;
let admin: string;
let owner: string; // player1
let other: string; // player2
let before: Record<string, unknown>;

/** What the wrong callers tried to change, read by the rightful owner and the admin. */
async function snapshot(): Promise<Record<string, unknown>> {
  const p = ids.p1;
  const [stash, builds, shots, listings, searches, ignored, socials, item, banned, roles] = await Promise.all([
    getJson<{ itemCount: number }>(`/season/participant/${p}/stash?branch=prod&page=1&pageSize=10`, owner),
    getJson(`/season/participant/${p}/builds`, owner),
    getJson(`/season/participant/${p}/screenshots`, owner),
    getJson(`/trade/participant/${p}/trade-listings?branch=prod`, owner),
    getJson(`/trade/participant/${p}/saved-searches?branch=prod`, owner),
    getJson(`/trade/participant/${p}/ignored?branch=prod`, owner),
    getJson('/user/player1/socials'),
    getJson(`/season/item/${ids.catalogueItem}`),
    getJson('/chat/banned-users', admin),
    getJson('/user/player1/roles', owner),
  ]);
  return { stashItems: stash.itemCount, builds, shots, listings, searches, ignored, socials, item, banned, roles };
}

beforeAll(async () => {
  const res = await send('/openapi.json');
  expect(res.status).toBe(200);
  doc = res.json as OpenApiDocument;
  // A service that did not answer is left out of the document: the matrix would pass on half of it.
  expect(doc.info.description).not.toMatch(/Not included right now/);
  docOps = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => HTTP_METHODS.includes(m))
      .map((m) => operationKey(m, path)),
  );
  ownOps = bffOwnOperations().filter((op) => !docOps.includes(op));

  [admin, owner, other] = await Promise.all([tokenOf('admin'), tokenOf('player1'), tokenOf('player2')]);
  const [mine, theirs] = await Promise.all([participations(owner), participations(other)]);
  const shared = mine.find((m) => theirs.some((t) => t.seasonId === m.seasonId));
  if (!shared) throw new Error('player1 and player2 share no season in the demo league');
  const p1 = shared.seasonParticipantId;
  const p2 = theirs.find((t) => t.seasonId === shared.seasonId)!.seasonParticipantId;

  // Resources of player1 for the owner checks, made for this run (the demo has none); what an earlier run
  // that stopped half-way left behind goes first.
  p1Owned = p1;
  await removeRunResources();
  const created = await Promise.all([
    send('/season/build', {
      method: 'POST',
      token: owner,
      json: { participantCharacterBuildId: 0, seasonParticipantId: p1, buildClass: 'Commando', buildUrl: BUILD_URL },
    }),
    send('/season/screenshot', {
      method: 'POST',
      token: owner,
      json: { participantScreenshotId: 0, seasonParticipantId: p1, screenshotUrl: SHOT_URL },
    }),
    send(`/trade/participant/${p1}/saved-searches?branch=prod`, {
      method: 'POST',
      token: owner,
      json: { name: SEARCH_NAME },
    }),
  ]);
  for (const c of created) if (c.status >= 300) throw new Error(`setting up player1's resources: ${show(c)}`);
  // A listing of player1's own (other runs and journeys sell the demo's): the first stash item that lists.
  const page = await getJson<unknown>(`/season/participant/${p1}/stash?branch=prod&page=1&pageSize=50`, owner);
  for (const itemId of allNumbers(page, 'participantItemId')) {
    const listed = await send(`/trade/participant/${p1}/list-trade?branch=prod`, {
      method: 'POST',
      token: owner,
      json: {
        participantItemId: itemId,
        count: 1,
        askingCurrency: 'Iron Bar',
        askingPrice: 99_999,
        sellerComment: SEARCH_NAME,
      },
    });
    if (listed.status === 200) break;
  }

  const [stash, listings, builds, shots, searches, items] = await Promise.all([
    getJson(`/season/participant/${p1}/stash?branch=prod&page=1&pageSize=10`, owner),
    getJson(`/trade/participant/${p1}/trade-listings?branch=prod`, owner),
    getJson(`/season/participant/${p1}/builds`, owner),
    getJson(`/season/participant/${p1}/screenshots`, owner),
    getJson(`/trade/participant/${p1}/saved-searches?branch=prod`, owner),
    getJson('/season/items'),
  ]);
  const need = (n: number | undefined, what: string) => {
    if (n === undefined) throw new Error(`the demo league has no ${what}`);
    return n;
  };
  ids = {
    p1,
    p2,
    season: shared.seasonId,
    item: need(findNumber(stash, 'participantItemId'), "stash item of player1's"),
    listing: need(
      findNumber(listings, 'tradeListingId', (o) => o.sellerComment === SEARCH_NAME) ??
        findNumber(listings, 'tradeListingId'),
      'trade listing of player1',
    ),
    build: need(
      findNumber(builds, 'participantCharacterBuildId', (o) => o.buildUrl === BUILD_URL),
      'build just made',
    ),
    shot: need(
      findNumber(shots, 'participantScreenshotId', (o) => o.screenshotUrl === SHOT_URL),
      'screenshot just made',
    ),
    search: need(
      findNumber(searches, 'savedSearchId', (o) => o.name === SEARCH_NAME),
      'saved search just made',
    ),
    catalogueItem: need(findNumber(items, 'itemId'), 'catalogue item'),
    uuid: randomUUID(),
    ticket: 'f'.repeat(64),
  };
  before = await snapshot();
});

afterAll(async () => {
  // player1's run resources go again (the owner may: the matrix shows the others may not).
  if (p1Owned) await removeRunResources();
});

const counts = () => {
  const by: Record<Access, number> = { public: 0, user: 0, owner: 0, admin: 0 };
  for (const e of Object.values(MATRIX)) by[e.access] += 1;
  return by;
};

describe('the authorisation matrix', () => {
  it('when the BFF serves an operation, then the matrix has an entry for it, and every entry is an operation', () => {
    const all = [...docOps, ...ownOps];
    const missing = all.filter((op) => !(op in MATRIX));
    const stale = Object.keys(MATRIX).filter((op) => !all.includes(op));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    const by = counts();
    console.log(
      `authz matrix: ${all.length} operations (${docOps.length} in the merged OpenAPI document, ` +
        `${ownOps.length} BFF launcher/own routes): public ${by.public}, user ${by.user}, owner ${by.owner}, admin ${by.admin}`,
    );
  });

  it("when a documented path is looked up in the BFF's route table, then it resolves to a service", () => {
    const unresolved = Object.keys(doc.paths).filter((p) => !resolveRoute(p));
    expect(unresolved).toEqual([]);
    // The launcher's own routes sit under prefixes the table also owns (their raw files go through it).
    expect(ownOps.filter((op) => op !== 'GET /site-config' && !resolveRoute(op.split(' ')[1]!))).toEqual([]);
  });

  it("when the matrix says public or admin, then the document's security agrees (or the entry says why not)", () => {
    const disagree: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const key = operationKey(method, path);
        const entry = MATRIX[key];
        if (!entry || entry.docDiffers) continue;
        const security = op.security ?? [];
        const docPublic = security.length === 0 || security.some((s) => Object.keys(s).length === 0);
        const docAdmin = /admin role/.test(op.responses?.['403']?.description ?? '');
        if ((entry.access === 'public') !== docPublic)
          disagree.push(`${key}: matrix ${entry.access}, document public=${docPublic}`);
        if ((entry.access === 'admin') !== docAdmin)
          disagree.push(`${key}: matrix ${entry.access}, document admin=${docAdmin}`);
      }
    }
    expect(disagree).toEqual([]);
  });
});

/** Sends the entry's request as `token` (undefined = anonymous). */
function request(key: string, entry: Entry, token: string | undefined): Promise<Answer> {
  const [method, opPath] = key.split(' ') as [string, string];
  const route = fill(entry.path ?? opPath, ids);
  if (/\{\w+\}/.test(route)) throw new Error(`${key}: the entry needs a path for ${route}`);
  const upload = entry.upload?.();
  const json = entry.body?.(ids) ?? (upload || method === 'GET' || method === 'DELETE' ? undefined : {});
  return send(route, { method, token, json, raw: upload });
}

const expectRefused = (a: Answer, status: number, who: string) => {
  if (a.status !== status || !messageOf(a) || !a.contentType.includes('application/json'))
    throw new Error(`${who}: expected ${status} with a JSON { message }, got ${show(a)}`);
};
const expectAllowed = (a: Answer, who: string, also: number[] = []) => {
  if (a.status === 401 || a.status === 403 || (a.status >= 500 && !also.includes(a.status)))
    throw new Error(`${who}: expected to pass the authorisation check, got ${show(a)}`);
  if (a.status >= 400 && !messageOf(a)) throw new Error(`${who}: a refusal without { message }: ${show(a)}`);
};

describe.each(Object.entries(MATRIX))('%s', (key, entry) => {
  const probe = entry.probe ?? key.startsWith('GET ');
  if (entry.access === 'public') {
    it('when an anonymous caller asks, then it is not refused for who it is', async () => {
      expectAllowed(await request(key, entry, undefined), 'anonymous', entry.probeAlso);
    });
    return;
  }
  it('when an anonymous caller asks, then 401 { message }', async () => {
    expectRefused(await request(key, entry, undefined), 401, 'anonymous');
  });
  if (entry.access === 'admin') {
    it('when a player asks, then 403 { message }', async () => {
      expectRefused(await request(key, entry, owner), 403, 'player1');
    });
  }
  if (entry.access === 'owner') {
    it("when another player asks for player1's resource, then 403 { message }", async () => {
      expectRefused(await request(key, entry, other), entry.other ?? 403, 'player2');
    });
  }
  if (probe) {
    const who = entry.access === 'admin' ? 'admin' : 'player1';
    it(`when ${who} (allowed) asks, then it passes the authorisation check`, async () => {
      expectAllowed(await request(key, entry, who === 'admin' ? admin : owner), who, entry.probeAlso);
    });
  }
});

describe('after the refused writes', () => {
  it('when player1 and the admin read back what the others tried to change, then nothing changed', async () => {
    expect(await snapshot()).toEqual(before);
  });
});
