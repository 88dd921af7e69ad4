import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { gameDataPublishedV1, type EventData, type GameDataStatus } from '@league/contracts';
import { GameNames, type GameDataSet } from '@league/gamefiles';
import { writeArc } from '../src/formats';
import { validArz } from './support/game-files';
import { awaitEvent, eventually, getJson, startHarness, upload, type Harness } from './support/harness';

jest.setTimeout(240_000);

const DATA = path.resolve(__dirname, '../../../packages/gamefiles/test/fixtures/gd/data');
const realArz = fs.readFileSync(path.join(DATA, 'some.arz'));
const realEnglish = fs.readFileSync(path.join(DATA, 'some.arc'));
const realGerman = fs.readFileSync(path.join(DATA, 'some_german.arc'));
const SCEPTER = 'records/items/gearweapons/caster/b203_scepter.dbr';

type Branch = GameDataStatus['branches'][number];

/**
 * The game data of a branch from the league's own files, on the real engines: the real mod database and the
 * real English and German text archives go through the admin upload, the worker reads them from MinIO and
 * publishes the set (object + event), Finalize Beta promotes it; broken files never replace a published set.
 */
describe('game data from the uploaded .arz and .arc files', () => {
  let h: Harness;
  const status = async (branch: 'prod' | 'beta'): Promise<Branch> => {
    const res = await getJson(h, '/file/game-data', h.admin);
    expect(res.status).toBe(200);
    return (res.body as GameDataStatus).branches.find((b) => b.branch === branch)!;
  };
  const published = (branch: 'prod' | 'beta', version: number) =>
    eventually(async () => {
      const s = await status(branch);
      return (s.published?.version ?? 0) >= version && s.lastExtraction?.status !== 'processing' && s;
    }, 120_000);
  const setOf = async (e: EventData<typeof gameDataPublishedV1>) =>
    JSON.parse(
      gunzipSync(Buffer.concat(await (await h.svc.storage.getStream(e.bucket, e.objectKey)).toArray())).toString(
        'utf8',
      ),
    ) as GameDataSet;

  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h?.stop());

  it('reads the real files uploaded on beta and publishes names, types, rarity and levels in English and German', async () => {
    // The German archive is uploaded under its own name; the language comes from the upload's fileName field.
    for (const [name, bytes, fileName] of [
      ['GrimLeagueS07.arz', realArz, undefined],
      ['GrimLeagueS07_Text_EN.arc', realEnglish, undefined],
      ['some_german.arc', realGerman, 'Text_DE.arc'],
    ] as const) {
      const res = await upload(h, name, bytes, { modName: 'GrimLeagueS07', fileName }, '?branch=beta');
      expect([res.status, res.body.status, res.body.errorMessage]).toEqual([200, 'ready', null]);
    }
    const beta = await eventually(async () => {
      const s = await status('beta');
      return s.published?.inputs.length === 3 && s;
    }, 120_000);
    expect(beta.published).toMatchObject({ records: 808, languages: ['de', 'en'] });
    expect(beta.published!.items).toBeGreaterThan(0);
    expect(beta.published!.creatures).toBeGreaterThan(1000);
    expect(beta.lastExtraction).toMatchObject({ status: 'published' });

    const [event] = await awaitEvent<EventData<typeof gameDataPublishedV1>>(
      gameDataPublishedV1.topic,
      (e) => e.data.bucket === h.svc.bucketFor('beta') && e.data.version === beta.published!.version,
    );
    const names = new GameNames(await setOf(event!.data));
    expect(names.itemData(SCEPTER)).toMatchObject({ itemType: 'Scepter', rarity: 'Rare', levelRequirement: 1 });
    expect(names.itemName('de', { base: SCEPTER })).toBe('Crimsons abscheuliches Zepter');
    expect(names.creature('tagHeroGhostH05', 'en')).toBe('Oldrakan Pald ~ Swift');
    expect(names.creature('tagHeroGhostH05', 'de')).toBe('Oldrakan Pald ~ Schnell');

    // Players read which languages there are; beta is the testers' and admins'.
    expect((await getJson(h, '/file/game-data/languages?branch=beta', h.tester)).body).toEqual({
      languages: ['en', 'de'],
    });
    expect((await getJson(h, '/file/game-data/languages?branch=beta', h.player)).body).toEqual({ languages: ['en'] });
    expect((await getJson(h, '/file/game-data', h.player)).status).toBe(403);
  });

  it('promotes the set to prod with Finalize Beta, like any mod file', async () => {
    const res = await fetch(`${h.svc.url}/file/finalize-beta`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.admin}` },
    });
    expect(res.status).toBe(200);
    const prod = await published('prod', 1);
    expect(prod.published).toMatchObject({ records: 808, languages: ['de', 'en'] });
    expect(prod.published!.inputs.map((i) => i.fileName).sort()).toEqual([
      'GrimLeagueS07.arz',
      'GrimLeagueS07_Text_EN.arc',
      'Text_DE.arc',
    ]);
  });

  it('refuses a corrupt or text-less archive at upload with its reason, and the published set stays as it was', async () => {
    const before = await status('beta');
    const truncated = realGerman.subarray(0, realGerman.length - 5_000);
    const cut = await upload(h, 'Text_DE.arc', truncated, { modName: 'GrimLeagueS07' }, '?branch=beta');
    expect(cut.body).toMatchObject({ status: 'failed' });
    expect(String(cut.body.errorMessage)).toMatch(/truncated|outside the file/);

    const textless = writeArc([{ name: 'readme.txt', data: Buffer.from('no tags here\n'.repeat(10)) }]);
    const empty = await upload(h, 'Text_FR.arc', textless, { modName: 'GrimLeagueS07' }, '?branch=beta');
    expect(empty.body).toMatchObject({ status: 'failed' });
    expect(String(empty.body.errorMessage)).toMatch(/tags_/);

    const after = await status('beta');
    expect(after.published).toEqual(before.published);
  });

  it('publishes a new version when a served database changes, and a bad record keeps a fallback, not a failure', async () => {
    const before = await status('beta');
    const res = await upload(h, 'GrimLeagueS07.arz', validArz(7), { modName: 'GrimLeagueS07' }, '?branch=beta');
    expect(res.body).toMatchObject({ status: 'ready' });
    const next = await published('beta', before.published!.version + 1);
    expect(next.published).toMatchObject({ records: 1, languages: ['de', 'en'] });
    expect(next.published!.inputs.map((i) => i.fileId)).toContain(res.body.id);
  });
});
