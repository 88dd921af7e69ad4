import { z } from '../zod';
import { listOrPageSchema, pageQueryFields } from './paging';

/** The game's messages are at most this many characters (decoded). */
export const CHAT_MESSAGE_MAX = 255;

/**
 * A chat username in a path or query. Account names are not bounded by the spec; this only keeps out
 * what can never be a name (empty, control characters, absurd lengths).
 */
export const chatUsernameSchema = z
  .string()
  .trim()
  .min(1, 'username is required')
  .max(64, 'username is at most 64 characters')
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f/\\]+$/, 'username has characters a name cannot have');

export const chatUsernameParams = z.object({ username: chatUsernameSchema });
export const chatUsernameQuery = z.object({ username: chatUsernameSchema });

/** `/chat/t/<ticket>/...`: the game's calls carry the user in a signed ticket, not a bearer token. */
export const chatTicketParams = z.object({ ticket: z.string().min(10).max(1000) });
export const chatTicketUserParams = chatTicketParams.extend({ username: chatUsernameSchema });

export const chatUrlResponse = z
  .object({
    /** The chat base URL C for the launcher: the hub at exactly this URL, the game's REST calls under it. */
    url: z.string().url(),
    expiresAt: z.string().datetime(),
  })
  .openapi('ChatUrl');
export type ChatUrlResponse = z.infer<typeof chatUrlResponse>;

export const connectedClientsResponse = z.array(z.string()).openapi('ConnectedClients');

export const welcomeMessageSchema = z
  .object({
    chatSystemMessageId: z.number().int().nonnegative(),
    source: z.literal('Welcome'),
    message: z.string(),
    timestamp: z.string().datetime(),
    type: z.literal(0),
    displayOrder: z.number().int().positive(),
  })
  .openapi('WelcomeMessage');
export type WelcomeMessage = z.infer<typeof welcomeMessageSchema>;

/** One entry of a save: id 0 = new; the list's order becomes displayOrder 1..n. */
export const welcomeMessageInput = z.object({
  chatSystemMessageId: z.number().int().nonnegative().default(0),
  message: z
    .string()
    .trim()
    .min(1, 'message is required')
    .max(CHAT_MESSAGE_MAX, `message is at most ${CHAT_MESSAGE_MAX} characters`),
  source: z.string().optional(),
  timestamp: z.string().optional(),
  type: z.number().optional(),
  displayOrder: z.number().optional(),
});
export const saveWelcomeMessagesBody = z
  .array(welcomeMessageInput)
  .max(50, 'at most 50 welcome messages')
  .openapi('SaveWelcomeMessages');
export const welcomeMessagesResponse = z.array(welcomeMessageSchema);
export const welcomeMessageIdParams = z.object({ id: z.coerce.number().int().positive() });

export const systemMessageBody = z
  .object({
    message: z
      .string()
      .trim()
      .min(1, 'message is required')
      .max(CHAT_MESSAGE_MAX, `message is at most ${CHAT_MESSAGE_MAX} characters`),
  })
  .openapi('SystemMessage');

export const bannedUserSchema = z
  .object({ username: z.string(), banStart: z.string().datetime() })
  .openapi('BannedUser');
export const bannedUsersResponse = z.array(bannedUserSchema);

export const banHistoryEntrySchema = z
  .object({ banStart: z.string().datetime(), banEnd: z.string().datetime().nullable() })
  .openapi('BanHistoryEntry');
export const banHistoryResponse = z.array(banHistoryEntrySchema);

export const chatLogEntrySchema = z
  .object({
    timestamp: z.string().datetime(),
    message: z.string(),
    channel: z.string(),
    /** The item the message links, named from the published game data in the reader's language; null: none. */
    itemName: z.string().nullable(),
  })
  .openapi('ChatLogEntry');
export const chatLogResponse = z.array(chatLogEntrySchema);

export const muteListResponse = z.array(z.string());

/** The game's whisper: `POST chat/user/{recipient}/direct`. Names and bodies keep the byte-pair encoding. */
export const directMessageBody = z
  .object({
    username: z.string().min(1, 'username (the sender) is required').max(200),
    messageBody: z
      .string()
      .min(1, 'messageBody is required')
      .max(2 * CHAT_MESSAGE_MAX + 2),
    type: z.literal(3).optional(),
  })
  .openapi('DirectMessage');

// ---------------------------------------------------------------- admin tables: server-side paging and sorting

export const CHAT_LOG_SORTS = ['timestamp', 'channel', 'message'] as const;
export const BANNED_USER_SORTS = ['username', 'banStart'] as const;
export const BAN_HISTORY_SORTS = ['banStart', 'banEnd'] as const;

/** `GET /chat/chat-log?username=&page=&pageSize=&sort=&dir=` (newest first unless sorted otherwise). */
export const chatLogQuery = chatUsernameQuery.extend(pageQueryFields(CHAT_LOG_SORTS));
export const bannedUsersQuery = z.object(pageQueryFields(BANNED_USER_SORTS));
export const banHistoryQuery = chatUsernameQuery.extend(pageQueryFields(BAN_HISTORY_SORTS));
export const chatLogListResponse = listOrPageSchema(chatLogEntrySchema);
export const bannedUsersListResponse = listOrPageSchema(bannedUserSchema);
export const banHistoryListResponse = listOrPageSchema(banHistoryEntrySchema);
export type ChatLogSort = (typeof CHAT_LOG_SORTS)[number];
export type BannedUserSort = (typeof BANNED_USER_SORTS)[number];
export type BanHistorySort = (typeof BAN_HISTORY_SORTS)[number];
