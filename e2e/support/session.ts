import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { appUrl, BASE_URL } from './browser';

/** A secret the demo seed remembered in .local/ (demo-password.txt, admin-password.txt). */
export async function localSecret(file: string): Promise<string> {
  return (await readFile(path.resolve(__dirname, '../../.local', file), 'utf8')).trim();
}

/** Logs in through the login form (Enter moves to the password, Enter submits) and waits for the profile. */
export async function logIn(page: Page, username: string, secret: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(appUrl('/login'));
  const user = page.getByLabel('Username');
  await user.fill(username);
  await user.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'password');
  const pass = page.getByLabel('Password', { exact: true });
  await pass.fill(secret);
  await pass.press('Enter');
  await page.waitForURL(/#\/profile$/);
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor({ state: 'visible' });
}

/** The API answers of 400 and above a page received, for an error message; `watchFailures` fills it. */
export function watchFailures(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400 && res.url().includes('/api/')) failed.push(`${res.status()} ${res.url()}`);
  });
  return failed;
}

/**
 * Waits until the page shows its level-1 heading and no loading indicator is left in main, then checks
 * that nothing went wrong: neither the Error modal nor an error alert.
 */
export async function settled(page: Page, failed: string[] = []): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
  await page.waitForFunction(
    () => document.querySelectorAll('main [role="status"][aria-label^="Loading"]').length === 0,
  );
  const errorModal = page.getByRole('dialog', { name: 'Error' });
  if (await errorModal.isVisible()) {
    throw new Error(`Error modal: ${await errorModal.innerText()}; failed calls: ${failed.join(', ')}`);
  }
  const alerts = await page.locator('main .MuiAlert-standardError, main .MuiAlert-filledError').allInnerTexts();
  if (alerts.length) throw new Error(`error state on ${page.url()}: ${alerts.join(' | ')}; ${failed.join(', ')}`);
}

/** The access token of the session cookie the site wrote at login. */
export async function accessToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies(BASE_URL)).find((c) => c.name === 'authToken');
  if (!cookie) throw new Error('no authToken cookie: not logged in');
  return (JSON.parse(decodeURIComponent(cookie.value)) as { access_token: string }).access_token;
}

/** A GET of the API, with a bearer token when given; fails on any answer but 2xx. */
export async function apiGet<T>(route: string, token?: string): Promise<T> {
  const res = await fetch(`${BASE_URL}/api${route}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`GET ${route} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Polls `check` every 500 ms until it holds (for state a page shows only after a reload). */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out after ${timeoutMs / 1000}s waiting for ${what}`);
}

/**
 * Presses the listing dialog's "Create Listing" until the trading post takes it: the post learns of a stash
 * item (an upload, a released copy) from season's events a moment later, and until then refuses with the
 * message `refused` matches, which the dialog shows; a player tries again, and so does a journey, for up to
 * two minutes. `onListed` runs once the dialog says the item is listed (the journey's axe check).
 */
export async function createListingOnceKnown(
  dialog: Locator,
  refused: Locator,
  what: string,
  onListed: () => Promise<void>,
): Promise<void> {
  const listed = dialog.getByText('Item listed for trade.');
  const processing = dialog.getByText('Processing…');
  const until = Date.now() + 120_000;
  for (;;) {
    await dialog.getByRole('button', { name: 'Create Listing' }).click();
    await new Promise((r) => setTimeout(r, 300));
    await processing.waitFor({ state: 'hidden', timeout: 60_000 });
    await listed.or(refused).first().waitFor({ state: 'visible' });
    if (await listed.isVisible()) {
      await onListed();
      return;
    }
    if (Date.now() > until) throw new Error(`${what} was never listed: ${await dialog.innerText()}`);
    await new Promise((r) => setTimeout(r, 2_000));
  }
}
