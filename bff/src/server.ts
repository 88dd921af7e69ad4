import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  closeServer,
  createApp,
  createLogger,
  createMetrics,
  InFlightLimit,
  listen,
  redisConnection,
} from '@league/platform';
import type { Express } from 'express';
import { loadBffConfig, type Config } from './config';
import { mountSeasonProfile } from './compose/season-profile';
import { mountFrontend } from './frontend';
import { LauncherHub } from './launcher/hub';
import { mountLauncherRoutes } from './launcher/routes';
import { createGateway } from './proxy/gateway';
import { mountApiProxy, type Upstreams } from './proxy/proxy';
import { callService } from './proxy/upstream-call';
import { csrfProtection } from './security/csrf';
import { addressLimit, apiRateLimit } from './security/rate-limit';
import { mountRefreshCookie } from './security/refresh-cookie';
import { mountSiteConfig } from './site-config';

async function upstreamHealthy(url: string): Promise<boolean> {
  try {
    const res = await callService(`${url}/health`, { timeoutMs: 1_500 });
    return res.ok;
  } catch {
    return false;
  }
}

export interface RunningBff {
  app: Express;
  server: Server;
  port: number;
  url: string;
  config: Config;
  stop: () => Promise<void>;
}

/** The BFF: serves the built frontend at / and the API at /api through the explicit route table. */
export async function start(env: NodeJS.ProcessEnv = process.env): Promise<RunningBff> {
  const config = loadBffConfig(env);
  const logger = createLogger('bff', config.LOG_LEVEL);
  const upstreams: Upstreams = {
    account: config.ACCOUNT_URL,
    season: config.SEASON_URL,
    trade: config.TRADE_URL,
    files: config.FILES_URL,
    chat: config.CHAT_URL,
  };
  let proxy: ReturnType<typeof mountApiProxy> | undefined;
  const redis = redisConnection(config.REDIS_URL, { maxRetriesPerRequest: 3, enableAutoPipelining: true });
  redis.on('error', (err) => logger.warn({ err }, 'redis connection error'));
  // One per-address budget for every /api call, whether the gateway forwards it or express serves it.
  const limit = addressLimit({
    redis,
    points: config.API_RATE_LIMIT_PER_WINDOW,
    windowSeconds: config.API_RATE_LIMIT_WINDOW_SECONDS,
  });
  const metrics = createMetrics('bff');
  // One bound on requests in flight for the whole process: express's routes and the calls the gateway forwards.
  const inFlight = new InFlightLimit(config.HTTP_MAX_IN_FLIGHT);
  const app = createApp({
    service: 'bff',
    logger,
    metrics,
    inFlight,
    readiness: Object.fromEntries(Object.entries(upstreams).map(([name, url]) => [name, () => upstreamHealthy(url)])),
    configure: (a) => {
      // Reads headers only, so the body still streams untouched to the proxy below.
      a.use(csrfProtection());
      // The community links an operator sets in the environment (GET /api/site-config), before the proxy.
      mountSiteConfig(a, env);
      a.use('/api', apiRateLimit(limit));
      // The game launcher's composed calls (uploads, raw files, its Season/profile); the rest is proxied.
      mountLauncherRoutes(a, upstreams, logger);
      // Token answers keep the refresh token in an HttpOnly cookie; the profile gets its Patreon link.
      mountRefreshCookie(a, { accountUrl: config.ACCOUNT_URL, maxAgeDays: config.REFRESH_COOKIE_DAYS, logger });
      mountSeasonProfile(a, { seasonUrl: config.SEASON_URL, accountUrl: config.ACCOUNT_URL, logger });
      // Before any body parser: the proxy must see the raw request stream.
      proxy = mountApiProxy(a, upstreams, logger);
      mountFrontend(a, config.FRONTEND_DIST);
    },
  });
  // Service calls are forwarded before express (gateway.ts); express serves the rest.
  const server = await listen(
    createGateway({ app, forward: proxy!.forward, limit, inFlight, logger, metrics }),
    config.PORT,
  );
  proxy!.attachUpgrades(server);
  // The launcher hub at exactly /api/; every other upgrade still goes to the chat proxy.
  const launcherHub = new LauncherHub(upstreams, logger);
  launcherHub.attach(server);
  const port = (server.address() as AddressInfo).port;
  logger.info({ port }, 'bff listening');
  const stop = async () => {
    launcherHub.close();
    await closeServer(server);
    redis.disconnect();
  };
  return { app, server, port, url: `http://127.0.0.1:${port}`, config, stop };
}
