// The chat hub as the launcher uses it (LAUNCHER-API.md §4): names and messages travel as UTF-16 split
// into byte pairs ("Hi" → "\u0000H\u0000i"); channels pack into a byte (high nibble global, low trade).
import { HubClient } from './hub';

export function encodePairs(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out += String.fromCharCode(c >>> 8, c & 0xff);
  }
  return out;
}

export function decodePairs(pairs: string): string {
  let out = '';
  for (let i = 0; i + 1 < pairs.length; i += 2)
    out += String.fromCharCode((pairs.charCodeAt(i) << 8) | pairs.charCodeAt(i + 1));
  return out;
}

export interface ChatChannel {
  kind: 'trade' | 'global';
  /** 1–15. */
  number: number;
}

export const packChannel = (c: ChatChannel): number => (c.kind === 'global' ? c.number << 4 : c.number);

export interface ChatReceived {
  name: string;
  message: string;
  type: number;
  item: string | undefined;
}

/** Connects to the chat hub at C, joins a channel and says something; resolves with what came back. */
export async function chatOnce(
  chatUrl: string,
  username: string,
  message: string,
  channel: ChatChannel = { kind: 'trade', number: 1 },
  waitMs = 5000,
): Promise<{ connectionId: string; joined: unknown; received: ChatReceived | null; welcome: unknown }> {
  if (channel.number < 1 || channel.number > 15) throw new Error('channel must be 1–15');
  const hub = new HubClient(HubClient.urlFor(chatUrl));
  await hub.connect();
  try {
    const id = await hub.call('GetConnectionId');
    const connectionId = String(id.result ?? '');
    const welcome = (await hub.call('Welcome')).result;
    const packed = packChannel(channel);
    const joined = (await hub.call('JoinChannel', connectionId, username, 0, packed)).result;
    const echo = hub.next('ReceiveMessage', waitMs).catch(() => null);
    await hub.call('Send', encodePairs(username), encodePairs(message), packed, '');
    const args = await echo;
    const received = args
      ? {
          name: decodePairs(String(args[0] ?? '')),
          message: decodePairs(String(args[1] ?? '')),
          type: Number(args[2]),
          item: typeof args[3] === 'string' && args[3] !== '' ? args[3] : undefined,
        }
      : null;
    return { connectionId, joined, received, welcome };
  } finally {
    hub.close();
  }
}
