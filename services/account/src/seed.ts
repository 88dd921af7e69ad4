import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { connectMongo, Locks, redisConnection } from '@league/platform';
import { loadServiceConfig } from './config';
import { refreshTokenModel } from './data/refresh-token.model';
import { userModel } from './data/user.model';
import { MongoUserRepository } from './data/user.repository';
import { registerUser } from './domain/register-user';
import { argon2Hasher } from './security/password-hasher';

/** `<repo>/.local`, beside the engines' data (git-ignored). */
export const localDir = path.resolve(__dirname, '../../../.local');

const DEMO_USERS: Array<{ username: string; roles: string[] }> = [
  { username: 'tester', roles: ['tester'] },
  { username: 'player1', roles: [] },
  { username: 'player2', roles: [] },
  { username: 'player3', roles: [] },
];

/** A password the rules accept (no '=', 8+ characters) and nobody guesses. */
const newPassword = () => randomBytes(12).toString('base64url');

/** The password kept in a file (mode 0600); written once so later starts print the same one. */
function rememberedPassword(file: string, given?: string): string {
  if (given) return given;
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const password = newPassword();
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

export interface SeedResult {
  adminUsername: string;
  /** Undefined when the admin exists with a password other than the remembered one. */
  adminPassword?: string;
  demoPassword?: string;
  created: string[];
}

/**
 * Idempotent demo seed: an admin (admin + tester), a tester and three players, each created only if
 * missing. New users go through the registration use case, so their user-registered events are in the
 * outbox for the service's relay to publish when it starts.
 */
export async function seedDemo(env: NodeJS.ProcessEnv = process.env, dir = localDir): Promise<SeedResult> {
  const config = loadServiceConfig(env);
  const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  // The same locks as the running service's replicas: the seed may run while they serve.
  const redis = redisConnection(config.REDIS_URL, { maxRetriesPerRequest: 3 });
  try {
    const model = userModel(mongo);
    await Promise.all([model.init(), refreshTokenModel(mongo).init()]);
    const users = new MongoUserRepository(model, new Locks(redis));
    const deps = { users, hasher: argon2Hasher, now: () => new Date(), published: () => undefined };
    const created: string[] = [];

    const ensure = async (username: string, password: string, roles: string[]) => {
      const existing = await users.findByUsername(username);
      if (existing) return (await argon2Hasher.verify(existing.passwordHash, password)) ? password : undefined;
      await registerUser(deps, { username, email: `${username.toLowerCase()}@grim-league.local`, password }, roles);
      created.push(username);
      return password;
    };

    const adminUsername = env.ADMIN_USERNAME?.trim() || 'admin';
    const adminPassword = await ensure(
      adminUsername,
      rememberedPassword(path.join(dir, 'admin-password.txt'), env.ADMIN_PASSWORD),
      ['admin', 'tester'],
    );
    const demo = rememberedPassword(path.join(dir, 'demo-password.txt'));
    let demoPassword: string | undefined = demo;
    for (const u of DEMO_USERS) if (!(await ensure(u.username, demo, u.roles))) demoPassword = undefined;
    return { adminUsername, adminPassword, demoPassword, created };
  } finally {
    redis.disconnect();
    await mongo.close();
  }
}

async function main() {
  const result = await seedDemo();
  if (result.created.length) console.log(`seeded users: ${result.created.join(', ')}`);
  console.log(
    result.adminPassword
      ? `admin password: ${result.adminPassword}   (user ${result.adminUsername})`
      : `admin password: changed since it was seeded (user ${result.adminUsername}; use "Forgot password")`,
  );
  if (result.demoPassword) {
    console.log(`demo users ${DEMO_USERS.map((u) => u.username).join(', ')} password: ${result.demoPassword}`);
  }
}

if (require.main === module) {
  main().catch((err: Error) => {
    console.error(`seed failed: ${err.message}`);
    process.exit(1);
  });
}
