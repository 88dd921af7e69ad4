import {
  currenciesChangedV1,
  itemHeldV1,
  itemReleasedV1,
  itemRemovedV1,
  participantJoinedV1,
  settlementCompletedV1,
  settlementFailedV1,
  stashItemChangedV1,
  type EventData,
  type EventDefinition,
  type EventEnvelope,
} from '@league/contracts';
import type { EventBus, EventHandler } from '@league/platform';
import type { Consumer } from 'kafkajs';
import type { TradeContext } from '../domain/context';
import {
  onCurrenciesChanged,
  onItemHeldChanged,
  onItemRemoved,
  onParticipantJoined,
  onStashItemChanged,
} from '../domain/projections';
import { onSettlementCompleted, onSettlementFailed } from '../domain/settlement';

const on =
  <D extends EventDefinition>(_def: D, fn: (e: EventEnvelope<EventData<D>>) => Promise<void>): EventHandler<never> =>
  (e) =>
    fn(e as EventEnvelope<EventData<D>>);

/**
 * Season's events: the participant, stash and currency read models, and the saga's replies. Read from the
 * beginning (season announces every existing participant at its start); each handler is idempotent, so a
 * redelivery changes nothing. A handler that keeps failing is parked in the topic's DLQ by the bus.
 */
export function subscribeSeasonEvents(bus: EventBus, ctx: TradeContext, groupId: string): Promise<Consumer> {
  return bus.subscribe({
    groupId,
    fromBeginning: true,
    // Five busy topics of three partitions (and the three rare ones of suspected duplicates): a long replay
    // of one (stash items) must not hold up the others (participants, balances, the saga's replies). Order
    // holds within a partition, which is all the handlers rely on (each applies a newer version only, or is
    // guarded by its settlement id or item version).
    partitionsConsumedConcurrently: 15,
    handlers: {
      [participantJoinedV1.type]: on(participantJoinedV1, (e) => onParticipantJoined(ctx, e.data)),
      [stashItemChangedV1.type]: on(stashItemChangedV1, (e) => onStashItemChanged(ctx, e.data)),
      [currenciesChangedV1.type]: on(currenciesChangedV1, (e) => onCurrenciesChanged(ctx, e.data)),
      [settlementCompletedV1.type]: on(settlementCompletedV1, (e) => onSettlementCompleted(ctx, e.id, e.data)),
      [settlementFailedV1.type]: on(settlementFailedV1, (e) => onSettlementFailed(ctx, e.id, e.data)),
      [itemHeldV1.type]: on(itemHeldV1, (e) => onItemHeldChanged(ctx, e.data, true)),
      [itemReleasedV1.type]: on(itemReleasedV1, (e) => onItemHeldChanged(ctx, e.data, false)),
      [itemRemovedV1.type]: on(itemRemovedV1, (e) => onItemRemoved(ctx, e.data)),
    },
  });
}
