import { catalogueStore } from '../src/data/catalogue/repositories';
import { redisChangeToken } from '@league/platform';
import { bootCatalogue, type CatalogueHarness } from './catalogue.support';

jest.setTimeout(60_000);

describe('catalogue items', () => {
  let h: CatalogueHarness;

  beforeAll(async () => {
    h = await bootCatalogue();
  }, 90_000);

  afterAll(async () => {
    await h?.close();
  });

  const saveItem = async (body: Record<string, unknown>) => {
    const res = await h.send('POST', '/admin/item', body, h.admin);
    expect(res.status).toBe(200);
    return res.body as { itemId: number; name: string };
  };
  const saveNode = async (body: Record<string, unknown>) => {
    const res = await h.send('POST', '/admin/node', body, h.admin);
    expect(res.status).toBe(200);
    return res.body as { nodeId: number; parentNodeId: number | null; rawHtml: string };
  };
  const names = (list: Array<{ name: string }>) => list.map((i) => i.name);

  it('when an admin posts a new item with no fields, then it gets an id and the defaults New Item, active, level 94', async () => {
    const res = await h.send('POST', '/admin/item', { itemId: 0 }, h.admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'New Item',
      active: true,
      requiredPlayerLevel: 94,
      lore: '',
      rarity: '',
      type: '',
      nodes: [],
    });
    expect(res.body.itemId).toBeGreaterThan(0);
    const again = await saveItem({});
    expect(again.itemId).not.toBe(res.body.itemId);
  });

  it('when several items are created at once, then every one gets its own id', async () => {
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) => h.send('POST', '/admin/item', { name: `Racing Blade ${i}` }, h.admin)),
    );
    const ids = created.map((r) => r.body.itemId as number);
    expect(created.every((r) => r.status === 200)).toBe(true);
    expect(new Set(ids).size).toBe(8);
  });

  it('when two processes allocate item ids at the same time, then no id is handed out twice and no item is lost', async () => {
    // Two stores stand for two processes: each its own allocator over the shared Redis sequence.
    const token = redisChangeToken(h.svc.redis, h.svc.config.MONGO_DB, 'catalogue');
    const a = catalogueStore(h.svc.mongo, h.svc.sequences, token);
    const b = catalogueStore(h.svc.mongo, h.svc.sequences, token);
    const fields = (name: string) => ({
      name,
      active: false,
      lore: '',
      rarity: '' as const,
      type: '' as const,
      requiredPhysique: 0,
      requiredCunning: 0,
      requiredSpirit: 0,
      requiredPlayerLevel: 94,
      itemLevel: 0,
      dropsFrom: '',
    });
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).items.create(fields(`Twin Forge Relic ${i}`))),
    );
    expect(new Set(made.map((m) => m.itemId)).size).toBe(12);
    const stored = await h.get('/season/items?includeInactive=true&searchTerm=Twin%20Forge%20Relic', h.admin);
    expect(stored.body).toHaveLength(12);
  });

  it('when an admin updates an item, then only the given fields change and GET shows them', async () => {
    const item = await saveItem({ name: 'Mark of the Old Watch', rarity: 'Epic', type: 'Medal', itemLevel: 70 });
    const res = await h.send('POST', '/admin/item', { itemId: item.itemId, lore: 'Worn by the last warden.' }, h.admin);
    expect(res.status).toBe(200);
    const got = await h.get(`/season/item/${item.itemId}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      itemId: item.itemId,
      name: 'Mark of the Old Watch',
      rarity: 'Epic',
      type: 'Medal',
      itemLevel: 70,
      lore: 'Worn by the last warden.',
      requiredPlayerLevel: 94,
    });
  });

  it('when an item is inactive, then the public, players and includeInactive from a player cannot see it; an admin can', async () => {
    const hidden = await saveItem({
      name: 'Veiled Harbinger Blade',
      active: false,
      type: 'Sword',
      rarity: 'Legendary',
    });
    const visible = await saveItem({ name: 'Unveiled Harbinger Blade', type: 'Sword', rarity: 'Legendary' });

    const pub = await h.get('/season/items?searchTerm=harbinger');
    expect(names(pub.body)).toEqual(['Unveiled Harbinger Blade']);
    const sneaky = await h.get('/season/items?includeInactive=true&searchTerm=harbinger', h.player);
    expect(names(sneaky.body)).toEqual(['Unveiled Harbinger Blade']);
    const anonSneaky = await h.get('/season/items?includeInactive=true&searchTerm=harbinger');
    expect(names(anonSneaky.body)).toEqual(['Unveiled Harbinger Blade']);
    const admin = await h.get('/season/items?includeInactive=true&searchTerm=harbinger', h.admin);
    expect(names(admin.body).sort()).toEqual(['Unveiled Harbinger Blade', 'Veiled Harbinger Blade']);
    const adminDefault = await h.get('/season/items?searchTerm=harbinger', h.admin);
    expect(names(adminDefault.body)).toEqual(['Unveiled Harbinger Blade']);

    expect((await h.get(`/season/item/${hidden.itemId}`)).status).toBe(404);
    expect((await h.get(`/season/item/${hidden.itemId}`, h.player)).status).toBe(404);
    expect((await h.get(`/season/item/${hidden.itemId}/stats`)).status).toBe(404);
    expect((await h.get(`/season/item/${hidden.itemId}`, h.admin)).body.name).toBe('Veiled Harbinger Blade');
    expect((await h.get(`/season/item/${visible.itemId}`)).status).toBe(200);
  });

  it('when searching, then the term matches name, lore and node text ignoring case, literally, and type is exact', async () => {
    const byName = await saveItem({ name: 'Stormcaller Pauldrons', type: 'Shoulder', rarity: 'Epic' });
    const byLore = await saveItem({
      name: 'Mantle of Quiet',
      type: 'Shoulder',
      rarity: 'Epic',
      lore: 'It hums of STORMCALLER winds.',
    });
    const byNode = await saveItem({ name: 'Girdle of Embers', type: 'Belt', rarity: 'Legendary' });
    await saveNode({ itemId: byNode.itemId, nodeTypeId: 2, rawHtml: '<p>{+18%} <b>Stormcaller</b> Damage</p>' });
    const regexy = await saveItem({ name: 'Ring (of) [Tricks] a.b*c', type: 'Ring', rarity: 'Magical' });
    const decoy = await saveItem({ name: 'Ring of Tricks abbc', type: 'Ring', rarity: 'Magical' });

    const storm = await h.get('/season/items?searchTerm=%20sToRmCaLlEr%20');
    expect(storm.status).toBe(200);
    expect(names(storm.body).sort()).toEqual(['Girdle of Embers', 'Mantle of Quiet', 'Stormcaller Pauldrons']);

    const typed = await h.get('/season/items?searchTerm=stormcaller&type=Shoulder');
    expect(names(typed.body).sort()).toEqual(['Mantle of Quiet', 'Stormcaller Pauldrons']);

    const literal = await h.get(`/season/items?searchTerm=${encodeURIComponent('(of) [tricks] a.b*c')}`);
    expect(names(literal.body)).toEqual([regexy.name]);
    const dot = await h.get(`/season/items?searchTerm=${encodeURIComponent('a.b')}`);
    expect(names(dot.body)).not.toContain(decoy.name);

    // Exact type: 'Sword' never returns a Two-Handed Sword.
    await saveItem({ name: 'Greatblade of Testing Exactness', type: 'Two-Handed Sword', rarity: 'Rare' });
    const swords = await h.get('/season/items?type=Sword');
    expect(swords.body.every((i: { type: string }) => i.type === 'Sword')).toBe(true);
    const twoHanded = await h.get('/season/items?type=Two-Handed%20Sword');
    expect(names(twoHanded.body)).toContain('Greatblade of Testing Exactness');
    expect(byName.itemId).toBeGreaterThan(0);
    expect(byLore.itemId).toBeGreaterThan(0);

    const list = await h.get('/season/items');
    const sorted = [...names(list.body)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(names(list.body)).toEqual(sorted);
    expect(list.body[0]).not.toHaveProperty('nodes');
  });

  it('when the query, path or body is bad, then the answer is 400 with a message and nothing is written', async () => {
    const bad = [
      await h.get('/season/items?type=Lance'),
      await h.get('/season/items?includeInactive=maybe'),
      await h.get(`/season/items?searchTerm=${'x'.repeat(101)}`),
      await h.get('/season/item/abc'),
      await h.get('/season/item/-4/stats'),
      await h.send('POST', '/admin/item', { name: 'Bad Rarity', rarity: 'Mythic' }, h.admin),
      await h.send('POST', '/admin/item', { name: 'Bad Type', type: 'Lance' }, h.admin),
      await h.send('POST', '/admin/item', { name: '   ' }, h.admin),
      await h.send('POST', '/admin/item', { name: 'Bad Level', requiredPlayerLevel: 101 }, h.admin),
      await h.send('POST', '/admin/item', { name: 'Bad Level', requiredPhysique: 'lots' }, h.admin),
      await h.send('POST', '/admin/item', { itemId: -1 }, h.admin),
      await h.send('POST', '/admin/item', '{"name":', h.admin),
    ];
    for (const res of bad) {
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const all = await h.get('/season/items?includeInactive=true&searchTerm=Bad', h.admin);
    expect(all.body).toEqual([]);
    const missing = await h.send('POST', '/admin/item', { itemId: 999999, name: 'Ghost' }, h.admin);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Item 999999 does not exist');
    expect((await h.get('/season/item/999999')).status).toBe(404);
  });

  it('when query values are empty, as the item list sends them for "-- None --", then they mean "absent"', async () => {
    const plain = await h.get('/season/items');
    const empty = await h.get('/season/items?includeInactive=&type=&searchTerm=');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(plain.body);
    expect((await h.get('/season/monsters?includeInactive=&encounterId=')).status).toBe(200);
  });

  it('when the OpenAPI document is read, then it lists the catalogue routes', async () => {
    const res = await h.get('/openapi.json');
    expect(res.status).toBe(200);
    for (const path of ['/season/items', '/season/item/{id}/stats', '/admin/node/{id}', '/season/boundless-mutators']) {
      expect(Object.keys(res.body.paths)).toContain(path);
    }
  });

  it('when a non-admin calls the admin routes, then 401 without a token and 403 with a player token', async () => {
    const item = await saveItem({ name: 'Guarded Relic Blade' });
    for (const [method, path, body] of [
      ['POST', '/admin/item', { name: 'Intruder' }],
      ['DELETE', `/admin/item/${item.itemId}`, undefined],
      ['POST', '/admin/node', { itemId: item.itemId, nodeTypeId: 1, rawHtml: 'x' }],
      ['DELETE', '/admin/node/1?itemId=1', undefined],
      ['POST', '/admin/encounter', { name: 'Intruders' }],
      ['POST', '/admin/monster', { name: 'Intruder' }],
    ] as const) {
      const anon = await h.send(method, path, body);
      expect(anon.status).toBe(401);
      expect(anon.body.message).toBeTruthy();
      const player = await h.send(method, path, body, h.player);
      expect(player.status).toBe(403);
      expect(player.body.message).toBe('Requires the admin role');
    }
    expect((await h.get(`/season/item/${item.itemId}`)).status).toBe(200);
    expect((await h.get('/season/items?searchTerm=Intruder', h.admin)).body).toEqual([]);
  });

  it('when an admin deletes an item, then it and its nodes are gone; a second delete is 404', async () => {
    const item = await saveItem({ name: 'Doomed Trinket', type: 'Amulet', rarity: 'Rare' });
    const node = await saveNode({ itemId: item.itemId, nodeTypeId: 1, rawHtml: '+12 Physique' });
    const del = await h.send('DELETE', `/admin/item/${item.itemId}`, undefined, h.admin);
    expect(del.status).toBe(204);
    expect((await h.get(`/season/item/${item.itemId}`, h.admin)).status).toBe(404);
    const again = await h.send('DELETE', `/admin/item/${item.itemId}`, undefined, h.admin);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(`Item ${item.itemId} does not exist`);
    expect(await h.svc.mongo.collection('catalogue_nodes').countDocuments({ _id: node.nodeId } as never)).toBe(0);
  });

  it('when an item has nodes, then /stats gives the item display: base item, no affixes, stat lines by section', async () => {
    const item = await saveItem({
      name: 'Mythical Bloodsworn Mantle',
      type: 'Shoulder',
      rarity: 'Legendary',
      requiredPlayerLevel: 90,
    });
    await saveNode({ itemId: item.itemId, nodeTypeId: 1, rawHtml: '<p>{412} Armor</p>' });
    await saveNode({
      itemId: item.itemId,
      nodeTypeId: 2,
      rawHtml: '{+30%} Vitality Damage<br>Bonus to All Pets:<br>{+25%} All Damage<br>{+8%} Health',
    });
    const skill = await saveNode({ itemId: item.itemId, nodeTypeId: 3, rawHtml: '{+2} to Blood of Dreeg' });
    await saveNode({
      itemId: item.itemId,
      nodeTypeId: 3,
      parentNodeId: skill.nodeId,
      rawHtml: '[25%] Cooldown Reduction',
    });
    await saveNode({ itemId: item.itemId, nodeTypeId: 4, rawHtml: 'Granted Skill: {Bloodsworn Rite}' });
    await saveNode({
      itemId: item.itemId,
      nodeTypeId: 5,
      rawHtml: '<ul><li>(2) {+10%} Health</li><li>(3) {+1} to all Skills</li></ul>',
    });

    const res = await h.get(`/season/item/${item.itemId}/stats`);
    expect(res.status).toBe(200);
    expect(res.body.itemDisplay).toEqual({
      baseItem: {
        itemDbrTag: { name: 'Mythical Bloodsworn Mantle' },
        rarity: 'Legendary',
        style: 'tagStyleUniqueTier3',
        itemTypeId: 13,
        levelRequirement: 90,
      },
      prefix: null,
      suffix: null,
      itemType: 'Shoulder',
    });
    expect(res.body.statDetail.itemStatLines).toEqual([
      { statDisplay: '{412} Armor', statTypeId: 1 },
      { statDisplay: '{+30%} Vitality Damage', statTypeId: 2 },
      { statDisplay: '{+25%} All Damage', statTypeId: 462 },
      { statDisplay: '{+8%} Health', statTypeId: 462 },
      { statDisplay: '{+2} to Blood of Dreeg', statTypeId: 3 },
      { statDisplay: '[25%] Cooldown Reduction', statTypeId: 3 },
      { statDisplay: 'Granted Skill: {Bloodsworn Rite}', statTypeId: 463 },
    ]);
    expect(res.body.statDetail.completionStatLines).toEqual([
      { statDisplay: '(2) {+10%} Health', statTypeId: 5 },
      { statDisplay: '(3) {+1} to all Skills', statTypeId: 5 },
    ]);

    const spear = await saveItem({ name: 'Empowered Spear of the Tide', type: 'Spear', rarity: 'Epic' });
    const spearStats = await h.get(`/season/item/${spear.itemId}/stats`);
    expect(spearStats.body.itemDisplay.baseItem).toMatchObject({ style: 'tagStyleUniqueTier2', itemTypeId: 37 });
    expect(spearStats.body.statDetail).toEqual({ itemStatLines: [], completionStatLines: [] });
  });
});
