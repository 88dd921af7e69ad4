/**
 * The read-your-writes token: Kafka positions a write produced, as logical topic → partition → offset of
 * the last message it covers. A service that consumes one of those topics answers a request carrying the
 * token once its consumer groups have applied at least that offset (bounded); see consistency.ts.
 *
 * On the wire (`X-Consistency` header, the BFF's cookie) it is base64url JSON, e.g.
 * `{"trade.reservation-changed.v1":{"2":1841}}` → `eyJ0cmFkZS5yZXNlcnZhdGlvbi1jaGFuZ2VkLnYxIjp7IjIiOjE4NDF9fQ`:
 * no characters a cookie value or a header refuses. Anything else is ignored (a token never fails a request).
 */
export type Positions = Record<string, Record<string, number>>;

export const CONSISTENCY_HEADER = 'x-consistency';

/** Longest token accepted or written (a cookie stays well under the 4 kB browsers keep). */
export const MAX_TOKEN_LENGTH = 2_048;

const TOPIC = /^[A-Za-z0-9._-]{1,200}$/;
const PARTITION = /^\d{1,5}$/;

export function encodePositions(p: Positions): string {
  return Buffer.from(JSON.stringify(p), 'utf8').toString('base64url');
}

/** The positions of a token, or undefined when it is missing, too long or not one (ignored, never an error). */
export function decodePositions(token: string | undefined | null): Positions | undefined {
  if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const out: Positions = {};
  let any = false;
  for (const [topic, partitions] of Object.entries(raw as Record<string, unknown>)) {
    if (!TOPIC.test(topic) || !partitions || typeof partitions !== 'object' || Array.isArray(partitions)) continue;
    for (const [partition, offset] of Object.entries(partitions as Record<string, unknown>)) {
      if (!PARTITION.test(partition) || typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0)
        continue;
      (out[topic] ??= {})[partition] = offset;
      any = true;
    }
  }
  return any ? out : undefined;
}

/** Adds one position to `into` (the larger offset wins). */
export function addPosition(into: Positions, topic: string, partition: number | string, offset: number): void {
  const t = (into[topic] ??= {});
  const key = String(partition);
  if (!(key in t) || t[key]! < offset) t[key] = offset;
}

/** Both sets of positions in one: per topic and partition, the larger offset. */
export function mergePositions(...sets: Array<Positions | undefined>): Positions {
  const out: Positions = {};
  for (const set of sets) {
    if (!set) continue;
    for (const [topic, partitions] of Object.entries(set))
      for (const [partition, offset] of Object.entries(partitions)) addPosition(out, topic, partition, offset);
  }
  return out;
}

export const isEmptyPositions = (p: Positions | undefined): boolean => !p || Object.keys(p).length === 0;

/**
 * Merges the tokens (the newest first) into one of at most `maxLength` characters: topics are taken whole
 * from the newest token, then from the older ones, until the next would not fit. What falls off was written
 * longest ago (a read then merely may not wait for it); the newest write's positions always stay.
 */
export function mergeTokens(newestFirst: Array<string | undefined>, maxLength = MAX_TOKEN_LENGTH): string | undefined {
  const sets = newestFirst.map(decodePositions);
  const merged = mergePositions(...sets);
  const whole = encodePositions(merged);
  if (isEmptyPositions(merged)) return undefined;
  if (whole.length <= maxLength) return whole;
  const kept: Positions = {};
  for (const set of sets) {
    for (const topic of Object.keys(set ?? {})) {
      if (kept[topic]) continue;
      const candidate = { ...kept, [topic]: merged[topic]! };
      if (encodePositions(candidate).length > maxLength) continue;
      kept[topic] = merged[topic]!;
    }
  }
  return isEmptyPositions(kept) ? undefined : encodePositions(kept);
}
