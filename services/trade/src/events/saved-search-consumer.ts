import { listingOpenedV1, type EventData, type EventEnvelope } from '@league/contracts';
import type { EventBus, EventHandler } from '@league/platform';
import type { Consumer } from 'kafkajs';
import type { SavedSearchService } from '../domain/saved-searches';

/**
 * Trade's own `trade.listing-opened.v1`, matched against the saved searches. A consumer group of its own
 * (`{TRADE_CONSUMER_GROUP}.saved-searches`) that starts at the topic's end when it is new: alerts are for
 * listings that open from now on, not for the history. Redelivery writes nothing twice (unique keys).
 */
export function subscribeListingOpened(bus: EventBus, svc: SavedSearchService, groupId: string): Promise<Consumer> {
  const handler: EventHandler<never> = async (e) => {
    await svc.onListingOpened((e as EventEnvelope<EventData<typeof listingOpenedV1>>).data);
  };
  return bus.subscribe({
    groupId: `${groupId}.saved-searches`,
    fromBeginning: false,
    handlers: { [listingOpenedV1.type]: handler },
  });
}
