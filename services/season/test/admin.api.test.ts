import { bootSeason, eventually, unique, type Harness } from './support/season';

jest.setTimeout(120_000);

describe('admin: season challenges', () => {
  let h: Harness;
  let admin: string;
  let player: string;

  beforeAll(async () => {
    h = await bootSeason();
    admin = await h.token(unique('admin'), ['admin']);
    player = await h.token(unique('player'));
  });

  afterAll(async () => {
    await h?.stop();
  });

  const challenge = (over: Record<string, unknown> = {}) => ({
    seasonChallengeId: 0,
    seasonId: 19,
    challengeName: 'Kill Ch’thon',
    questTag: 'GDL_S07_CHTHON',
    difficulties: 'Ultimate+Normal',
    maxLevel: 100,
    challengeCategoryId: 2,
    challengeTypeId: 1,
    scalingThreshold: null,
    pointValue: 40,
    ...over,
  });

  it('when a non-admin calls an admin endpoint, then 401 without a token and 403 with a player token', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/admin/challenge-categories'],
      ['GET', '/admin/season-challenge/1801'],
      ['POST', '/admin/season-challenge', challenge()],
      ['POST', '/admin/season-challenges/display-order', [{ seasonChallengeId: 1801, displayOrder: 1 }]],
      ['DELETE', '/admin/season-challenge/1801'],
    ];
    for (const [method, path, body] of calls) {
      expect([path, (await h.call(method, path, { body })).status]).toEqual([path, 401]);
      const res = await h.call(method, path, { body, token: player });
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.body.message).toMatch(/admin/);
    }
    expect((await h.call('GET', '/admin/season-challenge/1801', { token: admin })).status).toBe(200);
  });

  it('when anyone asks the time, without a token or with a player token, then UTC now (the About countdown needs it)', async () => {
    for (const token of [undefined, player]) {
      const time = await h.call('GET', '/admin/time', { token });
      expect(time.status).toBe(200);
      expect(Math.abs(Date.parse(time.body.utc) - Date.now())).toBeLessThan(5_000);
      expect(time.body.utc).toMatch(/Z$/);
    }
  });

  it('when an admin asks the time and the categories, then UTC now and the six categories with Tiebreakers', async () => {
    const time = await h.call('GET', '/admin/time', { token: admin });
    expect(Math.abs(Date.parse(time.body.utc) - Date.now())).toBeLessThan(5_000);
    expect(time.body.utc).toMatch(/Z$/);
    const cats = await h.call('GET', '/admin/challenge-categories', { token: admin });
    expect(cats.body.map((c: { categoryName: string }) => c.categoryName)).toEqual([
      'Campaign',
      'Bosses',
      'Shattered Realm',
      'Crucible',
      'Collections',
      'Tiebreakers',
    ]);
  });

  it('when an admin creates, reads, updates and deletes a challenge, then the season shows each change', async () => {
    const created = await h.call('POST', '/admin/season-challenge', { token: admin, body: challenge() });
    expect(created.status).toBe(200);
    const id = created.body.seasonChallengeId;
    expect(id).toBeGreaterThan(0);
    expect(created.body).toMatchObject({
      seasonId: 19,
      questTag: 'gdl_s07_chthon',
      difficulties: 'Normal+Ultimate',
      categoryName: 'Bosses',
      scalingThreshold: null,
    });
    const list = await h.call('GET', '/admin/season/19/challenges', { token: admin });
    const last = list.body[list.body.length - 1];
    expect(last).toMatchObject({ seasonChallengeId: id, displayOrder: list.body.length });
    const updated = await h.call('POST', '/admin/season-challenge', {
      token: admin,
      body: challenge({
        seasonChallengeId: id,
        challengeName: 'Kill Ch’thon fast',
        challengeTypeId: 4,
        scalingThreshold: 3,
      }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      seasonChallengeId: id,
      challengeName: 'Kill Ch’thon fast',
      challengeTypeId: 4,
      scalingThreshold: 3,
    });
    expect((await h.call('GET', `/admin/season-challenge/${id}`, { token: admin })).body.challengeName).toBe(
      'Kill Ch’thon fast',
    );
    const season = await h.call('GET', '/season/19');
    expect(season.body.seasonChallenges.map((c: { seasonChallengeId: number }) => c.seasonChallengeId)).toContain(id);
    expect((await h.call('DELETE', `/admin/season-challenge/${id}`, { token: admin })).status).toBe(200);
    expect((await h.call('GET', `/admin/season-challenge/${id}`, { token: admin })).status).toBe(404);
    expect((await h.call('DELETE', `/admin/season-challenge/${id}`, { token: admin })).status).toBe(404);
  });

  it('when a challenge body is wrong, then 400 (or 404/409) names the problem and nothing is stored', async () => {
    const before = (await h.call('GET', '/admin/season/19/challenges', { token: admin })).body.length;
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ challengeTypeId: 5 }, 400, /challengeTypeId/],
      [{ challengeTypeId: 4, scalingThreshold: null }, 400, /scalingThreshold: a Scaling challenge needs/],
      [{ challengeTypeId: 1, scalingThreshold: 4 }, 400, /only Scaling challenges/],
      [{ difficulties: 'Normal+Hard' }, 400, /difficulties/],
      [{ difficulties: 'Elite+Elite' }, 400, /difficulties/],
      [{ difficulties: '' }, 400, /difficulties/],
      [{ maxLevel: 0 }, 400, /maxLevel/],
      [{ maxLevel: 101 }, 400, /maxLevel/],
      [{ pointValue: -5 }, 400, /pointValue/],
      [{ challengeName: '  ' }, 400, /challengeName/],
      [{ questTag: 'not a tag' }, 400, /questTag/],
      [{ seasonChallengeId: -1 }, 400, /seasonChallengeId/],
      [{ seasonId: 999 }, 404, /Season 999/],
      [{ challengeCategoryId: 99 }, 400, /category 99/],
      [{ seasonChallengeId: 99999 }, 404, /99999/],
      [{ seasonChallengeId: 1801 }, 400, /another season/],
      [{ questTag: 'gdl_s07_c01' }, 409, /already belongs/],
    ];
    for (const [over, status, message] of cases) {
      const res = await h.call('POST', '/admin/season-challenge', { token: admin, body: challenge(over) });
      expect([JSON.stringify(over), res.status]).toEqual([JSON.stringify(over), status]);
      expect(res.body.message).toMatch(message);
    }
    expect((await h.call('GET', '/admin/season/19/challenges', { token: admin })).body).toHaveLength(before);
    expect((await h.call('GET', '/admin/season/999/challenges', { token: admin })).status).toBe(404);
    expect((await h.call('GET', '/admin/season-challenge/x', { token: admin })).status).toBe(400);
  });

  it('when an admin reorders challenges, then the season lists them in the new 1-based order', async () => {
    const list = (await h.call('GET', '/admin/season/17/challenges', { token: admin })).body as Array<{
      seasonChallengeId: number;
    }>;
    const reversed = [...list]
      .reverse()
      .map((c, i) => ({ seasonChallengeId: c.seasonChallengeId, displayOrder: i + 1 }));
    const res = await h.call('POST', '/admin/season-challenges/display-order', { token: admin, body: reversed });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { seasonChallengeId: number }) => c.seasonChallengeId)).toEqual(
      reversed.map((r) => r.seasonChallengeId),
    );
    const season = await h.call('GET', '/season/17', { token: admin });
    expect(season.body.seasonChallenges[0].seasonChallengeId).toBe(reversed[0]!.seasonChallengeId);
  });

  it('when a display order is wrong, then 400/404 and no position changes', async () => {
    const before = (await h.call('GET', '/admin/season/18/challenges', { token: admin })).body;
    const cases: Array<[unknown, number, RegExp]> = [
      [[], 400, /Invalid body/],
      [[{ seasonChallengeId: 1801, displayOrder: 0 }], 400, /displayOrder/],
      [
        [
          { seasonChallengeId: 1801, displayOrder: 1 },
          { seasonChallengeId: 1801, displayOrder: 2 },
        ],
        400,
        /once/,
      ],
      [
        [
          { seasonChallengeId: 1801, displayOrder: 2 },
          { seasonChallengeId: 1802, displayOrder: 2 },
        ],
        400,
        /once/,
      ],
      [
        [
          { seasonChallengeId: 1801, displayOrder: 2 },
          { seasonChallengeId: 1901, displayOrder: 1 },
        ],
        400,
        /same season/,
      ],
      [
        [
          { seasonChallengeId: 1801, displayOrder: 2 },
          { seasonChallengeId: 424242, displayOrder: 1 },
        ],
        404,
        /424242/,
      ],
      [{ seasonChallengeId: 1801 }, 400, /Invalid body/],
    ];
    for (const [body, status, message] of cases) {
      const res = await h.call('POST', '/admin/season-challenges/display-order', { token: admin, body });
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      expect(res.body.message).toMatch(message);
    }
    expect((await h.call('GET', '/admin/season/18/challenges', { token: admin })).body).toEqual(before);
  });

  it("when a challenge's points change, then the participants who did it are re-scored", async () => {
    const name = unique('Rescore');
    const pid = (await h.call('POST', '/season/add-participant/19', { token: await h.token(name) })).body
      .seasonParticipantId;
    const created = await h.call('POST', '/admin/season-challenge', {
      token: admin,
      body: challenge({ questTag: null, pointValue: 10 }),
    });
    const id = created.body.seasonChallengeId;
    await h.call('POST', '/season/19/participant-challenges', {
      token: admin,
      body: { seasonParticipantId: pid, participantChallenges: [{ seasonChallengeId: id, quantity: 1 }] },
    });
    await eventually(async () => (await h.call('GET', `/season/participant/${pid}/standing`)).body.pointTotal === 10);
    await h.call('POST', '/admin/season-challenge', {
      token: admin,
      body: challenge({ seasonChallengeId: id, questTag: null, pointValue: 25 }),
    });
    await eventually(async () => (await h.call('GET', `/season/participant/${pid}/standing`)).body.pointTotal === 25);
    await h.call('DELETE', `/admin/season-challenge/${id}`, { token: admin });
    await eventually(async () => (await h.call('GET', `/season/participant/${pid}/standing`)).body.pointTotal === 0);
  });

  it('when the launcher reads a season’s challenge list with a player token, then it gets it (LAUNCHER-API)', async () => {
    const res = await h.call('GET', '/admin/season/18/challenges', { token: player });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({
      seasonChallengeId: expect.any(Number),
      categoryName: expect.any(String),
      difficulties: expect.any(String),
    });
    expect((await h.call('GET', '/admin/season/18/challenges')).status).toBe(401);
  });
});
