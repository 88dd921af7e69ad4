import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { CONSISTENCY_HEADER, mergeTokens } from '@league/platform';

/**
 * Read-your-writes at the BFF (README "Read your own writes"), with no state of its own: a service's write
 * answers `X-Consistency` (the Kafka positions it produced); the BFF keeps the latest per browser in a
 * short-lived HttpOnly cookie (merged with what the cookie held, larger offset per partition, bounded in
 * size) and sends it upstream as `X-Consistency` on every request of that browser, so whichever service and
 * replica answers the next read waits until it has applied those positions.
 *
 * Clients without cookies (the game launcher, scripts) get the merged token in the answer's `X-Consistency`
 * and their own reads wait for it when they send it back in `X-Consistency` (tools/gameclient does); the BFF
 * forwards a client's header merged with the cookie.
 */
export const CONSISTENCY_COOKIE = 'consistency';
/** Seconds the cookie lives: long enough for any projection to catch up, short enough to stay small. */
export const CONSISTENCY_MAX_AGE = 300;

const NAME = `${CONSISTENCY_COOKIE}=`;

/** The consistency cookie's value in a Cookie header, found without splitting it (most requests have none). */
export function consistencyCookie(cookie: string | undefined): string | undefined {
  if (!cookie) return undefined;
  let at = cookie.indexOf(NAME);
  while (at >= 0) {
    const before = at === 0 ? ' ' : cookie[at - 1];
    if (before === ' ' || before === ';') {
      const start = at + NAME.length;
      const end = cookie.indexOf(';', start);
      const value = (end < 0 ? cookie.slice(start) : cookie.slice(start, end)).trim();
      return value || undefined;
    }
    at = cookie.indexOf(NAME, at + 1);
  }
  return undefined;
}

/**
 * The token a request carries (its header and its cookie merged), set as its `X-Consistency` for the
 * service. Costs one header read and one string search when there is none.
 */
export function carryToken(req: IncomingMessage): string | undefined {
  const header = req.headers[CONSISTENCY_HEADER];
  const fromHeader = typeof header === 'string' && header ? header : undefined;
  const fromCookie = consistencyCookie(req.headers.cookie);
  if (!fromCookie) return fromHeader;
  const token = !fromHeader || fromHeader === fromCookie ? fromCookie : mergeTokens([fromHeader, fromCookie]);
  if (token) req.headers[CONSISTENCY_HEADER] = token;
  else delete req.headers[CONSISTENCY_HEADER];
  return token;
}

/** The Set-Cookie line of a token. */
export function cookieLine(token: string, secure: boolean): string {
  return `${NAME}${token}; Path=/api; Max-Age=${CONSISTENCY_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

const withoutOurs = (lines: string[]) => lines.filter((l) => !l.startsWith(NAME));

/**
 * An upstream answer's headers, before they go to the client: its token merged with the request's goes back
 * in `X-Consistency`, and into the cookie for a browser (a request that came with cookies).
 */
export function answerToken(req: IncomingMessage, headers: IncomingHttpHeaders, secure: boolean): void {
  const answer = headers[CONSISTENCY_HEADER];
  if (typeof answer !== 'string' || !answer) return;
  const sent = req.headers[CONSISTENCY_HEADER];
  const merged = mergeTokens([answer, typeof sent === 'string' ? sent : undefined]);
  if (!merged) {
    delete headers[CONSISTENCY_HEADER];
    return;
  }
  headers[CONSISTENCY_HEADER] = merged;
  if (req.headers.cookie !== undefined)
    headers['set-cookie'] = [...withoutOurs(headers['set-cookie'] ?? []), cookieLine(merged, secure)];
}

/**
 * The same for an answer the BFF composes from several calls (the launcher's uploads): each call's token is
 * merged into the response's before it is sent (the response's own header holds it meanwhile).
 */
export function absorbToken(
  req: IncomingMessage,
  res: ServerResponse,
  token: string | null | undefined,
  secure: boolean,
): void {
  if (!token || res.headersSent) return;
  const current = res.getHeader(CONSISTENCY_HEADER);
  const sent = req.headers[CONSISTENCY_HEADER];
  const merged = mergeTokens([
    token,
    typeof current === 'string' ? current : undefined,
    typeof sent === 'string' ? sent : undefined,
  ]);
  if (!merged) return;
  res.setHeader(CONSISTENCY_HEADER, merged);
  if (req.headers.cookie === undefined) return;
  const existing = res.getHeader('set-cookie');
  const lines = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  res.setHeader('set-cookie', [...withoutOurs(lines), cookieLine(merged, secure)]);
}
