import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Patreon stand-in: the OAuth token endpoint and the v2 identity endpoint, over real HTTP.
 * `codes` maps an authorization code to the Patreon user id it identifies.
 */
export async function startOAuthStandIn(codes: Record<string, string>) {
  const tokens = new Map<string, string>();
  const received: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && req.url === '/token') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        received.push(form);
        const user = codes[form.get('code') ?? ''];
        if (form.get('client_secret') !== 'shh' || form.get('grant_type') !== 'authorization_code' || !user) {
          return send(400, { error: 'invalid_grant' });
        }
        const token = `at-${user}-${tokens.size}`;
        tokens.set(token, user);
        send(200, { access_token: token, token_type: 'Bearer', expires_in: 2678400 });
      });
      return;
    }
    if (req.method === 'GET' && req.url?.startsWith('/identity')) {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return user ? send(200, { data: { id: user, type: 'user', attributes: {} } }) : send(401, { errors: [] });
    }
    send(404, {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      PATREON_CLIENT_ID: 'league-client',
      PATREON_CLIENT_SECRET: 'shh',
      PATREON_REDIRECT_URI: 'http://localhost:8080/#/patreon',
      PATREON_TOKEN_URL: `${url}/token`,
      PATREON_IDENTITY_URL: `${url}/identity`,
    },
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
