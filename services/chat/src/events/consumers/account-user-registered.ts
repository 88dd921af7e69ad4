import type { userRegisteredV1, EventData, EventEnvelope } from '@league/contracts';
import type { ChatUserRepository } from '../../data/chat-user.repository';

/**
 * A registered user is known to chat from then on (so others can mute them before they ever connect).
 * Idempotent by nature: making a user known twice changes nothing.
 */
export const onUserRegistered =
  (users: ChatUserRepository) =>
  async (event: EventEnvelope<EventData<typeof userRegisteredV1>>): Promise<void> => {
    await users.ensure(event.data.username);
  };
