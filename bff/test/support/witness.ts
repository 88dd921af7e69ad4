import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An upstream that records which requests got past the BFF (method and path as they arrived) and answers
 * each with a bare 200 `{"ok":true}`: no security headers, no request id, so whatever the answer carries
 * beyond that came from the BFF.
 */
export async function startWitness() {
  const seen: Array<{ method: string; url: string }> = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url! });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
