import argon2 from 'argon2';
import type { PasswordHasher } from '../domain/ports';

/** argon2id with the library's defaults (OWASP's recommended memory-hard settings: 64 MiB, t=3). */
export const argon2Hasher: PasswordHasher = {
  hash: (password) => argon2.hash(password, { type: argon2.argon2id }),
  verify: async (hash, password) => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  },
};
