import { characterModels } from '../src/data/characters';
import { redisAnalyticsCache } from '../src/data/death-analytics';
import { seedDemoDeaths } from '../src/domain/death-seed';
import { bootSeason, unique, type Harness } from './support/season';

// Against the real engines on a 2-core machine shared with other suites: a stop or a request can take seconds.
jest.setTimeout(60_000);

const checksum = (n: number) => n.toString(16).toUpperCase().padStart(32, '0');

interface Analytics {
  seasonId: number;
  totalDeaths: number;
  killers: Array<{ rank: number; tag: string; killedBy: string; deaths: number }>;
  levelBands: Array<{
    band: string;
    minLevel: number;
    maxLevel: number;
    deaths: number;
    byDifficulty: Array<{ difficulty: string; deaths: number }>;
  }>;
  difficulties: Array<{ difficulty: string; deaths: number }>;
  classes: Array<{
    className: string;
    deaths: number;
    deadliestKiller: { tag: string; killedBy: string; deaths: number };
  }>;
}

/**
 * GET /season/{id}/death-analytics against the real engines. Deaths arrive through the season's end of the
 * launcher upload (`character-state`, what the BFF sends after reading the player.gdc); the replay of real
 * saves through the BFF and the game client is death-analytics.replay.api.test.ts.
 */
describe('death analytics (hardcore seasons)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await bootSeason();
  }, 60_000);
  afterAll(() => h?.stop());

  const join = async (seasonId = 19) => {
    const name = unique('dh');
    const token = await h.token(name);
    const res = await h.call('POST', `/season/${seasonId}/add-participant/${name}?branch=prod`, { token });
    expect(res.status).toBe(200);
    return { token, pid: res.body.seasonParticipantId as number };
  };
  let sum = 0;
  /** One character of a new participant, uploaded alive, then dead (its death counter at 1). */
  const dies = async (
    over: { className: string; level: number; currentDifficulty: number; lastAttackedBy: string },
    seasonId = 19,
  ) => {
    const { token, pid } = await join(seasonId);
    const info = {
      name: 'Doomed',
      deathCount: 0,
      hardcore: 1,
      maxDifficulty: over.currentDifficulty,
      ...over,
    };
    for (const deathCount of [0, 1]) {
      const res = await h.call('POST', `/season/participant/${pid}/character-state`, {
        token,
        body: { characterInfo: { ...info, deathCount }, questInfo: {}, checksum: checksum((sum += 1)) },
      });
      expect(res.status).toBe(200);
    }
    return { token, pid, info };
  };
  const analytics = async (seasonId = 19): Promise<Analytics> => {
    const res = await h.call('GET', `/season/${seasonId}/death-analytics?branch=prod`);
    expect(res.status).toBe(200);
    return res.body as Analytics;
  };

  it('when hardcore characters die, then killers are ranked, levels fall in their bands, difficulties and classes are counted', async () => {
    expect(await analytics()).toEqual({
      seasonId: 19,
      totalDeaths: 0,
      killers: [],
      levelBands: [
        { band: '1–49', minLevel: 1, maxLevel: 49, deaths: 0, byDifficulty: expect.any(Array) },
        { band: '50–74', minLevel: 50, maxLevel: 74, deaths: 0, byDifficulty: expect.any(Array) },
        { band: '75–94', minLevel: 75, maxLevel: 94, deaths: 0, byDifficulty: expect.any(Array) },
        { band: '95–100', minLevel: 95, maxLevel: 100, deaths: 0, byDifficulty: expect.any(Array) },
      ],
      difficulties: [
        { difficulty: 'Normal', deaths: 0 },
        { difficulty: 'Elite', deaths: 0 },
        { difficulty: 'Ultimate', deaths: 0 },
      ],
      classes: [],
    });
    const boss = unique('tagBoss');
    const wraith = unique('tagWraith');
    const zombie = unique('tagZombie');
    // The band edges: 49 | 50, 74 | 75, 94 | 95; 100 in the last band.
    await Promise.all([
      dies({ className: 'Witch Hunter', level: 49, currentDifficulty: 0, lastAttackedBy: zombie }),
      dies({ className: 'Witch Hunter', level: 50, currentDifficulty: 1, lastAttackedBy: wraith }),
      dies({ className: 'Witch Hunter', level: 74, currentDifficulty: 1, lastAttackedBy: wraith }),
      dies({ className: 'Ritualist', level: 75, currentDifficulty: 2, lastAttackedBy: boss }),
      dies({ className: 'Ritualist', level: 94, currentDifficulty: 2, lastAttackedBy: boss }),
      dies({ className: 'Ritualist', level: 95, currentDifficulty: 2, lastAttackedBy: boss }),
      dies({ className: 'Ritualist', level: 100, currentDifficulty: 2, lastAttackedBy: wraith }),
      dies({ className: '', level: 1, currentDifficulty: 0, lastAttackedBy: zombie }),
    ]);
    // A softcore death and a trade-season death are not this season's hardcore deaths.
    const soft = await join();
    await h.call('POST', `/season/participant/${soft.pid}/character-state`, {
      token: soft.token,
      body: {
        characterInfo: { name: 'Soft', level: 60, hardcore: 0, deathCount: 9, lastAttackedBy: boss },
        checksum: checksum(999),
      },
    });
    await dies({ className: 'Ritualist', level: 99, currentDifficulty: 2, lastAttackedBy: boss }, 18);

    const got = await analytics();
    expect(got.totalDeaths).toBe(8);
    expect(got.killers).toEqual([
      { rank: 1, tag: boss, killedBy: boss, deaths: 3 },
      { rank: 1, tag: wraith, killedBy: wraith, deaths: 3 },
      { rank: 3, tag: zombie, killedBy: zombie, deaths: 2 },
    ]);
    expect(
      got.levelBands.map((b) => [b.band, b.deaths, b.byDifficulty.map((d) => `${d.difficulty}:${d.deaths}`)]),
    ).toEqual([
      ['1–49', 2, ['Normal:2', 'Elite:0', 'Ultimate:0']],
      ['50–74', 2, ['Normal:0', 'Elite:2', 'Ultimate:0']],
      ['75–94', 2, ['Normal:0', 'Elite:0', 'Ultimate:2']],
      ['95–100', 2, ['Normal:0', 'Elite:0', 'Ultimate:2']],
    ]);
    expect(got.difficulties).toEqual([
      { difficulty: 'Normal', deaths: 2 },
      { difficulty: 'Elite', deaths: 2 },
      { difficulty: 'Ultimate', deaths: 4 },
    ]);
    expect(got.classes).toEqual([
      { className: 'Ritualist', deaths: 4, deadliestKiller: { tag: boss, killedBy: boss, deaths: 3 } },
      { className: 'Witch Hunter', deaths: 3, deadliestKiller: { tag: wraith, killedBy: wraith, deaths: 2 } },
      { className: 'No mastery', deaths: 1, deadliestKiller: { tag: zombie, killedBy: zombie, deaths: 1 } },
    ]);
  });

  it('when a dead character is uploaded again, then its death is counted once', async () => {
    const before = (await analytics()).totalDeaths;
    const tag = unique('tagOnce');
    const { token, pid, info } = await dies({
      className: 'Soldier',
      level: 60,
      currentDifficulty: 1,
      lastAttackedBy: tag,
    });
    const again = await h.call('POST', `/season/participant/${pid}/character-state`, {
      token,
      body: { characterInfo: { ...info, deathCount: 1 }, questInfo: {}, checksum: checksum(12345) },
    });
    expect(again.status).toBe(200);
    const got = await analytics();
    expect(got.totalDeaths).toBe(before + 1);
    expect(got.killers.find((k) => k.tag === tag)?.deaths).toBe(1);
  });

  it('when a death is recorded, then the cached analytics are dropped (a row written past the use case is not seen until then)', async () => {
    const first = await analytics();
    // Written straight into the collection, bypassing the use case: the cache does not know, so the answer
    // stays the cached one. This shows the answer is cached, not recomputed per request.
    const { CharacterDeath } = characterModels(h.svc.mongo);
    const sneaky = unique('tagSneaky');
    await CharacterDeath.collection.insertOne({
      _id: unique('raw') as never,
      participantId: 1,
      seasonId: 19,
      characterName: 'Raw',
      deathCount: 1,
      tag: sneaky,
      killedBy: sneaky,
      className: 'Soldier',
      level: 10,
      levelBand: 0,
      difficulty: 0,
      at: new Date(),
    });
    expect((await analytics()).totalDeaths).toBe(first.totalDeaths);
    // A death recorded through the upload drops the cache: both new rows show.
    const tag = unique('tagFresh');
    await dies({ className: 'Soldier', level: 30, currentDifficulty: 0, lastAttackedBy: tag });
    const after = await analytics();
    expect(after.totalDeaths).toBe(first.totalDeaths + 2);
    expect(after.killers.map((k) => k.tag)).toEqual(expect.arrayContaining([tag, sneaky]));
  });

  it('when the season is a trade season, unknown or a beta hidden from the caller, then 400/404 with a message', async () => {
    const trade = await h.call('GET', '/season/18/death-analytics');
    expect(trade.status).toBe(400);
    expect(trade.body.message).toMatch(/not a hardcore season/);
    const unknown = await h.call('GET', '/season/987654/death-analytics');
    expect(unknown.status).toBe(404);
    expect(typeof unknown.body.message).toBe('string');
    expect((await h.call('GET', '/season/17/death-analytics?branch=beta')).status).toBe(404);
    const tester = await h.token(unique('tester'), ['tester']);
    expect((await h.call('GET', '/season/17/death-analytics?branch=beta', { token: tester })).status).toBe(200);
    expect((await h.call('GET', '/season/abc/death-analytics')).status).toBe(400);
    expect((await h.call('GET', '/season/19/death-analytics?branch=nope')).status).toBe(400);
  });
});

describe('demo deaths (the seed)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await bootSeason({ season7StartsNow: true, participantsPerLadder: 3 });
  }, 60_000);
  afterAll(() => h?.stop());

  it('when the demo seed runs twice, then each demo participant of the hardcore ladder has died once, through the upload', async () => {
    const characters = {
      season: h.svc.ctx,
      models: characterModels(h.svc.mongo),
      analytics: redisAnalyticsCache(h.svc.redis, h.svc.mongo.name),
    };
    const cached = await h.call('GET', '/season/19/death-analytics');
    expect(cached.body.totalDeaths).toBe(0);
    expect(await seedDemoDeaths(characters)).toEqual({ deaths: 3 });
    expect(await seedDemoDeaths(characters)).toEqual({ deaths: 0 });
    const got = (await h.call('GET', '/season/19/death-analytics')).body as Analytics;
    expect(got.totalDeaths).toBe(3);
    expect(got.classes.map((c) => c.className).sort()).toEqual(['Pyromancer', 'Ritualist', 'Warder']);
    const tracker = (await h.call('GET', '/season/19/kill-tracker')).body as Array<{ killedCount: number }>;
    expect(tracker.reduce((s, r) => s + r.killedCount, 0)).toBe(3);
  });
});
