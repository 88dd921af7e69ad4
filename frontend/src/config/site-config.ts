import { useSyncExternalStore } from 'react';
import { apiUrl } from '@/lib/api-client';

/**
 * The community and donation links, set by the operator in the BFF's environment (SITE_DISCORD_URL, …)
 * and read from GET /api/site-config when the site starts: no rebuild to change them. Until the answer
 * arrives, when it fails, or for a link left unset, the link is null and the site does not show it.
 */
export interface SiteLinks {
  discord: string | null;
  youtube: string | null;
  twitch: string | null;
  reddit: string | null;
  patreon: string | null;
  paypal: string | null;
  newItems: string | null;
}

export const NO_SITE_LINKS: SiteLinks = {
  discord: null,
  youtube: null,
  twitch: null,
  reddit: null,
  patreon: null,
  paypal: null,
  newItems: null,
};

let current: SiteLinks = NO_SITE_LINKS;
const listeners = new Set<() => void>();

/** Only absolute http(s) addresses are ever linked; anything else counts as unset. */
function linkOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Replaces the links the site shows (the start-up load; tests set them directly). */
export function setSiteLinks(links: Partial<Record<keyof SiteLinks, unknown>>): void {
  current = Object.fromEntries(
    (Object.keys(NO_SITE_LINKS) as Array<keyof SiteLinks>).map((name) => [name, linkOrNull(links[name])]),
  ) as unknown as SiteLinks;
  listeners.forEach((listener) => listener());
}

/** Asks the BFF for the site configuration once at start; a failure leaves every link hidden. */
export async function loadSiteConfig(fetchImpl: typeof fetch = fetch): Promise<SiteLinks> {
  try {
    const res = await fetchImpl(apiUrl('/site-config'), { headers: { Accept: 'application/json' } });
    if (!res.ok) return current;
    const body = JSON.parse(await res.text()) as { links?: Partial<Record<keyof SiteLinks, unknown>> };
    setSiteLinks(body.links ?? {});
  } catch {
    // Offline or no BFF: the links stay hidden.
  }
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The links as configured now; components re-render when the start-up load answers. */
export function useSiteLinks(): SiteLinks {
  return useSyncExternalStore(subscribe, () => current);
}
