import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { TRUSTED_PROXIES } from '@league/platform';
import proxyaddr from 'proxy-addr';

/** The hops whose X-Forwarded-* are believed, compiled as express compiles its `trust proxy` setting. */
const compiled = proxyaddr.compile(TRUSTED_PROXIES.split(',').map((s) => s.trim()));

/** Addresses already judged (a list's verdict depends on the address alone), forgotten past MEMO_SIZE. */
const verdicts = new Map<string, boolean>();
const MEMO_SIZE = 10_000;

/**
 * The trust check, remembered per address: every request asks it of its peer (the same few hops) and of
 * the client it names, and parsing an address into ipaddr.js's form cost more than the rest of the check.
 */
function trusted(address: string, hop: number): boolean {
  let verdict = verdicts.get(address);
  if (verdict === undefined) {
    verdict = compiled(address, hop);
    if (verdicts.size >= MEMO_SIZE) verdicts.clear();
    verdicts.set(address, verdict);
  }
  return verdict;
}

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
