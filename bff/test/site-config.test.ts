import type { AddressInfo } from 'node:net';
import express from 'express';
import { mountSiteConfig, siteConfigFromEnv } from '../src/site-config';

describe('the site configuration at /api/site-config', () => {
  it('when nothing is set, then every link is null except the public subreddit', () => {
    expect(siteConfigFromEnv({})).toEqual({
      links: {
        discord: null,
        youtube: null,
        twitch: null,
        reddit: 'https://www.reddit.com/r/Grimdawn/',
        patreon: null,
        paypal: null,
        newItems: null,
      },
    });
  });

  it('when an operator sets links, then they are served as set; an empty value hides even the default', () => {
    const config = siteConfigFromEnv({
      SITE_DISCORD_URL: ' https://discord.gg/league ',
      SITE_PATREON_URL: 'https://www.patreon.com/league',
      SITE_NEW_ITEMS_URL: 'https://league.example.org/new-items',
      SITE_REDDIT_URL: '',
      SITE_TWITCH_URL: '   ',
    });
    expect(config.links).toMatchObject({
      discord: 'https://discord.gg/league',
      patreon: 'https://www.patreon.com/league',
      newItems: 'https://league.example.org/new-items',
      reddit: null,
      twitch: null,
      youtube: null,
    });
  });

  it('when a value is not an http(s) URL, then the BFF refuses to start and names the variable', () => {
    expect(() => siteConfigFromEnv({ SITE_PAYPAL_URL: 'javascript:alert(1)', SITE_YOUTUBE_URL: 'youtube' })).toThrow(
      "Invalid site configuration: SITE_YOUTUBE_URL must be an http(s) URL, not 'youtube'; SITE_PAYPAL_URL must be an http(s) URL, not 'javascript:alert(1)'",
    );
  });

  it('when the browser asks, then the route answers the configuration as JSON, revalidated on every load', async () => {
    const app = express();
    mountSiteConfig(app, { SITE_YOUTUBE_URL: 'https://youtube.com/@league' });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/site-config`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await res.json()) as { links: Record<string, string | null> };
      expect(body.links.youtube).toBe('https://youtube.com/@league');
      expect(body.links.discord).toBeNull();
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
