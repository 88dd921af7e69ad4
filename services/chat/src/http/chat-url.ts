import type { Request } from 'express';

/**
 * The public base the launcher reaches the API at. Behind the BFF the request carries X-Forwarded-Host
 * (the BFF strips /api before it reaches us, so it is put back); called directly, the service's own origin.
 */
export function publicApiBase(req: Request, configured?: string): string {
  if (configured) return configured.replace(/\/+$/, '');
  const forwarded = req.header('x-forwarded-host');
  return forwarded ? `${req.protocol}://${req.host}/api` : `${req.protocol}://${req.host}`;
}

/** C: the hub at exactly this URL, the game's REST calls under it (`C + "chat/mute-list"`). */
export const chatBaseUrl = (apiBase: string, ticket: string) => `${apiBase}/chat/t/${ticket}/`;
