import { bootSeason, unique, type Harness } from './support/season';

jest.setTimeout(120_000);

/**
 * Beta data (a beta season's challenges, builds, screenshots, progress and ladder) is for testers and admins.
 * Anyone else, signed in or not, is told it does not exist (404 with a message), whichever path they take.
 */
describe('beta seasons are visible only to testers and admins', () => {
  let h: Harness;
  let tester: string;
  let testerName: string;
  let admin: string;
  let player: string;
  let betaParticipant: number;
  let prodParticipant: number;

  beforeAll(async () => {
    h = await bootSeason();
    testerName = unique('Tester');
    tester = await h.token(testerName, ['tester']);
    admin = await h.token(unique('Admin'), ['admin']);
    player = await h.token(unique('Player'));
    const joined = await h.call('POST', '/season/add-participant/16', { token: tester });
    expect(joined.status).toBe(200);
    betaParticipant = joined.body.seasonParticipantId;
    prodParticipant = (await h.call('POST', '/season/add-participant/18', { token: tester })).body.seasonParticipantId;
    for (const seasonParticipantId of [betaParticipant, prodParticipant]) {
      const build = await h.call('POST', '/season/build', {
        token: tester,
        body: {
          participantCharacterBuildId: 0,
          seasonParticipantId,
          buildClass: 'Soldier: Commando',
          buildUrl: 'https://www.grimtools.com/calc/beta1',
        },
      });
      expect(build.status).toBe(200);
      const shot = await h.call('POST', '/season/screenshot', {
        token: tester,
        body: { participantScreenshotId: 0, seasonParticipantId, screenshotUrl: 'https://i.imgur.com/beta.png' },
      });
      expect(shot.status).toBe(200);
    }
  });

  afterAll(async () => {
    await h?.stop();
  });

  const betaPaths = () => [
    `/season/participant/${betaParticipant}/builds`,
    `/season/participant/${betaParticipant}/screenshots`,
    `/season/16`,
    `/season/16/builds`,
    `/season/16/leaderboard`,
    `/season/16/kill-tracker`,
    `/season/16/participant-challenges?participantId=${betaParticipant}`,
    `/season/16/participant-challenges/${betaParticipant}`,
  ];

  it('when an anonymous caller or a player reads beta data, then every path answers 404 with a message', async () => {
    for (const token of [undefined, player]) {
      for (const path of betaPaths()) {
        const res = await h.call('GET', path, { token });
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(typeof res.body.message).toBe('string');
        expect(JSON.stringify(res.body)).not.toMatch(/grimtools|imgur|Commando/);
      }
    }
  });

  it('when a tester or an admin reads the same paths, then they get the beta data', async () => {
    for (const token of [tester, admin]) {
      for (const path of betaPaths()) {
        const res = await h.call('GET', path, { token });
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
      }
      const builds = await h.call('GET', `/season/participant/${betaParticipant}/builds`, { token });
      expect(builds.body).toEqual([expect.objectContaining({ buildUrl: 'https://www.grimtools.com/calc/beta1' })]);
      const shots = await h.call('GET', `/season/participant/${betaParticipant}/screenshots`, { token });
      expect(shots.body).toEqual([expect.objectContaining({ screenshotUrl: 'https://i.imgur.com/beta.png' })]);
    }
  });

  it('when beta is asked for by a player, then the lists stay on prod; the same tester’s prod data stays public', async () => {
    for (const token of [undefined, player]) {
      const latest = await h.call('GET', '/season/latest?branch=beta&includeChallenges=true', { token });
      expect(latest.status).toBe(200);
      expect(latest.body.every((s: { isBeta: boolean }) => !s.isBeta)).toBe(true);
      const mod = await h.call('GET', '/season/mod?branch=beta', { token });
      expect(mod.body.every((s: { isBeta: boolean }) => !s.isBeta)).toBe(true);
      const prodBuilds = await h.call('GET', `/season/participant/${prodParticipant}/builds`, { token });
      expect(prodBuilds.status).toBe(200);
      expect(prodBuilds.body).toHaveLength(1);
      expect((await h.call('GET', `/season/participant/${prodParticipant}/screenshots`, { token })).status).toBe(200);
    }
  });

  it('when a player reads a beta season’s challenges on the admin path, then it is 404; testers and admins read them, and the launcher’s prod read is unchanged', async () => {
    for (const token of [player]) {
      const res = await h.call('GET', '/admin/season/16/challenges', { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Season 16 does not exist' });
    }
    for (const token of [tester, admin]) {
      const res = await h.call('GET', '/admin/season/16/challenges', { token });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
    }
    // The launcher reads the running season's challenges with a player's token.
    const prod = await h.call('GET', '/admin/season/18/challenges', { token: player });
    expect(prod.status).toBe(200);
    expect(prod.body[0]).toEqual(
      expect.objectContaining({ seasonChallengeId: expect.any(Number), challengeName: expect.any(String) }),
    );
    // Unknown and hidden read alike.
    expect((await h.call('GET', '/admin/season/999/challenges', { token: player })).status).toBe(404);
  });

  it('when a player names someone else’s beta participant on an owner route, then it is 404 (as an unknown id), not a 403 that names it', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/season/participant/${betaParticipant}/stash`],
      ['GET', `/season/participant/${betaParticipant}/transfer-queue`],
      ['GET', `/season/participant/${betaParticipant}/trade-currencies`],
      ['GET', `/season/season-participant/${betaParticipant}/export-cloud-stash`],
      ['POST', `/season/participant/${betaParticipant}/pull-items`, []],
      ['GET', `/season/participant/${betaParticipant}/characters`],
      ['GET', `/season/participant/${betaParticipant}/character/Someone`],
      ['DELETE', `/season/participant/${betaParticipant}/character/Someone`],
      ['POST', `/season/participant/${betaParticipant}/quest-tag/gdl_s07_c01`, {}],
      [
        'POST',
        '/season/build',
        { seasonParticipantId: betaParticipant, buildClass: 'Soldier: Commando', buildUrl: 'https://x.example/b' },
      ],
      [
        'POST',
        '/season/screenshot',
        { seasonParticipantId: betaParticipant, screenshotUrl: 'https://x.example/s.png' },
      ],
    ];
    for (const [method, path, body] of routes) {
      const hidden = await h.call(method, path, { token: player, body });
      expect({ method, path, status: hidden.status }).toEqual({ method, path, status: 404 });
      expect(JSON.stringify(hidden.body)).not.toMatch(new RegExp(testerName, 'i'));
      // The same route on the tester's prod participant is the ordinary refusal (not theirs), as before.
      const prodPath = path.replace(String(betaParticipant), String(prodParticipant));
      const prodBody =
        body && typeof body === 'object' && !Array.isArray(body) && 'seasonParticipantId' in body
          ? { ...body, seasonParticipantId: prodParticipant }
          : body;
      const refused = await h.call(method, prodPath, { token: player, body: prodBody });
      expect({ method, prodPath, status: refused.status }).toEqual({ method, prodPath, status: 403 });
    }
    // Another tester may know beta exists: the ordinary refusal.
    const otherTester = await h.token(unique('Tester'), ['tester']);
    expect((await h.call('GET', `/season/participant/${betaParticipant}/stash`, { token: otherTester })).status).toBe(
      403,
    );
  });

  it('when a player names a beta stash item, then its stats are 404 as for an unknown item', async () => {
    const upload = await h.call('POST', `/season/participant/${betaParticipant}/stash?branch=beta`, {
      token: tester,
      body: [{ name: 'records/items/gearweapons/swords1h/a06_sword01.dbr', itemSeed: 4242 }],
    });
    expect(upload.status).toBe(200);
    const page = await h.call('GET', `/season/participant/${betaParticipant}/stash?branch=beta`, { token: tester });
    const itemId = page.body.items[0].participantItemId as number;
    expect((await h.call('GET', `/season/stash-item/${itemId}/stats`, { token: player })).status).toBe(404);
    expect((await h.call('GET', `/season/stash-item/${itemId}/stats`, { token: tester })).status).toBe(200);
  });

  it('when the launcher reads a beta participant’s standing without a token, then it answers (two numbers, the launcher’s contract)', async () => {
    // LAUNCHER-API.md: GET P/standing is called with no Authorization; a tester's launcher reads its beta
    // standing that way, so this one read stays open (rank and points only, no challenge or build).
    const res = await h.call('GET', `/season/participant/${betaParticipant}/standing`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['pointTotal', 'rank']);
  });

  it('when a participant id does not exist, then it is the same 404 a hidden beta participant gets', async () => {
    const missing = await h.call('GET', '/season/participant/999999/builds');
    const hidden = await h.call('GET', `/season/participant/${betaParticipant}/builds`);
    expect(missing.status).toBe(404);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(`Participant ${betaParticipant} does not exist`);
    expect(missing.body.message).toBe('Participant 999999 does not exist');
  });
});
