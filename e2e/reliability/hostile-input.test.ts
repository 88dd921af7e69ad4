import { randomUUID } from 'node:crypto';
import {
  fixture,
  getJson,
  messageOf,
  multipart,
  participations,
  send,
  show,
  tokenOf,
  type Answer,
  type Send,
} from './support';

/**
 * Hostile input through the BFF, table-driven: traversal names, wrong types, oversized and deeply nested
 * JSON, unicode tricks in names, corrupted or truncated .arz/.arc/.zip uploads by the admin, truncated or
 * forged saves and stashes through the launcher's routes. Every case ends in a clear 4xx with
 * `{ message }` (an admin upload may instead be taken and then refused by the validating worker: its
 * record says `failed` with a reason), never a 5xx and never a hang; and afterwards nothing was stored:
 * player1's characters, cloud stash and stored stash file, and the published mod files are as before.
 */

jest.setTimeout(300_000);

type Who = 'anonymous' | 'player1' | 'admin';
interface Ctx {
  p1: number;
  beta: Record<string, Buffer>;
}
interface Case {
  name: string;
  as: Who;
  method: string;
  path: string | ((c: Ctx) => string);
  json?: unknown;
  /** Bytes sent as they are (JSON text that is not an object, multipart, octets). */
  raw?: (c: Ctx) => { data: Buffer | string; contentType: string };
  /** The acceptable refusals. */
  status: number[];
  /** An admin mod-file upload: a 4xx, or a record the worker marked failed. */
  adminUpload?: boolean;
}

const RUN = randomUUID().slice(0, 6);
const q = '?branch=prod';
const json = (text: string) => () => ({ data: text, contentType: 'application/json' });
const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);
const p1 = (rest: string) => (c: Ctx) => `/season/participant/${c.p1}${rest}`;
const files = (rest: string) => (c: Ctx) => `/file/participants/${c.p1}${rest}`;
const upload = (filename: string, data: Buffer | string, extra: Array<{ name: string; data: string }> = []) =>
  multipart([{ name: 'file', filename, data }, ...extra]);
const adminUpload = (filename: string, bytes: (c: Ctx) => Buffer) => (c: Ctx) => upload(filename, bytes(c));

/** The fixture save and stash, and damaged copies of them. */
const save = () => fixture('player.gdc');
const stash = () => fixture('transfer.gst');
const truncated = (b: Buffer, keep = 0.5) => b.subarray(0, Math.floor(b.length * keep));
const forged = (b: Buffer) => {
  const copy = Buffer.from(b);
  copy.fill(0xff, Math.floor(copy.length * 0.6), Math.floor(copy.length * 0.6) + 4);
  return copy;
};
const noise = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7919 + 13) & 0xff));
/** A published beta file cut in half (synthetic garbage of the right kind where the branch has none). */
const halfOf = (c: Ctx, ext: string, fallback: Buffer) => {
  const name = Object.keys(c.beta).find((n) => n.toLowerCase().endsWith(ext));
  return name ? truncated(c.beta[name]!) : fallback;
};

const CASES: Case[] = [
  // ── traversal names ──────────────────────────────────────────────────────────────────────────────
  {
    name: 'admin upload named ../../etc/passwd',
    as: 'admin',
    method: 'POST',
    path: '/file?branch=beta',
    raw: adminUpload('../../etc/passwd', () => noise(64)),
    status: [400],
    adminUpload: true,
  },
  {
    name: 'admin upload whose fileName field is ..\\..\\windows\\win.ini',
    as: 'admin',
    method: 'POST',
    path: '/file?branch=beta',
    raw: () =>
      multipart([
        { name: 'fileName', data: '..\\..\\windows\\win.ini' },
        { name: 'file', filename: 'x.zip', data: noise(64) },
      ]),
    status: [400],
    adminUpload: true,
  },
  {
    name: "admin upload named 'evil..arz' (a dot-dot inside the name)",
    as: 'admin',
    method: 'POST',
    path: '/file?branch=beta',
    raw: adminUpload('evil..arz', () => noise(64)),
    status: [400],
    adminUpload: true,
  },
  {
    name: 'download named ../../etc/passwd',
    as: 'anonymous',
    method: 'GET',
    path: '/file/..%2F..%2Fetc%2Fpasswd',
    status: [400, 404],
  },
  {
    name: 'participant file ../../etc/passwd (read)',
    as: 'player1',
    method: 'GET',
    path: files('/files/..%2F..%2Fetc%2Fpasswd'),
    status: [400],
  },
  {
    name: 'participant file ../transfer.gst (write)',
    as: 'player1',
    method: 'PUT',
    path: files('/files/..%2Ftransfer.gst'),
    raw: () => ({ data: stash(), contentType: 'application/octet-stream' }),
    status: [400],
  },
  {
    name: 'character folder ../../x (read)',
    as: 'player1',
    method: 'GET',
    path: files('/characters/..%2F..%2Fx/files/player.gdc'),
    status: [400],
  },
  {
    name: 'character folder ../../x (write)',
    as: 'player1',
    method: 'PUT',
    path: files('/characters/..%2F..%2Fx/files/player.gdc'),
    raw: () => ({ data: save(), contentType: 'application/octet-stream' }),
    status: [400],
  },
  {
    name: "launcher save download of character '../../etc/passwd'",
    as: 'player1',
    method: 'GET',
    path: p1('/character/..%2F..%2Fetc%2Fpasswd/file'),
    status: [400],
  },
  {
    name: "launcher quest-file upload for character '../../x'",
    as: 'player1',
    method: 'POST',
    path: p1('/character/..%2F..%2Fx/questfile/Normal'),
    raw: () => upload('quests.gdd', noise(128)),
    status: [400],
  },
  // ── wrong types ──────────────────────────────────────────────────────────────────────────────────
  {
    name: 'login with a number and a boolean',
    as: 'anonymous',
    method: 'POST',
    path: '/account/login',
    json: { username: 123, password: true },
    status: [400],
  },
  {
    name: 'registration with an array, an object and null',
    as: 'anonymous',
    method: 'POST',
    path: '/account/register-user',
    json: { username: ['player9'], email: {}, password: null },
    status: [400],
  },
  {
    name: 'login whose body has __proto__ and constructor keys',
    as: 'anonymous',
    method: 'POST',
    path: '/account/login',
    raw: json(
      `{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}},"username":"nobody${RUN}","password":"wrong-password"}`,
    ),
    status: [400, 401],
  },
  {
    name: 'a build with a string id, a number class and an array URL',
    as: 'player1',
    method: 'POST',
    path: '/season/build',
    json: { seasonParticipantId: 'abc', buildClass: 5, buildUrl: [] },
    status: [400],
  },
  {
    name: 'pull-items with a string body',
    as: 'player1',
    method: 'POST',
    path: p1(`/pull-items${q}`),
    json: 'not an array',
    status: [400],
  },
  {
    name: 'the stash upload route given JSON null',
    as: 'player1',
    method: 'POST',
    path: p1(`/stash${q}`),
    raw: json('null'),
    status: [400],
  },
  {
    name: 'the stash upload route given the number 42',
    as: 'player1',
    method: 'POST',
    path: p1(`/stash${q}`),
    raw: json('42'),
    status: [400],
  },
  {
    name: 'a listing of 1e309 items (Infinity) of item -1',
    as: 'player1',
    method: 'POST',
    path: (c) => `/trade/participant/${c.p1}/list-trade${q}`,
    raw: json('{"participantItemId":-1,"count":1e309}'),
    status: [400],
  },
  {
    name: 'a saved search paused "yes"',
    as: 'player1',
    method: 'PATCH',
    path: (c) => `/trade/participant/${c.p1}/saved-searches/1${q}`,
    json: { paused: 'yes' },
    status: [400],
  },
  {
    name: 'malformed JSON',
    as: 'player1',
    method: 'POST',
    path: '/season/screenshot',
    raw: json('{"seasonParticipantId":'),
    status: [400],
  },
  {
    name: 'a participant id that is not a number',
    as: 'player1',
    method: 'GET',
    path: `/season/participant/abc/stash${q}`,
    status: [400],
  },
  {
    name: 'a page size of -1 and a page of "x"',
    as: 'player1',
    method: 'GET',
    path: p1('/stash?branch=prod&page=x&pageSize=-1'),
    status: [400],
  },
  // ── oversized and deep JSON ──────────────────────────────────────────────────────────────────────
  {
    name: 'a 3 MB JSON array to pull-items',
    as: 'player1',
    method: 'POST',
    path: p1(`/pull-items${q}`),
    raw: json(`[${Array(400_000).fill('1234567').join(',')}]`),
    status: [413],
  },
  {
    name: 'a 3 MB login body',
    as: 'anonymous',
    method: 'POST',
    path: '/account/login',
    json: { username: 'x'.repeat(3_000_000), password: 'y' },
    status: [413],
  },
  {
    name: 'arrays nested 200 000 deep to pull-items',
    as: 'player1',
    method: 'POST',
    path: p1(`/pull-items${q}`),
    raw: json(nested(200_000)),
    status: [400],
  },
  {
    name: 'objects nested 50 000 deep in a saved search filter',
    as: 'player1',
    method: 'POST',
    path: (c) => `/trade/participant/${c.p1}/saved-searches${q}`,
    raw: json(`{"name":"deep","filter":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`),
    status: [400],
  },
  {
    name: 'arrays nested 100 000 deep as a login username',
    as: 'anonymous',
    method: 'POST',
    path: '/account/login',
    raw: json(`{"username":${nested(100_000)},"password":"x"}`),
    status: [400, 413],
  },
  {
    name: 'a 21 MB launcher save upload',
    as: 'player1',
    method: 'POST',
    path: p1('/character'),
    raw: () => upload('player.gdc', Buffer.alloc(21 * 1024 * 1024, 1)),
    status: [413],
  },
  // ── unicode tricks in names ──────────────────────────────────────────────────────────────────────
  ...(
    [
      ['a right-to-left override (U+202E)', `ev\u202Eli${RUN}`],
      ['a zero-width space (U+200B)', `pl\u200Bayer1${RUN.slice(0, 3)}`],
      ['a Cyrillic homoglyph of player1', 'pl\u0430yer1'],
      ['a NUL byte', `nul\u0000${RUN}`],
    ] as const
  ).map(([what, username]): Case => ({
    name: `registration of a username with ${what}`,
    as: 'anonymous',
    method: 'POST',
    path: '/account/register-user',
    json: { username, email: `e2e-${RUN}-${username.length}@example.com`, password: 'a-long-password-1' },
    status: [400],
  })),
  {
    name: 'admin upload named with a right-to-left override (evil\u202Epiz.arz)',
    as: 'admin',
    method: 'POST',
    path: '/file?branch=beta',
    raw: adminUpload('evil\u202Epiz.arz', () => noise(64)),
    status: [400],
    adminUpload: true,
  },
  {
    name: 'admin upload named with a NUL byte',
    as: 'admin',
    method: 'POST',
    path: '/file?branch=beta',
    raw: adminUpload(`e2e-nul\u0000${RUN}.zip`, () => noise(64)),
    status: [400],
    adminUpload: true,
  },
  {
    name: 'a character named with a NUL byte',
    as: 'player1',
    method: 'POST',
    path: p1('/character-state'),
    json: {
      characterInfo: { name: 'Ali\u0000na', level: 1, hardcore: false },
      questInfo: null,
      checksum: '0'.repeat(32),
    },
    status: [400],
  },
  {
    name: "a save whose JSON names the character 'Alina\u202E' (an RTL twin)",
    as: 'player1',
    method: 'POST',
    path: p1('/character'),
    raw: () =>
      upload('player.gdc', save(), [
        { name: 'character', data: JSON.stringify({ characterData: { characterInfo: { name: 'Alina\u202E' } } }) },
      ]),
    status: [400],
  },
  {
    name: 'a participant file transfer.gst followed by a zero-width joiner',
    as: 'player1',
    method: 'PUT',
    path: files('/files/transfer.gst%E2%80%8D'),
    raw: () => ({ data: stash(), contentType: 'application/octet-stream' }),
    status: [400],
  },
  // ── corrupted and truncated game archives (admin, beta branch) ────────────────────────────────────
  ...(
    [
      [
        'a truncated .arz (the published one, cut in half)',
        'GrimLeagueS07.arz',
        (c: Ctx) => halfOf(c, '.arz', noise(700)),
      ],
      ['a truncated .arc', 'GrimLeagueS07_Text_EN.arc', (c: Ctx) => halfOf(c, '.arc', Buffer.from('ARC\0'))],
      ['a truncated .zip', 'GrimLeagueS07_Extras.zip', (c: Ctx) => halfOf(c, '.zip', Buffer.from('PK\x03\x04'))],
      ['an .arz of noise', `e2e-noise-${RUN}.arz`, () => noise(4096)],
      [
        'an .arc of noise after its magic',
        `e2e-noise-${RUN}.arc`,
        () => Buffer.concat([Buffer.from('ARC\0'), noise(4096)]),
      ],
      [
        'a .zip whose local header is followed by garbage',
        `e2e-garbage-${RUN}.zip`,
        () => Buffer.concat([Buffer.from('PK\x03\x04'), noise(512)]),
      ],
      ['an empty .zip file', `e2e-empty-${RUN}.zip`, () => Buffer.alloc(0)],
    ] as const
  ).map(([what, filename, bytes]): Case => ({
    name: `admin upload of ${what}`,
    as: 'admin',
    method: 'POST',
    path: '/file?branch=beta',
    raw: adminUpload(filename, bytes),
    status: [400],
    adminUpload: true,
  })),
  // ── truncated or forged saves and stashes (the launcher's routes) ─────────────────────────────────
  {
    name: 'a truncated player.gdc',
    as: 'player1',
    method: 'POST',
    path: p1('/character'),
    raw: () => upload('player.gdc', truncated(save(), 0.05)),
    status: [400],
  },
  {
    name: 'a player.gdc with forged bytes in its middle',
    as: 'player1',
    method: 'POST',
    path: p1('/character'),
    raw: () => upload('player.gdc', forged(save())),
    status: [400],
  },
  {
    name: 'noise uploaded as player.gdc',
    as: 'player1',
    method: 'POST',
    path: p1('/character'),
    raw: () => upload('player.gdc', noise(2048)),
    status: [400],
  },
  {
    name: 'an empty save part',
    as: 'player1',
    method: 'POST',
    path: p1('/character'),
    raw: () => upload('player.gdc', Buffer.alloc(0)),
    status: [400],
  },
  {
    name: 'a save upload without its file part',
    as: 'player1',
    method: 'POST',
    path: p1('/character'),
    raw: () => multipart([{ name: 'character', data: '{}' }]),
    status: [400],
  },
  {
    name: 'a save upload whose multipart boundary is not the declared one',
    as: 'player1',
    method: 'POST',
    path: p1('/character'),
    raw: () => ({ data: upload('player.gdc', save()).data, contentType: 'multipart/form-data; boundary=not-this-one' }),
    status: [400],
  },
  {
    name: 'a save upload sent as JSON',
    as: 'player1',
    method: 'POST',
    path: p1('/character'),
    json: { file: 'player.gdc' },
    status: [400],
  },
  {
    name: 'a truncated transfer.gst',
    as: 'player1',
    method: 'POST',
    path: p1(`/shared-stash${q}`),
    raw: () => upload('transfer.gst', truncated(stash())),
    status: [400],
  },
  {
    name: 'a transfer.gst with forged bytes',
    as: 'player1',
    method: 'POST',
    path: p1(`/shared-stash${q}`),
    raw: () => upload('transfer.gst', forged(stash())),
    status: [400],
  },
  {
    name: 'a player.gdc uploaded as the shared stash',
    as: 'player1',
    method: 'POST',
    path: p1(`/shared-stash${q}`),
    raw: () => upload('transfer.gst', save()),
    status: [400],
  },
  {
    name: 'a truncated tags file',
    as: 'player1',
    method: 'POST',
    path: p1('/tagsfile'),
    raw: () => upload('tags.gst', truncated(stash(), 0.01)),
    status: [400],
  },
  {
    name: "a quest file for difficulty 'Nightmare'",
    as: 'player1',
    method: 'POST',
    path: p1('/character/Alina/questfile/Nightmare'),
    raw: () => upload('quests.gdd', noise(64)),
    status: [400],
  },
];

let ctx: Ctx;
const tokens: Partial<Record<Who, string>> = {};
let before: Record<string, unknown>;
const adminRecords: string[] = [];

/** What hostile input must not have changed: player1's characters, stash and stored stash file; the mod files. */
async function stored(): Promise<Record<string, unknown>> {
  const [characters, stashPage, sharedStash, beta, prod] = await Promise.all([
    getJson(`/season/participant/${ctx.p1}/characters`, tokens.player1),
    getJson<{ itemCount: number }>(
      `/season/participant/${ctx.p1}/stash?branch=prod&page=1&pageSize=10`,
      tokens.player1,
    ),
    send(`/season/participant/${ctx.p1}/shared-stash${q}`, { token: tokens.player1 }),
    getJson<{ modFiles: unknown[]; launcherFile: unknown }>('/file/filenames?branch=beta', tokens.admin),
    getJson<{ modFiles: unknown[]; launcherFile: unknown }>('/file/filenames?branch=prod', tokens.admin),
  ]);
  // Download links are signed per request; what is published is the name, size and time.
  const published = (l: { modFiles: unknown[]; launcherFile: unknown }) =>
    [...l.modFiles, l.launcherFile].map((f) => {
      const { downloadUrl: _ignored, ...rest } = (f ?? {}) as Record<string, unknown>;
      return rest;
    });
  return {
    characters,
    stashItems: stashPage.itemCount,
    sharedStash: `${sharedStash.status} ${sharedStash.text}`,
    beta: published(beta),
    prod: published(prod),
  };
}

beforeAll(async () => {
  [tokens.admin, tokens.player1] = await Promise.all([tokenOf('admin'), tokenOf('player1')]);
  const mine = await participations(tokens.player1!);
  if (!mine[0]) throw new Error('player1 has no participant in the demo league');
  // The trade season's participant, as in the authorisation matrix (the one with a cloud stash).
  const player2 = await participations(await tokenOf('player2'));
  const shared = mine.find((m) => player2.some((t) => t.seasonId === m.seasonId)) ?? mine[0];
  // The published beta files, to cut real archives in half.
  const list = await getJson<{ modFiles: Array<{ fileName: string; downloadUrl: string }> }>(
    '/file/filenames?branch=beta',
    tokens.admin,
  );
  const beta: Record<string, Buffer> = {};
  for (const f of list.modFiles) {
    const res = await fetch(f.downloadUrl, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
    if (res?.ok) beta[f.fileName] = Buffer.from(await res.arrayBuffer());
  }
  ctx = { p1: shared.seasonParticipantId, beta };
  before = await stored();
});

/** The worker's verdict on an admin upload the files service took: it must end `failed`. */
async function finalRecord(id: string): Promise<{ status: string; errorMessage: string | null; fileName: string }> {
  const until = Date.now() + 60_000;
  for (;;) {
    const r = await getJson<{ status: string; errorMessage: string | null; fileName: string }>(
      `/file/uploads/${id}`,
      tokens.admin,
    );
    if (r.status !== 'processing' || Date.now() > until) return r;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('hostile input through the BFF', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s → a clear refusal', async (_name, c) => {
    const opts: Send = { method: c.method, token: c.as === 'anonymous' ? undefined : tokens[c.as], timeoutMs: 60_000 };
    if (c.raw) opts.raw = c.raw(ctx);
    else if (c.json !== undefined) opts.json = c.json;
    const route = typeof c.path === 'function' ? c.path(ctx) : c.path;
    const a: Answer = await send(route, opts);
    if (a.status >= 500) throw new Error(`a server error: ${show(a)}`);
    if (c.adminUpload && a.status === 200) {
      // Taken for validation: the worker must refuse it, with a reason, under a clean name.
      const record = a.json as { id: string };
      adminRecords.push(record.id);
      const final = await finalRecord(record.id);
      expect(final.status).toBe('failed');
      expect(final.errorMessage).toEqual(expect.any(String));
      expect(final.fileName).toMatch(/^[A-Za-z0-9 _.()+-]+$/);
      return;
    }
    if (!c.status.includes(a.status)) throw new Error(`expected ${c.status.join(' or ')}, got ${show(a)}`);
    expect(messageOf(a)).toEqual(expect.any(String));
    expect(a.contentType).toMatch(/application\/json/);
  });

  it('when the hostile input is over, then nothing was stored or published', async () => {
    console.log(
      `hostile input: ${CASES.length} cases; ${adminRecords.length} admin uploads were taken and then refused by ` +
        `the worker; real archives cut in half: ${Object.keys(ctx.beta).join(', ') || 'none (synthetic ones used)'}`,
    );
    expect(await stored()).toEqual(before);
  });
});
