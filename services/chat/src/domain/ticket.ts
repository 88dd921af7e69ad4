import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The game's hub connection carries no token, so the chat base URL itself carries the user: a ticket
 * `<payload>.<mac>` (base64url), the payload `{u: username, s: subject, e: expiry in epoch seconds}`,
 * the MAC an HMAC-SHA256 under a secret every chat replica shares. Stateless, so any replica verifies it.
 */
export interface TicketUser {
  username: string;
  userId: string;
  expiresAt: Date;
}

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function issueTicket(
  secret: string,
  user: { username: string; id: string },
  ttlSeconds: number,
  now = new Date(),
) {
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + ttlSeconds * 1000);
  const payload = Buffer.from(
    JSON.stringify({ u: user.username, s: user.id, e: Math.floor(expiresAt.getTime() / 1000) }),
  ).toString('base64url');
  return { ticket: `${payload}.${mac(secret, payload)}`, expiresAt };
}

export type TicketProblem = 'malformed' | 'bad-signature' | 'expired';

export function verifyTicket(secret: string, ticket: string, now = new Date()): TicketUser | TicketProblem {
  const [payload, signature, ...rest] = ticket.split('.');
  if (!payload || !signature || rest.length) return 'malformed';
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad-signature';
  let body: { u?: unknown; s?: unknown; e?: unknown };
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof body;
  } catch {
    return 'malformed';
  }
  if (typeof body.u !== 'string' || typeof body.s !== 'string' || typeof body.e !== 'number') return 'malformed';
  if (body.e * 1000 <= now.getTime()) return 'expired';
  return { username: body.u, userId: body.s, expiresAt: new Date(body.e * 1000) };
}
