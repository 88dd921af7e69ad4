import type { Express } from 'express';

/**
 * The site's runtime configuration for the browser (GET /api/site-config): the community and donation links
 * an operator sets in the BFF's environment, read at start; no frontend rebuild. A link left unset (or
 * empty) is null, and the site hides it rather than pointing at a placeholder.
 */
export const SITE_LINK_VARIABLES = {
  discord: 'SITE_DISCORD_URL',
  youtube: 'SITE_YOUTUBE_URL',
  twitch: 'SITE_TWITCH_URL',
  reddit: 'SITE_REDDIT_URL',
  patreon: 'SITE_PATREON_URL',
  paypal: 'SITE_PAYPAL_URL',
  newItems: 'SITE_NEW_ITEMS_URL',
} as const;

export type SiteLinkName = keyof typeof SITE_LINK_VARIABLES;

export interface SiteConfig {
  links: Record<SiteLinkName, string | null>;
}

/** The game's public subreddit is the one link with a real default; set SITE_REDDIT_URL empty to hide it. */
const DEFAULTS: Partial<Record<SiteLinkName, string>> = { reddit: 'https://www.reddit.com/r/Grimdawn/' };

/** Reads the links from the environment; a value that is not an absolute http(s) URL stops the start. */
export function siteConfigFromEnv(env: NodeJS.ProcessEnv): SiteConfig {
  const problems: string[] = [];
  const links = {} as Record<SiteLinkName, string | null>;
  for (const [name, variable] of Object.entries(SITE_LINK_VARIABLES) as [SiteLinkName, string][]) {
    const raw = env[variable] ?? DEFAULTS[name];
    const value = raw?.trim() ?? '';
    if (value === '') {
      links[name] = null;
      continue;
    }
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      problems.push(`${variable} must be an http(s) URL, not '${value}'`);
      continue;
    }
    links[name] = url.toString();
  }
  if (problems.length > 0) throw new Error(`Invalid site configuration: ${problems.join('; ')}`);
  return { links };
}

/** GET /api/site-config: revalidated on every load, so a changed setting shows after a BFF restart. */
export function mountSiteConfig(app: Express, env: NodeJS.ProcessEnv): SiteConfig {
  const config = siteConfigFromEnv(env);
  const body = JSON.stringify(config);
  app.get('/api/site-config', (_req, res) => {
    res.setHeader('cache-control', 'no-cache');
    res.type('application/json').send(body);
  });
  return config;
}
