import {
  challengeCompletedV1,
  participantJoinedV1,
  socialsUpdatedV1,
  type EventData,
  type EventEnvelope,
} from '@league/contracts';
import type { EventBus, EventHandler } from '@league/platform';
import type { Consumer } from 'kafkajs';
import type { SeasonContext } from '../domain/context';
import { onParticipantEvent, onSocialsUpdated } from '../domain/standings';

/**
 * The standings and socials projections. Each handler is idempotent: standings are recomputed from the
 * participant's stored progress, socials carry an event-id guard; a handler that keeps failing is parked
 * in the topic's DLQ by the bus.
 */
export function subscribeProjections(bus: EventBus, ctx: SeasonContext, groupId: string): Promise<Consumer> {
  const joined: EventHandler<EventData<typeof participantJoinedV1>> = (e) => onParticipantEvent(ctx, e.data);
  const completed: EventHandler<EventData<typeof challengeCompletedV1>> = (e) => onParticipantEvent(ctx, e.data);
  const socials: EventHandler<EventData<typeof socialsUpdatedV1>> = (
    e: EventEnvelope<EventData<typeof socialsUpdatedV1>>,
  ) => onSocialsUpdated(ctx, e);
  return bus.subscribe({
    groupId,
    // Three topics of three partitions: a partition's events in order (one participant's), the partitions side
    // by side, so a burst of joins does not queue behind one another (the ladder's version bump is locked).
    partitionsConsumedConcurrently: 9,
    handlers: {
      [participantJoinedV1.type]: joined,
      [challengeCompletedV1.type]: completed,
      [socialsUpdatedV1.type]: socials,
    } as Record<string, EventHandler<never>>,
  });
}
