import { bootSeason, eventually, unique, type Harness } from './support/season';

jest.setTimeout(120_000);

describe('builds and screenshots', () => {
  let h: Harness;
  let owner: string;
  let ownerToken: string;
  let otherToken: string;
  let participantId: number;

  beforeAll(async () => {
    h = await bootSeason();
    owner = unique('Builder');
    ownerToken = await h.token(owner);
    otherToken = await h.token(unique('Other'));
    participantId = (await h.call('POST', '/season/add-participant/18', { token: ownerToken })).body
      .seasonParticipantId;
  });

  afterAll(async () => {
    await h?.stop();
  });

  const build = (over: Record<string, unknown> = {}) => ({
    participantCharacterBuildId: 0,
    seasonParticipantId: participantId,
    buildClass: 'Soldier: Death Knight',
    buildUrl: 'https://www.grimtools.com/calc/abc123',
    buildDescription: 'Tanky',
    ...over,
  });

  it('when the owner saves a build, then it is stored with the title after ": ", listed, updated, and shown as a class played', async () => {
    const created = await h.call('POST', '/season/build', { token: ownerToken, body: build() });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      participantCharacterBuildId: expect.any(Number),
      seasonParticipantId: participantId,
      buildClass: 'Death Knight',
      buildUrl: 'https://www.grimtools.com/calc/abc123',
      buildDescription: 'Tanky',
    });
    const id = created.body.participantCharacterBuildId;
    const updated = await h.call('POST', '/season/build', {
      token: ownerToken,
      body: build({ participantCharacterBuildId: id, buildClass: 'Arcanist', buildDescription: null }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      participantCharacterBuildId: id,
      buildClass: 'Arcanist',
      buildDescription: null,
    });
    const list = await h.call('GET', `/season/participant/${participantId}/builds`);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].buildClass).toBe('Arcanist');
    const season = await h.call('GET', '/season/18/builds');
    expect(season.body).toEqual([expect.objectContaining({ participantCharacterBuildId: id, username: owner })]);
    await eventually(async () => {
      const board = (await h.call('GET', '/season/18/leaderboard')).body.leaderboardEntries as Array<{
        username: string;
        classesPlayed: string[];
      }>;
      return board.find((e) => e.username === owner)?.classesPlayed.join() === 'Arcanist';
    });
  });

  it('when someone else writes or deletes the build, then 403 and the build is unchanged', async () => {
    const created = await h.call('POST', '/season/build', {
      token: ownerToken,
      body: build({ buildClass: 'Oppressor' }),
    });
    const id = created.body.participantCharacterBuildId;
    const add = await h.call('POST', '/season/build', { token: otherToken, body: build() });
    expect(add.status).toBe(403);
    expect(add.body.message).toMatch(new RegExp(`Only ${owner}`));
    expect(
      (await h.call('POST', '/season/build', { token: otherToken, body: build({ participantCharacterBuildId: id }) }))
        .status,
    ).toBe(403);
    expect((await h.call('DELETE', `/season/build/${id}`, { token: otherToken })).status).toBe(403);
    expect((await h.call('DELETE', `/season/build/${id}`)).status).toBe(401);
    const list = await h.call('GET', `/season/participant/${participantId}/builds`);
    expect(list.body.map((b: { buildClass: string }) => b.buildClass)).toContain('Oppressor');
    const deleted = await h.call('DELETE', `/season/build/${id}`, { token: ownerToken });
    expect(deleted.status).toBe(200);
    expect((await h.call('DELETE', `/season/build/${id}`, { token: ownerToken })).status).toBe(404);
  });

  it('when a build is invalid, then 400 names the field and nothing is stored', async () => {
    const before = (await h.call('GET', `/season/participant/${participantId}/builds`)).body.length;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ buildClass: 'Paladin Knight' }, /buildClass: must be one of the 45/],
      [{ buildClass: 'Soldier:Death Knight' }, /buildClass/],
      [{ buildUrl: 'javascript:alert(1)' }, /buildUrl: must be an http\(s\) URL/],
      [{ buildUrl: 'ftp://example.com/x' }, /buildUrl/],
      [{ buildUrl: 'not a url' }, /buildUrl/],
      [{ buildDescription: 'x'.repeat(4001) }, /buildDescription/],
      [{ seasonParticipantId: 'abc' }, /seasonParticipantId/],
      [{ participantCharacterBuildId: -1 }, /participantCharacterBuildId/],
    ];
    for (const [over, message] of cases) {
      const res = await h.call('POST', '/season/build', { token: ownerToken, body: build(over) });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(
      (await h.call('POST', '/season/build', { token: ownerToken, body: build({ seasonParticipantId: 99999999 }) }))
        .status,
    ).toBe(404);
    expect(
      (
        await h.call('POST', '/season/build', {
          token: ownerToken,
          body: build({ participantCharacterBuildId: 99999999 }),
        })
      ).status,
    ).toBe(404);
    expect((await h.call('GET', '/season/participant/99999999/builds')).status).toBe(404);
    expect((await h.call('DELETE', '/season/build/abc', { token: ownerToken })).status).toBe(400);
    expect((await h.call('GET', `/season/participant/${participantId}/builds`)).body).toHaveLength(before);
  });

  it('when every one of the 45 classes is saved, then each is accepted', async () => {
    const { BUILD_CLASSES } = await import('@league/contracts');
    expect(BUILD_CLASSES).toHaveLength(45);
    expect(new Set(BUILD_CLASSES).size).toBe(45);
    const name = unique('AllClasses');
    const token = await h.token(name);
    const pid = (await h.call('POST', '/season/add-participant/19', { token })).body.seasonParticipantId;
    for (const buildClass of BUILD_CLASSES) {
      const res = await h.call('POST', '/season/build', {
        token,
        body: build({ seasonParticipantId: pid, buildClass }),
      });
      expect([buildClass, res.status]).toEqual([buildClass, 200]);
    }
    const over = await h.call('POST', '/season/build', { token, body: build({ seasonParticipantId: pid }) });
    expect(over.status).toBe(200);
    const list = await h.call('GET', `/season/participant/${pid}/builds`);
    expect(list.body).toHaveLength(46);
  });

  it('when the owner adds, changes and deletes a screenshot, then it is stored; others get 403', async () => {
    const shot = {
      participantScreenshotId: 0,
      seasonParticipantId: participantId,
      screenshotUrl: 'https://i.imgur.com/abc.png',
    };
    const created = await h.call('POST', '/season/screenshot', { token: ownerToken, body: shot });
    expect(created.status).toBe(200);
    const id = created.body.participantScreenshotId;
    expect(created.body).toMatchObject({ seasonParticipantId: participantId, screenshotUrl: shot.screenshotUrl });
    const changed = await h.call('POST', '/season/screenshot', {
      token: ownerToken,
      body: { ...shot, participantScreenshotId: id, screenshotUrl: 'http://example.com/shots/boss.JPG?size=large' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.screenshotUrl).toBe('http://example.com/shots/boss.JPG?size=large');
    expect((await h.call('POST', '/season/screenshot', { token: otherToken, body: shot })).status).toBe(403);
    expect((await h.call('DELETE', `/season/screenshot/${id}`, { token: otherToken })).status).toBe(403);
    const list = await h.call('GET', `/season/participant/${participantId}/screenshots`);
    expect(list.body).toEqual([expect.objectContaining({ participantScreenshotId: id })]);
    expect((await h.call('DELETE', `/season/screenshot/${id}`, { token: ownerToken })).status).toBe(200);
    expect((await h.call('GET', `/season/participant/${participantId}/screenshots`)).body).toEqual([]);
    expect((await h.call('DELETE', `/season/screenshot/${id}`, { token: ownerToken })).status).toBe(404);
  });

  it('when a screenshot URL is not an http(s) image, then 400 and nothing is stored', async () => {
    for (const screenshotUrl of [
      'https://example.com/page.html',
      'https://example.com/',
      'data:image/png;base64,AAAA',
      'file:///x.png',
      '',
    ]) {
      const res = await h.call('POST', '/season/screenshot', {
        token: ownerToken,
        body: { participantScreenshotId: 0, seasonParticipantId: participantId, screenshotUrl },
      });
      expect([screenshotUrl, res.status]).toEqual([screenshotUrl, 400]);
      expect(res.body.message).toMatch(/screenshotUrl/);
    }
    expect((await h.call('GET', `/season/participant/${participantId}/screenshots`)).body).toEqual([]);
    expect((await h.call('GET', '/season/participant/99999999/screenshots')).status).toBe(404);
  });
});
