import { bootCatalogue, type CatalogueHarness } from './catalogue.support';

jest.setTimeout(60_000);

describe('catalogue encounters and monsters', () => {
  let h: CatalogueHarness;

  beforeAll(async () => {
    h = await bootCatalogue();
  }, 90_000);

  afterAll(async () => {
    await h?.close();
  });

  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await h.send('POST', path, body, h.admin);
    expect(res.status).toBe(200);
    return res.body;
  };
  const names = (list: Array<{ name: string }>) => list.map((i) => i.name);

  it('when an admin saves encounter 0, then a new encounter gets an id (defaults New Encounter, active); saving again updates it', async () => {
    const created = await post('/admin/encounter', { encounterId: 0 });
    expect(created).toMatchObject({ name: 'New Encounter', active: true });
    expect(created.encounterId).toBeGreaterThan(0);
    const updated = await post('/admin/encounter', { encounterId: created.encounterId, name: 'Ashes of Malmouth' });
    expect(updated).toEqual({ encounterId: created.encounterId, name: 'Ashes of Malmouth', active: true });
    const list = (await h.get('/season/encounters')).body;
    expect(list).toContainEqual(updated);
    const missing = await h.send('POST', '/admin/encounter', { encounterId: 424242, name: 'Nope' }, h.admin);
    expect(missing.status).toBe(404);
    const bad = await h.send('POST', '/admin/encounter', { encounterId: 'one', name: '' }, h.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/encounterId/);
  });

  it('when an encounter is inactive, then it and its monsters are invisible to the public and to a player asking includeInactive', async () => {
    const hidden = await post('/admin/encounter', { name: 'Sealed Crypt', active: false });
    const boss = await post('/admin/monster', {
      name: 'Warden Krieg',
      encounterId: hidden.encounterId,
      race: 'Human',
      type: 'Hero',
    });

    expect(names((await h.get('/season/encounters')).body)).not.toContain('Sealed Crypt');
    expect(names((await h.get('/season/encounters?includeInactive=true', h.player)).body)).not.toContain(
      'Sealed Crypt',
    );
    expect(names((await h.get('/season/encounters?includeInactive=true', h.admin)).body)).toContain('Sealed Crypt');

    const list = await h.get(`/season/monsters?encounterId=${hidden.encounterId}`);
    expect(list.status).toBe(404);
    expect(list.body.message).toBe(`Encounter ${hidden.encounterId} does not exist`);
    expect(
      (await h.get(`/season/monsters?encounterId=${hidden.encounterId}&includeInactive=true`, h.player)).status,
    ).toBe(404);
    const adminList = await h.get(`/season/monsters?encounterId=${hidden.encounterId}&includeInactive=true`, h.admin);
    expect(names(adminList.body)).toEqual(['Warden Krieg']);
    expect(names((await h.get('/season/monsters')).body)).not.toContain('Warden Krieg');

    expect((await h.get(`/season/monster/${boss.monsterId}`)).status).toBe(404);
    expect((await h.get(`/season/monster/${boss.monsterId}?includeInactive=true`, h.player)).status).toBe(404);
    expect((await h.get(`/season/monster/${boss.monsterId}?includeInactive=true`, h.admin)).status).toBe(200);
  });

  it('when monsters are saved, then new ones default to New Monster, a minion is named after its parent and listed under it', async () => {
    const enc = await post('/admin/encounter', { name: 'Cronley Gang Hideout' });
    const plain = await post('/admin/monster', { monsterId: 0, encounterId: enc.encounterId });
    expect(plain).toMatchObject({
      name: 'New Monster',
      active: true,
      race: '',
      type: '',
      encounterId: enc.encounterId,
      parentMonsterId: null,
      childMonsters: [],
      nodes: [],
    });
    const boss = await post('/admin/monster', {
      monsterId: plain.monsterId,
      name: 'Darius Cronley',
      race: 'Human',
      type: 'Hero',
      lore: 'Leader of the Outlaws.',
    });
    expect(boss).toMatchObject({ monsterId: plain.monsterId, name: 'Darius Cronley', encounterId: enc.encounterId });

    const minion = await post('/admin/monster', { monsterId: 0, parentMonsterId: boss.monsterId });
    expect(minion).toMatchObject({
      name: 'Darius Cronley minion',
      active: true,
      parentMonsterId: boss.monsterId,
      encounterId: enc.encounterId,
    });
    const hiddenMinion = await post('/admin/monster', {
      parentMonsterId: boss.monsterId,
      name: 'Secret Bodyguard',
      active: false,
    });

    const detail = (await h.get(`/season/monster/${boss.monsterId}`)).body;
    expect(detail.childMonsters.map((m: { monsterId: number }) => m.monsterId)).toEqual([minion.monsterId]);
    const adminDetail = (await h.get(`/season/monster/${boss.monsterId}?includeInactive=true`, h.admin)).body;
    expect(adminDetail.childMonsters.map((m: { monsterId: number }) => m.monsterId)).toEqual([
      minion.monsterId,
      hiddenMinion.monsterId,
    ]);
    expect((await h.get(`/season/monster/${minion.monsterId}`)).body.name).toBe('Darius Cronley minion');

    // The encounter's list shows the monsters, not their minions.
    expect(names((await h.get(`/season/monsters?encounterId=${enc.encounterId}`)).body)).toEqual(['Darius Cronley']);

    const moveMinion = await h.send(
      'POST',
      '/admin/monster',
      { monsterId: minion.monsterId, parentMonsterId: plain.monsterId + 1000 },
      h.admin,
    );
    expect(moveMinion.status).toBe(400);
    const wrongEnc = await h.send(
      'POST',
      '/admin/monster',
      { parentMonsterId: boss.monsterId, encounterId: enc.encounterId + 1000 },
      h.admin,
    );
    expect(wrongEnc.status).toBe(400);
    const noParent = await h.send('POST', '/admin/monster', { parentMonsterId: 777777 }, h.admin);
    expect(noParent.status).toBe(404);
    expect(noParent.body.message).toBe('Parent monster 777777 does not exist');
    const noEnc = await h.send('POST', '/admin/monster', { encounterId: 777777 }, h.admin);
    expect(noEnc.status).toBe(404);

    // Moving the boss to another encounter takes its minions along.
    const other = await post('/admin/encounter', { name: 'Burrwitch Outskirts' });
    await post('/admin/monster', { monsterId: boss.monsterId, encounterId: other.encounterId });
    const moved = (await h.get(`/season/monster/${minion.monsterId}`)).body;
    expect(moved.encounterId).toBe(other.encounterId);
  });

  it('when a monster with minions is deleted, then it is refused with a message; without minions it goes with its nodes', async () => {
    const enc = await post('/admin/encounter', { name: 'Steps of Torment' });
    const boss = await post('/admin/monster', { name: 'Valdaran the Sculptor', encounterId: enc.encounterId });
    const minion = await post('/admin/monster', { parentMonsterId: boss.monsterId });
    const attack = (
      await h.send(
        'POST',
        '/admin/node',
        { monsterId: minion.monsterId, nodeTypeId: 1, title: 'Chisel', rawHtml: 'x' },
        h.admin,
      )
    ).body;

    const refused = await h.send('DELETE', `/admin/monster/${boss.monsterId}`, undefined, h.admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Monster 'Valdaran the Sculptor' has 1 minion; delete them first");
    const encRefused = await h.send('DELETE', `/admin/encounter/${enc.encounterId}`, undefined, h.admin);
    expect(encRefused.status).toBe(409);

    expect((await h.send('DELETE', `/admin/monster/${minion.monsterId}`, undefined, h.admin)).status).toBe(204);
    expect(await h.svc.mongo.collection('catalogue_nodes').countDocuments({ _id: attack.nodeId } as never)).toBe(0);
    expect((await h.send('DELETE', `/admin/monster/${boss.monsterId}`, undefined, h.admin)).status).toBe(204);
    expect((await h.get(`/season/monster/${boss.monsterId}?includeInactive=true`, h.admin)).status).toBe(404);
    expect((await h.send('DELETE', `/admin/encounter/${enc.encounterId}`, undefined, h.admin)).status).toBe(204);
    expect((await h.send('DELETE', `/admin/encounter/${enc.encounterId}`, undefined, h.admin)).status).toBe(404);
  });

  it('when monster inputs are bad, then 400 with a message', async () => {
    for (const res of [
      await h.get('/season/monsters?encounterId=zero'),
      await h.get('/season/monsters?includeInactive=yes'),
      await h.get('/season/monster/0'),
      await h.send('POST', '/admin/monster', { name: 'x'.repeat(121) }, h.admin),
      await h.send('POST', '/admin/monster', { monsterId: 1.5 }, h.admin),
      await h.send('POST', '/admin/monster', { active: 'yes' }, h.admin),
      await h.send('DELETE', '/admin/monster/abc', undefined, h.admin),
    ]) {
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await h.get('/season/monsters?encounterId=555555')).status).toBe(404);
  });
});
