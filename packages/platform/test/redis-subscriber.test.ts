import type Redis from 'ioredis';
import { redisConnection, redisSubscriber } from '../src/queue';
import { engines, eventually, unique } from './support/engines';

jest.setTimeout(30_000);

describe('a pub/sub subscriber connection against the real Redis', () => {
  const publisher = redisConnection(engines.redisUrl);
  afterAll(() => publisher.disconnect());

  it('when ten subscribers SUBSCRIBE as their connections open, then none errs and each gets every message', async () => {
    const channel = unique('fanout');
    const subscribers: Redis[] = [];
    const errors: Error[] = [];
    const got = new Map<Redis, string[]>();
    try {
      for (let i = 0; i < 10; i += 1) {
        const s = redisSubscriber(engines.redisUrl);
        subscribers.push(s);
        got.set(s, []);
        s.on('error', (err: Error) => errors.push(err));
        s.on('message', (_c: string, m: string) => got.get(s)!.push(m));
      }
      // Issued as each connection opens, before it is ready: the race with the INFO ready check (ioredis#2037).
      await Promise.all(
        subscribers.map((s) => new Promise((resolve) => s.once('connect', () => resolve(s.subscribe(channel))))),
      );
      for (let m = 0; m < 20; m += 1) await publisher.publish(channel, String(m));
      await eventually(async () => subscribers.every((s) => got.get(s)!.length === 20), 10_000);
      expect(errors).toEqual([]);
      for (const s of subscribers) expect(got.get(s)).toEqual(Array.from({ length: 20 }, (_, m) => String(m)));
    } finally {
      for (const s of subscribers) s.disconnect();
    }
  });
});
