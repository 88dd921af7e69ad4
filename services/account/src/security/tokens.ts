import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createLocalJWKSet, SignJWT } from 'jose';
import type { SigningKey } from './signing-key';

export interface AccessClaims {
  userId: string;
  username: string;
  role: string;
  roles: string[];
}

export class TokenIssuer {
  constructor(
    private readonly key: SigningKey,
    private readonly opts: { issuer: string; audience: string; ttlSeconds: number },
  ) {}

  accessToken(claims: AccessClaims): Promise<string> {
    return new SignJWT({ username: claims.username, role: claims.role, roles: claims.roles })
      .setProtectedHeader({ alg: 'EdDSA', kid: this.key.kid, typ: 'JWT' })
      .setIssuer(this.opts.issuer)
      .setAudience(this.opts.audience)
      .setSubject(claims.userId)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${this.opts.ttlSeconds}s`)
      .sign(this.key.privateKey);
  }

  jwks() {
    return { keys: [this.key.publicJwk] };
  }

  /** The account service checks its own tokens with its key in memory, not over HTTP to itself. */
  localKeySet() {
    return createLocalJWKSet(this.jwks());
  }
}

/** Refresh tokens are opaque random strings; only their hash is stored, so a database leak grants nothing. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
