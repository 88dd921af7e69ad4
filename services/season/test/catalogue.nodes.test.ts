import { bootCatalogue, type CatalogueHarness } from './catalogue.support';

jest.setTimeout(60_000);

describe('catalogue nodes', () => {
  let h: CatalogueHarness;
  let itemId: number;
  let otherItemId: number;
  let monsterId: number;

  beforeAll(async () => {
    h = await bootCatalogue();
    itemId = (await h.send('POST', '/admin/item', { name: 'Node Bearer', type: 'Helm', rarity: 'Epic' }, h.admin)).body
      .itemId;
    otherItemId = (await h.send('POST', '/admin/item', { name: 'Other Bearer' }, h.admin)).body.itemId;
    monsterId = (await h.send('POST', '/admin/monster', { name: "Grava'thul" }, h.admin)).body.monsterId;
  }, 90_000);

  afterAll(async () => {
    await h?.close();
  });

  const saveNode = (body: Record<string, unknown>) => h.send('POST', '/admin/node', body, h.admin);

  it('when a new node is saved, then the answer carries a fresh nodeId and parentNodeId, and the item lists it', async () => {
    const parent = await saveNode({ itemId, nodeTypeId: 2, rawHtml: '{+20%} Fire Damage' });
    expect(parent.status).toBe(200);
    expect(parent.body).toMatchObject({ nodeTypeId: 2, parentNodeId: null, itemId, rawHtml: '{+20%} Fire Damage' });
    expect(parent.body.nodeId).toBeGreaterThan(0);

    const child = await saveNode({
      itemId,
      nodeTypeId: 2,
      parentNodeId: parent.body.nodeId,
      rawHtml: '[+5%] Burn Damage',
    });
    expect(child.status).toBe(200);
    expect(child.body.parentNodeId).toBe(parent.body.nodeId);
    expect(child.body.nodeId).toBeGreaterThan(parent.body.nodeId);

    const other = await saveNode({ nodeId: 0, itemId, nodeTypeId: 1, rawHtml: '{310} Armor' });
    const item = (await h.get(`/season/item/${itemId}`)).body;
    expect(item.nodes).toEqual([
      {
        nodeId: parent.body.nodeId,
        parentNodeId: null,
        nodeTypeId: 2,
        rawHtml: '{+20%} Fire Damage',
        childNodes: [
          {
            nodeId: child.body.nodeId,
            parentNodeId: parent.body.nodeId,
            nodeTypeId: 2,
            rawHtml: '[+5%] Burn Damage',
            childNodes: [],
          },
        ],
      },
      { nodeId: other.body.nodeId, parentNodeId: null, nodeTypeId: 1, rawHtml: '{310} Armor', childNodes: [] },
    ]);

    const updated = await saveNode({ nodeId: other.body.nodeId, itemId, nodeTypeId: 1, rawHtml: '{320} Armor' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ nodeId: other.body.nodeId, parentNodeId: null, rawHtml: '{320} Armor' });
  });

  it.each([
    ['<script>alert(1)</script>{+10%} Cold Damage', '{+10%} Cold Damage'],
    ['<img src=x onerror="alert(1)">{+5} Spirit', '{+5} Spirit'],
    ['<b onclick="steal()">{+12%}</b> Speed', '<b>{+12%}</b> Speed'],
    ['<a href="javascript:alert(1)">[Secondary]</a> link', '[Secondary] link'],
    [
      '<span style="color:#ff0;background:url(javascript:alert(1))">{hot}</span>',
      '<span style="color:#ff0">{hot}</span>',
    ],
    ['<iframe src="https://evil.example"></iframe><p>[x]</p>', '<p>[x]</p>'],
    ['<svg><script>alert(1)</script></svg>{ok}', '{ok}'],
    ['<div class="stat-line" onmouseover=alert(1)>{+3%} Crit</div>', '<div class="stat-line">{+3%} Crit</div>'],
    ['<p>5 &lt; 6 &amp; {x}</p><style>body{display:none}</style>', '<p>5 &lt; 6 &amp; {x}</p>'],
    ['<form action="/x"><input name=a></form><i>[fine]</i>', '<i>[fine]</i>'],
  ])(
    'when node HTML is hostile (%s), then only harmless formatting and the stat markup are stored',
    async (raw, clean) => {
      const res = await saveNode({ itemId, nodeTypeId: 3, rawHtml: raw });
      expect(res.status).toBe(200);
      expect(res.body.rawHtml).toBe(clean);
      const item = (await h.get(`/season/item/${itemId}`)).body;
      const stored = item.nodes.find((n: { nodeId: number }) => n.nodeId === res.body.nodeId);
      expect(stored.rawHtml).toBe(clean);
      expect(stored.rawHtml).not.toMatch(
        /<script|onerror|onclick|onmouseover|javascript:|<iframe|<img|<svg|<style|<form/i,
      );
    },
  );

  it('when a node is saved for an owner that does not exist, or with the wrong type, then 404/400 and nothing is stored', async () => {
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ itemId: 987654, nodeTypeId: 1, rawHtml: 'x' }, 404, /Item 987654 does not exist/],
      [{ monsterId: 987654, nodeTypeId: 1, rawHtml: 'x' }, 404, /Monster 987654 does not exist/],
      [{ itemId, nodeTypeId: 6, rawHtml: 'x' }, 400, /nodeTypeId/],
      [{ itemId, nodeTypeId: 0, rawHtml: 'x' }, 400, /nodeTypeId/],
      [{ monsterId, nodeTypeId: 3, rawHtml: 'x' }, 400, /Monster nodes have type 1 \(attack\) or 2 \(passive\)/],
      [{ itemId, monsterId, nodeTypeId: 1, rawHtml: 'x' }, 400, /exactly one of itemId and monsterId/],
      [{ nodeTypeId: 1, rawHtml: 'x' }, 400, /exactly one of itemId and monsterId/],
      [{ itemId, nodeTypeId: 1 }, 400, /rawHtml/],
      [{ itemId, nodeTypeId: 1, rawHtml: 'x'.repeat(20_001) }, 400, /rawHtml/],
      [{ itemId, nodeTypeId: 1, rawHtml: 'x', parentNodeId: 987654 }, 404, /Node 987654 does not exist/],
    ];
    const before = await h.svc.mongo.collection('catalogue_nodes').countDocuments();
    for (const [body, status, message] of cases) {
      const res = await saveNode(body);
      expect({ body, status: res.status }).toEqual({ body, status });
      expect(res.body.message).toMatch(message);
    }
    expect(await h.svc.mongo.collection('catalogue_nodes').countDocuments()).toBe(before);
  });

  it('when a node is updated or nested against the rules, then it is refused with a message', async () => {
    const mine = (await saveNode({ itemId, nodeTypeId: 5, rawHtml: '(2) {+8%} Health' })).body;
    const child = (await saveNode({ itemId, nodeTypeId: 5, parentNodeId: mine.nodeId, rawHtml: 'line' })).body;

    const elsewhere = await saveNode({ nodeId: mine.nodeId, itemId: otherItemId, nodeTypeId: 5, rawHtml: 'stolen' });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe(`Node ${mine.nodeId} does not belong to item ${otherItemId}`);

    const grandChild = await saveNode({ itemId, nodeTypeId: 5, parentNodeId: child.nodeId, rawHtml: 'deep' });
    expect(grandChild.status).toBe(400);
    const otherSection = await saveNode({ itemId, nodeTypeId: 4, parentNodeId: mine.nodeId, rawHtml: 'x' });
    expect(otherSection.status).toBe(400);
    const foreignParent = await saveNode({
      itemId: otherItemId,
      nodeTypeId: 5,
      parentNodeId: mine.nodeId,
      rawHtml: 'x',
    });
    expect(foreignParent.status).toBe(404);
    const moveSection = await saveNode({ nodeId: mine.nodeId, itemId, nodeTypeId: 4, rawHtml: 'x' });
    expect(moveSection.status).toBe(400);
    const moveParent = await saveNode({
      nodeId: child.nodeId,
      itemId,
      nodeTypeId: 5,
      parentNodeId: null,
      rawHtml: 'x',
    });
    expect(moveParent.status).toBe(400);
    const missing = await saveNode({ nodeId: 987654, itemId, nodeTypeId: 5, rawHtml: 'x' });
    expect(missing.status).toBe(404);

    const item = (await h.get(`/season/item/${itemId}`)).body;
    const stored = item.nodes.find((n: { nodeId: number }) => n.nodeId === mine.nodeId);
    expect(stored.rawHtml).toBe('(2) {+8%} Health');
    expect(stored.childNodes.map((c: { rawHtml: string }) => c.rawHtml)).toEqual(['line']);
  });

  it('when a node is deleted, then it must belong to the named owner, and its children go with it', async () => {
    const parent = (await saveNode({ itemId, nodeTypeId: 4, rawHtml: 'Granted Skill: {Flame Torrent}' })).body;
    const child = (
      await saveNode({ itemId, nodeTypeId: 4, parentNodeId: parent.nodeId, rawHtml: '{3.5} Second Skill Recharge' })
    ).body;

    const wrongOwner = await h.send('DELETE', `/admin/node/${parent.nodeId}?itemId=${otherItemId}`, undefined, h.admin);
    expect(wrongOwner.status).toBe(404);
    expect(wrongOwner.body.message).toBe(`Node ${parent.nodeId} does not belong to item ${otherItemId}`);
    const asMonster = await h.send('DELETE', `/admin/node/${parent.nodeId}?monsterId=${monsterId}`, undefined, h.admin);
    expect(asMonster.status).toBe(404);
    const noOwner = await h.send('DELETE', `/admin/node/${parent.nodeId}`, undefined, h.admin);
    expect(noOwner.status).toBe(400);
    expect(noOwner.body.message).toMatch(/exactly one of itemId and monsterId/);

    const ok = await h.send('DELETE', `/admin/node/${parent.nodeId}?itemId=${itemId}`, undefined, h.admin);
    expect(ok.status).toBe(204);
    const nodes = await h.svc.mongo
      .collection('catalogue_nodes')
      .countDocuments({ _id: { $in: [parent.nodeId, child.nodeId] } } as never);
    expect(nodes).toBe(0);
    const again = await h.send('DELETE', `/admin/node/${parent.nodeId}?itemId=${itemId}`, undefined, h.admin);
    expect(again.status).toBe(404);
  });

  it('when a monster node is saved, then it keeps a title and active flag, and inactive ones are hidden from the public', async () => {
    const attack = await saveNode({ monsterId, nodeTypeId: 1, title: 'Molten Slam', rawHtml: '{Fire} area attack' });
    expect(attack.status).toBe(200);
    expect(attack.body).toMatchObject({ monsterId, title: 'Molten Slam', active: true, parentNodeId: null });
    const secret = await saveNode({
      monsterId,
      nodeTypeId: 2,
      title: 'Hidden Fury',
      active: false,
      rawHtml: '[enrage]',
    });
    expect(secret.body.active).toBe(false);

    const pub = (await h.get(`/season/monster/${monsterId}?includeInactive=true`, h.player)).body;
    expect(pub.nodes.map((n: { title: string }) => n.title)).toEqual(['Molten Slam']);
    const admin = (await h.get(`/season/monster/${monsterId}?includeInactive=true`, h.admin)).body;
    expect(admin.nodes.map((n: { title: string }) => n.title)).toEqual(['Molten Slam', 'Hidden Fury']);

    const renamed = await saveNode({
      nodeId: secret.body.nodeId,
      monsterId,
      nodeTypeId: 2,
      title: 'Revealed Fury',
      active: true,
      rawHtml: '[enrage]',
    });
    expect(renamed.body).toMatchObject({ title: 'Revealed Fury', active: true });
    const now = (await h.get(`/season/monster/${monsterId}`)).body;
    expect(now.nodes.map((n: { title: string }) => n.title)).toEqual(['Molten Slam', 'Revealed Fury']);
  });
});
