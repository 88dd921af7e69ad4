import type { EventDefinition } from './envelope';
import { rolesChangedV1, socialsUpdatedV1, userRegisteredV1 } from './events/account';
import { chatUserBannedV1, chatUserUnbannedV1 } from './events/chat';
import { challengeCompletedV1, participantJoinedV1, standingChangedV1 } from './events/season';
import { betaFinalizedV1, filePublishedV1, gameDataPublishedV1 } from './events/files';
import {
  currenciesChangedV1,
  itemHeldV1,
  itemReleasedV1,
  itemRemovedV1,
  settlementCompletedV1,
  settlementFailedV1,
  stashItemChangedV1,
} from './events/stash';
import { listingOpenedV1, reservationChangedV1, settlementRequestedV1 } from './events/trade';

/**
 * Every event any service publishes. A producer adds its events here; consumers look definitions up by
 * type so an envelope can be validated before a handler sees it. Later issues add season, trade, files
 * and chat events in the same pattern (one file per producer under events/).
 */
export const EVENTS = [
  userRegisteredV1,
  rolesChangedV1,
  socialsUpdatedV1,
  chatUserBannedV1,
  chatUserUnbannedV1,
  participantJoinedV1,
  challengeCompletedV1,
  standingChangedV1,
  filePublishedV1,
  betaFinalizedV1,
  gameDataPublishedV1,
  stashItemChangedV1,
  currenciesChangedV1,
  settlementCompletedV1,
  settlementFailedV1,
  itemHeldV1,
  itemReleasedV1,
  itemRemovedV1,
  reservationChangedV1,
  settlementRequestedV1,
  listingOpenedV1,
] as const satisfies readonly EventDefinition[];

const byType = new Map<string, EventDefinition>(EVENTS.map((e) => [e.type, e]));

export function eventDefinition(type: string): EventDefinition | undefined {
  return byType.get(type);
}

/** Topics to create at start: each event's topic and its dead-letter topic. */
export function allTopics(): string[] {
  return EVENTS.flatMap((e) => [e.topic, e.dlqTopic]);
}
