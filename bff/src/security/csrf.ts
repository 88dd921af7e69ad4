import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '@league/platform';
import type { NextFunction, Request, Response } from 'express';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const SAFE = new Set(['GET', 'HEAD']);
const API = /^\/api(\/|$)/i;

/** Cookie names from the raw header only; nothing here touches the body, which streams to the services. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Fresh tokens are cut from a block of CSPRNG bytes drawn 128 tokens at a time (as crypto.randomUUID
 * pools its entropy): one randomFillSync per 128 cookieless GETs instead of one each; no byte is used twice.
 */
const TOKEN_BYTES = 32;
const POOL_BYTES = TOKEN_BYTES * 128;
let pool = Buffer.alloc(0);
let poolOffset = 0;
export function newXsrfToken(): string {
  if (poolOffset + TOKEN_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const token = pool.toString('base64url', poolOffset, poolOffset + TOKEN_BYTES);
  poolOffset += TOKEN_BYTES;
  return token;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Exempt: a request with no Cookie header at all whose Authorization is absent or a bearer token (the
 * launcher, scripts). A forged cross-site request is made by a browser, and the browser attaches the
 * site's cookies to it; with no cookies there is no ambient credential to abuse, and a bearer token
 * can only come from a caller that already read it. Any cookie at all, or another auth scheme
 * (Basic, which browsers replay), makes the double-submit check apply.
 */
export function isCsrfExempt(req: IncomingMessage): boolean {
  if (req.headers.cookie !== undefined) return false;
  const auth = req.headers.authorization;
  return auth === undefined || /^Bearer\s+\S+$/i.test(auth);
}

/**
 * Double-submit CSRF on a bare request (the gateway's proxied calls and, through `csrfProtection`, express):
 * GETs that arrive without the cookie get a fresh random one (readable by the frontend, SameSite=Lax); a
 * non-GET/HEAD /api request must echo it in X-XSRF-TOKEN, else 403. True to go on; false once it answered.
 * An API GET from a caller that sends no cookies at all (the launcher, scripts: exempt, see isCsrfExempt) is
 * handed none: a browser gets its token with the page it opens the site on (any path outside /api), and
 * again from any GET once it holds a cookie of the site but not this one.
 */
export function passesCsrf(req: IncomingMessage, res: ServerResponse, at: { api: boolean; secure: boolean }): boolean {
  const cookie = cookieValue(req.headers.cookie, XSRF_COOKIE);
  if (SAFE.has(req.method ?? '')) {
    if (!cookie && req.method === 'GET' && (!at.api || req.headers.cookie !== undefined)) {
      res.appendHeader(
        'set-cookie',
        `${XSRF_COOKIE}=${newXsrfToken()}; Path=/; SameSite=Lax${at.secure ? '; Secure' : ''}`,
      );
    }
    return true;
  }
  if (!at.api || isCsrfExempt(req)) return true;
  const header = req.headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
    sendJson(res, 403, { message: 'Missing or invalid anti-forgery token; reload the page and try again' });
    return false;
  }
  return true;
}

/** `passesCsrf` as express middleware, for every request express serves. */
export function csrfProtection() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (passesCsrf(req, res, { api: API.test(req.path), secure: req.secure })) next();
  };
}
