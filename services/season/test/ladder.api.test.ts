import { challengeCompletedV1, participantJoinedV1, socialsUpdatedV1, standingChangedV1 } from '@league/contracts';
import { bootSeason, eventually, unique, witness, type Harness } from './support/season';
import type { ParticipantDoc } from '../src/data/models';
import { projectParticipant } from '../src/domain/standings';

jest.setTimeout(120_000);

/** A challenge of our own in season 18 (the seeded prod SC Trade ladder); answers its id. */
async function createChallenge(h: Harness, admin: string, name: string, over: Record<string, unknown>) {
  const res = await h.call('POST', '/admin/season-challenge', {
    token: admin,
    body: {
      seasonChallengeId: 0,
      seasonId: 18,
      challengeName: name,
      difficulties: 'Ultimate',
      maxLevel: 100,
      challengeCategoryId: 1,
      challengeTypeId: 1,
      pointValue: 10,
      ...over,
    },
  });
  expect(res.status).toBe(200);
  return res.body.seasonChallengeId as number;
}

describe('the season ladder', () => {
  let h: Harness;
  let admin: string;
  const challenge: Record<string, number> = {};

  async function join(username: string) {
    const res = await h.call('POST', '/season/add-participant/18', { token: await h.token(username) });
    expect(res.status).toBe(200);
    return res.body.seasonParticipantId as number;
  }

  const setProgress = (participantId: number, participantChallenges: unknown[]) =>
    h.call('POST', '/season/18/participant-challenges', {
      token: admin,
      body: { seasonParticipantId: participantId, participantChallenges },
    });

  const leaderboard = async () =>
    (await h.call('GET', '/season/18/leaderboard')).body.leaderboardEntries as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

  beforeAll(async () => {
    h = await bootSeason();
    admin = await h.token(unique('admin'), ['admin']);
    challenge.big = await createChallenge(h, admin, 'Kill the big one', { pointValue: 50 });
    challenge.small = await createChallenge(h, admin, 'Kill the small one', { pointValue: 20 });
    challenge.tie = await createChallenge(h, admin, 'First to the well', { pointValue: 5, challengeCategoryId: 6 });
    challenge.capped = await createChallenge(h, admin, 'Low level run', {
      challengeTypeId: 2,
      maxLevel: 40,
      pointValue: 30,
    });
    challenge.scaling = await createChallenge(h, admin, 'Crucible runs', {
      challengeTypeId: 4,
      pointValue: 5,
      scalingThreshold: 5,
    });
  });

  afterAll(async () => {
    await h?.stop();
  });

  it('when a player joins twice, then both calls return the same participant and one joined event is published', async () => {
    const name = unique('Joiner');
    const events = await witness(participantJoinedV1.topic, (e) => e.data.username === name);
    try {
      const first = await h.call('POST', '/season/add-participant/18', { token: await h.token(name) });
      const second = await h.call('POST', '/season/add-participant/18', { token: await h.token(name.toUpperCase()) });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ seasonId: 18, username: name, seasonParticipantId: expect.any(Number) });
      expect(second.body.seasonParticipantId).toBe(first.body.seasonParticipantId);
      await eventually(async () => events.seen.length >= 1);
      await new Promise((r) => setTimeout(r, 500));
      expect(events.seen).toHaveLength(1);
      expect(events.seen[0]!.data).toMatchObject({ seasonParticipantId: first.body.seasonParticipantId, seasonId: 18 });
      // The consumer gives the newcomer a row: 0 points, last place.
      const row = await eventually(async () => (await leaderboard()).find((e) => e.username === name));
      expect(row).toMatchObject({ points: 0, classesPlayed: [], twitchUrl: null });
    } finally {
      await events.stop();
    }
  });

  it('when joining is refused, then the status says why (no token, no season, a bad id, beta for a player, an ended season)', async () => {
    const player = await h.token(unique('p'));
    expect((await h.call('POST', '/season/add-participant/18')).status).toBe(401);
    expect((await h.call('POST', '/season/add-participant/999', { token: player })).status).toBe(404);
    const bad = await h.call('POST', '/season/add-participant/x', { token: player });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/id/);
    expect((await h.call('POST', '/season/add-participant/16', { token: player })).status).toBe(404);
    const tester = await h.token(unique('t'), ['tester']);
    expect((await h.call('POST', '/season/add-participant/16', { token: tester })).status).toBe(200);
    const ended = await h.call('POST', '/season/add-participant/14', { token: player });
    expect(ended.status).toBe(409);
    expect(ended.body.message).toMatch(/Season 6 has ended/);
  });

  it('when a player joins or an admin records a completion, then the answer comes once the ladder shows it (the write projects its own row)', async () => {
    const name = unique('Speedy');
    const id = await join(name);
    // No waiting: the join answered after projecting the newcomer's row (the event projects it again).
    expect(await h.svc.ctx.models.Standing.findById(id).lean()).toMatchObject({ points: 0, username: name });
    const set = await setProgress(id, [{ seasonChallengeId: challenge.big, quantity: 1 }]);
    expect(set.status).toBe(200);
    expect(await h.svc.ctx.models.Standing.findById(id).lean()).toMatchObject({ points: 50 });
    // The standing is read from the ladder of the stored version: the new total at once.
    const after = (await h.call('GET', `/season/participant/${id}/standing`)).body;
    expect(after).toMatchObject({ pointTotal: 50, rank: expect.any(Number) });
    // A reader without a read-your-writes token may be served the ladder one version old, briefly.
    const row = await eventually(async () =>
      (await leaderboard()).find((e) => e.seasonParticipantId === id && e.points === 50),
    );
    expect(row).toMatchObject({ username: name });
  });

  it('when points tie, then Tiebreakers points decide, then who reached the total first', async () => {
    const [a, b, c, d] = [unique('TieA'), unique('TieB'), unique('TieC'), unique('TieD')];
    const ids = { a: await join(a), b: await join(b), c: await join(c), d: await join(d) };
    const changed = await witness(standingChangedV1.topic, (e) => e.data.seasonParticipantId === ids.b);
    try {
      // c: 50 first; a: 50 later; b: 20 + 25 (scaling, capped at 5 × 5) + 5 Tiebreakers = 50; d: 70.
      expect((await setProgress(ids.c, [{ seasonChallengeId: challenge.big, quantity: 1 }])).status).toBe(200);
      await new Promise((r) => setTimeout(r, 20));
      expect((await setProgress(ids.a, [{ seasonChallengeId: challenge.big, quantity: 1 }])).status).toBe(200);
      expect(
        (
          await setProgress(ids.b, [
            { seasonChallengeId: challenge.small, quantity: 1 },
            { seasonChallengeId: challenge.scaling, quantity: 25 },
            { seasonChallengeId: challenge.tie, quantity: 1 },
          ])
        ).status,
      ).toBe(200);
      expect(
        (
          await setProgress(ids.d, [
            { seasonChallengeId: challenge.small, quantity: 1 },
            { seasonChallengeId: challenge.big, quantity: 1 },
          ])
        ).status,
      ).toBe(200);
      const order = await eventually(async () => {
        const board = await leaderboard();
        const mine = board.filter((e) => [a, b, c, d].includes(e.username));
        return mine.length === 4 && mine.every((e) => e.points > 0) && mine;
      });
      expect(order.map((e) => [e.username, e.points])).toEqual([
        [d, 70],
        [b, 50],
        [c, 50],
        [a, 50],
      ]);
      const ranks = order.map((e) => e.rank);
      expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
      expect(new Set(ranks).size).toBe(4);
      // The standing endpoint agrees with the board, and the move was announced.
      const standing = await h.call('GET', `/season/participant/${ids.b}/standing`);
      expect(standing.body).toEqual({ rank: order[1]!.rank, pointTotal: 50 });
      await eventually(async () => changed.seen.some((e) => e.data.pointTotal === 50));
      // The rank a projection announces (the rank index in Redis) is the board's, ties included.
      for (const [username, id] of [
        [a, ids.a],
        [b, ids.b],
        [c, ids.c],
        [d, ids.d],
      ] as const) {
        const participant = await h.svc.ctx.models.Participant.findById(id, { outbox: 0 }).lean<ParticipantDoc>();
        const projected = await projectParticipant(h.svc.ctx, participant!);
        expect([username, projected.rank]).toEqual([username, order.find((e) => e.username === username)!.rank]);
      }
    } finally {
      await changed.stop();
    }
  });

  it('when a level-limited challenge is done above its max level, then it pays nothing', async () => {
    const id = await join(unique('Lvl'));
    await setProgress(id, [{ seasonChallengeId: challenge.capped, quantity: 1, level: 41 }]);
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await h.call('GET', `/season/participant/${id}/standing`)).body.pointTotal).toBe(0);
    await setProgress(id, [{ seasonChallengeId: challenge.capped, quantity: 1, level: 40 }]);
    await eventually(async () => (await h.call('GET', `/season/participant/${id}/standing`)).body.pointTotal === 30);
  });

  it('when a completion is recorded, then one challenge-completed event per changed challenge goes out, and repeats change nothing', async () => {
    const id = await join(unique('Evt'));
    const events = await witness(challengeCompletedV1.topic, (e) => e.data.seasonParticipantId === id);
    try {
      await setProgress(id, [{ seasonChallengeId: challenge.small, quantity: 1 }]);
      await setProgress(id, [{ seasonChallengeId: challenge.small, quantity: 1 }]);
      await eventually(async () => events.seen.length >= 1);
      await new Promise((r) => setTimeout(r, 800));
      expect(events.seen).toHaveLength(1);
      expect(events.seen[0]!.data).toMatchObject({ seasonChallengeId: challenge.small, quantity: 1, level: null });
      // Redelivering the same event (as Kafka may) leaves the standing as it was.
      await eventually(async () => (await h.call('GET', `/season/participant/${id}/standing`)).body.pointTotal === 20);
      await h.svc.bus.publishEnvelope(challengeCompletedV1.topic, events.seen[0]!, String(id));
      await new Promise((r) => setTimeout(r, 1_000));
      expect((await h.call('GET', `/season/participant/${id}/standing`)).body.pointTotal).toBe(20);
      const progress = await h.call('GET', `/season/18/participant-challenges?participantId=${id}`);
      expect(progress.body).toEqual([
        expect.objectContaining({ seasonChallengeId: challenge.small, quantity: 1, level: null }),
      ]);
    } finally {
      await events.stop();
    }
  });

  it('when participant challenges are set badly, then 400/403/404 name the problem and nothing is stored', async () => {
    const name = unique('Bad');
    const id = await join(name);
    const player = await h.token(name);
    const body = {
      seasonParticipantId: id,
      participantChallenges: [{ seasonChallengeId: challenge.small, quantity: 1 }],
    };
    expect((await h.call('POST', '/season/18/participant-challenges', { body })).status).toBe(401);
    const forbidden = await h.call('POST', '/season/18/participant-challenges', { token: player, body });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toMatch(/admin/);
    const cases: Array<[unknown, RegExp]> = [
      [{ seasonParticipantId: id, participantChallenges: [] }, /participantChallenges/],
      [
        { seasonParticipantId: id, participantChallenges: [{ seasonChallengeId: challenge.small, quantity: -1 }] },
        /quantity/,
      ],
      [
        { seasonParticipantId: id, participantChallenges: [{ seasonChallengeId: challenge.small, quantity: 1.5 }] },
        /quantity/,
      ],
      [
        {
          seasonParticipantId: id,
          participantChallenges: [
            { seasonChallengeId: challenge.small, quantity: 1 },
            { seasonChallengeId: challenge.small, quantity: 2 },
          ],
        },
        /once/,
      ],
      [{ participantChallenges: [{ seasonChallengeId: challenge.small, quantity: 1 }] }, /seasonParticipantId/],
      [
        { seasonParticipantId: id, participantChallenges: [{ seasonChallengeId: 901, quantity: 1 }] },
        /Not challenges of season 18: 901/,
      ],
    ];
    for (const [bad, message] of cases) {
      const res = await h.call('POST', '/season/18/participant-challenges', { token: admin, body: bad });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await h.call('POST', '/season/19/participant-challenges', { token: admin, body })).status).toBe(404);
    expect(
      (await h.call('POST', '/season/18/participant-challenges', { token: admin, body: '{"seasonPart' })).status,
    ).toBe(400);
    const stored = await h.call('GET', `/season/18/participant-challenges?participantId=${id}`);
    expect(stored.body).toEqual([]);
  });

  it('when a player reads participant challenges, then it is their own unless ?participantId= names another', async () => {
    const name = unique('Reader');
    const id = await join(name);
    await setProgress(id, [{ seasonChallengeId: challenge.big, quantity: 1 }]);
    const own = await h.call('GET', '/season/18/participant-challenges', { token: await h.token(name) });
    expect(own.status).toBe(200);
    expect(own.body.map((c: { seasonChallengeId: number }) => c.seasonChallengeId)).toEqual([challenge.big]);
    const launcher = await h.call('GET', `/season/18/participant-challenges/${id}`);
    expect(launcher.body).toEqual([{ seasonChallengeId: challenge.big }]);
    expect((await h.call('GET', '/season/18/participant-challenges')).status).toBe(401);
    expect(
      (await h.call('GET', '/season/18/participant-challenges', { token: await h.token(unique('nobody')) })).status,
    ).toBe(404);
    expect((await h.call('GET', `/season/19/participant-challenges?participantId=${id}`)).status).toBe(404);
    expect((await h.call('GET', '/season/18/participant-challenges?participantId=abc')).status).toBe(400);
  });

  it('when socials are updated on the account side, then the leaderboard shows them; a repeat or an older update changes nothing', async () => {
    const name = unique('Streamer');
    const id = await join(name);
    await eventually(async () => (await leaderboard()).some((e) => e.seasonParticipantId === id));
    const data = { userId: `user-${name}`, username: name, twitchUrl: 'https://twitch.tv/x', youtubeUrl: null };
    const first = await h.svc.bus.publish(socialsUpdatedV1, data, data.userId);
    const row = await eventually(async () => {
      const r = (await leaderboard()).find((e) => e.seasonParticipantId === id);
      return r?.twitchUrl === 'https://twitch.tv/x' && r;
    });
    expect(row.youtubeUrl).toBeNull();
    // Same event again after a newer one: the guard keeps the newer values.
    await h.svc.bus.publish(
      socialsUpdatedV1,
      { ...data, twitchUrl: null, youtubeUrl: 'https://youtube.com/@x' },
      data.userId,
    );
    await eventually(
      async () =>
        (await leaderboard()).find((e) => e.seasonParticipantId === id)?.youtubeUrl === 'https://youtube.com/@x',
    );
    await h.svc.bus.publishEnvelope(socialsUpdatedV1.topic, first, data.userId);
    await new Promise((r) => setTimeout(r, 1_500));
    const final = (await leaderboard()).find((e) => e.seasonParticipantId === id)!;
    expect(final).toMatchObject({ twitchUrl: null, youtubeUrl: 'https://youtube.com/@x' });
  });

  it('when the profile is read, then it lists the caller’s participations on the branch with their season', async () => {
    const name = unique('Prof');
    await join(name);
    const res = await h.call('GET', '/season/profile', { token: await h.token(name) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      username: name,
      isPatreonConnected: false,
      seasonParticipants: [
        { seasonId: 18, season: { seasonId: 18, seasonTypeId: 1, displayName: 'Season 7', isBeta: false } },
      ],
    });
    const beta = await h.call('GET', '/season/profile?branch=beta', { token: await h.token(name) });
    expect(beta.body.seasonParticipants).toHaveLength(1); // a player asking for beta stays on prod
    expect((await h.call('GET', '/season/profile')).status).toBe(401);
    expect((await h.call('GET', '/season/profile?branch=alpha', { token: await h.token(name) })).status).toBe(400);
  });

  it('when standings or kill tracker are asked for something missing or malformed, then 404 or 400', async () => {
    expect((await h.call('GET', '/season/participant/99999999/standing')).status).toBe(404);
    expect((await h.call('GET', '/season/participant/0/standing')).status).toBe(400);
    expect((await h.call('GET', '/season/999/leaderboard')).status).toBe(404);
    expect((await h.call('GET', '/season/16/leaderboard')).status).toBe(404);
    expect((await h.call('GET', '/season/19/kill-tracker')).body).toEqual([]);
    expect((await h.call('GET', '/season/999/kill-tracker')).status).toBe(404);
  });
});

describe('the ladder of a writer when events are slow', () => {
  // Read-your-writes bounds of 0: the write answers without waiting for its events to be published or
  // consumed, as a loaded machine does when the bounds run out. The writer's own row must not depend on them.
  let h: Harness;
  beforeAll(async () => {
    h = await bootSeason(undefined, { CONSISTENCY_WAIT_MS: '0', CONSISTENCY_PUBLISH_WAIT_MS: '0' });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('when a player joins and an admin records a completion, then each answer comes after the row was projected', async () => {
    const admin = await h.token(unique('admin'), ['admin']);
    const challengeId = await createChallenge(h, admin, 'Slow events', { pointValue: 40 });
    const name = unique('Slow');
    const joined = await h.call('POST', '/season/add-participant/18', { token: await h.token(name) });
    expect(joined.status).toBe(200);
    const id = joined.body.seasonParticipantId as number;
    expect(await h.svc.ctx.models.Standing.findById(id).lean()).toMatchObject({ points: 0, username: name });
    const set = await h.call('POST', '/season/18/participant-challenges', {
      token: admin,
      body: {
        seasonParticipantId: id,
        participantChallenges: [{ seasonChallengeId: challengeId, quantity: 1 }],
      },
    });
    expect(set.status).toBe(200);
    expect((await h.call('GET', `/season/participant/${id}/standing`)).body).toMatchObject({ pointTotal: 40 });
  });
});
