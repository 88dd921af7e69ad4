import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { TRUSTED_PROXIES } from '@league/platform';
import proxyaddr from 'proxy-addr';

/** The hops whose X-Forwarded-* are believed, compiled as express compiles its `trust proxy` setting. */
const trusted = proxyaddr.compile(TRUSTED_PROXIES.split(',').map((s) => s.trim()));

/** The client's address as express's `req.ip` has it: X-Forwarded-For believed from trusted hops only. */
export function clientAddress(req: IncomingMessage): string {
  return proxyaddr(req, trusted);
}

/** Whether the client came over https (express's `req.secure`): TLS here, or X-Forwarded-Proto from a trusted hop. */
export function cameOverHttps(req: IncomingMessage): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  const proto = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim();
  // The header first: without it the answer is no whoever sent the request, and parsing the peer's
  // address for the trust check costs more than the rest of this function.
  return first === 'https' && trusted(req.socket.remoteAddress ?? '', 0);
}
