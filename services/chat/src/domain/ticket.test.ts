import { issueTicket, verifyTicket } from './ticket';

const secret = 'a-secret-of-at-least-thirty-two-chars';

describe('chat tickets', () => {
  it('when a ticket is issued, then it verifies to the same user until it expires', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const { ticket, expiresAt } = issueTicket(secret, { username: 'Alice', id: 'u1' }, 3600, now);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(expiresAt.toISOString()).toBe('2026-01-01T01:00:00.000Z');
    expect(verifyTicket(secret, ticket, new Date('2026-01-01T00:59:59Z'))).toEqual({
      username: 'Alice',
      userId: 'u1',
      expiresAt,
    });
    expect(verifyTicket(secret, ticket, expiresAt)).toBe('expired');
  });

  it('when a ticket is tampered with, signed with another secret or malformed, then it is refused', () => {
    const { ticket } = issueTicket(secret, { username: 'Alice', id: 'u1' }, 3600);
    const [payload, mac] = ticket.split('.');
    const other = Buffer.from(JSON.stringify({ u: 'Bob', s: 'u2', e: 9e9 })).toString('base64url');
    expect(verifyTicket(secret, `${other}.${mac}`)).toBe('bad-signature');
    expect(verifyTicket(`${secret}-rotated`, ticket)).toBe('bad-signature');
    expect(verifyTicket(secret, payload!)).toBe('malformed');
    expect(verifyTicket(secret, `${ticket}.x`)).toBe('malformed');
  });
});
