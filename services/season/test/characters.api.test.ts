import { bootSeason, unique, type Harness } from './support/season';

// Against the real engines on a 2-core machine shared with other suites: a stop or a request can take seconds.
jest.setTimeout(60_000);

const checksum = (n: number) => n.toString(16).toUpperCase().padStart(32, '0');

const info = (over: Record<string, unknown> = {}) => ({
  name: 'Hero',
  className: 'Death Knight',
  level: 50,
  deathCount: 0,
  timePlayed: 3600,
  devotionPoints: 20,
  hardcore: 1,
  maxDifficulty: 1,
  currentDifficulty: 1,
  physique: 500,
  cunning: 200,
  spirit: 300,
  health: 5000,
  energy: 800,
  lastAttackedBy: 'tagMonsterX',
  ...over,
});

describe('characters (the launcher calls under Season/participant/{pid})', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await bootSeason();
  }, 60_000);
  afterAll(() => h?.stop());

  const join = async (name: string, seasonId = 19) => {
    const token = await h.token(name);
    const res = await h.call('POST', `/season/${seasonId}/add-participant/${name}?branch=prod`, { token });
    expect(res.status).toBe(200);
    return { token, pid: res.body.seasonParticipantId as number };
  };
  const save = (pid: number, token: string, characterInfo: unknown, sum = checksum(1), questInfo: unknown = {}) =>
    h.call('POST', `/season/participant/${pid}/character-state`, {
      token,
      body: { characterInfo, questInfo, checksum: sum },
    });
  const tallyOf = async (seasonId: number, killedBy: string) =>
    (
      (await h.call('GET', `/season/${seasonId}/kill-tracker`)).body as Array<{ killedBy: string; killedCount: number }>
    ).find((r) => r.killedBy === killedBy)?.killedCount ?? 0;

  it('when a character is saved, then it is listed, read with its checksum, and deleted', async () => {
    const name = unique('ch');
    const { token, pid } = await join(name);
    expect((await h.call('GET', `/season/participant/${pid}/characters`, { token })).body).toEqual([]);
    expect((await h.call('GET', `/season/participant/${pid}/character/Hero`, { token })).status).toBe(204);
    const saved = await save(pid, token, info());
    expect(saved.status).toBe(200);
    const again = await save(pid, token, info({ level: 51 }), checksum(2));
    expect(again.body.participantCharacterId).toBe(saved.body.participantCharacterId);
    expect((await h.call('GET', `/season/participant/${pid}/characters`, { token })).body).toEqual(['Hero']);
    expect((await h.call('GET', `/season/participant/${pid}/character/hero`, { token })).body).toEqual({
      participantCharacterId: saved.body.participantCharacterId,
      lastChecksum: checksum(2),
    });
    expect((await h.call('DELETE', `/season/participant/${pid}/character/Hero`, { token })).status).toBe(200);
    expect((await h.call('GET', `/season/participant/${pid}/characters`, { token })).body).toEqual([]);
  });

  it('when a hardcore death counter rises, then one kill-tracker row per rise (a repeated upload adds none); softcore adds none', async () => {
    const name = unique('hc');
    const { token, pid } = await join(name);
    const tag = unique('tagKiller');
    await save(pid, token, info({ lastAttackedBy: tag }));
    expect(await tallyOf(19, tag)).toBe(0);
    await save(pid, token, info({ deathCount: 1, lastAttackedBy: tag }));
    await save(pid, token, info({ deathCount: 1, lastAttackedBy: tag }));
    expect(await tallyOf(19, tag)).toBe(1);
    await save(pid, token, info({ deathCount: 2, lastAttackedBy: tag }));
    expect(await tallyOf(19, tag)).toBe(2);
    await save(pid, token, info({ name: 'Soft', hardcore: 0, deathCount: 5, lastAttackedBy: tag }));
    expect(await tallyOf(19, tag)).toBe(2);

    const admin = await h.token(unique('adm'), ['admin']);
    const data = await h.call('GET', `/season/participant/${pid}/character-data`, { token: admin });
    expect(data.status).toBe(200);
    expect(data.body).toEqual({
      characters: [
        { name: 'Hero', className: 'Death Knight', level: 50, hardcore: true, deathCount: 2 },
        { name: 'Soft', className: 'Death Knight', level: 50, hardcore: false, deathCount: 5 },
      ],
      killedBy: [{ killedBy: tag, killedCount: 2 }],
    });
    expect((await h.call('GET', `/season/participant/${pid}/character-data`, { token })).status).toBe(403);
  });

  it('when quest tokens arrive (quest-tag or questInfo), then the matching challenge completes once', async () => {
    const name = unique('q');
    const { token, pid } = await join(name, 18);
    const res = await h.call('POST', `/season/participant/${pid}/quest-tag/GDL_S07_C01?branch=prod`, {
      token,
      body: { level: 30, currentDifficulty: 0, maxDifficulty: 0 },
    });
    expect(res.status).toBe(200);
    await save(pid, token, info({ hardcore: 0 }), checksum(3), { normalQuestTags: ['gdl_s07_c02', 'gdl_s07_c01'] });
    const done = await h.call('GET', `/season/18/participant-challenges/${pid}`, { token });
    expect(done.status).toBe(200);
    expect(done.body).toHaveLength(2);
    expect((await h.call('POST', `/season/participant/${pid}/quest-tag/gdl_none_zz`, { token, body: {} })).status).toBe(
      404,
    );
    expect((await h.call('POST', `/season/participant/${pid}/quest-tag/nope`, { token, body: {} })).status).toBe(400);
  });

  it('when inputs are bad or the participant is someone else’s, then 400/401/403/404', async () => {
    const name = unique('bad');
    const { token, pid } = await join(name);
    const other = await h.token(unique('other'));
    expect((await save(pid, token, info({ level: -1 }))).status).toBe(400);
    expect((await save(pid, token, info({ name: 'a/b' }))).status).toBe(400);
    expect((await save(pid, token, info(), 'xyz')).status).toBe(400);
    expect((await save(pid, other, info())).status).toBe(403);
    expect((await h.call('GET', `/season/participant/${pid}/characters`)).status).toBe(401);
    expect((await h.call('GET', `/season/participant/${pid}/characters`, { token: other })).status).toBe(403);
    expect((await h.call('GET', `/season/participant/99999999/characters`, { token })).status).toBe(404);
    expect((await h.call('POST', `/season/19/add-participant/${unique('x')}?branch=prod`, { token })).status).toBe(403);
    expect((await h.call('GET', `/season/participant/${pid}/characters`, { token })).body).toEqual([]);
  });
});
