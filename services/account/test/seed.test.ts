import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectMongo } from '@league/platform';
import { testEnv } from '@league/platform/testing';
import argon2 from 'argon2';
import { seedDemo } from '../src/seed';

jest.setTimeout(60_000);

describe('the demo seed', () => {
  it('when run twice, then it creates the admin, tester and players once and prints the same true password', async () => {
    const env = testEnv('account');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-'));
    const first = await seedDemo(env, dir);
    const mongo = await connectMongo('mongodb://127.0.0.1:27017', env.MONGO_DB!);
    try {
      expect(first.created).toEqual(['admin', 'tester', 'player1', 'player2', 'player3']);
      const file = path.join(dir, 'admin-password.txt');
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.adminPassword);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const admin = await mongo.collection('users').findOne({ usernameKey: 'admin' });
      expect(admin!.roles).toEqual(['admin', 'tester']);
      expect(await argon2.verify(admin!.passwordHash, first.adminPassword!)).toBe(true);
      expect(admin!.outbox[0].envelope).toMatchObject({
        type: 'account.user-registered.v1',
        data: { username: 'admin', roles: ['admin', 'tester'] },
      });

      const second = await seedDemo(env, dir);
      expect(second).toMatchObject({
        created: [],
        adminPassword: first.adminPassword,
        demoPassword: first.demoPassword,
      });
      expect(await mongo.collection('users').countDocuments()).toBe(5);

      // A password changed after seeding is not printed as if it were still true.
      await mongo
        .collection('users')
        .updateOne({ usernameKey: 'admin' }, { $set: { passwordHash: await argon2.hash('x-other-1') } });
      expect((await seedDemo(env, dir)).adminPassword).toBeUndefined();
    } finally {
      await mongo.dropDatabase();
      await mongo.close();
    }
  });

  it('when ADMIN_USERNAME and ADMIN_PASSWORD are given, then the admin gets them', async () => {
    const env = testEnv('account', { ADMIN_USERNAME: 'Boss', ADMIN_PASSWORD: 'given-password-1' });
    const result = await seedDemo(env, fs.mkdtempSync(path.join(os.tmpdir(), 'seed-')));
    const mongo = await connectMongo('mongodb://127.0.0.1:27017', env.MONGO_DB!);
    try {
      expect(result).toMatchObject({ adminUsername: 'Boss', adminPassword: 'given-password-1' });
      const admin = await mongo.collection('users').findOne({ usernameKey: 'boss' });
      expect(await argon2.verify(admin!.passwordHash, 'given-password-1')).toBe(true);
    } finally {
      await mongo.dropDatabase();
      await mongo.close();
    }
  });
});
