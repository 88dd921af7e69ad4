import fs from 'node:fs';
import path from 'node:path';
import { STASH_ITEM_TYPES, type ItemDisplay } from '@league/contracts';
import {
  ArcArchive,
  bufferSource,
  catalogueGameFiles,
  classOfItemType,
  extractGameData,
  gameFileNames,
  GameNames,
  itemTypeOfClass,
  languageOfArchive,
  namedItem,
  nameTagOf,
  validateArc,
  validateArz,
  writeGameFiles,
  type CatalogueMonster,
  type GameDataSet,
  type ItemRecordRow,
} from '@league/gamefiles';

// The demo catalogue itself: the season's item-record table and the catalogue's encounters.
const SEASON_DATA = path.resolve(__dirname, '../../../services/season/data');
const ROWS = JSON.parse(fs.readFileSync(path.join(SEASON_DATA, 'stash/item-records.json'), 'utf8')) as ItemRecordRow[];
const ENCOUNTERS = JSON.parse(fs.readFileSync(path.join(SEASON_DATA, 'catalogue/encounters.json'), 'utf8')) as Array<{
  monsters: CatalogueMonster[];
}>;
const BASES = ROWS.filter((r) => r.kind === 'base');
const AFFIXES = ROWS.filter((r) => r.kind === 'affix');
const monstersOf = (ms: CatalogueMonster[]): CatalogueMonster[] =>
  ms.flatMap((m) => [m, ...monstersOf(m.minions ?? [])]);
const MONSTERS = monstersOf(ENCOUNTERS.flatMap((e) => e.monsters));

const readBack = (files: { arz: Buffer; arc: Buffer; language: string }) =>
  extractGameData({
    arz: bufferSource(files.arz),
    texts: [{ language: files.language, src: bufferSource(files.arc), name: 'Text.arc' }],
  });

/** What the site shows for an item of these records: namedItem over a fallback that would give it away. */
function shown(names: GameNames, base: string, prefix?: string, suffix?: string) {
  const unknown: ItemDisplay = {
    baseItem: {
      itemDbrTag: { name: 'fallback' },
      rarity: 'fallback',
      style: null,
      itemTypeId: null,
      levelRequirement: -1,
    },
    prefix: null,
    suffix: null,
    itemType: 'fallback',
  };
  return namedItem(names, 'en', { base, prefix, suffix }, { itemDisplay: unknown, itemName: 'fallback' });
}

describe('the demo league game files written from the catalogue', () => {
  const files = writeGameFiles(catalogueGameFiles(ROWS, ENCOUNTERS));
  let set: GameDataSet;
  let names: GameNames;
  beforeAll(async () => {
    set = await readBack(files);
    names = new GameNames(set);
  });

  it('when they are checked as an upload is, then the database and the text archive pass', async () => {
    const records = BASES.length + AFFIXES.length + MONSTERS.length + 1; // one set: the Voidsoul gloves
    expect(await validateArz(bufferSource(files.arz))).toMatchObject({ records });
    expect(await validateArc(bufferSource(files.arc))).toEqual({ files: 2, parts: 2, empty: 0 });
    const arc = await ArcArchive.open(bufferSource(files.arc));
    expect(arc.files().map((f) => f.name)).toEqual(['tags_items.txt', 'tags_creatures.txt']);
    expect(set.stats).toMatchObject({
      records,
      items: BASES.length,
      affixes: AFFIXES.length,
      sets: 1,
      creatures: MONSTERS.length,
      languages: ['en'],
      problemCount: 0,
    });
  });

  it("when each base item is read back, then the site shows the table's name, type, rarity, level and style", () => {
    const byRecord = (r: ItemRecordRow) => {
      const { itemDisplay, itemName, known } = shown(names, r.record);
      return {
        known,
        name: itemDisplay.baseItem.itemDbrTag.name,
        itemName,
        type: itemDisplay.itemType,
        rarity: itemDisplay.baseItem.rarity,
        level: itemDisplay.baseItem.levelRequirement,
        style: itemDisplay.baseItem.style,
      };
    };
    const expected = (r: ItemRecordRow) => ({
      known: true,
      name: r.name,
      // A set item's full name is the game's composition, which has no set mark.
      itemName: r.name.replace(' (S)', ''),
      type: r.itemType,
      rarity: r.rarity,
      level: r.levelRequirement,
      style: r.style ?? null,
    });
    expect(BASES.map(byRecord)).toEqual(BASES.map(expected));
    // The styled and set items are stored as the game stores them: their own name, the style and the set apart.
    const gloves = names.itemData('records/items/gearhands/d011_hands.dbr')!;
    expect(names.item(gloves.record, 'en')).toBe('Voidsoul Gloves');
    expect(gloves).toMatchObject({
      style: 'Empowered',
      styleTag: 'tagStyleUniqueTier2',
      class: 'ArmorProtective_Hands',
    });
    expect(names.set(gloves.set!, 'en')).toBe('Voidsoul Gloves');
    expect(names.item('records/items/gearweapons/guns2h/d005_gun2h.dbr', 'en')).toBe('Avenger of Cairn');
    expect(names.itemData('records/items/gearweapons/guns2h/d005_gun2h.dbr')?.style).toBe('Mythical');
  });

  it('when the affixes are read back, then each is a prefix or a suffix with its name, rarity and level, and full names compose', () => {
    expect(
      AFFIXES.map((r) => ({ name: names.affix(r.record, 'en'), ...names.affixData(r.record) })).map(
        ({ name, kind, rarity, levelRequirement }) => ({ name, kind, rarity, levelRequirement }),
      ),
    ).toEqual(
      AFFIXES.map((r) => ({
        name: r.name,
        kind: r.record.includes('/prefix/') ? 'prefix' : 'suffix',
        rarity: r.rarity,
        levelRequirement: r.levelRequirement,
      })),
    );
    const full = shown(
      names,
      'records/items/gearweapons/swords1h/a06_sword01.dbr',
      'records/items/lootaffixes/prefix/b_ar001_ar.dbr',
      'records/items/lootaffixes/suffix/a016_def_life.dbr',
    );
    expect(full.itemName).toBe('Fortified Bladed Sword of the Bear');
    expect(full.itemDisplay.baseItem.levelRequirement).toBe(50);
  });

  it('when the creatures are read back, then every monster and minion of the encounters is named by its catalogue key', () => {
    expect(MONSTERS.length).toBeGreaterThan(15);
    expect(MONSTERS.map((m) => names.creature(m.key, 'en'))).toEqual(MONSTERS.map((m) => m.name));
    expect(names.creature('mon-warden-abomination', 'de')).toBe("Warden's Abomination"); // English is the fallback
    expect(set.creatures.find((c) => c.tag === 'mon-warden-krieg')?.records).toEqual([
      'records/creatures/league/mon-warden-krieg.dbr',
    ]);
  });

  it("when the files are written again, then the bytes are the same (the demo uploads only what changed), and they hold none of the game's records", () => {
    const again = writeGameFiles(catalogueGameFiles(ROWS, ENCOUNTERS));
    expect(again.arz.equals(files.arz)).toBe(true);
    expect(again.arc.equals(files.arc)).toBe(true);
    expect(names.itemData('records/items/gearweapons/caster/b203_scepter.dbr')).toBeUndefined();
  });
});

describe('writeGameFiles', () => {
  it('when a language is given, then the archive is named for it and its name order and style words are used', async () => {
    const de = writeGameFiles({
      language: 'DE',
      nameOrder: '{%_3a0}{%_3a1}{%_3a2}{%_s3}{%_s4}',
      styleNames: { Mythical: 'Mythisch' },
      items: [
        {
          record: 'records/items/a/x01_sword.dbr',
          name: 'Klinge',
          itemType: 'Sword',
          style: 'Mythical',
          rarity: 'Legendary',
        },
        { record: 'records/items/a/x02_ring.dbr', name: 'Reif', itemType: 'Ring' },
      ],
      affixes: [{ record: 'records/items/lootaffixes/suffix/x01.dbr', name: 'der Kühnheit' }],
      creatures: [{ tag: 'tagOnlyInText', name: 'Schemen' }],
    });
    expect(de.language).toBe('de');
    const names = gameFileNames('GrimLeagueS07', de.language);
    expect(names).toEqual({ arz: 'GrimLeagueS07.arz', arc: 'GrimLeagueS07_Text_DE.arc' });
    expect(languageOfArchive(names.arc)).toBe('de');
    const set = await readBack(de);
    const g = new GameNames(set);
    expect(
      g.itemName('de', { base: 'records/items/a/x01_sword.dbr', suffix: 'records/items/lootaffixes/suffix/x01.dbr' }),
    ).toBe('Mythisch Klinge der Kühnheit');
    expect(set.texts[0]!.tags.tagItemNameOrder).toBe('{%_3a0}{%_3a1}{%_3a2}{%_s3}{%_s4}');
    // Fields not given are left out, and the reader takes its fallbacks.
    expect(g.itemData('records/items/a/x02_ring.dbr')).toMatchObject({
      rarity: 'Common',
      levelRequirement: 0,
      style: null,
    });
    expect(g.affixData('records/items/lootaffixes/suffix/x01.dbr')).toMatchObject({
      rarity: null,
      levelRequirement: null,
    });
    // A creature without a record is known from the text alone.
    expect(set.creatures).toEqual([{ tag: 'tagOnlyInText', records: [] }]);
    expect(g.creature('tagOnlyInText', 'de')).toBe('Schemen');
  });

  it('when each of the 38 item types is written, then its record reads back as that type', async () => {
    const items = STASH_ITEM_TYPES.filter((t) => t !== 'LootRandomizer') // an affix's Class: read as an affix, never an item
      .map((t, i) => ({ record: `records/items/t/${i}.dbr`, name: t, itemType: t }));
    const set = await readBack(writeGameFiles({ items, affixes: [], creatures: [] }));
    expect(set.items.map((i) => i.itemType)).toEqual(items.map((i) => i.itemType));
    for (const t of STASH_ITEM_TYPES) expect(itemTypeOfClass(classOfItemType(t)!)).toBe(t);
    expect(classOfItemType('Spear')).toBe('WeaponHunting_Spear');
    expect(classOfItemType('Not A Type')).toBeNull();
  });

  it('when the input cannot be written as the game stores it, then it is refused with what is wrong', () => {
    const item = { record: 'records/items/a/x.dbr', name: 'X', itemType: 'Sword' as const };
    const write = (over: Partial<Parameters<typeof writeGameFiles>[0]>) => () =>
      writeGameFiles({ items: [], affixes: [], creatures: [], ...over });
    expect(write({ items: [{ ...item, itemType: 'Nope' as never }] })).toThrow(/item type "Nope" has no Class/);
    expect(write({ affixes: [{ record: 'records/items/misc/a.dbr', name: 'A' }] })).toThrow(/lootaffixes\/prefix/);
    expect(write({ items: [item, { ...item, record: 'Records\\Items\\A\\X.dbr' }] })).toThrow(/given twice/);
    expect(write({ items: [{ ...item, name: 'two\nlines' }] })).toThrow(/one non-empty line/);
    expect(write({ items: [{ ...item, name: ' ' }] })).toThrow(/one non-empty line/);
    expect(write({ creatures: [{ tag: 'a=b', name: 'A' }] })).toThrow(/not one word/);
  });

  it('when a name tag is made, then it is one word from the record path', () => {
    expect(nameTagOf('Records\\Items\\GearHead\\A10_Head01.dbr')).toBe('tagLeague_items_gearhead_a10_head01');
  });
});
