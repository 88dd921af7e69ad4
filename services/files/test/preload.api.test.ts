import { validArc, validArz } from './support/game-files';
import { eventually, getJson, startHarness, upload, type Harness } from './support/harness';

jest.setTimeout(120_000);

type ModFiles = Array<{ fileName: string; downloadUrl: string }>;

/** GET /file/preload: the served mod files minus the core ones (spec §9), as configured. */
describe("the About page's pre-load list", () => {
  let h: Harness;
  beforeAll(async () => {
    // The demo seed serves GrimLeagueS07_Extras.zip; the mod's core GrimLeagueS07.arz and GrimLeagueS07_Text_EN.arc
    // come as `npm start` brings them, through an admin upload.
    h = await startHarness({ FILES_DEMO_SEED: 'true' });
    for (const [name, bytes] of [
      ['GrimLeagueS07.arz', validArz(31)],
      ['GrimLeagueS07_Text_EN.arc', validArc(32)],
    ] as const)
      expect((await upload(h, name, bytes, { modName: 'GrimLeagueS07' }, '?branch=prod')).body.status).toBe('ready');
    await eventually(async () => {
      const l = (await getJson(h, '/file/filenames?branch=prod')).body as { modFiles: ModFiles };
      return l.modFiles.length === 3;
    });
  }, 90_000);
  afterAll(() => h?.stop());

  const preloadOf = async (url: string, query = '?branch=prod') => {
    const res = await fetch(`${url}/file/preload${query}`);
    expect(res.status).toBe(200);
    // Compared as a set: the order is the file list's own.
    return ((await res.json()) as ModFiles).map((f) => f.fileName).sort();
  };

  it('when nothing is configured, then the core files are left out and the rest is listed with a download link', async () => {
    expect(await preloadOf(h.svc.url)).toEqual(['GrimLeagueS07_Extras.zip']);
    const full = (await (await fetch(`${h.svc.url}/file/preload?branch=prod`)).json()) as ModFiles;
    expect(full[0]?.downloadUrl).toMatch(/^http/);
  });

  it('when an operator configures the list, then exactly those names (any case) are left out; none lists every mod file', async () => {
    const { start } = await import('../src/server');
    const custom = await start({
      ...h.env,
      FILES_PRELOAD_EXCLUDED: 'grimleagues07_extras.ZIP',
      FILES_DEMO_SEED: 'false',
    });
    try {
      expect(await preloadOf(custom.url)).toEqual(['GrimLeagueS07.arz', 'GrimLeagueS07_Text_EN.arc']);
    } finally {
      await custom.stop();
    }
    const none = await start({ ...h.env, FILES_PRELOAD_EXCLUDED: 'none', FILES_DEMO_SEED: 'false' });
    try {
      expect(await preloadOf(none.url)).toEqual([
        'GrimLeagueS07.arz',
        'GrimLeagueS07_Extras.zip',
        'GrimLeagueS07_Text_EN.arc',
      ]);
    } finally {
      await none.stop();
    }
  });

  it('when the branch or region is bad, then 400 with a message', async () => {
    for (const q of ['?branch=nightly', '?branch=prod&region=mars']) {
      const res = await fetch(`${h.svc.url}/file/preload${q}`);
      expect(res.status).toBe(400);
      expect(typeof ((await res.json()) as { message: string }).message).toBe('string');
    }
  });
});
