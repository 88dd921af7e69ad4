/**
 * The SignalR JSON hub protocol, as much of it as the game's client speaks: a handshake, then JSON
 * records each ended by the record separator 0x1e.
 * https://github.com/dotnet/aspnetcore/blob/main/src/SignalR/docs/specs/HubProtocol.md
 */
export const RS = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export interface InvocationMessage {
  type: 1;
  invocationId?: string;
  target: string;
  arguments: unknown[];
}

export type HubMessage =
  | InvocationMessage
  | { type: 2 | 3 | 4 | 5; invocationId?: string; [k: string]: unknown }
  | { type: 6 }
  | { type: 7; error?: string; allowReconnect?: boolean };

/** Splits buffered text into complete records; what follows the last separator waits for more data. */
export function splitRecords(buffer: string): { records: string[]; rest: string } {
  const parts = buffer.split(RS);
  const rest = parts.pop() ?? '';
  return { records: parts.filter((p) => p.length > 0), rest };
}

export type HandshakeResult = { ok: true } | { ok: false; error: string };

export function checkHandshake(record: string): HandshakeResult {
  let body: { protocol?: unknown; version?: unknown };
  try {
    body = JSON.parse(record) as typeof body;
  } catch {
    return { ok: false, error: 'Handshake request is not valid JSON.' };
  }
  if (body?.protocol !== 'json') {
    return { ok: false, error: `The protocol '${String(body?.protocol)}' is not supported; use 'json'.` };
  }
  if (body.version !== 1) {
    return { ok: false, error: `The server does not support version ${String(body.version)} of the 'json' protocol.` };
  }
  return { ok: true };
}

export type ParsedRecord = { ok: true; message: HubMessage } | { ok: false; error: string };

export function parseRecord(record: string): ParsedRecord {
  let raw: unknown;
  try {
    raw = JSON.parse(record);
  } catch {
    return { ok: false, error: 'Message is not valid JSON.' };
  }
  const m = raw as { type?: unknown; target?: unknown; arguments?: unknown; invocationId?: unknown };
  if (typeof m !== 'object' || m === null || typeof m.type !== 'number') {
    return { ok: false, error: 'Message has no type.' };
  }
  if (m.invocationId !== undefined && typeof m.invocationId !== 'string') {
    return { ok: false, error: 'invocationId must be a string.' };
  }
  if (m.type === MessageType.Invocation) {
    if (typeof m.target !== 'string') return { ok: false, error: 'Invocation has no target.' };
    if (m.arguments !== undefined && !Array.isArray(m.arguments)) {
      return { ok: false, error: 'Invocation arguments must be an array.' };
    }
    return {
      ok: true,
      message: {
        type: 1,
        invocationId: m.invocationId as string | undefined,
        target: m.target,
        arguments: (m.arguments as unknown[] | undefined) ?? [],
      },
    };
  }
  if (m.type < 1 || m.type > 7) return { ok: false, error: `Unknown message type ${m.type}.` };
  return { ok: true, message: m as HubMessage };
}

const frame = (message: unknown) => `${JSON.stringify(message)}${RS}`;

export const frames = {
  handshakeOk: () => `{}${RS}`,
  handshakeError: (error: string) => frame({ error }),
  invocation: (target: string, args: unknown[]) => frame({ type: MessageType.Invocation, target, arguments: args }),
  completion: (invocationId: string, result: unknown) =>
    frame({ type: MessageType.Completion, invocationId, result: result ?? null }),
  completionError: (invocationId: string, error: string) =>
    frame({ type: MessageType.Completion, invocationId, error }),
  ping: () => frame({ type: MessageType.Ping }),
  close: (error?: string, allowReconnect?: boolean) =>
    frame({
      type: MessageType.Close,
      ...(error ? { error } : {}),
      ...(allowReconnect ? { allowReconnect: true } : {}),
    }),
};
