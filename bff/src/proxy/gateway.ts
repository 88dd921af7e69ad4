import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import {
  runWithContext,
  sendError,
  setSecurityHeaders,
  trackRequest,
  type InFlightLimit,
  type Logger,
  type Metrics,
} from '@league/platform';
import type { Express } from 'express';
import { cameOverHttps, clientAddress } from '../security/client';
import { passesCsrf } from '../security/csrf';
import { limitRequest, type AddressLimit } from '../security/rate-limit';
import { loggedByService } from './proxy';
import { resolveRoute, type RouteEntry } from './route-table';

/** The part of express's router the gateway reads once at start: each layer's path and methods. */
interface Layer {
  rawPath?: unknown;
  route?: { methods: Record<string, boolean | undefined> };
  match(path: string): boolean;
}

/** The first two literal segments of a path under /api, lowercased ('season/profile'), or fewer. */
function prefixKey(path: string, segments: number): string | undefined {
  const parts = path.replace(/^\/api\/?/i, '').split('/', segments);
  if (parts.length < segments || parts.some((p) => p === '' || /[:*(){}?+]/.test(p))) return undefined;
  return parts.join('/').toLowerCase();
}

/**
 * The paths the BFF serves itself under /api (its own routes and mounts in express, e.g. the launcher's
 * composed calls, the token relays, the merged OpenAPI document), read from the express app once it is
 * configured: a request one of them would take, by method and path, is left to express. The layers are
 * indexed by their first one or two literal segments, so a service call (`/api/season/18/leaderboard`) is
 * matched against the few layers under its own prefix, not every one of them.
 */
export function expressClaims(app: Express): (method: string, path: string) => boolean {
  const stack = (app.router as unknown as { stack: Layer[] }).stack;
  const own = stack.filter((l) => typeof l.rawPath === 'string' && /^\/api\/./i.test(l.rawPath));
  const handles = (methods: Record<string, boolean | undefined>, method: string) => {
    const m = method.toLowerCase();
    return Boolean(methods._all || methods[m] || (m === 'head' && methods.get));
  };
  const byTwo = new Map<string, Layer[]>();
  const byOne = new Map<string, Layer[]>();
  const always: Layer[] = [];
  for (const layer of own) {
    const path = layer.rawPath as string;
    const two = prefixKey(path, 2);
    const one = prefixKey(path, 1);
    // A one-segment path (or a mount, which takes everything below it) is looked up by that segment.
    const bucket = two !== undefined && layer.route ? byTwo : one !== undefined ? byOne : undefined;
    const key = bucket === byTwo ? two : one;
    if (!bucket || key === undefined) always.push(layer);
    else bucket.set(key, [...(bucket.get(key) ?? []), layer]);
  }
  const claims = (layers: Layer[] | undefined, method: string, path: string) =>
    !!layers && layers.some((l) => l.match(path) && (!l.route || handles(l.route.methods, method)));
  return (method, path) => {
    const parts = path.replace(/^\/api\/?/i, '').split('/', 2);
    const one = parts[0]!.toLowerCase();
    const two = parts.length === 2 ? `${one}/${parts[1]!.toLowerCase()}` : undefined;
    return (
      claims(byOne.get(one), method, path) ||
      (two !== undefined && claims(byTwo.get(two), method, path)) ||
      claims(always, method, path)
    );
  };
}

const API = /^\/api(?=[/?]|$)/i;

/**
 * The BFF's request listener. A call for a service (the route table's paths under /api that the BFF does
 * not serve itself) is forwarded here without express: the same security headers, request id, latency
 * metric and log line as createApp gives every request, the same anti-forgery check and per-address limit as
 * express runs for its own routes, then the same proxy (mountApiProxy's `forward`). Express's router and
 * its ~20 middleware layers cost more CPU per request than the season read they forwarded (bench/
 * bff-throughput.mjs); this way a proxied call costs little more than Node's own HTTP handling.
 * Everything else (the frontend, health, the BFF's own /api routes, unknown paths) goes to express.
 */
export function createGateway(deps: {
  app: Express;
  forward: (route: RouteEntry, req: IncomingMessage, res: ServerResponse, fail: (err?: unknown) => void) => void;
  limit: AddressLimit | undefined;
  /** The process's bound on requests in flight (the one createApp was given): forwarded calls count too. */
  inFlight?: InFlightLimit;
  logger: Logger;
  metrics: Metrics;
}): RequestListener {
  const { app, forward, limit, inFlight, logger } = deps;
  const claimed = expressClaims(app);
  const tracking = { logger, metrics: deps.metrics };

  return (req, res) => {
    const url = req.url ?? '/';
    const api = API.exec(url);
    const relative = api ? url.slice(api[0].length) || '/' : undefined;
    const route = relative === undefined ? undefined : resolveRoute(relative);
    if (!route || claimed(req.method ?? 'GET', url.split('?', 1)[0]!)) {
      app(req, res);
      return;
    }
    setSecurityHeaders(res);
    const requestId = trackRequest(
      tracking,
      req,
      res,
      () => `/api${route.prefix}`,
      () => loggedByService(res),
    );
    if (inFlight && !inFlight.admit(req, res)) return;
    const fail = (err?: unknown) => {
      if (res.headersSent) res.destroy();
      else sendError(logger, err, req, res, url);
    };
    if (!passesCsrf(req, res, { api: true, secure: cameOverHttps(req) })) return;
    const go = () => {
      req.url = relative!;
      runWithContext({ requestId }, () => forward(route, req, res, fail));
    };
    if (limit) limitRequest(limit, clientAddress(req), res, go, fail);
    else go();
  };
}
