import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { HELMET_OPTIONS, SECURITY_HEADERS, setSecurityHeaders } from './http';

const response = () => new ServerResponse(new IncomingMessage(new Socket()));

describe('the security headers worked out once', () => {
  it('when set on an answer, then they are exactly what helmet itself sets with the same options', () => {
    const byHelmet = response();
    let done = false;
    helmet(HELMET_OPTIONS)(byHelmet.req as never, byHelmet as never, () => (done = true));
    expect(done).toBe(true);
    const once = response();
    setSecurityHeaders(once);
    expect(once.getHeaders()).toEqual(byHelmet.getHeaders());
    expect(SECURITY_HEADERS.length).toBeGreaterThan(10);
    expect(once.getHeader('content-security-policy')).toContain("img-src 'self' data: https:");
  });
});
