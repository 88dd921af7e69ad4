import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SECURITY_HEADERS } from '@league/platform';
import { writeAnswer } from './proxy';

/** A service answering `headers`, and a front that sets the BFF's headers and writes the service's answer. */
async function through(headers: http.OutgoingHttpHeaders, status = 201) {
  const service = http.createServer((_req, res) => {
    res.writeHead(status, 'Made', headers);
    res.end('body');
  });
  const front = http.createServer((_req, res) => {
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    res.setHeader('x-request-id', 'front-id');
    res.appendHeader('set-cookie', 'XSRF-TOKEN=t; Path=/');
    http.get(`http://127.0.0.1:${(service.address() as AddressInfo).port}/`, (answer) => writeAnswer(answer, res));
  });
  await Promise.all([service, front].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
  try {
    const res = await fetch(`http://127.0.0.1:${(front.address() as AddressInfo).port}/`);
    return { status: res.status, statusText: res.statusText, headers: res.headers, body: await res.text() };
  } finally {
    await Promise.all([service, front].map((s) => new Promise((r) => s.close(r))));
  }
}

describe("writing a service's answer to the client", () => {
  it('when the service sends its status, headers, cookies and body, then the client gets them on top of the BFF headers', async () => {
    const res = await through({
      'content-type': 'text/plain',
      'x-own': 'kept',
      'set-cookie': ['a=1; Path=/', 'b=2; Path=/'],
      // The service's copy of a security header with the BFF's value, and one with a value of its own.
      [SECURITY_HEADERS[0]![0]]: SECURITY_HEADERS[0]![1],
      'x-frame-options': 'DENY',
    });
    expect([res.status, res.statusText, res.body]).toEqual([201, 'Made', 'body']);
    expect(res.headers.get('x-own')).toBe('kept');
    expect(res.headers.get('x-request-id')).toBe('front-id');
    expect(res.headers.getSetCookie()).toEqual(['XSRF-TOKEN=t; Path=/', 'a=1; Path=/', 'b=2; Path=/']);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    for (const [name, value] of SECURITY_HEADERS)
      if (name !== 'x-frame-options') expect(res.headers.get(name)).toBe(value);
  });

  it('when the service sends hop-by-hop headers and names more in Connection, then none of them reaches the client', async () => {
    const res = await through({
      connection: 'keep-alive, x-pooled',
      'keep-alive': 'timeout=17',
      'x-pooled': 'upstream only',
      trailer: 'x-sum',
    });
    expect(res.headers.get('keep-alive')).not.toBe('timeout=17');
    expect(res.headers.get('x-pooled')).toBeNull();
    expect(res.headers.get('trailer')).toBeNull();
    expect(res.body).toBe('body');
  });
});
