/**
 * The addresses whose first screen starts from data src/early.ts asks for. No imports: the build's config
 * reads PROFILE_SCREENS too (vite.config.ts).
 */

/** The profile screens and a season's trading post: they start from the caller's profile. */
export const PROFILE_SCREENS = /^#\/(profile(?=[/?]|$)|seasons\/[^/?]+\/trading-post)/;

/** The stash and the trade search (which of them in the first group, the address's query in the second). */
export const STASH_SCREENS = /^#\/profile\/(stash|trade-search)(?:\?([^#]*))?$/;

/** A season's leaderboard (the season's number in the first group): the season and its ladder. */
export const SEASON_LEADERBOARD = /^#\/seasons\/(\d+)\/leaderboard(?=[/?]|$)/;

/** An item's page (the item's id in the first group): the item and its display. */
export const ITEM_PAGE = /^#\/item\/(\d+)(?=[/?]|$)/;
