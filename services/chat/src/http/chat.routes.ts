import {
  banHistoryListResponse,
  banHistoryQuery,
  bannedUsersListResponse,
  bannedUsersQuery,
  chatLogListResponse,
  chatLogQuery,
  chatTicketParams,
  chatTicketUserParams,
  chatUrlResponse,
  chatUsernameParams,
  connectedClientsResponse,
  directMessageBody,
  muteListResponse,
  saveWelcomeMessagesBody,
  systemMessageBody,
  welcomeMessageIdParams,
  welcomeMessagesResponse,
} from '@league/contracts';
import { Api, AppError, type Authenticator } from '@league/platform';
import type { Config } from '../config';
import type { ChatService } from '../domain/chat-service';
import { issueTicket, verifyTicket } from '../domain/ticket';
import { chatBaseUrl, publicApiBase } from './chat-url';

const admin = { roles: ['admin'] };
const tags = ['chat'];

/** The site's calls: the chat URL for a logged-in user, and the admin API (spec §7 "Chat API"). */
export function chatRoutes(auth: Authenticator, chat: ChatService, config: Config): Api {
  const api = new Api(auth);
  const actor = (user: { username: string } | undefined) => user!.username;

  api.route(
    {
      method: 'get',
      path: '/chat/url',
      summary: 'The chat base URL for the launcher (GetChatUrl), carrying a signed, expiring ticket for this user',
      tags,
      auth: 'required',
      response: chatUrlResponse,
    },
    async ({ user, req }) => {
      await chat.known(user!.username);
      const { ticket, expiresAt } = issueTicket(
        config.CHAT_TICKET_SECRET,
        { username: user!.username, id: user!.id },
        config.CHAT_TICKET_TTL_SECONDS,
      );
      return {
        url: chatBaseUrl(publicApiBase(req, config.CHAT_PUBLIC_URL), ticket),
        expiresAt: expiresAt.toISOString(),
      };
    },
  );

  api.route(
    {
      method: 'get',
      path: '/chat/connected-clients',
      summary: 'Users connected to the chat hub now (every replica)',
      tags,
      auth: admin,
      response: connectedClientsResponse,
    },
    () => chat.connectedUsers(),
  );
  api.route(
    {
      method: 'get',
      path: '/chat/welcome-messages',
      summary: 'Welcome messages in display order',
      tags,
      auth: admin,
      response: welcomeMessagesResponse,
    },
    () => chat.welcomeMessages(),
  );
  api.route(
    {
      method: 'post',
      path: '/chat/welcome-messages',
      summary: 'Save welcome messages in this order (displayOrder 1..n; id 0 = new)',
      tags,
      auth: admin,
      body: saveWelcomeMessagesBody,
      response: welcomeMessagesResponse,
    },
    ({ body }) => chat.saveWelcomeMessages(body),
  );
  api.route(
    {
      method: 'delete',
      path: '/chat/welcome-message/:id',
      summary: 'Delete a welcome message',
      tags,
      auth: admin,
      params: welcomeMessageIdParams,
    },
    async ({ params }) => {
      await chat.deleteWelcomeMessage(params.id);
      return { message: 'Deleted' };
    },
  );
  api.route(
    {
      method: 'post',
      path: '/chat/system-message',
      summary: 'Broadcast a SystemMessage to every connected client',
      tags,
      auth: admin,
      body: systemMessageBody,
    },
    async ({ body, user }) => {
      await chat.systemMessage(actor(user), body.message);
      return { message: 'Sent' };
    },
  );
  api.route(
    {
      method: 'post',
      path: '/chat/ban/:username',
      summary: 'Ban a user from chat (pushes Banned to their connections)',
      tags,
      auth: admin,
      params: chatUsernameParams,
    },
    async ({ params, user }) => {
      await chat.ban(actor(user), params.username);
      return { message: `${params.username} is banned` };
    },
  );
  api.route(
    {
      method: 'post',
      path: '/chat/unban/:username',
      summary: 'Lift a chat ban',
      tags,
      auth: admin,
      params: chatUsernameParams,
    },
    async ({ params, user }) => {
      await chat.unban(actor(user), params.username);
      return { message: `${params.username} is no longer banned` };
    },
  );
  api.route(
    {
      method: 'get',
      path: '/chat/banned-users',
      summary: 'Users banned now; with page/pageSize one page as { items, itemCount } (sort: username, banStart)',
      tags,
      auth: admin,
      query: bannedUsersQuery,
      response: bannedUsersListResponse,
    },
    ({ query }) => chat.bannedUsers(query),
  );
  api.route(
    {
      method: 'get',
      path: '/chat/ban-history',
      summary:
        "A user's bans, newest first (banEnd null while banned); with page/pageSize one page as { items, itemCount }",
      tags,
      auth: admin,
      query: banHistoryQuery,
      response: banHistoryListResponse,
    },
    ({ query }) => chat.banHistory(query.username, query),
  );
  api.route(
    {
      method: 'get',
      path: '/chat/chat-log',
      summary:
        "A user's messages as readable text, newest first; with page/pageSize one page as { items, itemCount } (sort: timestamp, channel, message)",
      tags,
      auth: admin,
      query: chatLogQuery,
      response: chatLogListResponse,
    },
    ({ query, req }) => chat.chatLog(query.username, query, req.header('accept-language')),
  );

  return api;
}

/**
 * The game's REST calls under the chat base URL C = `/chat/t/<ticket>/`: the user comes from the ticket
 * (the launcher's bearer token is not needed), statuses as LAUNCHER-API.md §4 says.
 */
export function gameRoutes(chat: ChatService, config: Config): Api {
  const api = new Api();
  const userOf = (ticket: string) => {
    const user = verifyTicket(config.CHAT_TICKET_SECRET, ticket);
    if (user === 'expired') throw AppError.unauthorized('The chat ticket has expired', 'ticket_expired');
    if (typeof user === 'string') throw AppError.unauthorized('The chat ticket is not valid', 'ticket_invalid');
    return user.username;
  };
  const done = { message: 'OK' };

  api.route(
    {
      method: 'get',
      path: '/chat/t/:ticket/chat/connected-clients',
      summary: 'Users connected to chat (game)',
      tags,
      params: chatTicketParams,
      response: connectedClientsResponse,
    },
    ({ params }) => {
      userOf(params.ticket);
      return chat.connectedUsers();
    },
  );
  api.route(
    {
      method: 'get',
      path: '/chat/t/:ticket/chat/mute-list',
      summary: 'The users this user muted (game)',
      tags,
      params: chatTicketParams,
      response: muteListResponse,
    },
    ({ params }) => chat.mutesOf(userOf(params.ticket)),
  );
  api.route(
    {
      method: 'post',
      path: '/chat/t/:ticket/chat/mute/:username',
      summary: 'Mute a user (game); 400 already muted, 404 unknown user',
      tags,
      params: chatTicketUserParams,
    },
    async ({ params }) => {
      await chat.mute(userOf(params.ticket), params.username);
      return done;
    },
  );
  api.route(
    {
      method: 'post',
      path: '/chat/t/:ticket/chat/unmute/:username',
      summary: 'Unmute a user (game); 400 not muted, 404 unknown user',
      tags,
      params: chatTicketUserParams,
    },
    async ({ params }) => {
      await chat.unmute(userOf(params.ticket), params.username);
      return done;
    },
  );
  api.route(
    {
      method: 'post',
      path: '/chat/t/:ticket/chat/user/:username/direct',
      summary: 'Whisper to a user (game); 400 when they are not online',
      tags,
      params: chatTicketUserParams,
      body: directMessageBody,
    },
    async ({ params, body }) => {
      await chat.whisper(userOf(params.ticket), params.username, body);
      return done;
    },
  );
  return api;
}
