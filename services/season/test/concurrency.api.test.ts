import { standingChangedV1 } from '@league/contracts';
import { bootSeason, eventually, unique, witness, type Harness } from './support/season';

jest.setTimeout(180_000);

/**
 * Many writers at once, as players at a season's start: every id comes from one Redis sequence, every
 * read-check-write holds its lock, and nothing is refused for being busy.
 */
describe('season writes under concurrency', () => {
  let h: Harness;
  let admin: string;

  beforeAll(async () => {
    h = await bootSeason();
    admin = await h.token(unique('Admin'), ['admin']);
  });

  afterAll(async () => {
    await h?.stop();
  });

  const statuses = (rs: Array<{ status: number }>) =>
    rs.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

  it('when 50 players join at once, then 50 distinct ids, no 409; later joins one at a time still succeed; standings are announced per participant and every outbox drains', async () => {
    const watch = await witness(standingChangedV1.topic, (e) => e.data.seasonId === 18);
    try {
      const names = Array.from({ length: 50 }, (_, i) => unique(`Rush${i}_`));
      const tokens = await Promise.all(names.map((n) => h.token(n)));
      const joined = await Promise.all(tokens.map((token) => h.call('POST', '/season/add-participant/18', { token })));
      const ids = joined.map((r) => r.body.seasonParticipantId as number);
      console.log(
        `50 concurrent joins: statuses ${JSON.stringify(statuses(joined))}, distinct ids ${new Set(ids).size}`,
      );
      expect(statuses(joined)).toEqual({ 200: 50 });
      expect(new Set(ids).size).toBe(50);
      expect(await h.svc.ctx.models.Participant.countDocuments({ _id: { $in: ids } })).toBe(50);

      const later: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await h.call('POST', '/season/add-participant/18', { token: await h.token(unique('Late')) });
        expect(res.status).toBe(200);
        later.push(res.body.seasonParticipantId);
      }
      expect(new Set([...ids, ...later]).size).toBe(55);

      // Each participant's standing-changed event comes out of its own standing row's outbox.
      const all = new Set([...ids, ...later]);
      const ours = () => watch.seen.filter((e) => all.has(e.data.seasonParticipantId));
      await eventually(async () => {
        expect(new Set(ours().map((e) => e.data.seasonParticipantId as number)).size).toBe(55);
        return true;
      }, 90_000);
      for (const e of ours()) {
        expect(e.data).toMatchObject({ seasonId: 18, pointTotal: 0 });
      }
      // Nothing is left behind in any outbox the relay drains, and the season document carries none.
      const { Participant, Standing, Season } = h.svc.ctx.models;
      await eventually(async () => {
        expect(await Participant.countDocuments({ 'outbox.0': { $exists: true } })).toBe(0);
        expect(await Standing.countDocuments({ 'outbox.0': { $exists: true } })).toBe(0);
        expect(await Season.countDocuments({ 'outbox.0': { $exists: true } })).toBe(0);
        return true;
      }, 30_000);
      expect(await Standing.countDocuments({ _id: { $in: [...all] }, publishedRank: { $ne: null } })).toBe(55);
    } finally {
      await watch.stop();
    }
  });

  it('when one player saves 50 builds at once, then 50 distinct ids and no 409; the 51st is refused by the limit', async () => {
    const token = await h.token(unique('Builder'));
    const participantId = (await h.call('POST', '/season/add-participant/18', { token })).body.seasonParticipantId;
    const saved = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.call('POST', '/season/build', {
          token,
          body: {
            participantCharacterBuildId: 0,
            seasonParticipantId: participantId,
            buildClass: 'Soldier: Death Knight',
            buildUrl: `https://www.grimtools.com/calc/rush${i}`,
            buildDescription: `Build ${i}`,
          },
        }),
      ),
    );
    const ids = saved.map((r) => r.body.participantCharacterBuildId as number);
    console.log(`50 concurrent builds: statuses ${JSON.stringify(statuses(saved))}, distinct ids ${new Set(ids).size}`);
    expect(statuses(saved)).toEqual({ 200: 50 });
    expect(new Set(ids).size).toBe(50);
    expect(await h.svc.ctx.models.Build.countDocuments({ seasonParticipantId: participantId })).toBe(50);
    const over = await h.call('POST', '/season/build', {
      token,
      body: {
        participantCharacterBuildId: 0,
        seasonParticipantId: participantId,
        buildClass: 'Soldier: Death Knight',
        buildUrl: 'https://www.grimtools.com/calc/one-too-many',
      },
    });
    expect(over.status).toBe(422);
    expect(over.body.message).toMatch(/at most 50 builds/);
  });

  it('when one player saves 50 screenshots at once, then 50 distinct ids and no 409', async () => {
    const token = await h.token(unique('Shooter'));
    const participantId = (await h.call('POST', '/season/add-participant/18', { token })).body.seasonParticipantId;
    const saved = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.call('POST', '/season/screenshot', {
          token,
          body: {
            participantScreenshotId: 0,
            seasonParticipantId: participantId,
            screenshotUrl: `https://i.imgur.com/rush${i}.png`,
          },
        }),
      ),
    );
    const ids = saved.map((r) => r.body.participantScreenshotId as number);
    console.log(
      `50 concurrent screenshots: statuses ${JSON.stringify(statuses(saved))}, distinct ids ${new Set(ids).size}`,
    );
    expect(statuses(saved)).toEqual({ 200: 50 });
    expect(new Set(ids).size).toBe(50);
    expect(await h.svc.ctx.models.Screenshot.countDocuments({ seasonParticipantId: participantId })).toBe(50);
  });

  it('when an admin creates 50 challenges at once, then 50 distinct ids and display orders, no 409', async () => {
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.call('POST', '/admin/season-challenge', {
          token: admin,
          body: {
            seasonChallengeId: 0,
            seasonId: 18,
            challengeName: `Rush challenge ${i}`,
            difficulties: 'Ultimate',
            maxLevel: 100,
            challengeCategoryId: 1,
            challengeTypeId: 1,
            pointValue: 1,
          },
        }),
      ),
    );
    const ids = created.map((r) => r.body.seasonChallengeId as number);
    console.log(
      `50 concurrent challenge creations: statuses ${JSON.stringify(statuses(created))}, distinct ids ${new Set(ids).size}`,
    );
    expect(statuses(created)).toEqual({ 200: 50 });
    expect(new Set(ids).size).toBe(50);
    const orders = created.map((r) => r.body.displayOrder as number);
    expect(new Set(orders).size).toBe(50);
  });
});
