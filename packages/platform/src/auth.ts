import type { NextFunction, Request, Response } from 'express';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from './errors';

export interface AuthUser {
  id: string;
  username: string;
  /** The highest role, as the frontend's cookie carries it. */
  role: string;
  roles: string[];
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
  }
}

export interface AuthOptions {
  jwksUrl: string;
  issuer: string;
  audience: string;
  /** For tests that hand over a key set directly instead of a URL. */
  keySet?: JWTVerifyGetKey;
}

export type AuthRequirement = 'none' | 'optional' | 'required' | { roles: string[] };

/** How long a verified token is taken on trust without checking its signature again (never past its expiry). */
export const VERIFIED_TOKEN_MS = 60_000;
/** Verified tokens kept at most; past it the oldest go first. */
const MAX_VERIFIED = 10_000;

/**
 * Verifies access tokens against the account service's JWKS (cached and refreshed by jose). A token that
 * verified is kept for VERIFIED_TOKEN_MS (or until it expires, if sooner): a player's page makes several
 * calls with the same token, and checking its signature again each time was a twentieth of a read's CPU.
 * Tokens are not revocable before expiry anyway; a key withdrawn from the JWKS stops verifying new tokens at
 * once and the ones already verified within a minute.
 */
export class Authenticator {
  private readonly keys: JWTVerifyGetKey;
  private readonly verified = new Map<string, { user: AuthUser; until: number }>();

  constructor(private readonly opts: AuthOptions) {
    this.keys =
      opts.keySet ?? createRemoteJWKSet(new URL(opts.jwksUrl), { cooldownDuration: 30_000, timeoutDuration: 5_000 });
  }

  async verify(token: string): Promise<AuthUser> {
    const now = Date.now();
    const known = this.verified.get(token);
    if (known && known.until > now) return known.user;
    if (known) this.verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, this.keys, { issuer: this.opts.issuer, audience: this.opts.audience });
      const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [];
      if (typeof payload.sub !== 'string' || typeof payload.username !== 'string') {
        throw AppError.unauthorized('Access token is missing its subject');
      }
      const user: AuthUser = Object.freeze({
        id: payload.sub,
        username: payload.username,
        role: typeof payload.role === 'string' ? payload.role : 'player',
        roles: Object.freeze(roles) as string[],
      });
      // jose accepted it, so it has not expired; a token without `exp` is not kept.
      const until = Math.min(now + VERIFIED_TOKEN_MS, typeof payload.exp === 'number' ? payload.exp * 1000 : now);
      if (until > now) {
        if (this.verified.size >= MAX_VERIFIED) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { user, until });
      }
      return user;
    } catch (err) {
      if (err instanceof AppError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'ERR_JWT_EXPIRED') throw AppError.unauthorized('Access token has expired', 'token_expired');
      if (code === 'ERR_JWKS_TIMEOUT' || code === 'ERR_JWKS_INVALID' || (err as Error).name === 'TypeError') {
        // The key set could not be fetched: not the caller's fault, but we cannot trust the token either.
        throw new AppError(503, 'Cannot verify access tokens right now', 'jwks_unavailable');
      }
      throw AppError.unauthorized('Invalid access token', 'token_invalid');
    }
  }

  /** Express middleware enforcing a requirement; sets req.user when a valid bearer token is present. */
  middleware(requirement: AuthRequirement) {
    return async (req: Request, _res: Response, next: NextFunction) => {
      if (requirement === 'none') return next();
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      if (!token) {
        if (requirement === 'optional') return next();
        return next(AppError.unauthorized());
      }
      try {
        req.user = await this.verify(token);
      } catch (err) {
        return next(err);
      }
      if (typeof requirement === 'object' && !requirement.roles.some((r) => req.user!.roles.includes(r))) {
        return next(AppError.forbidden(`Requires the ${requirement.roles.join(' or ')} role`));
      }
      next();
    };
  }
}

export function hasRole(user: AuthUser | undefined, role: string): boolean {
  return Boolean(user?.roles.includes(role));
}
