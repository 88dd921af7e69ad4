/**
 * The addresses of the pages visitors open from outside: src/early.ts asks for their first data, and the
 * build's route preload for their chunks (vite.config.ts). No imports, so the build's config can read it.
 */

/** The profile screens and a season's trading post: they start from the caller's profile. */
export const PROFILE_SCREENS = /^#\/(profile(?=[/?]|$)|seasons\/[^/?]+\/trading-post)/;

/** The stash and the trade search (which of them in the first group, the address's query in the second). */
export const STASH_SCREENS = /^#\/profile\/(stash|trade-search)(?:\?([^#]*))?$/;

/** A leaderboard: the latest season's, or a season's (its id in the first group). */
export const LEADERBOARD = /^#\/(?:seasons\/([^/?]+)\/)?leaderboard(?=[/?]|$)/;

/** An item's page (the item's id in the first group). */
export const ITEM_PAGE = /^#\/item\/([^/?]+)/;
