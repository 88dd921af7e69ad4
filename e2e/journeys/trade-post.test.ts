import type { Page } from 'playwright-core';
import { axeSummary, expectAccessible } from '../support/axe';
import { appUrl, BASE_URL, launch, type Journey } from '../support/browser';
import { createListingOnceKnown, localSecret, logIn } from '../support/session';

/**
 * The trading post end to end, two players in two browsers: player1 lists an item, player2 offers an
 * item of their own on it, player1 approves, and both cloud stashes change; then player2 buys a second
 * listing out with Iron Bars. Items enter a cloud stash only through the launcher's upload, so the
 * journey uploads fresh ones (new seeds each run) with each player's own token, as the launcher would.
 */

const TRADE_SEASON = 18;
const R = 'records/items/';
const RIFLE = `${R}gearweapons/guns2h/a11_gun2h01.dbr`;
const MACE = `${R}gearweapons/blunt1h/a10_blunt01.dbr`;
const SCEPTER = `${R}gearweapons/caster/a10_scepter01.dbr`;
const IRON_BAR = `${R}leagues/currency/ironbar.dbr`;

interface Player {
  name: string;
  journey: Journey;
  page: Page;
  token: string;
  participantId: number;
}

/** A call with the player's bearer token and no cookies (the launcher's way; no anti-forgery header needed). */
async function api<T>(player: Pick<Player, 'token'>, method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${BASE_URL}/api${route}`, {
    method,
    headers: {
      Authorization: `Bearer ${player.token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Waits until the trade service knows the player's participant (it learns them from season's events). */
async function tradeKnows(player: Pick<Player, 'token' | 'participantId'>): Promise<void> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const response = await fetch(
      `${BASE_URL}/api/trade/participant/${player.participantId}/trade-listings?branch=prod`,
      { headers: { Authorization: `Bearer ${player.token}` } },
    );
    if (response.ok) return;
    if (response.status !== 404 || Date.now() > deadline)
      throw new Error(`trade does not know participant ${player.participantId}: ${response.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const launcherItem = (name: string, stackCount = 1) => ({
  name,
  prefix: '',
  suffix: '',
  modifier: '',
  illusion: '',
  component: '',
  completion: '',
  augment: '',
  itemSeed: Math.floor(Math.random() * 0xfffffff) + 1,
  componentSeed: 0,
  augmentSeed: 0,
  stackCount,
});

async function signInPlayer(name: string): Promise<Player> {
  const journey = await launch(`trade-${name}`);
  const page = await journey.newPage();
  await logIn(page, name, await localSecret('demo-password.txt'));
  const ladder = page.getByRole('region', { name: 'Season 7 SC Trade' });
  await ladder.waitFor({ state: 'visible' });
  const join = ladder.getByRole('button', { name: /^Join/ });
  if (await join.isVisible()) await join.click();
  await ladder.getByRole('link', { name: 'Trading Post' }).waitFor({ state: 'visible' });
  const cookie = (await journey.context.cookies(BASE_URL)).find((c) => c.name === 'authToken');
  const token = JSON.parse(decodeURIComponent(cookie!.value)).access_token as string;
  const profile = await api<{ seasonParticipants: Array<{ seasonId: number; seasonParticipantId: number }> }>(
    { token },
    'GET',
    '/season/profile?branch=prod',
  );
  const participantId = profile.seasonParticipants.find((p) => p.seasonId === TRADE_SEASON)!.seasonParticipantId;
  return { name, journey, page, token, participantId };
}

/** How many of the player's cloud stash items match a search (their names are the base item's here). */
async function stashCount(player: Player, searchTerm: string): Promise<number> {
  const page = await api<{ itemCount: number }>(
    player,
    'GET',
    `/season/participant/${player.participantId}/stash?transfer=false&page=1&pageSize=10&branch=prod&searchTerm=${encodeURIComponent(searchTerm)}`,
  );
  return page.itemCount;
}

async function balance(player: Player, currency: string): Promise<number> {
  const rows = await api<Array<{ currency: string; amount: number }>>(
    player,
    'GET',
    `/season/participant/${player.participantId}/trade-currencies?branch=prod`,
  );
  return rows.find((r) => r.currency === currency)?.amount ?? 0;
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The seller lists the first stash item matching `searchTerm` through the stash screen's listing form. */
async function listThroughStash(seller: Player, searchTerm: string, price: number | null): Promise<void> {
  const { page } = seller;
  await page.goto(appUrl('/profile/stash?st=1'));
  await page.getByRole('heading', { level: 1, name: /Cloud Stash$/ }).waitFor({ state: 'visible' });
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill(searchTerm);
  await search.press('Enter');
  const table = page.getByRole('table', { name: 'Cloud Stash' });
  const row = table
    .getByTestId('item-row')
    .filter({ hasNot: page.getByText('Listed', { exact: true }) })
    .first();
  await row.waitFor({ state: 'visible' });
  await expectAccessible(page, 'cloud stash');
  await row.getByRole('button', { name: /^Trade / }).click();
  const dialog = page.getByRole('dialog', { name: 'List Item for Trade' });
  if (price !== null) {
    await dialog.getByRole('combobox', { name: 'Asking currency' }).click();
    await page.getByRole('option', { name: 'Iron Bar', exact: true }).click();
    await dialog.getByRole('spinbutton', { name: 'Asking price' }).fill(String(price));
  }
  // The trading post learns a stash item from season's events, a moment after the upload (longer while it
  // replays every earlier test's events at the start of a run). Until then it answers 'Item not found in this
  // stash', which the dialog shows.
  await createListingOnceKnown(dialog, dialog.getByText('Item not found in this stash'), searchTerm, () =>
    expectAccessible(page, 'list item for trade dialog'),
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
}

/** The buyer opens the offer screen on the seller's listing of `searchTerm` from the trade search. */
async function openOfferFromSearch(buyer: Player, seller: Player, searchTerm: string): Promise<void> {
  const { page } = buyer;
  await page.goto(appUrl('/profile/trade-search?st=1&t=search'));
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill(searchTerm);
  await search.press('Enter');
  const row = page
    .getByRole('table', { name: 'Trade listings' })
    .getByTestId('item-row')
    .filter({ has: page.getByRole('cell', { name: seller.name, exact: true }) })
    .first();
  await row.waitFor({ state: 'visible' });
  await expectAccessible(page, 'trade search');
  await row.getByRole('button', { name: /^Make offer on / }).click();
  await page.getByRole('heading', { level: 1, name: /Make Offer$/ }).waitFor({ state: 'visible' });
  await page.getByRole('table', { name: 'Cloud Stash' }).getByTestId('item-row').first().waitFor({ state: 'visible' });
  await expectAccessible(page, 'make offer');
}

describe('trading post', () => {
  let seller: Player;
  let buyer: Player;

  beforeAll(async () => {
    seller = await signInPlayer('player1');
    buyer = await signInPlayer('player2');
    await tradeKnows(seller);
    await tradeKnows(buyer);
    // Earlier runs' listings of player1 are taken down, so the search finds this run's.
    const open = await api<Array<{ tradeListingId: number }>>(
      seller,
      'GET',
      `/trade/participant/${seller.participantId}/trade-listings?branch=prod`,
    );
    for (const listing of open) {
      await api(
        seller,
        'DELETE',
        `/trade/participant/${seller.participantId}/trade-listing/${listing.tradeListingId}?branch=prod`,
      );
    }
    await api(seller, 'POST', `/season/participant/${seller.participantId}/stash?branch=prod`, [
      launcherItem(RIFLE),
      launcherItem(SCEPTER),
    ]);
    await api(buyer, 'POST', `/season/participant/${buyer.participantId}/stash?branch=prod`, [
      launcherItem(MACE),
      launcherItem(IRON_BAR, 5),
    ]);
  }, 300_000);

  afterAll(async () => {
    await seller?.journey.close();
    await buyer?.journey.close();
    await axeSummary('trade-post');
  });

  it('when player1 lists, player2 offers and player1 approves, then the items change stashes', async () => {
    const before = {
      sellerMaces: await stashCount(seller, 'Iron Mace'),
      sellerRifles: await stashCount(seller, 'Rifle'),
      buyerRifles: await stashCount(buyer, 'Rifle'),
      buyerMaces: await stashCount(buyer, 'Iron Mace'),
    };

    await listThroughStash(seller, 'Rifle', null);
    await seller.journey.screenshot(seller.page, 'listed');

    await openOfferFromSearch(buyer, seller, 'Rifle');
    const { page } = buyer;
    const stash = page.getByRole('table', { name: 'Cloud Stash' });
    await page.getByRole('textbox', { name: 'Search' }).fill('Iron Mace');
    await page.getByRole('textbox', { name: 'Search' }).press('Enter');
    await stash
      .getByRole('button', { name: /^Add Iron Mace to offer/ })
      .first()
      .click();
    await page.getByRole('textbox', { name: 'Comment' }).fill('a mace for your rifle');
    await page.getByRole('button', { name: 'Send Offer' }).click();
    await page.getByText('Offer sent.').waitFor({ state: 'visible' });
    await expectAccessible(page, 'offer sent');
    await buyer.journey.screenshot(page, 'offer-sent');

    // The seller sees it among incoming offers (live or on opening the screen) and approves.
    await seller.page.goto(appUrl('/profile/incoming-offers?st=1'));
    const offers = seller.page.getByRole('table', { name: 'Incoming offers' });
    const offerRow = offers.getByTestId('offer-row').filter({ hasText: 'a mace for your rifle' }).first();
    await offerRow.waitFor({ state: 'visible' });
    await expectAccessible(seller.page, 'incoming offers');
    await seller.journey.screenshot(seller.page, 'incoming-offer');
    await offerRow.getByRole('button', { name: 'Approve' }).click();
    await offerRow.waitFor({ state: 'detached' });

    await eventually(
      async () =>
        (await stashCount(seller, 'Iron Mace')) === before.sellerMaces + 1 &&
        (await stashCount(buyer, 'Rifle')) === before.buyerRifles + 1,
      'the settlement to move the rifle and the mace',
    );
    expect(await stashCount(seller, 'Rifle')).toBe(before.sellerRifles - 1);
    expect(await stashCount(buyer, 'Iron Mace')).toBe(before.buyerMaces - 1);

    // Both players' notifications say so.
    await buyer.page.goto(appUrl('/profile/trade-notifications?st=1'));
    await buyer.page
      .getByRole('table', { name: 'Notifications' })
      .getByRole('row')
      .filter({ hasText: 'Accepted' })
      .first()
      .waitFor({ state: 'visible' });
    await expectAccessible(buyer.page, 'trade notifications');
    await buyer.journey.screenshot(buyer.page, 'notifications');
  });

  it('when player2 holds enough Iron Bars, then Buy Out takes the listing and pays the seller', async () => {
    const sellerBars = await balance(seller, 'Iron Bar');
    const buyerBars = await balance(buyer, 'Iron Bar');
    const buyerScepters = await stashCount(buyer, 'Runed Scepter');
    expect(buyerBars).toBeGreaterThanOrEqual(3);

    await listThroughStash(seller, 'Runed Scepter', 3);
    await openOfferFromSearch(buyer, seller, 'Runed Scepter');
    const buyOut = buyer.page.getByRole('button', { name: 'Buy Out' });
    await buyer.page.getByText(`You hold ${buyerBars} Iron Bar.`).waitFor({ state: 'visible' });
    expect(await buyOut.isEnabled()).toBe(true);
    await buyOut.click();
    await buyer.page.getByText('Bought out: the item is in your cloud stash.').waitFor({ state: 'visible' });
    await expectAccessible(buyer.page, 'bought out');
    await buyer.journey.screenshot(buyer.page, 'bought-out');

    await eventually(
      async () =>
        (await stashCount(buyer, 'Runed Scepter')) === buyerScepters + 1 &&
        (await balance(seller, 'Iron Bar')) === sellerBars + 3,
      'the buyout to settle',
    );
    expect(await balance(buyer, 'Iron Bar')).toBe(buyerBars - 3);
  });
});
