import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';

export interface SigningKey {
  privateKey: KeyObject;
  publicJwk: JWK & { kid: string; alg: 'EdDSA'; use: 'sig' };
  kid: string;
}

/** Where a developer machine keeps its generated key: `<repo>/.local/keys/` (git-ignored, beside the data). */
export const localKeyFile = path.resolve(__dirname, '../../../../.local/keys/jwt-ed25519.pem');

/**
 * Writes a fresh Ed25519 key unless the file exists. `wx` makes two processes starting at once agree on
 * one key: the loser of the race reads the winner's file instead of overwriting it.
 */
export function ensureKeyFile(file: string): void {
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  try {
    fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

/**
 * Loads the token-signing key. A configured file must exist (production mounts it; generating one there
 * would silently invalidate every token on each restart); without one, a key is generated once locally.
 */
export async function loadSigningKey(configured: string | undefined, fallback = localKeyFile): Promise<SigningKey> {
  const file = configured ?? fallback;
  if (!configured) ensureKeyFile(file);
  let pem: string;
  try {
    pem = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`JWT_PRIVATE_KEY_FILE: cannot read ${file} (${(err as Error).message})`);
  }
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`JWT_PRIVATE_KEY_FILE: ${file} holds a ${privateKey.asymmetricKeyType} key; Ed25519 is required`);
  }
  const jwk = await exportJWK(createPublicKey(privateKey));
  // The thumbprint names the key by its content: stable across restarts and replicas sharing the file.
  const kid = await calculateJwkThumbprint(jwk);
  return { privateKey, kid, publicJwk: { ...jwk, kid, alg: 'EdDSA', use: 'sig' } };
}
