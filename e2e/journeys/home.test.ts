import { stat } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { axeSummary, expectAccessible } from '../support/axe';
import { appUrl, BASE_URL, launch, type Journey } from '../support/browser';

describe('home', () => {
  let journey: Journey;
  let page: Page;

  beforeAll(async () => {
    journey = await launch('home');
    page = await journey.newPage();
  });

  afterAll(async () => {
    await journey?.close();
    await axeSummary('home');
  });

  it('when a visitor opens the site, then the landing page greets them with the heading and the way to register', async () => {
    const response = await page.goto(`${BASE_URL}/`, { waitUntil: 'load' });
    expect(response?.ok()).toBe(true);

    const heading = page.getByRole('heading', { level: 1, name: 'Grim League' });
    await heading.waitFor({ state: 'visible' });
    expect(await page.title()).toBe('Grim League');
    expect(await page.getByRole('main').getByRole('link', { name: 'Register Account' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Forgot Password' }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    // The header fits a common laptop width without a sideways scrollbar.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await expectAccessible(page, 'landing');
    const file = await journey.screenshot(page, 'landing');
    expect((await stat(file)).size).toBeGreaterThan(0);
  });

  it('when the visitor follows a link nobody has built yet, then the not-found page shows inside the site', async () => {
    await page.goto(appUrl('/no-such-page'));

    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    await expectAccessible(page, 'not found');
  });

  it('when an admin token cookie is present, then the header offers Profile, Admin and Logout and still fits', async () => {
    const token = { role: 'admin', refresh_token: 'e2e-refresh', access_token: 'e2e-access' };
    await journey.context.addCookies([
      { name: 'authToken', value: encodeURIComponent(JSON.stringify(token)), url: BASE_URL },
    ]);
    await page.goto(appUrl('/'));
    await page.reload();

    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Logout' }).waitFor({ state: 'visible' });
    expect(await header.getByRole('link', { name: 'Profile' }).isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'Admin' }).isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'Login' }).count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'landing with the admin header');
    await journey.screenshot(page, 'admin-header');
    // From 1440 px the admin's header has the whole link row beside the branch toggle, still without overflow.
    await page.setViewportSize({ width: 1440, height: 800 });
    await header.getByRole('link', { name: 'Season 7 Ladders' }).waitFor({ state: 'visible' });
    await header.getByRole('group', { name: 'Branch' }).waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await journey.screenshot(page, 'admin-header-wide');
    await page.setViewportSize({ width: 1280, height: 800 });

    await header.getByRole('button', { name: 'Logout' }).click();
    await header.getByRole('link', { name: 'Login' }).waitFor({ state: 'visible' });
    expect((await journey.context.cookies(BASE_URL)).some((cookie) => cookie.name === 'authToken')).toBe(false);
  });

  it("before the app's JavaScript has arrived, then the header's frame already shows where the header will be", async () => {
    const early = await journey.newPage();
    const frame = async (width: number) => {
      await early.setViewportSize({ width, height: 800 });
      return early.evaluate(() => {
        const bar = document.querySelector('.boot-bar');
        const shown = (el: Element | null | undefined) => !!el && getComputedStyle(el).display !== 'none';
        return {
          bottom: bar?.getBoundingClientRect().bottom,
          menu: shown(bar?.querySelector('svg')),
          name: shown(bar?.querySelector('span')),
        };
      });
    };
    // The app's scripts never arrive: what shows is index.html and its stylesheet alone.
    await early.route('**/assets/*.js', (route) => route.abort());
    await early.goto(appUrl('/'));
    const widths = [390, 1000, 1440];
    const before = [];
    for (const width of widths) before.push(await frame(width));
    await early.unroute('**/assets/*.js');

    // Now with its scripts: React has replaced the frame with the header, at each width the same bottom edge
    // and the same menu icon and name shown or hidden.
    await early.reload();
    const header = early.getByRole('banner');
    await header.getByRole('link', { name: 'Login' }).waitFor({ state: 'visible' });
    expect(await early.locator('.boot-bar').count()).toBe(0);
    for (const [i, width] of widths.entries()) {
      const seen = before[i]!;
      await early.setViewportSize({ width, height: 800 });
      const menu = header.getByRole('button', { name: 'Open navigation' });
      await menu.waitFor({ state: seen.menu ? 'visible' : 'hidden' });
      const box = (await header.boundingBox())!;
      expect(seen.bottom).toBeCloseTo(box.y + box.height, 0);
      expect(await header.getByRole('link', { name: 'Grim League home' }).isVisible()).toBe(seen.name);
    }
    await early.close();
  });

  it('when the screen is phone-sized, then the section links move into a drawer opened from the menu button', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(appUrl('/'));

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const ladders = page.getByRole('link', { name: 'Season 7 Ladders' });
    await ladders.waitFor({ state: 'visible' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'navigation drawer on a phone');
    await journey.screenshot(page, 'phone-drawer');

    await ladders.click();
    await page.waitForURL(/#\/seasons$/);
  });
});
