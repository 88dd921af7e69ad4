import os from 'node:os';
import SwaggerParser from '@apidevtools/swagger-parser';
import { testEnv } from '@league/platform/testing';
import type { RunningService } from '@league/platform';
import { startAccount, stopAccount } from '../../services/account/test/support/harness';
import { startChat, type ChatFixture } from '../../services/chat/test/support';
import { startHarness as startFiles, type Harness as FilesHarness } from '../../services/files/test/support/harness';
import { bootSeason, type Harness as SeasonHarness } from '../../services/season/test/support/season';
import { bootTrade, type Harness as TradeHarness } from '../../services/trade/test/support';
import { mergeDocuments } from '../src/openapi/merged-document';
import { start, type RunningBff } from '../src/server';

jest.setTimeout(180_000);

type Operation = { security?: Array<Record<string, string[]>>; responses: Record<string, unknown>; tags?: string[] };
type Doc = {
  openapi: string;
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

/** Every problem a client or fuzzer would hit: the OpenAPI 3 schema's verdict, and refs to missing components. */
async function problemsOf(doc: Doc): Promise<string[]> {
  const problems: string[] = [];
  try {
    // Validates against the OpenAPI 3 schema and resolves every $ref (a missing component throws).
    await SwaggerParser.validate(structuredClone(doc) as never);
  } catch (err) {
    problems.push((err as Error).message.slice(0, 2000));
  }
  const schemas = new Set(Object.keys(doc.components?.schemas ?? {}));
  for (const [, name] of JSON.stringify(doc).matchAll(/"#\/components\/schemas\/([^"]+)"/g))
    if (!schemas.has(name!)) problems.push(`dangling $ref ${name}`);
  return [...new Set(problems)];
}

const PUBLIC = [{ bearer: [] }, {}];
const REQUIRED = [{ bearer: [] }];

describe("every service's OpenAPI document, and the BFF's merged one", () => {
  let account: RunningService;
  let season: SeasonHarness;
  let files: FilesHarness;
  let chat: ChatFixture;
  let trade: TradeHarness;
  let bff: RunningBff;
  const docs: Record<string, Doc> = {};

  beforeAll(async () => {
    [account, season, files, chat, trade] = await Promise.all([
      startAccount(),
      bootSeason(),
      startFiles(),
      startChat(),
      bootTrade(),
    ]);
    const urls = {
      account: account.url,
      season: season.svc.url,
      files: files.svc.url,
      chat: chat.svc.url,
      trade: trade.svc.url,
    };
    for (const [name, url] of Object.entries(urls))
      docs[name] = (await (await fetch(`${url}/openapi.json`)).json()) as Doc;
    bff = await start({
      ...testEnv('bff'),
      ACCOUNT_URL: urls.account,
      SEASON_URL: urls.season,
      FILES_URL: urls.files,
      CHAT_URL: urls.chat,
      TRADE_URL: urls.trade,
      FRONTEND_DIST: os.tmpdir(),
    });
  });

  afterAll(async () => {
    await bff?.stop();
    await Promise.all([stopAccount(account), season?.stop(), files?.stop(), chat?.close(), trade?.stop()]);
  });

  it.each(['account', 'season', 'files', 'chat', 'trade'])(
    'when %s serves /openapi.json, then it validates as OpenAPI 3 and every $ref resolves',
    async (name) => {
      const doc = docs[name]!;
      expect(doc.openapi).toMatch(/^3\./);
      expect(await problemsOf(doc)).toEqual([]);
    },
  );

  it('when a route is public, optional or guarded, then its documented security says so', () => {
    const sec = (svc: string, path: string, method = 'get') => docs[svc]!.paths[path]![method]!.security;
    // Public reads answer anonymous callers: no token, or a token as an alternative (`{}`).
    for (const path of [
      '/season/items',
      '/season/monsters',
      '/season/{id}/leaderboard',
      '/season/latest',
      '/season/mod',
      '/season/{id}',
    ])
      expect({ path, security: sec('season', path) }).toEqual({ path, security: PUBLIC });
    for (const path of ['/file/filenames', '/file/preload', '/file/launcher', '/file/{name}'])
      expect({ path, security: sec('files', path) }).toEqual({ path, security: PUBLIC });
    expect(sec('season', '/season/participant/{id}/standing')).toEqual([]);
    expect(sec('account', '/account/login', 'post')).toEqual([]);
    // Guarded routes document the token and what a caller without it gets.
    expect(sec('season', '/season/build', 'post')).toEqual(REQUIRED);
    expect(docs.season!.paths['/season/build']!.post!.responses).toHaveProperty('401');
    expect(sec('files', '/file', 'post')).toEqual(REQUIRED);
    expect(docs.files!.paths['/file']!.post!.responses).toHaveProperty('403');
  });

  it('when an optional integration may be unconfigured, then its 503 is documented', () => {
    const patreon = docs.account!.paths['/account/patreon-authorize-url']!.get!;
    expect(patreon.responses).toHaveProperty('503');
  });

  it('when /api/openapi.json is asked of the BFF, then it is one valid document of the public paths under /api', async () => {
    const res = await fetch(`${bff.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const merged = (await res.json()) as Doc;
    expect(await problemsOf(merged)).toEqual([]);
    expect(merged.servers).toEqual([{ url: '/api' }]);
    const paths = Object.keys(merged.paths);
    for (const p of ['/season/items', '/file/filenames', '/account/login', '/chat/url', '/admin/time'])
      expect(paths).toContain(p);
    // The JWKS is the account service's own business, not routed by the BFF.
    expect(paths).not.toContain('/.well-known/jwks.json');
    const own = Object.values(docs).reduce(
      (n, d) => n + Object.keys(d.paths).filter((p) => p !== '/.well-known/jwks.json').length,
      0,
    );
    expect(paths).toHaveLength(own);
    expect(merged.paths['/season/items']!.get!.security).toEqual(PUBLIC);
  });

  it('when two services name different schemas alike, then the merge keeps both apart', async () => {
    const a = {
      paths: { '/season/x': { get: { responses: { 200: { $ref: '#/components/schemas/Thing' } } } } },
      components: { schemas: { Thing: { type: 'string' } } },
    };
    const b = {
      paths: { '/file/y': { get: { responses: { 200: { $ref: '#/components/schemas/Thing' } } } } },
      components: { schemas: { Thing: { type: 'integer' } } },
    };
    const merged = mergeDocuments({ season: a, files: b } as never) as unknown as Doc;
    expect(merged.components!.schemas).toEqual({ Thing: { type: 'string' }, FilesThing: { type: 'integer' } });
    expect(JSON.stringify(merged.paths['/file/y'])).toContain('#/components/schemas/FilesThing');
    expect(JSON.stringify(merged.paths['/season/x'])).toContain('#/components/schemas/Thing"');
  });

  it('when a browser opens /api/docs, then Swagger UI is served from the BFF itself, pointed at the merged document', async () => {
    const page = await fetch(`${bff.url}/api/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    expect(html).not.toMatch(/https?:\/\/(cdn|unpkg)/);
    const init = await fetch(`${bff.url}/api/docs/swagger-ui-init.js`);
    expect(init.status).toBe(200);
    expect(await init.text()).toContain('/api/openapi.json');
    const bundle = await fetch(`${bff.url}/api/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});
