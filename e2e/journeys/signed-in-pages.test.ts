import type { Page } from 'playwright-core';
import { axeSummary, expectAccessible } from '../support/axe';
import { appUrl, launch, type Journey } from '../support/browser';
import { apiGet, localSecret, logIn, settled, watchFailures } from '../support/session';

/**
 * Every profile and admin route of the spec (§2), opened as a fresh page load by a logged-in player and by
 * the admin of the demo league: each must finish loading without an error state and pass axe-core with no
 * serious or critical violation. The other journeys act on these pages; this one makes sure none is left
 * out of the accessibility check.
 */

const TRADE_SEASON = 18;
const HARDCORE_SEASON = 19;

describe('signed-in pages', () => {
  let journey: Journey;
  let page: Page;
  let failed: string[];

  /** Opens a route as a fresh page load, waits until it settled and runs axe on it. */
  async function check(route: string, landsOn = route): Promise<void> {
    failed.length = 0;
    await page.goto('about:blank');
    await page.goto(appUrl(route));
    await settled(page, failed);
    expect(page.url()).toContain(`#${landsOn}`);
    await expectAccessible(page, route);
  }

  beforeAll(async () => {
    journey = await launch('signed-in-pages');
    page = await journey.newPage();
    failed = watchFailures(page);
  });

  afterAll(async () => {
    await journey?.close();
    await axeSummary('signed-in-pages');
  });

  it('when a player opens each profile and trading post page, then each loads and passes axe', async () => {
    await logIn(page, 'player1', await localSecret('demo-password.txt'));
    const ladder = page.getByRole('region', { name: 'Season 7 SC Trade' });
    const join = ladder.getByRole('button', { name: /^Join/ });
    await join
      .or(ladder.getByRole('link', { name: 'Character Builds' }))
      .first()
      .waitFor({ state: 'visible' });
    if (await join.isVisible()) await join.click();
    await ladder.getByRole('link', { name: 'Trading Post' }).waitFor({ state: 'visible' });

    for (const route of [
      '/profile',
      '/profile/stash?st=1',
      '/profile/trade-search?st=1&t=search',
      '/profile/trading-post?st=1',
      '/profile/trade-notifications?st=1',
      '/profile/my-listings?st=1',
      '/profile/my-offers?st=1',
      '/profile/incoming-offers?st=1',
      '/profile/trade-blocked?st=1',
    ]) {
      await check(route);
    }
    // The public address of a season's trading post opens the player's own for that season type.
    await check(`/seasons/${TRADE_SEASON}/trading-post`, '/profile/trading-post?st=1');
    await journey.screenshot(page, 'trading-post');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor({ state: 'visible' });
  });

  it('when the admin opens each admin page, then each loads and passes axe', async () => {
    const encounters = await apiGet<Array<{ encounterId: number }>>('/season/encounters');
    const encounterId = encounters[0]!.encounterId;
    const monsters = await apiGet<Array<{ monsterId: number }>>(`/season/monsters?encounterId=${encounterId}`);
    const items = await apiGet<Array<{ itemId: number }>>('/season/items');
    // The public ladder is a projection of season's events (eventually consistent for a reader without a
    // token): on a site started a moment ago player3's row can still be on its way, so it is looked for again.
    let player3: { seasonParticipantId: number; username: string } | undefined;
    for (const until = Date.now() + 60_000; !player3; await new Promise((r) => setTimeout(r, 1_000))) {
      const board = await apiGet<{ leaderboardEntries: Array<{ seasonParticipantId: number; username: string }> }>(
        `/season/${TRADE_SEASON}/leaderboard`,
      );
      player3 = board.leaderboardEntries.find((e) => e.username === 'player3');
      if (!player3 && Date.now() > until) throw new Error(`player3 is not on the Season ${TRADE_SEASON} ladder`);
    }

    await logIn(page, 'admin', await localSecret('admin-password.txt'));
    for (const route of [
      '/admin',
      '/admin/season-list',
      `/admin/season-detail/${TRADE_SEASON}`,
      `/admin/leaderboard/${HARDCORE_SEASON}`,
      `/admin/participant/${player3.seasonParticipantId}/characterdata?username=player3`,
      '/admin/files/prod',
      '/admin/items',
      '/admin/item/new',
      `/admin/item/${items[0]!.itemId}`,
      '/admin/encounters',
      `/admin/monsters?encounterId=${encounterId}`,
      `/admin/monster/new?encounterId=${encounterId}`,
      `/admin/monster/${monsters[0]!.monsterId}`,
      '/admin/chat',
      '/admin/chat?t=ul',
      '/admin/chat?t=bu',
      '/admin/chat/user/player2',
      '/admin/chat/user/player2?t=bh',
      '/admin/chat/user/player2?t=ss',
    ]) {
      await check(route);
    }
    await journey.screenshot(page, 'admin-chat-user');
  });
});
