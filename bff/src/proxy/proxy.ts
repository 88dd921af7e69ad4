import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express, NextFunction, Request, Response } from 'express';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { AppError, type Logger } from '@league/platform';
import { resolveRoute, ROUTE_TABLE, type ServiceName } from './route-table';

export type Upstreams = Record<ServiceName, string>;

const API = /^\/api(?=\/|$)/i;

/**
 * Proxies /api/* to the owning service. Bodies stream through untouched (nothing here parses them), so
 * a 2 GiB upload never sits in the BFF's memory. WebSocket upgrades go only to prefixes marked ws.
 */
export function mountApiProxy(app: Express, upstreams: Upstreams, logger: Logger) {
  const proxies = new Map<ServiceName, RequestHandler<Request, Response>>();
  for (const service of Object.keys(upstreams) as ServiceName[]) {
    proxies.set(
      service,
      createProxyMiddleware<Request, Response>({
        target: upstreams[service],
        changeOrigin: true,
        xfwd: true,
        ws: false, // upgrades are routed explicitly below
        proxyTimeout: 10 * 60_000,
        on: {
          proxyReq: (proxyReq, req) => {
            const id = (req as Request).res?.getHeader('x-request-id');
            if (id) proxyReq.setHeader('x-request-id', String(id));
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
      }),
    );
  }

  app.use('/api', (req: Request, res: Response, next: NextFunction) => {
    const route = resolveRoute(req.path);
    if (!route) return next(AppError.notFound(`No API route for ${req.method} /api${req.path}`));
    // The services serve the spec's paths without the /api prefix; req.url is already relative to /api.
    return proxies.get(route.service)!(req, res, next);
  });

  return {
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
