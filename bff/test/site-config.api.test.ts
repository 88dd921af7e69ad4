import os from 'node:os';
import { testEnv } from '@league/platform/testing';
import { start } from '../src/server';

jest.setTimeout(60_000);

/** The BFF itself answers /api/site-config from its environment (no upstream is asked). */
describe('GET /api/site-config on the running BFF', () => {
  const nowhere = 'http://127.0.0.1:9';
  const env = {
    ...testEnv('bff'),
    ACCOUNT_URL: nowhere,
    SEASON_URL: nowhere,
    TRADE_URL: nowhere,
    FILES_URL: nowhere,
    CHAT_URL: nowhere,
    FRONTEND_DIST: os.tmpdir(),
  };

  it('when the operator set some links, then the browser gets them and null for the rest', async () => {
    const bff = await start({
      ...env,
      SITE_DISCORD_URL: 'https://discord.gg/league',
      SITE_NEW_ITEMS_URL: 'https://league.example.org/new-items',
      SITE_REDDIT_URL: '',
    });
    try {
      const res = await fetch(`${bff.url}/api/site-config`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        links: {
          discord: 'https://discord.gg/league',
          youtube: null,
          twitch: null,
          reddit: null,
          patreon: null,
          paypal: null,
          newItems: 'https://league.example.org/new-items',
        },
      });
    } finally {
      await bff.stop();
    }
  });
});
