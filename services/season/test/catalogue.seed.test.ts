import {
  BASE_CLASSES,
  CATALOGUE_ITEM_TYPES,
  DIFFICULTIES,
  ITEM_RARITIES,
  STAT_FILTER_CATEGORIES,
} from '@league/contracts';
import { seedCatalogue } from '../src/data/catalogue/seed';
import { redisChangeToken } from '@league/platform';
import { bootCatalogue, type CatalogueHarness } from './catalogue.support';

jest.setTimeout(120_000);

describe('the demo catalogue seed, and the reference endpoints', () => {
  let h: CatalogueHarness;
  let first: Awaited<ReturnType<typeof seedCatalogue>>;

  // The running service's own catalogue token: its cache sees what the seed writes.
  const catalogueToken = () => redisChangeToken(h.svc.redis, h.svc.config.MONGO_DB, 'catalogue');

  beforeAll(async () => {
    h = await bootCatalogue();
    first = await seedCatalogue(h.svc.mongo, h.svc.sequences, catalogueToken());
  }, 180_000);

  afterAll(async () => {
    await h?.close();
  });

  it('when seeded, then there are at least 60 items over all 24 types and every rarity, with real names', async () => {
    const items = (await h.get('/season/items?includeInactive=true', h.admin)).body as Array<{
      itemId: number;
      name: string;
      type: string;
      rarity: string;
      active: boolean;
    }>;
    expect(items.length).toBeGreaterThanOrEqual(60);
    expect(first.items).toBe(items.length);
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(CATALOGUE_ITEM_TYPES));
    expect(new Set(items.map((i) => i.rarity))).toEqual(new Set(ITEM_RARITIES));
    for (const item of items) expect(item.name).not.toMatch(/^(item|new item|test)\b|\d+$/i);
    expect(new Set(items.map((i) => i.name)).size).toBe(items.length);
    // One unrevealed item, hidden from the public.
    const pub = (await h.get('/season/items')).body as unknown[];
    expect(pub.length).toBe(items.length - 1);
    expect(items.some((i) => i.name.includes('(S)'))).toBe(true);
  });

  it('when seeded, then items have nodes in every section, and the item display derives from them', async () => {
    const nodes = h.svc.mongo.collection('catalogue_nodes');
    for (const nodeTypeId of [1, 2, 3, 4, 5]) {
      expect(await nodes.countDocuments({ ownerKind: 'item', nodeTypeId })).toBeGreaterThan(0);
    }
    const found = (await h.get('/season/items?searchTerm=Bloodsworn%20Girdle')).body;
    expect(found).toHaveLength(1);
    const stats = (await h.get(`/season/item/${found[0].itemId}/stats`)).body;
    expect(stats.itemDisplay.baseItem).toMatchObject({ rarity: 'Legendary', itemTypeId: 16, levelRequirement: 94 });
    expect(stats.statDetail.itemStatLines).toContainEqual({ statDisplay: '{+30%} All Damage', statTypeId: 462 });
    expect(stats.statDetail.completionStatLines[0]).toEqual({
      statDisplay: '(2) {+15%} Bleeding Damage',
      statTypeId: 5,
    });

    const granted = (await h.get('/season/items?searchTerm=Mythical%20Dawnbreaker&type=Sword')).body;
    const dawn = (await h.get(`/season/item/${granted[0].itemId}`)).body;
    const skill = dawn.nodes.find((n: { nodeTypeId: number }) => n.nodeTypeId === 4);
    expect(skill.rawHtml).toBe('Granted Skill: {Sunflare}');
    expect(skill.childNodes.map((c: { rawHtml: string }) => c.rawHtml)).toContain('{218} Fire Damage');
    const dawnStats = (await h.get(`/season/item/${granted[0].itemId}/stats`)).body;
    expect(dawnStats.itemDisplay.baseItem.style).toBe('tagStyleUniqueTier3');
    expect(dawnStats.statDetail.itemStatLines.filter((l: { statTypeId: number }) => l.statTypeId === 463)).toHaveLength(
      4,
    );

    // Node text is searchable: 'Sunflare' only appears in that granted skill.
    expect((await h.get('/season/items?searchTerm=sunflare')).body.map((i: { name: string }) => i.name)).toEqual([
      'Mythical Dawnbreaker',
    ]);
  });

  it('when seeded, then at least 8 visible encounters have monsters with attacks, passives and minions', async () => {
    const encounters = (await h.get('/season/encounters')).body as Array<{ encounterId: number; name: string }>;
    expect(encounters.length).toBeGreaterThanOrEqual(8);
    expect((await h.get('/season/encounters?includeInactive=true', h.admin)).body.length).toBe(encounters.length + 1);
    for (const enc of encounters) {
      const monsters = (await h.get(`/season/monsters?encounterId=${enc.encounterId}`)).body as Array<{
        monsterId: number;
      }>;
      expect(monsters.length).toBeGreaterThan(0);
      const details = await Promise.all(
        monsters.map(async (m) => (await h.get(`/season/monster/${m.monsterId}`)).body),
      );
      const boss = details.find((d) => d.childMonsters.length > 0);
      expect({ encounter: enc.name, hasMinions: Boolean(boss) }).toEqual({ encounter: enc.name, hasMinions: true });
      const types = new Set(boss.nodes.map((n: { nodeTypeId: number }) => n.nodeTypeId));
      expect(types).toEqual(new Set([1, 2]));
      expect(boss.nodes.every((n: { title: string }) => n.title.length > 0)).toBe(true);
      const minion = (await h.get(`/season/monster/${boss.childMonsters[0].monsterId}`)).body;
      expect(minion.parentMonsterId).toBe(boss.monsterId);
      expect(minion.nodes.length).toBeGreaterThan(0);
    }
  });

  it('when the mutators are read, then Season 4 has every class column with Normal, Elite and Ultimate stat lines', async () => {
    const res = await h.get('/season/boundless-mutators');
    expect(res.status).toBe(200);
    const mutators = res.body as Array<{
      name: string;
      class: string;
      difficulty: string;
      modifiers: Array<{ statDisplay: string }>;
    }>;
    for (const cls of BASE_CLASSES) {
      const mine = mutators.filter((m) => m.class === cls);
      expect(new Set(mine.map((m) => m.difficulty))).toEqual(new Set(DIFFICULTIES));
      for (const m of mine) expect(m.modifiers.length).toBeGreaterThan(0);
    }
    // Page order: class columns in order, each mutator Normal → Elite → Ultimate; values grow with difficulty.
    expect(mutators[0]).toMatchObject({ class: 'Soldier', difficulty: 'Normal' });
    expect(mutators[mutators.length - 1]!.class).toBe('Oathkeeper');
    const iron = mutators.filter((m) => m.name === 'Iron Discipline').map((m) => m.modifiers[0]!.statDisplay);
    expect(iron).toEqual(['{+20%} Physical Damage', '{+35%} Physical Damage', '{+50%} Physical Damage']);
  });

  it('when the stat filters are read, then every category of the spec is covered, with description and statTag', async () => {
    const res = await h.get('/season/item-filters');
    expect(res.status).toBe(200);
    const stats = res.body as Array<{ statTag: string; description: string; category: string }>;
    expect([...new Set(stats.map((s) => s.category))]).toEqual([...STAT_FILTER_CATEGORIES]);
    expect(new Set(stats.map((s) => s.statTag)).size).toBe(stats.length);
    expect(
      stats
        .filter((s) => s.category === 'Trading')
        .map((s) => s.description)
        .sort(),
    ).toEqual(['Listed For Trade', 'Not Listed For Trade']);
  });

  it('when the seed runs again, then nothing is added or duplicated, and admin edits survive', async () => {
    const item = (await h.get('/season/items?searchTerm=Crown%20of%20Ash')).body[0];
    await h.send('POST', '/admin/item', { itemId: item.itemId, lore: 'Edited by an admin.' }, h.admin);
    const count = async () =>
      Promise.all(
        [
          'catalogue_items',
          'catalogue_nodes',
          'catalogue_encounters',
          'catalogue_monsters',
          'boundless_mutators',
          'stat_filters',
        ].map((c) => h.svc.mongo.collection(c).countDocuments()),
      );
    const before = await count();
    const again = await seedCatalogue(h.svc.mongo, h.svc.sequences, catalogueToken());
    expect(again).toEqual({ items: 0, nodes: 0, encounters: 0, monsters: 0, mutators: 0, statFilters: 0 });
    expect(await count()).toEqual(before);
    expect((await h.get(`/season/item/${item.itemId}`)).body.lore).toBe('Edited by an admin.');
    expect(first.mutators).toBe(before[4]);
  });

  it('when an admin creates an item after the seed, then its id follows the seeded ones', async () => {
    const max = (await h.get('/season/items?includeInactive=true', h.admin)).body.reduce(
      (m: number, i: { itemId: number }) => Math.max(m, i.itemId),
      0,
    );
    const res = await h.send('POST', '/admin/item', { name: 'Fresh Relic' }, h.admin);
    expect(res.body.itemId).toBeGreaterThan(max);
  });
});
