import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deletePrefixedTopics, startTestIdentity, testEnv, type TestIdentity } from '@league/platform/testing';
import { characterJson, LauncherClient, uploadCharacter } from '@league/gameclient';
import { readPlayer } from '@league/gamefiles';
import { start as startBff, type RunningBff } from '../../../bff/src/server';
import { start as startFiles, type FilesService } from '../../files/src/server';
import { seedDemo } from '../src/data/seed';
import { start as startSeason, type SeasonService } from '../src/server';

jest.setTimeout(180_000);

const GD = path.resolve(__dirname, '../../../packages/gamefiles/test/fixtures/gd');
const save = (p: string) => fs.readFileSync(path.join(GD, p, 'player.gdc'));

/**
 * Deaths replayed the way the game launcher reports them: the real saves of the fixtures, uploaded with the
 * game client through the BFF (which reads the player.gdc, stores it in files and records it in season),
 * then the analytics read back through the BFF. The dead save (`dead/_TestMain121`, Ritualist 100 on
 * Ultimate, last hit by tagGDX2Boss_Final01) is the one real death; the other hardcore saves are alive, so
 * for them the launcher's character JSON reports one death (the JSON wins over the save where it says
 * something, as the BFF documents) while class, level, difficulty and killer still come from the save.
 */
describe('death analytics from real saves through the launcher upload', () => {
  let identity: TestIdentity;
  let season: SeasonService;
  let files: FilesService;
  let bff: RunningBff;
  const run = Math.random().toString(36).slice(2, 8);
  // Topics of its own: another test's season announcing a participant of the same id on the shared topic
  // would give that id to someone else in the files service's owners.
  const topics = { KAFKA_TOPIC_PREFIX: `t-deaths-${run}.` };

  beforeAll(async () => {
    identity = await startTestIdentity();
    const jwks = { JWKS_URL: identity.jwksUrl };
    season = await startSeason(
      testEnv('season', {
        ...jwks,
        ...topics,
        SEASON_CONSUMER_GROUP: `deaths-season-${run}`,
        KAFKA_CLIENT_ID: `ds-${run}`,
      }),
    );
    await seedDemo(season.mongo, { season7StartsNow: true, participantsPerLadder: 0 });
    await season.ctx.seasons?.changed();
    files = await startFiles(
      testEnv('files', { ...jwks, ...topics, FILES_DEMO_SEED: 'false', KAFKA_CLIENT_ID: `df-${run}` }),
    );
    bff = await startBff({
      ...testEnv('bff'),
      SEASON_URL: season.url,
      FILES_URL: files.url,
      CHAT_URL: 'http://127.0.0.1:9',
      FRONTEND_DIST: os.tmpdir(),
    });
  }, 180_000);

  afterAll(async () => {
    await bff?.stop();
    await files?.stop();
    await season?.mongo.dropDatabase().catch(() => undefined);
    await season?.stop();
    await identity?.close();
    await deletePrefixedTopics(topics.KAFKA_TOPIC_PREFIX);
  });

  /**
   * A player joins the hardcore ladder with their own token; the launcher's uploads then carry an admin's
   * token. The files service learns a participant's owner from a replay of season's participant-joined
   * topic, which outlasted a 120 s wait on this machine (the launcher tests skip such waits for the same
   * reason); admins pass its owner check at once, and season's as well, so the upload path is unchanged.
   */
  const join = async (username: string) => {
    const player = new LauncherClient(`${bff.url}/api/`);
    player.token = await identity.token({ username, roles: [] });
    const { seasonParticipantId: pid } = await player.addParticipant(19, username);
    const c = new LauncherClient(`${bff.url}/api/`);
    c.token = await identity.token({ username: `adm${run}`, roles: ['admin'] });
    return { c, pid };
  };
  /** An alive hardcore save whose launcher JSON reports its first death. */
  const diedOnce = async (c: LauncherClient, pid: number, gdc: Buffer) => {
    const json = characterJson(pid, gdc);
    json.characterData.characterInfo.deathCount = 1;
    await c.uploadCharacter(pid, json, gdc, true);
  };
  const analytics = async () => {
    const res = await fetch(`${bff.url}/api/season/19/death-analytics?branch=prod`);
    expect(res.status).toBe(200);
    return (await res.json()) as {
      totalDeaths: number;
      killers: Array<{ rank: number; tag: string; killedBy: string; deaths: number }>;
      levelBands: Array<{ band: string; deaths: number; byDifficulty: Array<{ difficulty: string; deaths: number }> }>;
      difficulties: Array<{ difficulty: string; deaths: number }>;
      classes: Array<{ className: string; deaths: number; deadliestKiller: { tag: string; deaths: number } }>;
    };
  };

  it('when real saves die and are uploaded (one twice), then killers, bands, difficulties and classes count each death once', async () => {
    const dead = save('dead/_TestMain121');
    const deadInfo = readPlayer(dead);
    expect(deadInfo.header.hardcore).toBe(true);
    expect(deadInfo.stats.deaths).toBeGreaterThan(0);
    expect(deadInfo.lastAttackedBy).toBe('tagGDX2Boss_Final01');

    const empty = await analytics();
    expect(empty.totalDeaths).toBe(0);

    const [a, b, d] = await Promise.all([join(`da${run}`), join(`db${run}`), join(`dd${run}`)]);
    // a: the alive save, then the dead one twice (the launcher retried): one death.
    await uploadCharacter(a.c, a.pid, save('yagde/_TestMain121'));
    await uploadCharacter(a.c, a.pid, dead);
    await uploadCharacter(a.c, a.pid, dead);
    await diedOnce(a.c, a.pid, save('yagde/_TestMain')); // Ritualist 28, Normal, tagHeroGhostH05
    // b: its own copy of the dead character, and a level-2 Inquisitor killed by a zombie on Normal.
    await uploadCharacter(b.c, b.pid, dead);
    await diedOnce(b.c, b.pid, save('yagde/_TestAoMFemaleHC'));
    // d: a level-2 Demolitionist killed by the same zombie; a softcore save's deaths never count.
    await diedOnce(d.c, d.pid, save('yagde/_TestVanillaFemaleHC'));
    await uploadCharacter(d.c, d.pid, save('gd-cli'));

    const got = await analytics();
    expect(got.totalDeaths).toBe(5);
    expect(got.killers.map((k) => [k.rank, k.tag, k.deaths])).toEqual([
      [1, 'tagEnemyZombieA01', 2],
      [1, 'tagGDX2Boss_Final01', 2],
      [3, 'tagHeroGhostH05', 1],
    ]);
    expect(got.levelBands.map((band) => [band.band, band.deaths, band.byDifficulty.map((x) => x.deaths)])).toEqual([
      ['1–49', 3, [3, 0, 0]],
      ['50–74', 0, [0, 0, 0]],
      ['75–94', 0, [0, 0, 0]],
      ['95–100', 2, [0, 0, 2]],
    ]);
    expect(got.difficulties).toEqual([
      { difficulty: 'Normal', deaths: 3 },
      { difficulty: 'Elite', deaths: 0 },
      { difficulty: 'Ultimate', deaths: 2 },
    ]);
    expect(got.classes.map((c) => [c.className, c.deaths, c.deadliestKiller.tag, c.deadliestKiller.deaths])).toEqual([
      ['Ritualist', 3, 'tagGDX2Boss_Final01', 2],
      ['Demolitionist', 1, 'tagEnemyZombieA01', 1],
      ['Inquisitor', 1, 'tagEnemyZombieA01', 1],
    ]);

    // The kill tracker counts the same deaths.
    const tracker = (await (await fetch(`${bff.url}/api/season/19/kill-tracker`)).json()) as Array<{
      killedBy: string;
      killedCount: number;
    }>;
    expect(tracker.reduce((s, r) => s + r.killedCount, 0)).toBe(5);
  });
});
