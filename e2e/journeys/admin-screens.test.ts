import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { axeSummary, expectAccessible } from '../support/axe';
import { appUrl, BASE_URL, launch, type Journey } from '../support/browser';

/**
 * The admin at work on the demo league: uploads a beta mod file (progress bar, processed), finalises beta,
 * bans and unbans a chat user, and edits an item whose public page then shows the change. The admin's
 * password is the one the demo seed remembered in .local/.
 */

const localFile = (name: string) => path.resolve(__dirname, '../../.local', name);

async function logInAsAdmin(page: Page): Promise<void> {
  const secret = (await readFile(localFile('admin-password.txt'), 'utf8')).trim();
  await page.goto('about:blank');
  await page.goto(appUrl('/login'));
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Username').press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'password');
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL(/#\/profile$/);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A valid zip with stored (uncompressed) entries, like the demo seed's extras file. */
function storedZip(entries: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

describe('admin screens', () => {
  let journey: Journey;
  let page: Page;
  const alerts: string[] = [];

  beforeAll(async () => {
    journey = await launch('admin-screens');
    page = await journey.newPage();
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await logInAsAdmin(page);
  });

  afterAll(async () => {
    await journey?.close();
    await axeSummary('admin-screens');
  });

  it('when the admin uploads a beta mod file, then its progress reaches 100 %, it is processed and the technical FAQ of beta lists it', async () => {
    // The beta list's current size of the file, so this run's upload is told apart by its size.
    const cookie = (await journey.context.cookies(BASE_URL)).find((c) => c.name === 'authToken')!;
    const token = (JSON.parse(decodeURIComponent(cookie.value)) as { access_token: string }).access_token;
    const listed = await fetch(`${BASE_URL}/api/file/filenames?v=v1&branch=beta&region=us`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(listed.status).toBe(200);
    const before = ((await listed.json()) as { modFiles: Array<{ fileName: string; size: number }> }).modFiles.find(
      (f) => f.fileName === 'GrimLeagueS07_Extras.zip',
    );

    await page.goto(appUrl('/admin/files/beta'));
    await page.getByRole('heading', { level: 1, name: 'League Mod Files - beta' }).waitFor({ state: 'visible' });
    await page.getByRole('grid', { name: 'Mod Files' }).waitFor({ state: 'visible' });
    await expectAccessible(page, '/admin/files/beta');

    // The demo seed's extras file, uploaded again: the beta list keeps its name and the file stays valid.
    const settings = (pad: number) =>
      storedZip([{ name: 'settings/league.txt', data: Buffer.from(`season=7\nbuild=e2e-admin\n${'#'.repeat(pad)}`) }]);
    const pad = Date.now() % 200;
    const zip = settings(pad).length === before?.size ? settings(pad + 1) : settings(pad);
    await page
      .getByLabel('Choose mod files')
      .setInputFiles({ name: 'GrimLeagueS07_Extras.zip', mimeType: 'application/zip', buffer: zip });
    const chosen = page.getByRole('list', { name: 'Upload mod files: chosen' });
    expect(await chosen.getByRole('textbox', { name: 'Mod Name' }).inputValue()).toBe('GrimLeagueS07');
    await page.getByRole('region', { name: 'Upload mod files' }).getByRole('button', { name: 'Save' }).click();

    const progress = page.getByRole('progressbar', { name: 'Upload of GrimLeagueS07_Extras.zip' });
    await progress.waitFor({ state: 'visible' });
    // Processing is a queued job (unzip, checksums, store); on a loaded two-core run it can take minutes.
    await chosen.getByText('Processed').waitFor({ state: 'visible', timeout: 240_000 });
    expect(await progress.getAttribute('aria-valuenow')).toBe('100');
    expect(alerts).toEqual([]);
    const row = page.getByRole('grid', { name: 'Mod Files' }).getByRole('row', { name: /GrimLeagueS07_Extras\.zip/ });
    await row.waitFor({ state: 'visible' });
    await expectAccessible(page, '/admin/files/beta, uploaded');
    await journey.screenshot(page, 'beta-upload');

    // Looking at beta (the header's branch toggle), the technical FAQ offers the new upload for download.
    const branch = page.getByRole('banner').getByRole('group', { name: 'Branch' });
    await branch.getByRole('button', { name: 'Beta' }).click();
    await page.waitForFunction(() => document.cookie.includes('branch=beta'));
    await page.goto(appUrl('/technical-faq'));
    await page.getByRole('heading', { level: 1, name: 'Technical FAQ' }).waitFor({ state: 'visible' });
    const faqRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'GrimLeagueS07_Extras.zip' }) });
    await faqRow.getByRole('cell', { name: `${zip.length} B`, exact: true }).waitFor({ state: 'visible' });
    expect(await faqRow.getByRole('button', { name: 'Download GrimLeagueS07_Extras.zip' }).isVisible()).toBe(true);
    await expectAccessible(page, '/technical-faq on beta');
    await journey.screenshot(page, 'technical-faq-beta');
    await branch.getByRole('button', { name: 'Prod' }).click();
    await page.waitForFunction(() => !document.cookie.includes('branch=beta'));
  }, 300_000);

  it('when the admin finalises beta, then it goes Processing to Success and the button stays disabled', async () => {
    await page.goto(appUrl('/admin/files/beta'));
    await page.getByRole('heading', { level: 1, name: 'League Mod Files - beta' }).waitFor({ state: 'visible' });
    const finalize = page.getByRole('button', { name: 'Finalize Beta' });
    await finalize.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Finalize' }).click();
    await page.getByText('Success', { exact: true }).waitFor({ state: 'visible', timeout: 90_000 });
    expect(await finalize.isDisabled()).toBe(true);
    await expectAccessible(page, '/admin/files/beta, finalised');
    await journey.screenshot(page, 'finalize-beta');
  });

  it('when the admin bans and unbans a chat user, then the ban history shows the ban and then its duration', async () => {
    await page.goto(appUrl('/admin/chat/user/player1?t=bh'));
    await page.getByRole('heading', { level: 1, name: 'Chat User: player1' }).waitFor({ state: 'visible' });
    const ban = page.getByRole('button', { name: 'Ban', exact: true });
    const unban = page.getByRole('button', { name: 'Unban', exact: true });
    await ban.or(unban).waitFor({ state: 'visible' });
    if (await unban.isVisible()) {
      await unban.click(); // a ban left over from an earlier run
      await ban.waitFor({ state: 'visible' });
    }

    await ban.click();
    await unban.waitFor({ state: 'visible' });
    const history = page.getByRole('grid', { name: 'Ban History' });
    await history.getByText('Still banned').waitFor({ state: 'visible' });
    await expectAccessible(page, '/admin/chat/user/player1?t=bh');
    await journey.screenshot(page, 'chat-banned');

    await page.goto(appUrl('/admin/chat?t=bu'));
    const banned = page.getByRole('grid', { name: 'Banned Users' }).getByRole('link', { name: 'player1' });
    await banned.waitFor({ state: 'visible' });
    await expectAccessible(page, '/admin/chat?t=bu');
    await banned.click();
    await page.getByRole('tab', { name: 'Ban History' }).click();
    await unban.click();
    await ban.waitFor({ state: 'visible' });
    const firstRow = page.getByRole('grid', { name: 'Ban History' }).getByRole('row').nth(1);
    expect(await firstRow.innerText()).toMatch(/\d+h \d+m \d+s/);
    expect(await history.getByText('Still banned').count()).toBe(0);
    await journey.screenshot(page, 'chat-unbanned');
  });

  it('when the admin edits an item, then its public page shows the change', async () => {
    const res = await fetch(`${BASE_URL}/api/season/items`);
    const items = (await res.json()) as Array<{ itemId: number; name: string }>;
    const item = items[0];
    if (!item) throw new Error('the demo league has no public item');

    await page.goto(appUrl('/admin/items'));
    const search = page.getByRole('textbox', { name: 'Search' });
    await search.fill(item.name);
    // The grid answers the search with a request of its own; axe looks at the rows it brings, not the old ones.
    const searched = page.waitForResponse(
      (r) => r.url().includes('/api/season/items?') && new URL(r.url()).searchParams.get('searchTerm') === item.name,
    );
    await search.press('Enter');
    await searched;
    const grid = page.getByRole('grid', { name: 'Items' });
    await grid.getByRole('progressbar').waitFor({ state: 'detached' });
    const link = page.getByRole('grid', { name: 'Items' }).getByRole('link', { name: item.name }).first();
    await link.waitFor({ state: 'visible' });
    await expectAccessible(page, '/admin/items');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toBe(`#/admin/item/${item.itemId}`);

    await page.goto(appUrl(`/admin/item/${item.itemId}`));
    const lore = page.getByRole('textbox', { name: 'Lore' });
    await lore.waitFor({ state: 'visible' });
    const text = `Forged for the e2e journey at ${new Date().toISOString()}`;
    await lore.fill(text);
    await page.getByText('* Unsaved Changes').first().waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('* Unsaved Changes').first().waitFor({ state: 'hidden' });
    await expectAccessible(page, `/admin/item/${item.itemId}`);
    await journey.screenshot(page, 'item-edit');

    await page.goto(appUrl(`/item/${item.itemId}`));
    await page.getByText(text).waitFor({ state: 'visible' });
    await expectAccessible(page, `/item/${item.itemId}`);
    await journey.screenshot(page, 'item-public');
  });
});
