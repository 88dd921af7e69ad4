// The proxy library alone, as the BFF configures it: a plain `http` server handing every request to the
// BFF's own `serviceProxy` (bff/src/proxy/proxy.ts: http-proxy-middleware, its options and hooks, the
// BFF's pooled agent), with nothing of the gateway around it (no headers, request id, metric, anti-forgery
// check or limit). bench/bff-throughput.mjs runs it as a pass of its own, between the bare proxy and the
// BFF. Needs the built BFF (`tsc -b bff`). Usage: node bench/hpm-proxy.mjs <port> <upstream>
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { serviceProxy, upstreamAgent, forwardHeaders } = require('../bff/dist/proxy/proxy.js');
const { createLogger } = require('../packages/platform/dist/index.js');

const [port, upstream] = [Number(process.argv[2]), process.argv[3]];
const proxy = serviceProxy('season', upstream, upstreamAgent(), createLogger('hpm-proxy'));
http
  .createServer((req, res) => {
    // The hop-by-hop handling the BFF does before the library (its `forward`), so the answers match.
    forwardHeaders(req, res);
    proxy(req, res, () => {
      res.writeHead(502).end();
    });
  })
  .listen(port, '127.0.0.1');
