import { seedDemo } from '../src/data/seed';
import { bootSeason, unique, type Harness } from './support/season';

jest.setTimeout(120_000);

describe('seasons and the demo seed', () => {
  let h: Harness;

  beforeAll(async () => {
    // The spec's dates (no shift) and the demo ladder.
    h = await bootSeason({ participantsPerLadder: 12 });
  });

  afterAll(async () => {
    await h?.stop();
  });

  it("when the latest season is asked for, then Season 7's two prod ladders come back with the spec's window in UTC", async () => {
    const res = await h.call('GET', '/season/latest');
    expect(res.status).toBe(200);
    expect(res.body.map((s: { seasonId: number }) => s.seasonId)).toEqual([18, 19]);
    expect(res.body[0]).toMatchObject({
      displayName: 'Season 7',
      isBeta: false,
      seasonTypeId: 1,
      seasonNumber: 7,
      modName: 'GrimLeagueS07',
      participationTag: 'gdl_s07_sc_trade',
      // 19 Oct 2024 11:00 EDT and 19 Jan 2025 11:00 EST: the DST change lies in between.
      startDate: '2024-10-19T15:00:00.000Z',
      endDate: '2025-01-19T16:00:00.000Z',
      status: 'ended',
    });
    expect(res.body[1]).toMatchObject({ seasonTypeId: 2, participationTag: 'gdl_s07_hc_ssf' });
    expect(res.body[0].seasonChallenges).toBeUndefined();
  });

  it('when challenges and participants are included, then each ladder carries them, categories with Tiebreakers last', async () => {
    const res = await h.call('GET', '/season/latest?includeChallenges=true&includeParticipants=True');
    const sc = res.body[0];
    expect(sc.seasonChallenges.length).toBeGreaterThan(10);
    expect(sc.seasonChallenges[0]).toMatchObject({ seasonId: 18, displayOrder: 1, categoryName: expect.any(String) });
    expect(sc.challengeCategories[sc.challengeCategories.length - 1]).toEqual({
      challengeCategoryId: 6,
      categoryName: 'Tiebreakers',
    });
    expect(sc.seasonParticipants).toHaveLength(12);
    expect(sc.seasonParticipants[0]).toMatchObject({ seasonId: 18, username: expect.any(String) });
    expect((await h.call('GET', '/season/latest?includeChallenges=yes')).status).toBe(400);
    expect((await h.call('GET', '/season/latest?branch=nightly')).status).toBe(400);
  });

  it('when beta is asked for, then testers and admins get 16/17 and players stay on prod', async () => {
    const tester = await h.token(unique('tester'), ['tester']);
    const beta = await h.call('GET', '/season/latest?branch=beta', { token: tester });
    expect(beta.body.map((s: { seasonId: number; isBeta: boolean }) => [s.seasonId, s.isBeta])).toEqual([
      [16, true],
      [17, true],
    ]);
    const player = await h.token(unique('player'));
    expect((await h.call('GET', '/season/latest?branch=beta', { token: player })).body[0].seasonId).toBe(18);
    expect((await h.call('GET', '/season/16')).status).toBe(404);
    expect((await h.call('GET', '/season/16', { token: tester })).status).toBe(200);
  });

  it('when a season is asked for by id, then it has its challenges; a missing or malformed id is 404 or 400', async () => {
    const res = await h.call('GET', '/season/19');
    expect(res.body).toMatchObject({
      seasonId: 19,
      seasonTypeId: 2,
      seasonChallenges: expect.any(Array),
      challengeCategories: expect.any(Array),
    });
    expect((await h.call('GET', '/season/4242')).status).toBe(404);
    expect((await h.call('GET', '/season/-3')).status).toBe(400);
    expect((await h.call('GET', '/SEASON/19')).status).toBe(200);
  });

  it('when seasons are asked for by mod name, then S07 is the default and S03–S06 are the previous seasons with their challenges', async () => {
    const def = await h.call('GET', '/season/mod');
    expect(def.body.map((s: { seasonId: number }) => s.seasonId)).toEqual([18, 19]);
    for (const n of [3, 4, 5, 6]) {
      const res = await h.call('GET', `/season/mod/GrimLeagueS0${n}`);
      expect(res.status).toBe(200);
      expect(res.body[0]).toMatchObject({
        seasonNumber: n,
        displayName: `Season ${n}`,
        modName: `GrimLeagueS0${n}`,
        status: 'ended',
      });
      expect(res.body[0].seasonChallenges.length).toBeGreaterThan(10);
    }
    expect((await h.call('GET', '/season/mod/grimleagues05')).body[0].seasonNumber).toBe(5);
    expect((await h.call('GET', '/season/mod/GrimLeagueS99')).status).toBe(404);
    expect((await h.call('GET', '/season/mod/Grim%20League')).status).toBe(400);
  });

  it('when the demo ladder is read, then it is ranked by points with distinct ranks and a class played each', async () => {
    const board = (await h.call('GET', '/season/18/leaderboard')).body.leaderboardEntries as Array<{
      rank: number;
      points: number;
      classesPlayed: string[];
    }>;
    expect(board).toHaveLength(12);
    expect(board.map((e) => e.rank)).toEqual(board.map((_, i) => i + 1));
    for (let i = 1; i < board.length; i += 1) expect(board[i - 1]!.points).toBeGreaterThanOrEqual(board[i]!.points);
    expect(board.some((e) => e.points > 0)).toBe(true);
    expect(board.every((e) => e.classesPlayed.length === 1)).toBe(true);
  });

  it('when the seed runs again, then nothing is duplicated; with the shift setting Season 7 starts now and keeps its length', async () => {
    const count = async () => (await h.call('GET', '/season/18/leaderboard')).body.leaderboardEntries.length;
    const challenges = async () => (await h.call('GET', '/season/18')).body.seasonChallenges.length;
    const [c0, ch0] = [await count(), await challenges()];
    await seedDemo(h.svc.mongo, { participantsPerLadder: 12 });
    await h.svc.ctx.seasons?.changed();
    expect([await count(), await challenges()]).toEqual([c0, ch0]);
    const before = Date.now();
    await seedDemo(h.svc.mongo, { participantsPerLadder: 12, season7StartsNow: true });
    await h.svc.ctx.seasons?.changed();
    const s7 = (await h.call('GET', '/season/18')).body;
    expect(Date.parse(s7.startDate)).toBeGreaterThan(before - 61_000);
    expect(Date.parse(s7.startDate)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(s7.endDate) - Date.parse(s7.startDate)).toBe(
      Date.parse('2025-01-19T16:00:00Z') - Date.parse('2024-10-19T15:00:00Z'),
    );
    expect(s7.status).toBe('running');
    expect((await h.call('GET', '/season/mod/GrimLeagueS06')).body[0].startDate).toBe('2024-05-24T15:00:00.000Z');
    expect([await count(), await challenges()]).toEqual([c0, ch0]);
  });

  it('when the OpenAPI document is asked for, then it lists the ladder, build and admin paths', async () => {
    const res = await h.call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    for (const path of ['/season/{id}/leaderboard', '/season/build', '/admin/season-challenge', '/season/profile']) {
      expect(Object.keys(res.body.paths)).toContain(path);
    }
  });
});
