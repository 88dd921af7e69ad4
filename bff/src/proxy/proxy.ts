import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { parse as parseUrl } from 'node:url';
import type { Duplex } from 'node:stream';
import type { Express, NextFunction, Request, Response } from 'express';
import {
  createProxyMiddleware,
  debugProxyErrorsPlugin,
  proxyEventsPlugin,
  type Plugin,
  type RequestHandler,
} from 'http-proxy-middleware';
import { AppError, SECURITY_HEADERS, type Logger } from '@league/platform';
import { mountApiDocs } from '../openapi/merged-document';
import { cameOverHttps } from '../security/client';
import { answerToken, carryToken } from './consistency';
import { resolveRoute, ROUTE_TABLE, type RouteEntry, type ServiceName } from './route-table';

export type Upstreams = Record<ServiceName, string>;

const API = /^\/api(?=\/|$)/i;

/** RFC 9110 §7.6.1: headers meaningful for one connection only; a proxy never forwards them. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const NONE: readonly string[] = [];

/**
 * The header names a `Connection` header lists, lowercased; none for a bare `keep-alive` or `close`, what
 * nearly every client and service sends (their `keep-alive` header is hop-by-hop anyway), without a split.
 */
function listedIn(connection: unknown): readonly string[] {
  if (connection === undefined) return NONE;
  const value = String(connection);
  if (/^\s*(?:keep-alive|close)?\s*$/i.test(value)) return NONE;
  return value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

/** The security headers the BFF set on every answer before it forwarded the call (createApp, the gateway). */
const OURS = new Map<string, string>(SECURITY_HEADERS);

/**
 * Writes a service's answer to the client: its status, then its headers onto those the BFF already set on
 * `res` (the security headers, the request id, an anti-forgery cookie), then its body, streamed. Left out:
 * the hop-by-hop headers and any the service listed in its `Connection` header (Node frames the answer to
 * the client itself), and a security header the service sent with the value the BFF already set (every
 * service sets the same ones: setting each twice was most of the answer's header work). A service's own
 * value for one of them wins, as does any other header of its; its cookies are added to the BFF's.
 */
export function writeAnswer(answer: IncomingMessage, res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    answer.destroy();
    return;
  }
  const headers = answer.headers;
  const listed = listedIn(headers.connection);
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || HOP_BY_HOP.has(name) || listed.includes(name)) continue;
    if (name === 'set-cookie') res.appendHeader(name, value);
    else if (OURS.get(name) !== value) res.setHeader(name, value);
  }
  res.writeHead(answer.statusCode ?? 502, answer.statusMessage || undefined);
  answer.pipe(res);
}

/** The answers a service gave (its status and headers reached the client through the proxy). */
const serviceAnswers = new WeakSet<ServerResponse>();

/**
 * Whether the service logged `res` for the BFF: it carries a service's answer under 500. The gateway logs
 * such an answer at debug, since the service logged the same request under the same request id, and a second
 * line of it at info doubled the BFF's share of every call (a line cost the BFF about what the security
 * headers, the metric and the limit cost). What the BFF answered itself (refusals, 502s) and a service's
 * 5xx stay at info.
 */
export const loggedByService = (res: ServerResponse): boolean => serviceAnswers.has(res) && res.statusCode < 500;

/** The client's hop-by-hop headers that go on upstream: its body's framing, an upgrade, and `Connection` (reset). */
const CARRIED = new Set(['connection', 'transfer-encoding', 'upgrade']);

/**
 * The headers the upstream request gets, set on the incoming request before it is proxied (http-proxy
 * copies `req.headers` into the upstream request as it creates it): the request id, and the client's
 * hop-by-hop headers left on its own connection while the agent keeps the upstream one alive (Node keeps
 * what the client's `Connection` asked of its own connection from the request line it parsed).
 */
export function forwardHeaders(req: IncomingMessage, res: { getHeader(name: string): unknown }): void {
  for (const name of HOP_BY_HOP) if (!CARRIED.has(name) && req.headers[name] !== undefined) delete req.headers[name];
  for (const name of listedIn(req.headers.connection)) if (!CARRIED.has(name)) delete req.headers[name];
  req.headers.connection = 'keep-alive';
  const id = res.getHeader('x-request-id');
  if (id) req.headers['x-request-id'] = String(id);
  // The browser's read-your-writes cookie travels upstream as X-Consistency (consistency.ts).
  carryToken(req);
}

/** How long an upstream connection may stay silent: idle in the pool, or with a request in flight. */
export const UPSTREAM_IDLE_MS = 60_000;

/**
 * One pool of reused upstream connections per service. Without an agent the proxy library sends
 * `Connection: close` upstream, opens a connection per request and hands `close` back to the browser.
 */
export function upstreamAgent(): http.Agent {
  return new http.Agent({
    keepAlive: true,
    keepAliveMsecs: 1_000,
    // An idle pooled connection is closed after 60 s, before the services close it (65 s, platform listen).
    // The same bound holds a request in flight (serviceProxy's `proxyReq`): 60 s with nothing read or written.
    timeout: UPSTREAM_IDLE_MS,
    maxSockets: 256,
    maxFreeSockets: 64,
    scheduling: 'lifo',
  });
}

/**
 * The proxy for one service, as the BFF runs it (http-proxy-middleware over a pooled keep-alive agent);
 * bench/hpm-proxy.mjs runs this same function, nothing around it, to show what the library costs alone.
 */
export function serviceProxy(service: ServiceName, target: string, agent: http.Agent, logger: Logger) {
  return createProxyMiddleware<Request, Response>({
    // Parsed once here, by the same `url.parse` http-proxy applies to a string target on every request.
    target: parseUrl(target),
    agent,
    changeOrigin: true,
    xfwd: true,
    ws: false, // upgrades are routed explicitly (mountApiProxy's attachUpgrades)
    // The library's default plugins minus its logger, which parses a URL per response to log to a
    // no-op logger: errors are logged by `on.error` below; the error plugin stops a dropped client's
    // upstream answer, the events plugin wires `on`.
    ejectPlugins: true,
    plugins: [debugProxyErrorsPlugin, proxyEventsPlugin] as unknown as Plugin<Request, Response>[],
    // The outgoing headers are set on the incoming request (`forwardHeaders`), which http-proxy copies when
    // it creates the upstream request, not in the `proxyReq` hook (see there). The answer is written by
    // `writeAnswer` (one pass over its headers) instead of the library's own passes, which set every header
    // again one by one (the security headers the BFF had already set among them).
    selfHandleResponse: true,
    on: {
      // A service silent for UPSTREAM_IDLE_MS with a request in flight: the agent's socket timeout (one timer
      // per connection, kept across requests) ends the call, answered 502 by `error`. The library's
      // `proxyTimeout` instead set a timer of its own on the socket for every request, and the agent set its
      // own back once the socket was free: two timers made and dropped per request. (http-proxy emits no
      // `proxyReq` for a request that asks `Expect: 100-continue`: that one ends when its client gives up.)
      // The hook only listens: http-proxy emits it on the upstream request's 'socket' event, which with a
      // pooled agent can come after the request was already ended (a body-less GET whose stream ended first),
      // and a setHeader there threw ERR_HTTP_HEADERS_SENT out of an event handler, killing the BFF (seen under
      // 200 req/s in bench/load.mjs).
      proxyReq: (proxyReq) => {
        proxyReq.once('timeout', () =>
          proxyReq.destroy(new Error(`no answer from ${service} within ${UPSTREAM_IDLE_MS} ms`)),
        );
      },
      proxyRes: (proxyRes, req, res) => {
        serviceAnswers.add(res);
        // A write's positions: back to the client, and into the browser's cookie.
        if (proxyRes.headers['x-consistency']) answerToken(req, proxyRes.headers, cameOverHttps(req));
        writeAnswer(proxyRes, res);
      },
      error: (err, _req, res) => {
        logger.warn({ err, service }, 'upstream unavailable');
        if ('writeHead' in res && !res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: `The ${service} service is unavailable; try again shortly` }));
        } else if ('destroy' in res) {
          res.destroy();
        }
      },
    },
  });
}

/**
 * Proxies /api/* to the owning service. Bodies stream through untouched (nothing here parses them), so
 * a 2 GiB upload never sits in the BFF's memory. WebSocket upgrades go only to prefixes marked ws.
 */
export function mountApiProxy(app: Express, upstreams: Upstreams, logger: Logger) {
  const proxies = new Map<ServiceName, RequestHandler<Request, Response>>();
  const agents: http.Agent[] = [];
  for (const service of Object.keys(upstreams) as ServiceName[]) {
    const agent = upstreamAgent();
    agents.push(agent);
    proxies.set(service, serviceProxy(service, upstreams[service], agent, logger));
  }

  /**
   * Sends a request on to the service that owns `route`, `req.url` already relative to /api (the services
   * serve the spec's paths without the prefix). `fail` gets what went wrong before the proxy took it.
   */
  const forward = (route: RouteEntry, req: IncomingMessage, res: ServerResponse, fail: (err?: unknown) => void) => {
    forwardHeaders(req, res);
    void proxies.get(route.service)!(req as Request, res as Response, fail);
  };

  // The merged OpenAPI document and its interactive docs: the BFF's own paths, before the route table.
  mountApiDocs(app, upstreams, logger);
  // What reaches express under /api: the BFF's own routes that passed a request on (`next('route')`), and
  // paths the table does not know (404). The gateway (gateway.ts) forwards every other call before express.
  app.use('/api', (req: Request, res: Response, next: NextFunction) => {
    const route = resolveRoute(req.path);
    if (!route) return next(AppError.notFound(`No API route for ${req.method} /api${req.path}`));
    forward(route, req, res, next);
  });

  return {
    forward,
    /** Closes the pooled upstream connections (on shutdown). */
    close() {
      for (const agent of agents) agent.destroy();
    },
    /** Wires WebSocket upgrades (the chat hub) on the HTTP server. */
    attachUpgrades(server: Server) {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        const url = req.url ?? '/';
        const route = API.test(url) ? resolveRoute(url.replace(API, '') || '/') : undefined;
        const proxy = route?.ws ? proxies.get(route.service) : undefined;
        if (!proxy?.upgrade) {
          socket.end(
            'HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{"message":"No WebSocket route here"}',
          );
          return;
        }
        req.url = url.replace(API, '') || '/';
        proxy.upgrade(req as Request, socket as never, head);
      });
    },
  };
}

export const routeTable = ROUTE_TABLE;
