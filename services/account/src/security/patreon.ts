import { AppError } from '@league/platform';
import type { PatreonIdentityProvider } from '../domain/ports';

export interface PatreonSettings {
  clientId?: string;
  clientSecret?: string;
  redirectUri?: string;
  authorizeUrl: string;
  tokenUrl: string;
  identityUrl: string;
}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new AppError(502, 'Patreon could not be reached; try again shortly', 'patreon_unreachable');
  }
}

/** The OAuth code exchange (RFC 6749 §4.1.3) and Patreon's v2 identity call, at configurable URLs. */
const unconfigured = () =>
  new AppError(503, 'Patreon connect is not configured on this server', 'patreon_unconfigured');

export function patreonProvider(s: PatreonSettings): PatreonIdentityProvider {
  return {
    assertConfigured() {
      if (!s.clientId || !s.clientSecret || !s.redirectUri) throw unconfigured();
    },
    authorizeLink(state) {
      // Patreon returns the player to the redirect URI with ?code=…; the site's landing page passes it on.
      if (!s.clientId || !s.clientSecret || !s.redirectUri) throw unconfigured();
      const url = new URL(s.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', s.clientId);
      url.searchParams.set('redirect_uri', s.redirectUri);
      url.searchParams.set('scope', 'identity');
      // Patreon hands it back beside the code; the connect call must bring it (RFC 6749 §10.12).
      url.searchParams.set('state', state);
      return url.toString();
    },
    async identify(code) {
      if (!s.clientId || !s.clientSecret) throw unconfigured();
      const form = new URLSearchParams({
        code,
        grant_type: 'authorization_code',
        client_id: s.clientId,
        client_secret: s.clientSecret,
        ...(s.redirectUri ? { redirect_uri: s.redirectUri } : {}),
      });
      const tokenRes = await call(s.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
      });
      if (tokenRes.status >= 400 && tokenRes.status < 500) {
        throw AppError.badRequest('Patreon did not accept the code; connect again', 'patreon_code_rejected');
      }
      const token = (await tokenRes.json().catch(() => ({}))) as { access_token?: unknown };
      if (!tokenRes.ok || typeof token.access_token !== 'string') {
        throw new AppError(502, 'Patreon answered unexpectedly; try again shortly', 'patreon_bad_answer');
      }
      const idRes = await call(s.identityUrl, {
        headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' },
      });
      const identity = (await idRes.json().catch(() => ({}))) as { data?: { id?: unknown } };
      const id = identity.data?.id;
      if (!idRes.ok || (typeof id !== 'string' && typeof id !== 'number') || String(id) === '') {
        throw new AppError(502, 'Patreon answered unexpectedly; try again shortly', 'patreon_bad_answer');
      }
      return { patreonId: String(id) };
    },
  };
}
