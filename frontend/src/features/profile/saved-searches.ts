import type { ItemFilterValues } from './components/item-filters';

/**
 * Trade searches a player keeps, per participant, in this browser: the trading post lists them and runs
 * one again by opening the trade search with its filters in the address (?q=).
 */
export interface SavedSearch {
  id: string;
  label: string;
  filters: ItemFilterValues;
}

const key = (participantId: number) => `league.saved-trade-searches.${participantId}`;

export function loadSavedSearches(participantId: number): SavedSearch[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key(participantId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as SavedSearch[]) : [];
  } catch {
    return [];
  }
}

function store(participantId: number, searches: SavedSearch[]) {
  localStorage.setItem(key(participantId), JSON.stringify(searches));
}

/** A short description of the filters, e.g. "ring · Legendary · level 50–94". */
export function describeSearch(f: ItemFilterValues, typeName: (id: number) => string): string {
  const parts: string[] = [];
  if (f.searchTerm.trim()) parts.push(`“${f.searchTerm.trim()}”`);
  if (f.itemType !== null) parts.push(typeName(f.itemType));
  if (f.rarity) parts.push(f.rarity);
  if (f.minLevel !== null || f.maxLevel !== null) parts.push(`level ${f.minLevel ?? 0}–${f.maxLevel ?? 100}`);
  if (f.filter.length > 0) parts.push(`${f.filter.length} stat filter${f.filter.length > 1 ? 's' : ''}`);
  return parts.length > 0 ? parts.join(' · ') : 'All listings';
}

/** Keeps a search (the same filters only once) and answers the list. */
export function saveSearch(participantId: number, filters: ItemFilterValues, label: string): SavedSearch[] {
  const searches = loadSavedSearches(participantId);
  const same = JSON.stringify(filters);
  if (searches.some((s) => JSON.stringify(s.filters) === same)) return searches;
  const next = [...searches, { id: `${Date.now()}-${searches.length}`, label, filters }];
  store(participantId, next);
  return next;
}

export function removeSavedSearch(participantId: number, id: string): SavedSearch[] {
  const next = loadSavedSearches(participantId).filter((s) => s.id !== id);
  store(participantId, next);
  return next;
}

/** The trade search address that runs a saved search. */
export function savedSearchPath(filters: ItemFilterValues): string {
  return `/profile/trade-search?st=1&t=search&q=${encodeURIComponent(JSON.stringify(filters))}`;
}

/** The filters of a ?q= address, or null when it is missing or not filters. */
export function filtersFromQuery(raw: string | null): ItemFilterValues | null {
  if (!raw) return null;
  try {
    const f = JSON.parse(raw) as Partial<ItemFilterValues>;
    if (typeof f !== 'object' || f === null) return null;
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    return {
      searchTerm: typeof f.searchTerm === 'string' ? f.searchTerm : '',
      filter: Array.isArray(f.filter) ? f.filter.filter((t): t is string => typeof t === 'string') : [],
      itemType: num(f.itemType),
      minLevel: num(f.minLevel),
      maxLevel: num(f.maxLevel),
      rarity: typeof f.rarity === 'string' ? f.rarity : null,
    };
  } catch {
    return null;
  }
}
