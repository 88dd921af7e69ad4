import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { gameDataPublishedV1, STASH_ITEM_TYPES, type EventData, type StashItemTypeName } from '@league/contracts';
import type { GameAffix, GameDataSet, GameItem } from '@league/gamefiles';
import { ObjectStorage } from '@league/platform';

// A small published game-data set (the shape files publishes): two items, a prefix and a suffix, a set, and
// their text in English and German. Names and records as the real game spells them.

export const SCEPTER = 'records/items/gearweapons/caster/b203_scepter.dbr';
export const BOOTS = 'records/items/gearfeet/d201_feet.dbr';
export const PREFIX = 'records/items/lootaffixes/prefix/b_sh_fire_01.dbr';
export const SUFFIX = 'records/items/lootaffixes/suffix/b_ar_bear_01.dbr';
const SET = 'records/items/lootsets/itemset_d201.dbr';

const typeId = (t: StashItemTypeName) => STASH_ITEM_TYPES.indexOf(t);

const item = (record: string, itemType: StashItemTypeName, over: Partial<GameItem>): GameItem => ({
  record,
  class: 'ArmorProtective_Feet',
  itemType,
  itemTypeId: typeId(itemType),
  rarity: 'Common',
  levelRequirement: 0,
  style: null,
  nameTag: null,
  qualityTag: null,
  styleTag: null,
  set: null,
  ...over,
});

const affix = (record: string, kind: GameAffix['kind'], nameTag: string, levelRequirement: number): GameAffix => ({
  record,
  kind,
  nameTag,
  rarity: 'Rare',
  levelRequirement,
});

export function testGameData(): GameDataSet {
  const items = [
    item(SCEPTER, 'Scepter', {
      class: 'WeaponMelee_Scepter',
      rarity: 'Rare',
      levelRequirement: 1,
      nameTag: 'tagB203Scepter',
    }),
    item(BOOTS, 'Boots', { rarity: 'Legendary', levelRequirement: 94, nameTag: 'tagD201Feet', set: SET }),
  ];
  const affixes = [affix(PREFIX, 'prefix', 'tagPrefixScorching', 20), affix(SUFFIX, 'suffix', 'tagSuffixBear', 30)];
  const order = '{%_s0}{%_s1}{%_s2}{%_s3}{%_s4}';
  return {
    version: 1,
    items,
    affixes,
    sets: [{ record: SET, nameTag: 'tagSetD201', members: [BOOTS] }],
    creatures: [],
    texts: [
      {
        language: 'en',
        tags: {
          tagItemNameOrder: order,
          tagB203Scepter: "Crimson's Abominable Scepter",
          tagD201Feet: 'Stormwalker Treads',
          tagPrefixScorching: 'Scorching',
          tagSuffixBear: 'of the Bear',
          tagSetD201: 'Stormwalker Regalia',
        },
        genders: {},
        forms: {},
      },
      {
        language: 'de',
        tags: {
          tagItemNameOrder: order,
          tagB203Scepter: 'Crimsons abscheuliches Zepter',
          tagD201Feet: 'Sturmwandler-Treter',
          tagPrefixScorching: 'Sengendes',
          tagSuffixBear: 'des Bären',
          tagSetD201: 'Sturmwandler-Ornat',
        },
        genders: {},
        forms: {},
      },
    ],
    stats: {
      records: 6,
      recordsDecoded: 6,
      items: items.length,
      affixes: affixes.length,
      sets: 1,
      creatures: 0,
      languages: ['en', 'de'],
      problems: [],
      problemCount: 0,
    },
  };
}

export type GameDataPublished = EventData<typeof gameDataPublishedV1>;

/**
 * Stores a set as files publishes it (gzipped JSON in `<bucketPrefix>-<branch>`) and answers the matching
 * `files.game-data-published.v1` data; `clear()` removes what it stored.
 */
export class GameDataBuckets {
  private readonly storage = new ObjectStorage({
    endpoint: process.env.MINIO_ENDPOINT ?? 'http://127.0.0.1:9000',
    accessKey: process.env.MINIO_ACCESS_KEY ?? 'league',
    secretKey: process.env.MINIO_SECRET_KEY ?? 'league-secret-key',
  });
  private readonly stored: Array<{ bucket: string; key: string }> = [];

  constructor(private readonly bucketPrefix: string) {}

  async store(branch: 'prod' | 'beta', version: number, set: GameDataSet): Promise<GameDataPublished> {
    const bucket = `${this.bucketPrefix}-${branch}`;
    const key = `game-data/v${version}.json.gz`;
    const body = gzipSync(JSON.stringify(set));
    await this.storage.ensureBucket(bucket);
    await this.storage.putStream(bucket, key, body, body.length);
    this.stored.push({ bucket, key });
    return {
      branch,
      version,
      bucket,
      objectKey: key,
      sha256: createHash('sha256').update(body).digest('hex'),
      size: body.length,
      inputs: [{ fileId: 'test', fileName: 'GrimLeague.arz' }],
      records: set.stats.records,
      items: set.items.length,
      affixes: set.affixes.length,
      creatures: set.creatures.length,
      languages: set.texts.map((t) => t.language),
      publishedAt: new Date().toISOString(),
    };
  }

  async clear(): Promise<void> {
    for (const { bucket, key } of this.stored) await this.storage.remove(bucket, key).catch(() => undefined);
    for (const bucket of new Set(this.stored.map((s) => s.bucket)))
      await this.storage.client.removeBucket(bucket).catch(() => undefined);
  }
}
