import type { Express, NextFunction, Request, Response } from 'express';
import type { Logger } from '@league/platform';
import { carryToken } from '../proxy/consistency';
import { callService, type Upstream } from '../proxy/upstream-call';

/**
 * `GET /api/season/profile` composed from its two owners: the season service answers the player's
 * participations, and the account service (which owns the Patreon link) answers `isPatreonConnected`
 * through `GET /user/active` with the same bearer token. Both calls run at once. Anything but a 200
 * JSON object from season passes through as it came (204 = not registered, 401, 400 …); if the account
 * service cannot answer, the profile is still served, with the link shown as not connected.
 */
export function mountSeasonProfile(app: Express, opts: { seasonUrl: string; accountUrl: string; logger: Logger }) {
  const forwarded = (req: Request, res: Response) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (typeof req.headers.authorization === 'string') headers.authorization = req.headers.authorization;
    const prior = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = [typeof prior === 'string' ? prior : undefined, req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const id = res.getHeader('x-request-id');
    if (id) headers['x-request-id'] = String(id);
    // The reader's read-your-writes token (a join just made shows in the profile; proxy/consistency.ts).
    const token = carryToken(req);
    if (token) headers['x-consistency'] = token;
    return headers;
  };

  app.get('/api/season/profile', async (req: Request, res: Response, next: NextFunction) => {
    const headers = forwarded(req, res);
    const search = new URL(req.url, 'http://x').search;
    const patreon = headers.authorization
      ? callService(`${opts.accountUrl}/user/active`, { headers, timeoutMs: 10_000 })
          .then((r) => (r.ok ? r.json<{ isPatreonConnected?: unknown }>()?.isPatreonConnected : undefined))
          .catch((err: unknown) => {
            opts.logger.warn({ err }, 'account service did not answer the Patreon link; shown as not connected');
            return undefined;
          })
      : Promise.resolve(undefined);
    let upstream: Upstream;
    try {
      upstream = await callService(`${opts.seasonUrl}/season/profile${search}`, { headers });
    } catch (err) {
      opts.logger.warn({ err, service: 'season' }, 'upstream unavailable');
      res.status(502).json({ message: 'The season service is unavailable; try again shortly' });
      return;
    }
    try {
      const text = upstream.text();
      for (const name of ['content-type', 'cache-control', 'www-authenticate']) {
        const v = upstream.headers.get(name);
        if (v) res.setHeader(name, v);
      }
      res.status(upstream.status);
      let body: unknown;
      try {
        body = upstream.status === 200 && text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        await patreon;
        res.send(text);
        return;
      }
      const connected = await patreon;
      res.json({ ...body, isPatreonConnected: connected === true });
    } catch (err) {
      next(err);
    }
  });
}
