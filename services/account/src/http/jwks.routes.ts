import { z } from '@league/contracts';
import { Api } from '@league/platform';

/** The public half of the signing key; every service verifies access tokens with it. */
export function jwksRoutes(jwks: () => { keys: object[] }): Api {
  return new Api().route(
    {
      method: 'get',
      path: '/.well-known/jwks.json',
      summary: 'JSON Web Key Set for access tokens',
      tags: ['account'],
      response: z.object({ keys: z.array(z.record(z.unknown())) }),
    },
    ({ res }) => {
      res.setHeader('cache-control', 'public, max-age=300');
      return jwks();
    },
  );
}
