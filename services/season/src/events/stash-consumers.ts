import { reservationChangedV1, rolesChangedV1, settlementRequestedV1, type EventData } from '@league/contracts';
import type { EventBus, EventHandler } from '@league/platform';
import type { Consumer } from 'kafkajs';
import type { StashContext } from '../domain/stash/context';
import { onReservationChanged, onRolesChanged } from '../domain/stash/reservations';
import { onSettlementRequested, settlementAddressedHere } from '../domain/stash/settlement';

/**
 * The cloud stash's consumers (groups of their own, so the standings projections never wait on a settlement):
 * trade's reservations (with a listing's terms) and account's roles in `<groupId>`, trade's settlement requests (the
 * saga's step 3) in `<groupId>-settlements`. A consumer fetches a broker's partitions again only once every
 * batch of its last fetch is handled (kafkajs' fetcher), so a settlement (two stash locks, several steps)
 * would hold back the reservations of every other partition; in a group of its own it holds back only other
 * settlements. Every handler is idempotent; delivery is at least once.
 */
export function subscribeStash(
  bus: EventBus,
  ctx: StashContext,
  groupId: string,
  fromBeginning = true,
): Promise<Consumer[]> {
  const reservation: EventHandler<EventData<typeof reservationChangedV1>> = (e) => onReservationChanged(ctx, e.data);
  const settlement: EventHandler<EventData<typeof settlementRequestedV1>> = async (e) => {
    if (!(await settlementAddressedHere(ctx, e.data))) {
      ctx.season.logger.info(
        { settlementId: e.data.settlementId, seasonId: e.data.seasonId },
        'settlement request for a season this deployment does not hold; left to its own',
      );
      return;
    }
    await onSettlementRequested(ctx, e.data);
  };
  const roles: EventHandler<EventData<typeof rolesChangedV1>> = (e) => onRolesChanged(ctx, e.data);
  return Promise.all([
    bus.subscribe({
      groupId,
      fromBeginning,
      // Partitions side by side (a partition's events in order); every handler changes a stash under its lock.
      partitionsConsumedConcurrently: 6,
      handlers: {
        [reservationChangedV1.type]: reservation,
        [rolesChangedV1.type]: roles,
      } as Record<string, EventHandler<never>>,
    }),
    bus.subscribe({
      groupId: `${groupId}-settlements`,
      fromBeginning,
      partitionsConsumedConcurrently: 3,
      handlers: { [settlementRequestedV1.type]: settlement } as Record<string, EventHandler<never>>,
    }),
  ]);
}
