/** The services behind the BFF. */
export type ServiceName = 'account' | 'season' | 'trade' | 'files' | 'chat';

export interface RouteEntry {
  /** Path prefix under /api, matched case-insensitively on whole segments. */
  prefix: string;
  service: ServiceName;
  /** WebSocket upgrades allowed on this prefix (the chat hub). */
  ws?: boolean;
}

/**
 * Which service owns which path. Explicit on purpose: a path nobody owns is a 404 here, never a guess.
 * Admin paths go to the owner of the resource they manage.
 */
export const ROUTE_TABLE: RouteEntry[] = [
  { prefix: '/account', service: 'account' },
  { prefix: '/user', service: 'account' },
  { prefix: '/admin/supporters', service: 'account' },
  { prefix: '/season', service: 'season' },
  { prefix: '/admin/time', service: 'season' },
  { prefix: '/admin/challenge-categories', service: 'season' },
  { prefix: '/admin/season', service: 'season' },
  { prefix: '/admin/season-challenge', service: 'season' },
  { prefix: '/admin/season-challenges', service: 'season' },
  { prefix: '/admin/item', service: 'season' },
  { prefix: '/admin/encounter', service: 'season' },
  { prefix: '/admin/monster', service: 'season' },
  { prefix: '/admin/node', service: 'season' },
  { prefix: '/admin/duplicates', service: 'season' },
  { prefix: '/trade', service: 'trade' },
  { prefix: '/file', service: 'files' },
  { prefix: '/chat', service: 'chat', ws: true },
];

const normalise = (p: string) => p.toLowerCase().replace(/\/+$/, '');

/** The table's prefixes normalised once, longest first (looked up on every proxied request). */
const compiled = new WeakMap<RouteEntry[], Array<{ prefix: string; entry: RouteEntry }>>();
function compile(table: RouteEntry[]) {
  let c = compiled.get(table);
  if (!c) {
    c = table
      .map((entry) => ({ prefix: normalise(entry.prefix), entry }))
      .sort((a, b) => b.prefix.length - a.prefix.length);
    compiled.set(table, c);
  }
  return c;
}

/** Longest matching prefix wins, so `/admin/supporters` is not taken by a shorter `/admin` entry. */
export function resolveRoute(path: string, table: RouteEntry[] = ROUTE_TABLE): RouteEntry | undefined {
  const q = path.indexOf('?');
  const p = normalise(q < 0 ? path : path.slice(0, q));
  for (const { prefix, entry } of compile(table)) {
    if (p === prefix || (p.startsWith(prefix) && p.charCodeAt(prefix.length) === 47) /* '/' */) return entry;
  }
  return undefined;
}
