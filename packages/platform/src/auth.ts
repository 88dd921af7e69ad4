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

/** Verifies access tokens against the account service's JWKS (cached and refreshed by jose). */
export class Authenticator {
  private readonly keys: JWTVerifyGetKey;

  constructor(private readonly opts: AuthOptions) {
    this.keys =
      opts.keySet ?? createRemoteJWKSet(new URL(opts.jwksUrl), { cooldownDuration: 30_000, timeoutDuration: 5_000 });
  }

  async verify(token: string): Promise<AuthUser> {
    try {
      const { payload } = await jwtVerify(token, this.keys, { issuer: this.opts.issuer, audience: this.opts.audience });
      const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [];
      if (typeof payload.sub !== 'string' || typeof payload.username !== 'string') {
        throw AppError.unauthorized('Access token is missing its subject');
      }
      return {
        id: payload.sub,
        username: payload.username,
        role: typeof payload.role === 'string' ? payload.role : 'player',
        roles,
      };
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
