import { gzipSync } from 'node:zlib';
import { bufferSource, extractGameData, writeArz, writeTextArchive } from '@league/gamefiles';
import { ObjectStorage } from '@league/platform';
import { linkedItem } from '../src/domain/chat-service';
import { encodePairs, runId, startChat, type ChatFixture } from './support';

jest.setTimeout(120_000);

const SWORD = 'records/items/gearweapons/swords1h/a06_sword01.dbr';
const PREFIX = 'records/items/lootaffixes/prefix/a001_fiery.dbr';

/**
 * Chat item links in the admin chat log, on the real engines: the message keeps the linked item's records,
 * and the log names it from prod's published game data in the reader's language (its file name before any).
 */
describe('linked items in the chat log', () => {
  let f: ChatFixture;
  const prefix = `test-chat-names-${runId()}`;
  const storage = new ObjectStorage({
    endpoint: process.env.MINIO_ENDPOINT ?? 'http://127.0.0.1:9000',
    accessKey: process.env.MINIO_ACCESS_KEY ?? 'league',
    secretKey: process.env.MINIO_SECRET_KEY ?? 'league-secret-key',
  });
  beforeAll(async () => {
    f = await startChat({ FILES_BUCKET_PREFIX: prefix });
  });
  afterAll(async () => {
    for (const o of await storage.list(`${prefix}-prod`).catch(() => [])) await storage.remove(`${prefix}-prod`, o.key);
    await storage.client.removeBucket(`${prefix}-prod`).catch(() => undefined);
    await f?.close();
  });

  it('reads only the launcher item JSON’s records, and nothing else', () => {
    expect(linkedItem(JSON.stringify({ name: SWORD, prefix: PREFIX, suffix: '', itemSeed: 7 }))).toEqual({
      name: SWORD,
      prefix: PREFIX,
      suffix: '',
    });
    for (const bad of ['', 'not json', '{}', '[1]', JSON.stringify({ name: 5 }), 'x'.repeat(20_000)])
      expect(linkedItem(bad)).toBeUndefined();
  });

  it('names a linked item by its file name, then by the game data once it is published', async () => {
    const sender = `linker${runId()}`;
    const admin = await f.token('Ada', ['admin']);
    const item = JSON.stringify({ name: SWORD, prefix: PREFIX, suffix: '' });
    await f.svc.chat.sendToChannel(sender, [sender, encodePairs('wts this'), 1, item]);
    await f.svc.chat.sendToChannel(sender, [sender, encodePairs('no link'), 1, '']);
    const log = async (lang = 'en') => {
      const res = await fetch(`${f.svc.url}/chat/chat-log?username=${sender}`, {
        headers: { authorization: `Bearer ${admin}`, 'accept-language': lang },
      });
      return (await res.json()) as Array<{ message: string; itemName: string | null }>;
    };
    expect((await log()).map((r) => [r.message, r.itemName])).toEqual([
      ['no link', null],
      ['wts this', 'a06_sword01'],
    ]);

    const set = await extractGameData({
      arz: bufferSource(
        writeArz([
          {
            name: SWORD,
            type: 'WeaponMelee_Sword',
            fields: [{ type: 2, key: 'itemNameTag', values: ['tagSword'] }],
          },
          {
            name: PREFIX,
            type: 'LootRandomizer',
            fields: [{ type: 2, key: 'lootRandomizerName', values: ['tagFiery'] }],
          },
        ]),
      ),
      texts: [
        {
          language: 'en',
          src: bufferSource(writeTextArchive({ 'tags_items.txt': { tagSword: 'Bladed Sword', tagFiery: 'Fiery' } })),
        },
      ],
    });
    const bucket = `${prefix}-prod`;
    await storage.ensureBucket(bucket);
    const body = gzipSync(JSON.stringify(set));
    await storage.putStream(bucket, 'game-data/v1.json.gz', body, body.length);
    await f.svc.gameData.onPublished({
      branch: 'prod',
      version: 1,
      bucket,
      objectKey: 'game-data/v1.json.gz',
      sha256: '0'.repeat(64),
      size: body.length,
      inputs: [],
      records: 2,
      items: 1,
      affixes: 1,
      creatures: 0,
      languages: ['en'],
      publishedAt: new Date().toISOString(),
    });
    expect((await log()).map((r) => r.itemName)).toEqual([null, 'Fiery Bladed Sword']);
  });
});
