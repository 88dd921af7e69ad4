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
  { prefix: '/trade', service: 'trade' },
  { prefix: '/file', service: 'files' },
  { prefix: '/chat', service: 'chat', ws: true },
];

const normalise = (p: string) => p.toLowerCase().replace(/\/+$/, '');

/** Longest matching prefix wins, so `/admin/supporters` is not taken by a shorter `/admin` entry. */
export function resolveRoute(path: string, table: RouteEntry[] = ROUTE_TABLE): RouteEntry | undefined {
  const p = normalise(path.split('?')[0] ?? '');
  let best: RouteEntry | undefined;
  for (const entry of table) {
    const prefix = normalise(entry.prefix);
    if ((p === prefix || p.startsWith(`${prefix}/`)) && (!best || prefix.length > best.prefix.length)) best = entry;
  }
  return best;
}
