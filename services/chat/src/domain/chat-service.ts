import {
  CHAT_MESSAGE_MAX,
  chatUserBannedV1,
  chatUserUnbannedV1,
  pageOf,
  sortAndPage,
  type BanHistorySort,
  type BannedUserSort,
  type ChatLogSort,
  type PageQuery,
  type Paged,
  type WelcomeMessage,
} from '@league/contracts';
import type { GameNames } from '@league/gamefiles';
import { AppError, outboxEntry, pickLanguage } from '@league/platform';
import type { ChatMessageRepository, LoggedMessage } from '../data/chat-message.repository';
import type { DropReason, LinkedItem } from '../data/chat-message.model';
import { userKey, type ChatUser, type ChatUserRepository } from '../data/chat-user.repository';
import type { BanSet, FloodGate, PresenceStore } from '../data/presence.store';
import type { WelcomeRepository } from '../data/welcome.repository';
import type { FanoutMessage } from '../hub/fanout';
import { channelLabel, channelOf, messageTypeOf, MESSAGE_TYPE } from './channels';
import { decodePairs, sameUser } from './encoding';

export interface ChatDeps {
  users: ChatUserRepository;
  messages: ChatMessageRepository;
  welcome: WelcomeRepository;
  presence: PresenceStore;
  bans: BanSet;
  flood: FloodGate;
  publish: (m: FanoutMessage) => Promise<void>;
  /** Asks the outbox relay to publish soon. */
  kickRelay: () => void;
  floodMax: number;
  floodWindowMs: number;
  now?: () => Date;
  /** The published game data (prod's), to name linked items; none: their file names. */
  gameNames?: () => GameNames | undefined;
}

const CHAT_LOG_LIMIT = 1000;

interface BannedUser {
  username: string;
  banStart: string;
}
interface BanHistoryEntry {
  banStart: string;
  banEnd: string | null;
}
interface ChatLogEntry {
  timestamp: string;
  message: string;
  channel: string;
  itemName: string | null;
}

/** What a log row needs to name a linked item: the game data (prod's) and the reader's language. */
interface Naming {
  names: GameNames | undefined;
  lang: string;
}

const logRow =
  (naming: Naming) =>
  (e: LoggedMessage): ChatLogEntry => ({
    timestamp: e.timestamp.toISOString(),
    message: e.message,
    channel: e.delivered ? e.channel : `${e.channel} (not delivered: ${e.dropped ?? 'refused'})`,
    itemName: e.item ? linkedItemName(naming, e.item) : null,
  });

/** A linked item's full name from the game data; without any, its base record's file name. */
function linkedItemName(naming: Naming, item: LinkedItem): string {
  if (naming.names)
    return naming.names.itemName(naming.lang, {
      base: item.name,
      prefix: item.prefix || undefined,
      suffix: item.suffix || undefined,
    });
  return (
    item.name
      .replace(/\\/g, '/')
      .split('/')
      .pop()
      ?.replace(/\.dbr$/i, '') ?? item.name
  );
}

/** The records of a chat item link (the launcher's item JSON); undefined when it is not one. */
export function linkedItem(itemJson: unknown): LinkedItem | undefined {
  if (typeof itemJson !== 'string' || !itemJson || itemJson.length > 16_384) return undefined;
  try {
    const o = JSON.parse(itemJson) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' && v.length <= 512 ? v : '');
    const name = str(o?.name);
    return name ? { name, prefix: str(o.prefix), suffix: str(o.suffix) } : undefined;
  } catch {
    return undefined;
  }
}

/** The chat's use cases; the hub, the game's REST calls and the admin API are doors into them. */
export class ChatService {
  constructor(private readonly d: ChatDeps) {}

  private now() {
    return this.d.now?.() ?? new Date();
  }

  /**
   * Why a message from `sender` must not be delivered, checked in this order; the log records it either
   * way, before anything is fanned out.
   */
  private async refusal(sender: string, text: string): Promise<DropReason | undefined> {
    if (await this.d.bans.has(userKey(sender))) return 'banned';
    if (text.length > CHAT_MESSAGE_MAX) return 'too-long';
    if (!(await this.d.flood.allow(userKey(sender)))) return 'flood';
    return undefined;
  }

  private async refuse(sender: string, reason: DropReason): Promise<never> {
    if (reason === 'banned') {
      await this.d.publish({ t: 'user', to: userKey(sender), target: 'Banned', args: [] });
      throw AppError.forbidden('You are banned from chat', 'banned');
    }
    if (reason === 'too-long') {
      throw AppError.badRequest(`Messages are at most ${CHAT_MESSAGE_MAX} characters`, 'too_long');
    }
    const seconds = Math.round(this.d.floodWindowMs / 1000);
    const warning = `You are sending messages too fast: at most ${this.d.floodMax} messages in ${seconds} seconds.`;
    await this.d.publish({ t: 'user', to: userKey(sender), target: 'SystemMessage', args: ['System', warning] });
    throw AppError.tooManyRequests(warning, 'flood');
  }

  /** The hub's `Send [name, message, channelValue, itemJson]` from the ticket's user. */
  async sendToChannel(sender: string, args: unknown[]): Promise<void> {
    const [name, message, channelValue, item] = args;
    if (typeof name !== 'string' || typeof message !== 'string') {
      throw AppError.badRequest('Send takes [name, message, channelValue, itemJson]');
    }
    if (item !== undefined && item !== null && typeof item !== 'string') {
      throw AppError.badRequest('itemJson must be a string');
    }
    if (!sameUser(name, sender))
      throw AppError.forbidden(`You are connected as ${sender}; you cannot send as another user`);
    const channel = channelOf(channelValue);
    if (!channel) {
      throw AppError.badRequest('channelValue must be 16·n for global channel n or n for trade channel n (n 1–15)');
    }
    const text = decodePairs(message);
    const reason = await this.refusal(sender, text);
    await this.d.messages.log({
      username: sender,
      message: text,
      raw: message,
      channel: channelLabel(channel),
      timestamp: this.now(),
      delivered: !reason,
      dropped: reason,
      item: linkedItem(item),
    });
    if (reason) await this.refuse(sender, reason);
    await this.d.publish({
      t: 'channel',
      channel,
      target: 'ReceiveMessage',
      args: [name, message, messageTypeOf(channel), typeof item === 'string' ? item : ''],
      from: userKey(sender),
    });
  }

  /** The game's `POST chat/user/{recipient}/direct`: a whisper, delivered only to an online recipient. */
  async whisper(sender: string, recipient: string, body: { username: string; messageBody: string }): Promise<void> {
    if (!sameUser(body.username, sender)) {
      throw AppError.forbidden(`You are connected as ${sender}; you cannot send as another user`);
    }
    const text = decodePairs(body.messageBody);
    let reason = await this.refusal(sender, text);
    const online = reason ? true : await this.d.presence.isOnline(recipient);
    if (!reason && !online) reason = 'offline';
    const target = await this.d.users.find(recipient);
    const muted = Boolean(target?.mutes.some((m) => sameUser(m, sender)));
    await this.d.messages.log({
      username: sender,
      message: text,
      raw: body.messageBody,
      channel: `Whisper to ${target?.username ?? recipient}`,
      timestamp: this.now(),
      delivered: !reason && !muted,
      dropped: reason ?? (muted ? 'muted' : undefined),
    });
    if (reason === 'offline') throw AppError.badRequest(`${recipient} is not online`, 'offline');
    if (reason) await this.refuse(sender, reason);
    // A muted sender is not told: the whisper is simply not delivered.
    if (muted) return;
    await this.d.publish({
      t: 'user',
      to: userKey(recipient),
      target: 'ReceiveMessage',
      args: [body.username, body.messageBody, MESSAGE_TYPE.whisper, ''],
      from: userKey(sender),
    });
  }

  async welcomeTexts(): Promise<string[]> {
    return (await this.d.welcome.read()).messages.map((m) => m.message);
  }

  async isBanned(username: string): Promise<boolean> {
    return this.d.bans.has(userKey(username));
  }

  async mutesOf(username: string): Promise<string[]> {
    return (await this.d.users.find(username))?.mutes ?? [];
  }

  /** Makes the user known (a ticket was issued for them). */
  async known(username: string): Promise<void> {
    await this.d.users.ensure(username);
  }

  async connectedUsers(): Promise<string[]> {
    const entries = await this.d.presence.list();
    const byKey = new Map(entries.map((e) => [e.username.toLowerCase(), e.username]));
    return [...byKey.values()].sort((a, b) => a.localeCompare(b));
  }

  private async setMute(owner: string, targetName: string, mute: boolean): Promise<void> {
    const target = await this.d.users.find(targetName);
    if (!target) throw AppError.notFound(`No chat user ${targetName}`);
    if (target.key === userKey(owner)) throw AppError.badRequest('You cannot mute yourself');
    const mutes = await this.d.users.update(owner, (u) => {
      const has = u.mutes.some((m) => m.toLowerCase() === target.key);
      if (has === mute) return { change: undefined, result: undefined };
      const next = mute ? [...u.mutes, target.username] : u.mutes.filter((m) => m.toLowerCase() !== target.key);
      return { change: { set: { mutes: next } }, result: next };
    });
    if (!mutes) throw AppError.badRequest(`${target.username} is ${mute ? 'already' : 'not'} muted`);
    await this.d.publish({ t: 'mutes', user: userKey(owner), mutes: mutes.map((m) => m.toLowerCase()) });
  }

  mute(owner: string, target: string) {
    return this.setMute(owner, target, true);
  }

  unmute(owner: string, target: string) {
    return this.setMute(owner, target, false);
  }

  async ban(admin: string, username: string): Promise<void> {
    const now = this.now();
    const outcome = await this.d.users.update(username, (u) =>
      u.banned
        ? { change: undefined, result: 'already' as const }
        : {
            change: {
              set: { banned: true, banHistory: [...u.banHistory, { banStart: now, banEnd: null }] },
              event: outboxEntry(
                chatUserBannedV1,
                { username: u.username, bannedBy: admin, banStart: now.toISOString() },
                u.key,
              ),
            },
            result: 'banned' as const,
          },
    );
    // The set follows the stored truth even when a previous attempt stopped half-way.
    await this.d.bans.add(userKey(username));
    if (outcome === 'already') throw AppError.conflict(`${username} is already banned`);
    this.d.kickRelay();
    await this.d.publish({ t: 'user', to: userKey(username), target: 'Banned', args: [] });
  }

  async unban(admin: string, username: string): Promise<void> {
    if (!(await this.d.users.find(username))) throw AppError.notFound(`No chat user ${username}`);
    const now = this.now();
    const outcome = await this.d.users.update(username, (u) => {
      const open = u.banHistory.findIndex((p) => p.banEnd === null);
      if (!u.banned || open < 0) return { change: undefined, result: 'not-banned' as const };
      const history = u.banHistory.map((p, i) => (i === open ? { ...p, banEnd: now } : p));
      return {
        change: {
          set: { banned: false, banHistory: history },
          event: outboxEntry(
            chatUserUnbannedV1,
            {
              username: u.username,
              unbannedBy: admin,
              banStart: u.banHistory[open]!.banStart.toISOString(),
              banEnd: now.toISOString(),
            },
            u.key,
          ),
        },
        result: 'unbanned' as const,
      };
    });
    if (outcome === 'not-banned') {
      await this.d.bans.remove(userKey(username));
      throw AppError.conflict(`${username} is not banned`);
    }
    await this.d.bans.remove(userKey(username));
    this.d.kickRelay();
  }

  /**
   * Users banned now; with paging (`page`/`pageSize`) one page and the count. By name the store orders and
   * cuts the page; by ban start (kept inside each user's history) the banned users are ordered here.
   */
  async bannedUsers(query: PageQuery<BannedUserSort> = {}): Promise<BannedUser[] | Paged<BannedUser>> {
    const page = pageOf(query);
    if (page && (query.sort ?? 'username') === 'username') {
      const { items, itemCount } = await this.d.users.pageBannedByName(query.dir ?? 'asc', page.skip, page.pageSize);
      return { items: items.map((u) => this.bannedRow(u)), itemCount };
    }
    const rows = (await this.d.users.listBanned()).map((u) => this.bannedRow(u));
    return sortAndPage(rows, query, (r, sort) => r[sort], { sort: 'username', dir: 'asc' });
  }

  private bannedRow(u: ChatUser): BannedUser {
    const open = u.banHistory.find((p) => p.banEnd === null) ?? u.banHistory[u.banHistory.length - 1];
    return { username: u.username, banStart: (open?.banStart ?? this.now()).toISOString() };
  }

  /** Newest first unless sorted otherwise; paged when asked (the history lives in the user's one document). */
  async banHistory(
    username: string,
    query: PageQuery<BanHistorySort> = {},
  ): Promise<BanHistoryEntry[] | Paged<BanHistoryEntry>> {
    const user = await this.d.users.find(username);
    const rows = [...(user?.banHistory ?? [])]
      .sort((a, b) => b.banStart.getTime() - a.banStart.getTime())
      .map((p) => ({ banStart: p.banStart.toISOString(), banEnd: p.banEnd ? p.banEnd.toISOString() : null }));
    // ISO timestamps of one format order as strings do.
    return sortAndPage(rows, query, (r, sort) => r[sort], { sort: 'banStart', dir: 'desc' });
  }

  /**
   * Readable text, newest first; a message that was not delivered says so in its channel. Without paging:
   * the newest 1000. With paging: the store sorts, skips and limits, and counts every message of the user.
   */
  async chatLog(
    username: string,
    query: PageQuery<ChatLogSort> = {},
    acceptLanguage?: string,
  ): Promise<ChatLogEntry[] | Paged<ChatLogEntry>> {
    const names = this.d.gameNames?.();
    const row = logRow({ names, lang: pickLanguage(acceptLanguage, names?.languages ?? []) });
    const page = pageOf(query);
    if (!page) {
      const entries = await this.d.messages.forUser(username, CHAT_LOG_LIMIT);
      const rows = entries.map(row);
      return query.sort ? sortAndPage(rows, query, (r, sort) => r[sort], { sort: 'timestamp', dir: 'desc' }) : rows;
    }
    const order = { sort: query.sort ?? 'timestamp', dir: query.dir ?? (query.sort ? 'asc' : 'desc') } as const;
    const { items, itemCount } = await this.d.messages.pageForUser(username, order, page.skip, page.pageSize);
    return { items: items.map(row), itemCount };
  }

  async systemMessage(admin: string, text: string): Promise<void> {
    await this.d.messages.log({
      username: admin,
      message: text,
      raw: text,
      channel: 'System',
      timestamp: this.now(),
      delivered: true,
    });
    await this.d.publish({ t: 'all', target: 'SystemMessage', args: ['System', text] });
  }

  async welcomeMessages(): Promise<WelcomeMessage[]> {
    return (await this.d.welcome.read()).messages.map((m) => ({
      chatSystemMessageId: m.chatSystemMessageId,
      source: 'Welcome',
      message: m.message,
      timestamp: m.timestamp.toISOString(),
      type: 0,
      displayOrder: m.displayOrder,
    }));
  }

  /**
   * Saves the list in the order given (displayOrder 1..n); id 0 adds a message. Messages not in the list
   * keep their relative order after it (removing one is DELETE's job).
   */
  async saveWelcomeMessages(input: { chatSystemMessageId: number; message: string }[]): Promise<WelcomeMessage[]> {
    const ids = input.map((m) => m.chatSystemMessageId).filter((id) => id !== 0);
    if (new Set(ids).size !== ids.length) throw AppError.badRequest('A welcome message id appears twice');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const state = await this.d.welcome.read();
      const byId = new Map(state.messages.map((m) => [m.chatSystemMessageId, m]));
      const unknown = ids.find((id) => !byId.has(id));
      if (unknown !== undefined) throw AppError.notFound(`No welcome message ${unknown}`);
      let nextId = state.nextId;
      const now = this.now();
      const listed = input.map((m) =>
        m.chatSystemMessageId === 0
          ? { chatSystemMessageId: nextId++, message: m.message, timestamp: now, displayOrder: 0 }
          : {
              ...byId.get(m.chatSystemMessageId)!,
              message: m.message,
              timestamp:
                byId.get(m.chatSystemMessageId)!.message === m.message
                  ? byId.get(m.chatSystemMessageId)!.timestamp
                  : now,
            },
      );
      const rest = state.messages.filter((m) => !ids.includes(m.chatSystemMessageId));
      const messages = [...listed, ...rest].map((m, i) => ({ ...m, displayOrder: i + 1 }));
      if (await this.d.welcome.write(state, { messages, nextId })) return this.welcomeMessages();
    }
    throw AppError.conflict('Welcome messages are being changed by someone else; try again');
  }

  async deleteWelcomeMessage(id: number): Promise<void> {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const state = await this.d.welcome.read();
      if (!state.messages.some((m) => m.chatSystemMessageId === id))
        throw AppError.notFound(`No welcome message ${id}`);
      const messages = state.messages
        .filter((m) => m.chatSystemMessageId !== id)
        .map((m, i) => ({ ...m, displayOrder: i + 1 }));
      if (await this.d.welcome.write(state, { messages, nextId: state.nextId })) return;
    }
    throw AppError.conflict('Welcome messages are being changed by someone else; try again');
  }

  /** Re-derives the Redis ban set from MongoDB (at start). */
  async reconcileBans(): Promise<void> {
    const banned = await this.d.users.listBanned();
    await this.d.bans.reconcile(banned.map((u) => u.key));
  }
}
