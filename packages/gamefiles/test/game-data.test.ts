import { STASH_ITEM_TYPES } from '@league/contracts';
import {
  ArcArchive,
  ArzDatabase,
  bufferSource,
  extractGameData,
  GameNames,
  isItemClass,
  itemTypeOfClass,
  languageOfArchive,
  writeArc,
  writeArz,
  writeTextArchive,
  type ArzRecordInput,
  type GameDataSet,
} from '@league/gamefiles';
import { DATA, expectFormatRejection, flip } from './helpers';

const SCEPTER = 'records/items/gearweapons/caster/b203_scepter.dbr';
const real = () =>
  extractGameData({
    arz: bufferSource(DATA.arz()),
    texts: [
      { language: 'en', src: bufferSource(DATA.english()) },
      { language: 'de', src: bufferSource(DATA.german()) },
    ],
  });

describe('game data from the real files (some.arz, some.arc, some_german.arc)', () => {
  let set: GameDataSet;
  let names: GameNames;
  beforeAll(async () => {
    set = await real();
    names = new GameNames(set);
  });

  it('when b203_scepter is looked up, then it is a Rare Scepter, level 1, "Crimsons abscheuliches Zepter" in German', () => {
    expect(names.itemData(SCEPTER)).toEqual({
      record: SCEPTER,
      class: 'WeaponMelee_Scepter',
      itemType: 'Scepter',
      itemTypeId: 7,
      rarity: 'Rare',
      levelRequirement: 1,
      style: null,
      nameTag: 'tagGDX2WeaponCaster1hB203',
      qualityTag: null,
      styleTag: null,
      set: null,
    });
    // The German value is `[ns]Crimsons abscheuliches Zepter`: the marker is stripped.
    expect(names.item(SCEPTER, 'de')).toBe('Crimsons abscheuliches Zepter');
    expect(names.itemName('de', { base: SCEPTER })).toBe('Crimsons abscheuliches Zepter');
    // Lookups by record ignore case and slashes.
    expect(names.item('Records\\Items\\GearWeapons\\Caster\\B203_Scepter.DBR', 'de')).toBe(
      'Crimsons abscheuliches Zepter',
    );
  });

  it('when a tag is in no archive of the reader or English, then the tag is the name (the English text has no Forgotten Gods items)', () => {
    expect(names.item(SCEPTER, 'en')).toBe('tagGDX2WeaponCaster1hB203');
  });

  it("when the fixture's ten weapons are typed, then the Class decides (the spears are named …_axe2h.dbr)", () => {
    const types = set.items.map((i) => `${i.itemTypeId} ${i.itemType}`).sort();
    expect(types).toEqual([
      '1 Two-Handed Sword',
      ...Array(5).fill('37 Spear'),
      ...Array(2).fill('6 Dagger'),
      ...Array(2).fill('7 Scepter'),
    ]);
    expect(names.itemData('records/items/gearweapons/melee2h/b202_axe2h.dbr')?.class).toBe('WeaponMelee_Spear2h');
    expect(names.item('records/items/gearweapons/melee2h/b202_axe2h.dbr', 'de')).toBe('Korvanische Sturmhellebarde');
  });

  it('when creatures are named, then English and German come from their archives and the fallback is reader → English → tag', () => {
    expect(names.creature('tagHeroGhostH05', 'en')).toBe('Oldrakan Pald ~ Swift');
    expect(names.creature('tagHeroGhostH05', 'de')).toBe('Oldrakan Pald ~ Schnell');
    expect(names.creature('tagHeroGhostH05', 'fr')).toBe('Oldrakan Pald ~ Swift'); // no French: English
    expect(names.creature('tagGDX2Boss_Final01', 'de')).toBe('Manifestation von Korvaak, der übernatürlichen Sonne');
    expect(names.creature('tagGDX2Boss_Final01', 'en')).toBe('tagGDX2Boss_Final01'); // only German has it
    expect(names.creature('tagNoSuchCreature', 'de')).toBe('tagNoSuchCreature');
  });

  it("when creatures are listed, then they are every creature file's tags (base, aom/, fg/) and each Monster's description", () => {
    const byTag = new Map(set.creatures.map((c) => [c.tag, c]));
    expect(byTag.get('tagGDX2Boss_Final01')?.records).toContain(
      'records/creatures/enemies/boss&quest/korvaakfinal_03.dbr',
    );
    expect(byTag.get('tagHeroGhostH05')?.records).toEqual([]); // known from tags_creatures.txt only
    expect(byTag.has('tagGDX2FriendlyCultBysmiel_Guard01')).toBe(true); // fg/tagsgdx2_creatures.txt
    expect(set.creatures.filter((c) => c.records.length > 0).length).toBeGreaterThan(100);
    expect(set.stats).toMatchObject({
      records: 808,
      recordsDecoded: 350, // the 10 weapons and 340 monsters; the rest are skipped without decompressing
      items: 10,
      affixes: 0,
      sets: 0,
      creatures: 1678,
      languages: ['en', 'de'],
      problemCount: 0,
    });
  });

  it('when the text is kept, then it is only the referenced tags and tagItemNameOrder, markers stripped', () => {
    const creatures = new Set(set.creatures.map((c) => c.tag));
    const itemTags = new Set(set.items.map((i) => i.nameTag));
    const kept = set.texts.flatMap((t) => Object.entries(t.tags));
    expect(kept.filter(([tag]) => !creatures.has(tag) && !itemTags.has(tag) && tag !== 'tagItemNameOrder')).toEqual([]);
    expect(kept.filter(([, text]) => /\[(ms|fs|ns|mp|fp|np)\]/.test(text))).toEqual([]);
    const de = set.texts.find((t) => t.language === 'de')!;
    expect(de.tags.tagItemNameOrder).toBe('{%_3a0}{%_3a1}{%_3a2}{%_s3}{%_s4}');
    expect(set.texts.find((t) => t.language === 'en')!.tags.tagItemNameOrder).toBe('{%_s0}{%_s1}{%_s2}{%_s3}{%_s4}');
    expect(de.genders.tagGDX2WeaponCaster1hB203).toBe('ns');
    expect(de.tags.tagGDX2ItemSkillB205Desc).toBeUndefined();
  });

  it('when the set goes through JSON, then it is the same set and names the same', () => {
    const copy = JSON.parse(JSON.stringify(set)) as GameDataSet;
    expect(copy).toEqual(set);
    expect(new GameNames(copy).creature('tagHeroGhostH05', 'de')).toBe('Oldrakan Pald ~ Schnell');
  });
});

// What the fixture's mod database lacks (affixes, sets, quality and style, other kinds of items), written with
// the package's writer and named with the real archives' tags.
const SWORD_F = 'records/items/gearweapons/swords1h/a01_sword002.dbr';
const SWORD_M = 'records/items/gearweapons/swords1h/a01_sword001.dbr';
const PREFIX = 'records/items/lootaffixes/prefix/aa003.dbr';
const SUFFIX = 'records/items/lootaffixes/suffix/a001.dbr';
const NAMELESS_SUFFIX = 'records/items/lootaffixes/suffix/a999.dbr';
const SET = 'records/items/lootsets/itemset_c002.dbr';
const s = (key: string, ...values: string[]) => ({ type: 2 as const, key, values });
const i = (key: string, ...values: number[]) => ({ type: 0 as const, key, values });
const records: ArzRecordInput[] = [
  {
    name: 'Records\\Items\\GearWeapons\\Swords1H\\A01_Sword002.dbr',
    type: 'WeaponMelee_Sword',
    fields: [
      s('itemNameTag', 'tagWeaponSwordA002'),
      s('itemQualityTag', 'tagQualityShieldA01'),
      s('itemStyleTag', 'tagStyleUniqueTier2'),
      s('itemClassification', 'Epic'),
      i('levelRequirement', 50),
      s('itemSetName', 'records/items/lootsets/itemset_c002.dbr'),
    ],
  },
  {
    name: SWORD_M,
    type: 'WeaponMelee_Sword',
    fields: [
      s('itemNameTag', 'tagWeaponSwordA001'),
      s('itemQualityTag', 'tagQualityShieldA01'),
      s('itemStyleTag', 'tagStyleUniqueTier3'),
    ],
  },
  {
    name: PREFIX,
    type: 'LootRandomizer',
    fields: [s('lootRandomizerName', 'tagPrefixAA003'), s('itemClassification', 'Magical'), i('levelRequirement', 10)],
  },
  { name: SUFFIX, type: 'LootRandomizer', fields: [s('lootRandomizerName', 'tagSuffixA001')] },
  { name: NAMELESS_SUFFIX, type: 'LootRandomizer', fields: [] },
  {
    name: SET,
    type: '',
    fields: [
      s('setName', 'tagItemSetC002Name'),
      s('setMembers', 'Records/Items/GearWeapons/Swords1H/A01_Sword002.dbr', SWORD_M),
    ],
  },
  {
    name: 'records/items/gearrings/a01_ring.dbr',
    type: 'ArmorJewelry_Ring',
    fields: [s('itemNameTag', 'tagRing'), s('itemSetName', 'records/items/misc/odd_set.dbr')],
  },
  { name: 'records/items/misc/odd_set.dbr', type: '', fields: [s('setName', 'tagOddSet')] },
  {
    name: 'records/items/gearrings/a02_ring.dbr',
    type: 'ArmorJewelry_Ring',
    fields: [s('itemNameTag', 'tagRing'), s('itemSetName', 'records/items/lootsets/gone.dbr')],
  },
  { name: 'records/items/materia/compb_calamity.dbr', type: 'ItemRelic', fields: [s('description', 'tagRelicB001')] },
  { name: 'records/items/gearrelic/d001_relic.dbr', type: 'ItemArtifact', fields: [s('description', 'tagRelicB002')] },
  { name: 'records/items/enchants/a001.dbr', type: 'ItemEnchantment', fields: [s('description', 'tagEnchantA001')] },
  {
    name: 'records/items/crafting/blueprints/b001.dbr',
    type: 'ItemArtifactFormula',
    fields: [s('description', 'tagBlueprint')],
  },
  {
    name: 'records/items/oneshot/potion_health01.dbr',
    type: 'OneShot_PotionHealth',
    fields: [s('description', 'tagPotion')],
  },
  { name: 'records/items/misc/brand_new.dbr', type: 'ItemBrandNew', fields: [s('itemNameTag', 'tagNew')] },
  { name: 'records/items/questitems/nameless.dbr', type: 'QuestItem', fields: [] },
  { name: 'records/creatures/enemies/hero_ghost.dbr', type: 'Monster', fields: [s('description', 'tagHeroGhostH05')] },
  { name: 'records/creatures/enemies/mute.dbr', type: 'Monster', fields: [] },
  { name: 'records/proxies/pool01.dbr', type: 'Proxy', fields: [s('description', 'tagProxy')] },
];

/** A third language whose name order is name, prefix, suffix (quality and style left out). */
const otherOrder = writeTextArchive({
  'tags_items.txt': {
    tagItemNameOrder: '{%_s3} {%_s0} {%_s4}',
    tagWeaponSwordA002: 'Rasoir',
    tagPrefixAA003: 'lumineux',
    tagQualityShieldA01: '',
  },
});

describe('game data from a written database with affixes, sets, styles and other kinds', () => {
  let set: GameDataSet;
  let names: GameNames;
  beforeAll(async () => {
    set = await extractGameData({
      arz: bufferSource(writeArz(records)),
      texts: [
        { language: 'en', src: bufferSource(DATA.english()) },
        { language: 'de', src: bufferSource(DATA.german()) },
        { language: 'xx', src: bufferSource(otherOrder) },
      ],
    });
    names = new GameNames(set);
  });

  it('when items are read, then path, type, rarity, level, style, quality and set come out, with defaults', () => {
    expect(names.itemData(SWORD_F)).toEqual({
      record: SWORD_F,
      class: 'WeaponMelee_Sword',
      itemType: 'Sword',
      itemTypeId: 0,
      rarity: 'Epic',
      levelRequirement: 50,
      style: 'Empowered',
      nameTag: 'tagWeaponSwordA002',
      qualityTag: 'tagQualityShieldA01',
      styleTag: 'tagStyleUniqueTier2',
      set: SET,
    });
    expect(names.itemData(SWORD_M)).toMatchObject({
      rarity: 'Common',
      levelRequirement: 0,
      style: 'Mythical',
      set: null,
    });
    const type = (r: string) => names.itemData(r)?.itemType;
    expect(type('records/items/materia/compb_calamity.dbr')).toBe('Relic');
    expect(type('records/items/gearrelic/d001_relic.dbr')).toBe('Artifact');
    expect(type('records/items/enchants/a001.dbr')).toBe('Augment');
    expect(type('records/items/crafting/blueprints/b001.dbr')).toBe('Blueprint');
    expect(type('records/items/oneshot/potion_health01.dbr')).toBe('Health Potion');
    expect(names.itemData('records/items/misc/brand_new.dbr')).toMatchObject({
      class: 'ItemBrandNew',
      itemType: null,
      itemTypeId: null,
    });
    expect(names.itemData('records/proxies/pool01.dbr')).toBeUndefined();
  });

  it('when components and relics name themselves in description, then that is their name tag', () => {
    expect(names.item('records/items/materia/compb_calamity.dbr', 'en')).toBe('Calamity');
    expect(names.item('records/items/materia/compb_calamity.dbr', 'de')).toBe('Katastrophe');
  });

  it('when affixes are read, then prefix or suffix, name tag, rarity and level where present', () => {
    expect(set.affixes).toEqual([
      { record: PREFIX, kind: 'prefix', nameTag: 'tagPrefixAA003', rarity: 'Magical', levelRequirement: 10 },
      { record: SUFFIX, kind: 'suffix', nameTag: 'tagSuffixA001', rarity: null, levelRequirement: null },
      { record: NAMELESS_SUFFIX, kind: 'suffix', nameTag: null, rarity: null, levelRequirement: null },
    ]);
    expect(names.affix(PREFIX, 'en')).toBe('Luminous');
    expect(names.affix(PREFIX, 'de')).toBe('Leuchtender'); // alone: its first form
    expect(names.affix(NAMELESS_SUFFIX, 'de')).toBe('a999'); // no name tag: the file name
  });

  it('when sets are read, then their setName and members; a set outside lootsets/ is read once an item names it', () => {
    expect(set.sets).toEqual(
      expect.arrayContaining([
        { record: SET, nameTag: 'tagItemSetC002Name', members: [SWORD_F, SWORD_M] },
        { record: 'records/items/misc/odd_set.dbr', nameTag: 'tagOddSet', members: [] },
      ]),
    );
    expect(names.set(names.itemData(SWORD_F)!.set!, 'en')).toBe("Explorer's Garments");
    expect(names.set(names.itemData(SWORD_F)!.set!, 'de')).toBe('Forschergewand');
  });

  it('when a full name is composed, then prefix, quality, style, name, suffix in the language order; German agrees with the noun', () => {
    const full = { base: SWORD_F, prefix: PREFIX, suffix: SUFFIX };
    expect(names.itemName('en', full)).toBe('Luminous Scrapmetal Empowered Razor of Prowess');
    // [fs]Klinge: the feminine forms of the prefix, quality and style.
    expect(names.itemName('de', full)).toBe('Leuchtende Verrostete Mächtige Klinge der Kühnheit');
    // [ms]Gladius: the masculine ones.
    expect(names.itemName('de', { ...full, base: SWORD_M })).toBe(
      'Leuchtender Verrosteter Mythischer Gladius der Kühnheit',
    );
    expect(names.itemName('en', { base: SWORD_F })).toBe('Scrapmetal Empowered Razor');
  });

  it('when a language orders names otherwise or a part is empty or missing, then its order holds and no extra space is left', () => {
    // xx: name, prefix, suffix; the suffix is not in xx and comes from English.
    expect(names.itemName('xx', { base: SWORD_F, prefix: PREFIX, suffix: SUFFIX })).toBe('Rasoir lumineux of Prowess');
    expect(names.itemName('en', { base: SWORD_F, suffix: NAMELESS_SUFFIX })).toBe('Scrapmetal Empowered Razor a999');
    expect(names.itemName('de', { base: 'records/items/unknown/x01_thing.dbr' })).toBe('x01_thing');
  });

  it('when records miss fields, then fallbacks are taken and listed as problems', () => {
    expect(names.item('records/items/questitems/nameless.dbr', 'en')).toBe('nameless');
    expect(set.stats.problems).toEqual(
      expect.arrayContaining([
        'records/items/lootaffixes/suffix/a999.dbr: affix without lootRandomizerName; named by its file name',
        'records/items/misc/brand_new.dbr: Class ItemBrandNew has no item type; its type is null',
        'records/items/questitems/nameless.dbr: no itemNameTag or description; named by its file name',
        'records/creatures/enemies/mute.dbr: Monster without description; no creature tag',
        'records/items/lootsets/gone.dbr: set record named by an item is not in the database',
      ]),
    );
    expect(set.stats.problemCount).toBe(set.stats.problems.length);
  });

  it('when the text is kept, then affix, set, quality and style tags are in it with their forms', () => {
    const de = set.texts.find((t) => t.language === 'de')!;
    expect(de.forms.tagQualityShieldA01).toMatchObject({ ms: 'Verrosteter', fs: 'Verrostete' });
    expect(de.tags.tagItemSetC002Name).toBe('Forschergewand');
    expect(de.genders.tagWeaponSwordA002).toBe('fs');
  });
});

describe('refused inputs', () => {
  it('when a text archive has no tags_ files, then extraction is refused', async () => {
    const credits = writeArc([{ name: 'credits', data: Buffer.from('thanks') }]);
    await expectFormatRejection(
      extractGameData({ texts: [{ language: 'en', src: bufferSource(credits), name: 'Text_EN.arc' }] }),
      /Text_EN\.arc has no tags_ text files/,
    );
  });

  it('when an archive or the database is corrupt, then extraction is refused with what is wrong', async () => {
    const german = DATA.german();
    const creatures = (await ArcArchive.open(bufferSource(german))).entry('tags_creatures.txt')!;
    const tocAt = german.readUInt32LE(24) + german.readUInt32LE(16) + german.readUInt32LE(20);
    await expectFormatRejection(
      extractGameData({
        texts: [
          { language: 'de', src: bufferSource(flip(german, tocAt + creatures.index * 44 + 16)), name: 'Text_DE.arc' },
        ],
      }),
      /Text_DE\.arc: \.arc tags_creatures\.txt: checksum mismatch/,
    );
    const arz = Buffer.from(DATA.arz());
    await expectFormatRejection(
      extractGameData({ arz: bufferSource(arz.subarray(0, arz.length - 100)), texts: [] }),
      /string table lies outside the file/,
    );
    const db = await ArzDatabase.open(bufferSource(arz));
    const scepter = db.entries().find((e) => e.name === SCEPTER)!;
    arz.fill(0xff, scepter.offset, scepter.offset + scepter.compressedSize);
    await expectFormatRejection(
      extractGameData({ arz: bufferSource(arz), texts: [] }),
      new RegExp(`record ${scepter.index} does not decompress`),
    );
  });

  it('when there is no database, then the set holds the creatures and the name order', async () => {
    const set = await extractGameData({ texts: [{ language: 'en', src: bufferSource(DATA.english()) }] });
    expect(set.items).toEqual([]);
    expect(set.stats.creatures).toBe(978);
    expect(new GameNames(set).creature('tagHeroGhostH05', 'en')).toBe('Oldrakan Pald ~ Swift');
  });
});

describe('languages and item classes', () => {
  it("when an archive's file name says its language as the game names them, then that is its language", () => {
    expect(languageOfArchive('Text_EN.arc')).toBe('en');
    expect(languageOfArchive('Text_DE.arc')).toBe('de');
    expect(languageOfArchive('GrimLeagueS07_Text_DE.arc')).toBe('de');
    expect(languageOfArchive('resources/text_fr.arc')).toBe('fr');
    expect(languageOfArchive('some_german.arc')).toBeNull();
    expect(languageOfArchive('GrimLeagueS07_Items.arc')).toBeNull();
    expect(languageOfArchive('Text_EN.arz')).toBeNull();
  });

  it('when Classes are typed, then each of the 38 spec types has one and the named examples map as the spec says', () => {
    const classes = [
      'WeaponMelee_Sword',
      'WeaponMelee_Sword2h',
      'WeaponMelee_Axe',
      'WeaponMelee_Axe2h',
      'WeaponMelee_Mace',
      'WeaponMelee_Mace2h',
      'WeaponMelee_Dagger',
      'WeaponMelee_Scepter',
      'WeaponArmor_Offhand',
      'WeaponArmor_Shield',
      'WeaponHunting_Ranged1h',
      'WeaponHunting_Ranged2h',
      'ArmorProtective_Head',
      'ArmorProtective_Shoulders',
      'ArmorProtective_Chest',
      'ArmorProtective_Hands',
      'ArmorProtective_Waist',
      'ArmorProtective_Legs',
      'ArmorProtective_Feet',
      'ArmorJewelry_Ring',
      'ArmorJewelry_Amulet',
      'ArmorJewelry_Medal',
      'OneShot_Scroll',
      'OneShot_PotionMana',
      'OneShot_PotionHealth',
      'QuestItem',
      'ItemUsableSkill',
      'ItemArtifactFormula',
      'ItemEnchantment',
      'ItemFactionBooster',
      'ItemFactionWarrant',
      'ItemArtifact',
      'ItemRelic',
      'ItemDifficultyUnlock',
      'ItemAttributeReset',
      'ItemDevotionReset',
      'LootRandomizer',
      'WeaponHunting_Spear',
    ];
    expect(classes.map(itemTypeOfClass)).toEqual([...STASH_ITEM_TYPES]);
    expect(itemTypeOfClass('ItemTransmuter')).toBe('Blueprint');
    expect(itemTypeOfClass('weaponhunting_ranged2h')).toBe('Two-Handed Ranged');
    expect(itemTypeOfClass('Monster')).toBeNull();
    expect(isItemClass('ItemBrandNew')).toBe(true);
    expect(isItemClass('LootRandomizer')).toBe(false); // read as an affix
    expect(isItemClass('LootItemTable_DynWeight')).toBe(false);
  });
});
