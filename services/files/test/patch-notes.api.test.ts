import { writeTextPdf } from '../src/formats/pdf';
import { startHarness, type Harness } from './support/harness';

jest.setTimeout(120_000);

describe('patch notes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ FILES_DEMO_SEED: 'false' });
  }, 60_000);
  afterAll(() => h?.stop());

  const url = () => `${h.svc.url}/file/patch-notes`;
  const put = (body: Buffer | string, token: string | null = h.admin, type = 'application/pdf') =>
    fetch(url(), {
      method: 'PUT',
      body,
      headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('when none is published, then reading them is 404 with a message', async () => {
    const res = await fetch(url());
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No patch notes have been published yet.' });
  });

  it('when an admin publishes a PDF, then anyone reads the same bytes inline and a repeat read is 304', async () => {
    const pdf = writeTextPdf('Season 8 notes', '# Season 8\n\n- new relics');
    const published = await put(pdf);
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ size: pdf.length });

    const res = await fetch(url());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);

    const etag = res.headers.get('etag')!;
    const again = await fetch(url(), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('when the publisher is not an admin or the body is not a PDF, then nothing changes', async () => {
    const before = Buffer.from(await (await fetch(url())).arrayBuffer());
    const pdf = writeTextPdf('x', 'y');
    expect((await put(pdf, null)).status).toBe(401);
    expect((await put(pdf, h.player)).status).toBe(403);
    const wrongType = await put(pdf, h.admin, 'application/octet-stream');
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { message: string }).message).toMatch(/application\/pdf/);
    const notPdf = await put('<html>not a pdf</html>');
    expect(notPdf.status).toBe(422);
    const cut = await put(pdf.subarray(0, pdf.length - 40));
    expect(cut.status).toBe(422);
    const huge = await put(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(21 * 1024 * 1024)]));
    expect(huge.status).toBe(413);
    expect(Buffer.from(await (await fetch(url())).arrayBuffer()).equals(before)).toBe(true);
  });

  it('when the changelog seed runs, then it prints a new text but never replaces an uploaded PDF', async () => {
    // The PDF from the earlier test was uploaded: the seed leaves it alone.
    expect(await h.svc.patchNotes.seedFromChangelog('# Changelog\n\n- one')).toBe(false);
    const uploaded = Buffer.from(await (await fetch(url())).arrayBuffer()).toString('latin1');
    expect(uploaded).toContain('(Season 8) Tj');

    await h.svc.storage.remove(`${h.env.FILES_BUCKET_PREFIX}-docs`, 'patch-notes.pdf');
    expect(await h.svc.patchNotes.seedFromChangelog('# Changelog\n\n- one')).toBe(true);
    expect(await h.svc.patchNotes.seedFromChangelog('# Changelog\n\n- one')).toBe(false);
    expect(await h.svc.patchNotes.seedFromChangelog('# Changelog\n\n- one\n- two')).toBe(true);
    const seeded = Buffer.from(await (await fetch(url())).arrayBuffer()).toString('latin1');
    expect(seeded).toContain('(two) Tj');
  });
});
