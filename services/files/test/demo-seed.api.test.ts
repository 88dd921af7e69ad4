import { md5, eventually, getJson, startHarness, type Harness } from './support/harness';

jest.setTimeout(120_000);

type Listing = {
  modFiles: Array<{ fileName: string; modName: string; downloadUrl: string }>;
  launcherFile: { fileName: string; version: string; downloadUrl: string } | null;
};

describe('the demo seed', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ FILES_DEMO_SEED: 'true' });
  }, 60_000);
  afterAll(() => h?.stop());

  // The mod's database and text archive are not seeded here: `npm start` writes them from the demo catalogue and
  // uploads them as an admin would (tools/scripts/lib.mjs), so there is one way they arrive.
  it('when the service starts on an empty store, then prod and beta get valid files that pass processing and download', async () => {
    const prod = await eventually(async () => {
      const l = (await getJson(h, '/file/filenames?branch=prod')).body as Listing;
      return l.modFiles.length === 1 && l.launcherFile !== null && l;
    });
    expect(prod.modFiles.map((f) => f.fileName)).toEqual(['GrimLeagueS07_Extras.zip']);
    expect(prod.launcherFile).toMatchObject({ fileName: 'GrimLeagueLauncher.zip', version: '1.4.3' });
    const beta = await eventually(async () => {
      const l = (await getJson(h, '/file/filenames?branch=beta', h.admin)).body as Listing;
      return l.modFiles.length === 1 && l.launcherFile !== null && l;
    });
    expect(beta.launcherFile!.version).toBe('1.4.4-beta');
    expect(await h.svc.repo.files.countDocuments({ status: { $ne: 'ready' } })).toBe(0);
    const stored = await h.svc.repo.get(
      (await h.svc.repo.served('prod')).find((v) => v.fileName === 'GrimLeagueS07_Extras.zip')!._id,
    );
    const bytes = Buffer.from(await (await fetch(prod.modFiles[0]!.downloadUrl)).arrayBuffer());
    expect(md5(bytes)).toBe(stored!.md5);
    expect(await h.svc.repo.files.countDocuments({ extension: { $in: ['.arz', '.arc'] } })).toBe(0);
  });

  it("when the service starts, then the patch notes are the project's CHANGELOG.md printed into a PDF", async () => {
    const res = await fetch(`${h.svc.url}/file/patch-notes`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('(Grim League patch notes) Tj');
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('when the service restarts on a seeded store, then nothing is seeded twice', async () => {
    const before = await h.svc.repo.files.countDocuments();
    const { start } = await import('../src/server');
    const again = await start(h.env);
    await again.stop();
    expect(await h.svc.repo.files.countDocuments()).toBe(before);
  });
});
