import { bootSeason, unique, type Harness } from './support/season';

jest.setTimeout(120_000);

/**
 * Beta data (a beta season's challenges, builds, screenshots, progress and ladder) is for testers and admins.
 * Anyone else, signed in or not, is told it does not exist (404 with a message), whichever path they take.
 */
describe('beta seasons are visible only to testers and admins', () => {
  let h: Harness;
  let tester: string;
  let admin: string;
  let player: string;
  let betaParticipant: number;
  let prodParticipant: number;

  beforeAll(async () => {
    h = await bootSeason();
    const testerName = unique('Tester');
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

  it('when a participant id does not exist, then it is the same 404 a hidden beta participant gets', async () => {
    const missing = await h.call('GET', '/season/participant/999999/builds');
    const hidden = await h.call('GET', `/season/participant/${betaParticipant}/builds`);
    expect(missing.status).toBe(404);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(`Participant ${betaParticipant} does not exist`);
    expect(missing.body.message).toBe('Participant 999999 does not exist');
  });
});
