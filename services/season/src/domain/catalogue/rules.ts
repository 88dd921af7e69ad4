import type { ItemStyle } from '@league/contracts';

/** The user the use cases see: only whether they may see and edit hidden records matters here. */
export interface Viewer {
  isAdmin: boolean;
}

export const PUBLIC_VIEWER: Viewer = { isAdmin: false };

/**
 * Inactive records are unrevealed content: only an admin who asks for them sees them. A non-admin asking
 * with includeInactive=true gets the public view, exactly as if they had not asked.
 */
export const seesInactive = (viewer: Viewer, includeInactive: boolean | undefined): boolean =>
  viewer.isAdmin && includeInactive === true;

/** A search term as a regular expression source that matches the term literally (case is the caller's). */
export function searchPattern(term: string | undefined): string | undefined {
  const trimmed = term?.trim();
  if (!trimmed) return undefined;
  return trimmed.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** Empowered and Mythical uniques carry the word in their name, as the game's item records do. */
export function itemStyleOf(name: string): ItemStyle | null {
  if (/^mythical\s/i.test(name)) return 'tagStyleUniqueTier3';
  if (/^empowered\s/i.test(name)) return 'tagStyleUniqueTier2';
  return null;
}

export const minionName = (parentName: string): string => `${parentName} minion`;
