import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Where the site under test runs: `npm start` serves it on the BFF's port. */
export const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
/** Debian's Chromium; see scripts/ensure-chromium.mjs. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const OUTPUT_DIR = path.resolve(__dirname, '..', 'output');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Journey {
  context: BrowserContext;
  /** Opens a fresh tab. */
  newPage(): Promise<Page>;
  /** Saves a full-page screenshot to e2e/output/<journey>/<name>.png and returns its path. */
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/** The site's address for an app route, e.g. appUrl('/about') → http://host:8080/#/about. */
export function appUrl(route = '/'): string {
  return `${BASE_URL}/#${route.startsWith('/') ? route : `/${route}`}`;
}

/**
 * Launches headless Chromium with its own throwaway profile, so journeys never share cookies or
 * storage with each other or with a developer's browser.
 */
export async function launch(journeyName: string): Promise<Journey> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), `league-e2e-${journeyName}-`));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'America/New_York',
  });
  const outputDir = path.join(OUTPUT_DIR, journeyName);

  return {
    context,
    async newPage() {
      return context.newPage();
    },
    async screenshot(page, name) {
      await mkdir(outputDir, { recursive: true });
      const file = path.join(outputDir, `${name}.png`);
      // Finished transitions, not mid-slide frames: the picture shows what a user settles on.
      await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      return file;
    },
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
