import { participantJoinedV1, type EventData, type EventEnvelope } from '@league/contracts';
import type { EventBus, EventHandler } from '@league/platform';
import type { ParticipantOwnerRepository } from '../data/participant-owner.repository';

/**
 * Season's participant-joined events feed the owners read model, read from the beginning (season
 * announces every existing participant at its start). The handler is an upsert: redelivery changes nothing.
 */
export function subscribeParticipantOwners(bus: EventBus, owners: ParticipantOwnerRepository, groupId: string) {
  const joined: EventHandler<never> = (e) => {
    const { data } = e as EventEnvelope<EventData<typeof participantJoinedV1>>;
    return owners.record(data.seasonParticipantId, data.username, data.seasonId);
  };
  return bus.subscribe({ groupId, fromBeginning: true, handlers: { [participantJoinedV1.type]: joined } });
}
