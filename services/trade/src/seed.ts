import type { AuthUser } from '@league/platform';
import { CURRENCY_NAMES } from '@league/contracts';
import type { TradeContext } from './domain/context';
import { listTrade } from './domain/listings';

export const DEMO_SELLERS = ['player1', 'player2', 'player3'];
const ADMIN: AuthUser = { id: 'demo-seed', username: 'demo-seed', role: 'admin', roles: ['admin'] };

/**
 * The demo's trading post: a few listings from each demo player's cloud stash. Trade learns the stashes
 * from season's events, so this runs inside the service once they have arrived (TRADE_SEED_DEMO=1), and
 * goes through the ordinary use case (reservations, events, search index). Idempotent: a player who has
 * ever listed anything is left alone. Returns how many listings it created.
 */
export async function seedDemoListings(
  ctx: TradeContext,
  perPlayer = 2,
): Promise<{ created: number; waitingFor: string[] }> {
  const { store, logger } = ctx;
  let created = 0;
  const waitingFor: string[] = [];
  for (const name of DEMO_SELLERS) {
    const participants = (await store.participantsNamed(name)).filter((p) => p.seasonTypeId === 1 && !p.isBeta);
    if (!participants.length) {
      waitingFor.push(name);
      continue;
    }
    for (const p of participants) {
      if ((await store.listingsOfParticipant(p._id)).length) continue;
      const items = (await store.stashItemsOf(p._id)).filter((i) => i.stackCount > 0 && i.tradable && !i.queued);
      if (!items.length) {
        waitingFor.push(name);
        continue;
      }
      for (const [n, item] of items.slice(0, perPlayer).entries()) {
        const priced = n % 2 === 0;
        try {
          await listTrade(ctx, ADMIN, p._id, {
            participantItemId: item._id,
            count: 1,
            askingCurrency: priced ? (CURRENCY_NAMES[(p._id + n) % CURRENCY_NAMES.length] ?? 'Scrap') : null,
            askingPrice: priced ? 5 + ((p._id * 7 + n * 3) % 40) : null,
            sellerComment: priced ? 'Demo listing: buy it out or make an offer' : 'Offers only',
          });
          created += 1;
        } catch (err) {
          logger.warn({ err, participant: p._id, item: item._id }, 'demo listing skipped');
        }
      }
    }
  }
  return { created, waitingFor };
}
