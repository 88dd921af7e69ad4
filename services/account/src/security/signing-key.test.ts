import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadSigningKey } from './signing-key';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'signing-key-'));

describe('the signing key', () => {
  it('when no key is configured, then one is generated once with mode 0600 and reused with the same kid', async () => {
    const file = path.join(tmp(), 'keys', 'jwt-ed25519.pem');
    const first = await loadSigningKey(undefined, file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = await loadSigningKey(undefined, file);
    expect(second.kid).toBe(first.kid);
    expect(first.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: first.kid });
    expect(first.publicJwk).not.toHaveProperty('d');
  });

  it('when a configured file is missing, then it refuses to start instead of inventing a key', async () => {
    const file = path.join(tmp(), 'absent.pem');
    await expect(loadSigningKey(file)).rejects.toThrow(/JWT_PRIVATE_KEY_FILE: cannot read/);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('when the configured key is not Ed25519, then it says so', async () => {
    const file = path.join(tmp(), 'rsa.pem');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    await expect(loadSigningKey(file)).rejects.toThrow(/holds a rsa key; Ed25519 is required/);
  });
});
