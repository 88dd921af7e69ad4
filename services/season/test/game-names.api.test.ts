import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { plainLauncherItem } from '@league/contracts';
import { bufferSource, extractGameData, GameNames, type GameDataSet } from '@league/gamefiles';
import { ObjectStorage } from '@league/platform';
import { bootSeason, eventually, unique, type Harness } from './support/season';

jest.setTimeout(180_000);

const DATA = path.resolve(__dirname, '../../../packages/gamefiles/test/fixtures/gd/data');
const SCEPTER = 'records/items/gearweapons/caster/b203_scepter.dbr';
const SCEPTER_TYPE_ID = 7;

/**
 * Names from the published game data in season's views, on the real engines: a set extracted from the real
 * mod database and the real English and German text archives is published (its object in MinIO, the event's
 * data handed to season's consumer); an item uploaded before it existed is named from it at once, in the
 * reader's language, and killers are named by their creature tags.
 */
describe('game names in the stash and the kill tracker', () => {
  let h: Harness;
  let names: GameNames;
  const prefix = unique('test-names');
  const storage = new ObjectStorage({
    endpoint: process.env.MINIO_ENDPOINT ?? 'http://127.0.0.1:9000',
    accessKey: process.env.MINIO_ACCESS_KEY ?? 'league',
    secretKey: process.env.MINIO_SECRET_KEY ?? 'league-secret-key',
  });
  let set: GameDataSet;

  beforeAll(async () => {
    const read = (f: string) => bufferSource(fs.readFileSync(path.join(DATA, f)));
    set = await extractGameData({
      arz: read('some.arz'),
      texts: [
        { language: 'en', src: read('some.arc') },
        { language: 'de', src: read('some_german.arc') },
      ],
    });
    names = new GameNames(set);
    h = await bootSeason(undefined, { FILES_BUCKET_PREFIX: prefix });
  }, 120_000);
  afterAll(async () => {
    for (const o of await storage.list(`${prefix}-prod`).catch(() => [])) await storage.remove(`${prefix}-prod`, o.key);
    await storage.client.removeBucket(`${prefix}-prod`).catch(() => undefined);
    await h?.stop();
  });

  const publish = async (version: number, bucket = `${prefix}-prod`) => {
    await storage.ensureBucket(bucket);
    const body = gzipSync(JSON.stringify(set));
    await storage.putStream(bucket, `game-data/v${version}.json.gz`, body, body.length);
    await h.svc.ctx.gameData!.onPublished({
      branch: 'prod',
      version,
      bucket,
      objectKey: `game-data/v${version}.json.gz`,
      sha256: '0'.repeat(64),
      size: body.length,
      inputs: [],
      records: set.stats.records,
      items: set.stats.items,
      affixes: set.stats.affixes,
      creatures: set.stats.creatures,
      languages: set.stats.languages,
      publishedAt: new Date().toISOString(),
    });
  };

  const join = async (seasonId: number) => {
    const name = unique('gn');
    const token = await h.token(name);
    const res = await h.call('POST', `/season/${seasonId}/add-participant/${name}?branch=prod`, { token });
    expect(res.status).toBe(200);
    return { token, pid: res.body.seasonParticipantId as number };
  };

  it('names an item uploaded before the game data existed once it is published, in the reader’s language', async () => {
    const { token, pid } = await join(18);
    const up = await h.call('POST', `/season/participant/${pid}/stash?branch=prod`, {
      token,
      body: [plainLauncherItem(SCEPTER)],
    });
    expect(up.status).toBe(200);
    const stash = async (lang?: string, search = '') => {
      const res = await fetch(`${h.svc.url}/season/participant/${pid}/stash?branch=prod&pageSize=50${search}`, {
        headers: { authorization: `Bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { items: Array<{ baseItem: Record<string, unknown>; itemType: string }> };
    };
    // Before: the record's file name, Common, no type.
    expect((await stash()).items[0]!.baseItem).toMatchObject({
      itemDbrTag: { name: 'b203_scepter' },
      itemTypeId: null,
    });

    // A set from another deployment's buckets is not taken.
    await publish(1, `${unique('other')}-prod`);
    expect((await stash()).items[0]!.baseItem).toMatchObject({ itemDbrTag: { name: 'b203_scepter' } });

    await publish(2);
    const english = names.itemName('en', { base: SCEPTER });
    expect(english).not.toBe('b203_scepter');
    const after = await stash('en-GB,en;q=0.9');
    expect(after.items[0]!.baseItem).toMatchObject({
      itemDbrTag: { name: english },
      rarity: 'Rare',
      itemTypeId: SCEPTER_TYPE_ID,
      levelRequirement: 1,
    });
    expect(after.items[0]!.itemType).toBe('Scepter');
    const german = await stash('de-DE,de;q=0.9,en;q=0.8');
    expect(german.items[0]!.baseItem).toMatchObject({ itemDbrTag: { name: 'Crimsons abscheuliches Zepter' } });
    // A language the data does not have falls back to English.
    expect((await stash('fr')).items[0]!.baseItem).toMatchObject({ itemDbrTag: { name: english } });

    // Search by name finds it, in the reader's language and in English; the type filter uses the game's type.
    expect((await stash('de', '&searchTerm=zepter')).items).toHaveLength(1);
    expect((await stash('de', `&searchTerm=${encodeURIComponent(english.split(' ').pop()!)}`)).items).toHaveLength(1);
    expect((await stash('en', `&itemType=${SCEPTER_TYPE_ID}`)).items).toHaveLength(1);
    expect((await stash('en', '&itemType=0')).items).toHaveLength(0);
  });

  it('names killers by their creature tags in the kill tracker and the death analytics', async () => {
    const { token, pid } = await join(19);
    let sum = 100;
    for (const deathCount of [0, 1]) {
      const res = await h.call('POST', `/season/participant/${pid}/character-state`, {
        token,
        body: {
          characterInfo: {
            name: 'Doomed',
            className: 'Witch Hunter',
            level: 40,
            hardcore: 1,
            deathCount,
            currentDifficulty: 0,
            maxDifficulty: 0,
            lastAttackedBy: 'tagHeroGhostH05',
          },
          questInfo: {},
          checksum: (sum += 1).toString(16).toUpperCase().padStart(32, '0'),
        },
      });
      expect(res.status).toBe(200);
    }
    const tracker = async (lang: string) => {
      const res = await fetch(`${h.svc.url}/season/19/kill-tracker`, { headers: { 'accept-language': lang } });
      return (await res.json()) as Array<{ killedBy: string; killedCount: number }>;
    };
    await eventually(async () => (await tracker('en')).length > 0, 10_000);
    expect(await tracker('en')).toEqual([{ killedBy: 'Oldrakan Pald ~ Swift', killedCount: 1 }]);
    expect(await tracker('de')).toEqual([{ killedBy: 'Oldrakan Pald ~ Schnell', killedCount: 1 }]);
    const analytics = await fetch(`${h.svc.url}/season/19/death-analytics`, { headers: { 'accept-language': 'de' } });
    const body = (await analytics.json()) as { killers: Array<{ tag: string; killedBy: string }> };
    expect(body.killers).toEqual([
      expect.objectContaining({ tag: 'tagHeroGhostH05', killedBy: 'Oldrakan Pald ~ Schnell' }),
    ]);
  });
});
