import { bootCatalogue, type CatalogueHarness } from './catalogue.support';

jest.setTimeout(60_000);

/** The admin item and monster tables page and sort on the server; without paging the plain list stays. */
describe('catalogue lists: server-side paging and sorting', () => {
  let h: CatalogueHarness;
  const tag = `Pg${Math.random().toString(36).slice(2, 7)}`;
  // 23 items; rarities and types cycle so the sort keys differ from the name order.
  const rarities = ['Legendary', 'Epic', 'Rare'];
  const types = ['Ring', 'Amulet', 'Medal', 'Belt'];
  let encounterId = 0;

  beforeAll(async () => {
    h = await bootCatalogue();
    for (let i = 1; i <= 23; i += 1) {
      const res = await h.send(
        'POST',
        '/admin/item',
        {
          name: `${tag} item ${String(i).padStart(2, '0')}`,
          rarity: rarities[i % 3],
          type: types[i % 4],
          active: i % 5 !== 0,
          itemLevel: 100 - i,
        },
        h.admin,
      );
      expect(res.status).toBe(200);
    }
    const encounter = await h.send('POST', '/admin/encounter', { name: `${tag} arena` }, h.admin);
    encounterId = encounter.body.encounterId;
    for (const name of ['Zealot', 'archer', 'Brute']) {
      const res = await h.send(
        'POST',
        '/admin/monster',
        { name: `${tag} ${name}`, encounterId: encounter.body.encounterId, race: name === 'Brute' ? 'Ogre' : 'Human' },
        h.admin,
      );
      expect(res.status).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  const admin = (q: string) => h.get(`/season/items?includeInactive=true&searchTerm=${tag}${q}`, h.admin);
  const names = (list: Array<{ name: string }>) => list.map((i) => i.name.replace(`${tag} `, ''));

  it('when the admin asks for page 3 of 10 by name, then it gets items 21-23 and the count of all 23 (inactive too)', async () => {
    const res = await admin('&page=3&pageSize=10&sort=name&dir=asc');
    expect(res.status).toBe(200);
    expect(res.body.itemCount).toBe(23);
    expect(names(res.body.items)).toEqual(['item 21', 'item 22', 'item 23']);
    const desc = await admin('&page=1&pageSize=10&sort=name&dir=desc');
    expect(names(desc.body.items).slice(0, 3)).toEqual(['item 23', 'item 22', 'item 21']);
  });

  it('when sorted by rarity, type, active or level, then the whole filtered list is ordered before the page is cut', async () => {
    const byRarity = await admin('&page=1&pageSize=50&sort=rarity&dir=asc');
    const r = byRarity.body.items.map((i: { rarity: string }) => i.rarity);
    expect(r).toEqual([...r].sort());
    expect(r[0]).toBe('Epic');
    const byType = await admin('&page=2&pageSize=10&sort=type&dir=desc');
    const t = (await admin('&page=1&pageSize=50&sort=type&dir=desc')).body.items.map((i: { type: string }) => i.type);
    expect(byType.body.items.map((i: { type: string }) => i.type)).toEqual(t.slice(10, 20));
    const inactiveFirst = await admin('&page=1&pageSize=10&sort=active&dir=asc');
    expect(names(inactiveFirst.body.items.slice(0, 4))).toEqual(['item 05', 'item 10', 'item 15', 'item 20']);
    const lowLevel = await admin('&page=1&pageSize=10&sort=itemLevel&dir=asc');
    expect(names(lowLevel.body.items.slice(0, 2))).toEqual(['item 23', 'item 22']);
  });

  it('when the type filter and paging meet, then the count is of the filtered list', async () => {
    const rings = await admin('&type=Ring&page=1&pageSize=10');
    // i % 4 === 0 for i in 1..23: 4, 8, 12, 16, 20.
    expect(rings.body.itemCount).toBe(5);
    expect(names(rings.body.items)).toEqual(['item 04', 'item 08', 'item 12', 'item 16', 'item 20']);
  });

  it('when nobody asks for paging, then the public list stays a plain array (inactive items left out)', async () => {
    const plain = await h.get(`/season/items?searchTerm=${tag}`);
    expect(Array.isArray(plain.body)).toBe(true);
    expect(plain.body).toHaveLength(19);
    const sorted = await h.get(`/season/items?searchTerm=${tag}&sort=name&dir=desc`);
    expect(Array.isArray(sorted.body)).toBe(true);
    expect(names(sorted.body)[0]).toBe('item 23');
    // A player's page never counts inactive items.
    const playerPage = await h.get(`/season/items?searchTerm=${tag}&includeInactive=true&page=1&pageSize=10`, h.player);
    expect(playerPage.body.itemCount).toBe(19);
  });

  it('when monsters are paged and sorted, then by name case-insensitively or by race', async () => {
    const of = `/season/monsters?includeInactive=true&encounterId=${encounterId}`;
    const res = await h.get(`${of}&page=1&pageSize=10&sort=name`, h.admin);
    expect(res.status).toBe(200);
    expect(res.body.itemCount).toBe(3);
    expect(names(res.body.items)).toEqual(['archer', 'Brute', 'Zealot']);
    const second = await h.get(`${of}&page=2&pageSize=10&sort=name&dir=desc`, h.admin);
    expect(second.body).toEqual({ items: [], itemCount: 3 });
    const byRace = await h.get(`${of}&pageSize=10&sort=race&dir=desc`, h.admin);
    expect(byRace.body.items.map((m: { race: string }) => m.race)).toEqual(['Ogre', 'Human', 'Human']);
    expect(Array.isArray((await h.get('/season/monsters')).body)).toBe(true);
  });

  it('when paging or sorting parameters are bad, then 400 with a message naming the field', async () => {
    for (const q of ['page=0', 'page=x', 'pageSize=25', 'pageSize=0', 'sort=lore', 'sort=name&dir=sideways']) {
      const items = await h.get(`/season/items?${q}`, h.admin);
      expect([q, items.status]).toEqual([q, 400]);
      expect(items.body.message).toMatch(/page|sort|dir/);
      const monsters = await h.get(`/season/monsters?${q}`, h.admin);
      expect([q, monsters.status]).toEqual([q, 400]);
      expect(monsters.body.message).toMatch(/page|sort|dir/);
    }
  });
});
