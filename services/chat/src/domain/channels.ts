/**
 * Channels pack into one byte: the high nibble is the global channel, the low nibble the trade channel,
 * each 0 (off) or 1–15. `Send` names one channel: 16·n for global n, n for trade n.
 */
export interface Membership {
  global: number;
  trade: number;
}

export type ChannelKind = 'global' | 'trade';

export interface Channel {
  kind: ChannelKind;
  n: number;
}

/** ReceiveMessage types. */
export const MESSAGE_TYPE = { normal: 0, trade: 1, global: 2, whisper: 3 } as const;

export function isPacked(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xff;
}

export function unpack(packed: number): Membership {
  return { global: (packed >> 4) & 0x0f, trade: packed & 0x0f };
}

/** The channel a `Send` names, or undefined when the value names none (0, both nibbles, out of range). */
export function channelOf(channelValue: unknown): Channel | undefined {
  if (!isPacked(channelValue) || channelValue === 0) return undefined;
  const { global, trade } = unpack(channelValue);
  if (global && trade) return undefined;
  return global ? { kind: 'global', n: global } : { kind: 'trade', n: trade };
}

export function isMember(packed: number, channel: Channel): boolean {
  const m = unpack(packed);
  return channel.kind === 'global' ? m.global === channel.n : m.trade === channel.n;
}

export function messageTypeOf(channel: Channel): number {
  return channel.kind === 'global' ? MESSAGE_TYPE.global : MESSAGE_TYPE.trade;
}

/** How the chat log names a channel. */
export function channelLabel(channel: Channel): string {
  return `${channel.kind === 'global' ? 'Global' : 'Trade'} ${channel.n}`;
}
