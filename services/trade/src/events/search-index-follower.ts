import {
  listingOpenedV1,
  reservationChangedV1,
  settlementRequestedV1,
  type EventData,
  type EventEnvelope,
} from '@league/contracts';
import type { EventBus, EventHandler } from '@league/platform';
import type { Consumer } from 'kafkajs';

/**
 * This replica's search index follows trade's own listing events in a consumer group of its own
 * (`{TRADE_CONSUMER_GROUP}.index.{instance}`, from the topics' end): every event that changes what a search
 * shows (opened, terms changed or released, settling) reloads that listing into the index. The replica that
 * wrote a listing indexed it already, and the others usually hear of it first over Redis (data/push.ts); what
 * this adds is a position: the group's offsets are this replica's own (`appliedBy: 'replica'`), so a search
 * carrying a read-your-writes token waits until this replica's index has the reader's own listing.
 */
export function followListingEvents(
  bus: EventBus,
  indexListing: (listingId: number) => Promise<void>,
  groupId: string,
): Promise<Consumer> {
  const refresh = (id: number | null | undefined) => (id ? indexListing(id) : Promise.resolve());
  const data = <T>(e: unknown) => (e as EventEnvelope<T>).data;
  const opened: EventHandler<never> = (e) => refresh(data<EventData<typeof listingOpenedV1>>(e).tradeListingId);
  const reservation: EventHandler<never> = (e) => {
    const d = data<EventData<typeof reservationChangedV1>>(e);
    return d.kind === 'listing' ? refresh(d.tradeListingId) : Promise.resolve();
  };
  const settling: EventHandler<never> = (e) => refresh(data<EventData<typeof settlementRequestedV1>>(e).tradeListingId);
  return bus.subscribe({
    groupId,
    fromBeginning: false,
    appliedBy: 'replica',
    ephemeral: true,
    handlers: {
      [listingOpenedV1.type]: opened,
      [reservationChangedV1.type]: reservation,
      [settlementRequestedV1.type]: settling,
    },
  });
}
