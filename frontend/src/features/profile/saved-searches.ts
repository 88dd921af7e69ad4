import type { SavedSearch, SavedSearchRequest } from './api/trade-types';
import type { ItemFilterValues } from './api/item-query';

/**
 * Saved trade searches are kept by the trade service (GET|POST /trade/participant/{id}/saved-searches),
 * which keeps matching new listings against them while the player is away. These helpers turn the search
 * screen's filters into a saved search's fields and back; a saved search runs again by opening the trade
 * search with its filters in the address (?q=).
 */

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

/** A saved search's body from the search screen's filters, a name and an optional maximum price. */
export function savedSearchRequest(
  filters: ItemFilterValues,
  name: string,
  maxPrice: { currency: string; amount: number } | null = null,
): SavedSearchRequest {
  return {
    name: name.trim(),
    searchTerm: filters.searchTerm.trim() || null,
    filter: filters.filter.length > 0 ? filters.filter.join(';') : null,
    itemType: filters.itemType,
    minLevel: filters.minLevel,
    maxLevel: filters.maxLevel,
    rarity: filters.rarity,
    maxPriceCurrency: maxPrice?.currency ?? null,
    maxPrice: maxPrice?.amount ?? null,
  };
}

/** The search screen's filters of a saved search. */
export function filtersOf(s: SavedSearch): ItemFilterValues {
  return {
    searchTerm: s.searchTerm ?? '',
    filter: s.filter ? s.filter.split(';').filter(Boolean) : [],
    itemType: s.itemType,
    minLevel: s.minLevel,
    maxLevel: s.maxLevel,
    rarity: s.rarity,
  };
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
