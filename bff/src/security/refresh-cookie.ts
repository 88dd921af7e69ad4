import type { Express, NextFunction, Request, Response } from 'express';
import type { Logger } from '@league/platform';
import { callService, type Upstream } from '../proxy/upstream-call';
import { cookieValue } from './csrf';

/**
 * The 30-day refresh token lives in an HttpOnly cookie that only the BFF reads, never in page script:
 * a script injected into the site can use the one-hour access token while the page is open, but cannot
 * carry away the login.
 *
 * - Login, admin login and refresh answers pass through here: the BFF sets the cookie
 *   (`HttpOnly; SameSite=Strict; Path=/api/account`, `Secure` when served over https) and, for a browser
 *   (a request that carries cookies, which the CSRF check has then verified), removes `refresh_token`
 *   from the JSON. The launcher sends no cookies and keeps getting all three fields, as LAUNCHER-API §2 has it.
 * - `POST /api/account/refresh-token` takes the token from the cookie when the body has none; the
 *   launcher's body form `{refreshToken, username}` works unchanged. A refused refresh clears the cookie.
 * - `POST /api/account/logout` revokes the cookie's login at the account service and clears the cookie.
 */
export const REFRESH_COOKIE = 'refreshToken';
const COOKIE_PATH = '/api/account';
const MAX_BODY_BYTES = 16 * 1024;

export interface RefreshCookieOptions {
  accountUrl: string;
  maxAgeDays: number;
  logger: Logger;
}

class BodyTooLarge extends Error {}

function readBody(req: Request): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const isBrowser = (req: Request) => req.headers.cookie !== undefined;

function cookieHeader(req: Request, value: string, maxAgeSeconds: number): string {
  const secure = req.secure ? '; Secure' : '';
  return `${REFRESH_COOKIE}=${encodeURIComponent(value)}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

/** The headers the account service sees, as the proxy would send them (client address appended). */
function upstreamHeaders(req: Request, res: Response): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  for (const name of ['content-type', 'accept', 'user-agent', 'authorization', 'accept-language'] as const) {
    const v = req.headers[name];
    if (typeof v === 'string') headers[name] = v;
  }
  const prior = req.headers['x-forwarded-for'];
  const client = req.socket.remoteAddress;
  headers['x-forwarded-for'] = [typeof prior === 'string' ? prior : undefined, client].filter(Boolean).join(', ');
  headers['x-forwarded-proto'] = req.protocol;
  if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
  const id = res.getHeader('x-request-id');
  if (id) headers['x-request-id'] = String(id);
  return headers;
}

const PASSED_BACK = ['content-type', 'cache-control', 'retry-after', 'www-authenticate'];

export function mountRefreshCookie(app: Express, opts: RefreshCookieOptions) {
  const maxAge = opts.maxAgeDays * 86_400;

  /** Sends a body to the account service and answers with what it said, after `adjust`. */
  const relay =
    (
      upstreamPath: string,
      prepare: (body: Buffer, req: Request) => Buffer | undefined,
      adjust: (status: number, json: Record<string, unknown> | undefined, req: Request, res: Response) => void,
    ) =>
    async (req: Request, res: Response, next: NextFunction) => {
      let body: Buffer;
      try {
        body = await readBody(req);
      } catch (err) {
        if (err instanceof BodyTooLarge) {
          res.status(413).json({ message: 'Request body is too large' });
          return;
        }
        next(err);
        return;
      }
      let upstream: Upstream;
      try {
        upstream = await callService(`${opts.accountUrl}${upstreamPath}${new URL(req.url, 'http://x').search}`, {
          method: 'POST',
          headers: upstreamHeaders(req, res),
          body: prepare(body, req) ?? body,
        });
      } catch (err) {
        opts.logger.warn({ err, service: 'account' }, 'upstream unavailable');
        res.status(502).json({ message: 'The account service is unavailable; try again shortly' });
        return;
      }
      const text = upstream.text();
      let json: Record<string, unknown> | undefined;
      try {
        const parsed: unknown = text ? JSON.parse(text) : undefined;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
      } catch {
        /* not JSON: passed back as it is */
      }
      for (const name of PASSED_BACK) {
        const v = upstream.headers.get(name);
        if (v) res.setHeader(name, v);
      }
      adjust(upstream.status, json, req, res);
      res.status(upstream.status);
      if (json) res.send(JSON.stringify(json));
      else res.send(text);
    };

  /** A token answer: the refresh token goes into the cookie, and out of a browser's JSON. */
  const keepInCookie = (status: number, json: Record<string, unknown> | undefined, req: Request, res: Response) => {
    if (status !== 200 || typeof json?.refresh_token !== 'string') return;
    res.append('set-cookie', cookieHeader(req, json.refresh_token, maxAge));
    if (isBrowser(req)) delete json.refresh_token;
  };

  // Express matches these case-insensitively (the launcher writes Account/login).
  app.post(
    '/api/account/login',
    relay('/account/login', () => undefined, keepInCookie),
  );
  app.post(
    '/api/account/admin-login',
    relay('/account/admin-login', () => undefined, keepInCookie),
  );

  app.post(
    '/api/account/refresh-token',
    relay(
      '/account/refresh-token',
      (raw, req) => {
        const fromCookie = cookieValue(req.headers.cookie, REFRESH_COOKIE);
        if (!fromCookie) return undefined;
        let body: unknown;
        try {
          body = raw.length ? JSON.parse(raw.toString('utf8')) : {};
        } catch {
          return undefined; // the service answers 400 for the bad JSON
        }
        if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
        const given = (body as { refreshToken?: unknown }).refreshToken;
        if (typeof given === 'string' && given !== '') return undefined; // the launcher's body form
        return Buffer.from(JSON.stringify({ ...body, refreshToken: fromCookie }));
      },
      (status, json, req, res) => {
        keepInCookie(status, json, req, res);
        // Revoked, reused or expired: the cookie is worthless now.
        if (status === 401 && cookieValue(req.headers.cookie, REFRESH_COOKIE)) {
          res.append('set-cookie', cookieHeader(req, '', 0));
        }
      },
    ),
  );

  app.post('/api/account/logout', async (req: Request, res: Response) => {
    req.resume();
    const token = cookieValue(req.headers.cookie, REFRESH_COOKIE);
    if (token) {
      try {
        await callService(`${opts.accountUrl}/account/logout`, {
          method: 'POST',
          headers: { ...upstreamHeaders(req, res), 'content-type': 'application/json' },
          body: JSON.stringify({ refreshToken: token }),
          timeoutMs: 10_000,
        });
      } catch (err) {
        // The cookie is cleared either way; the login's tokens still expire on their own.
        opts.logger.warn({ err }, 'logout could not reach the account service');
      }
    }
    res.append('set-cookie', cookieHeader(req, '', 0));
    res.setHeader('cache-control', 'no-store');
    res.json({ message: 'Signed out' });
  });
}
