import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { EventBus } from '../src/kafka';
import { createLogger } from '../src/logger';
import { skipHistory } from '../src/testing';
import { engines } from './support/engines';

/** The test helper that points a new consumer group at the end of its topics, on the real broker. */
describe('skipHistory', () => {
  it('when topics already hold events, then the new group has every partition committed at its end', async () => {
    const kafka = new Kafka({
      clientId: 'test-skip-history',
      brokers: engines.kafkaBrokers,
      logLevel: logLevel.NOTHING,
    });
    const id = randomUUID().slice(0, 8);
    const topics = ['a', 'b', 'c'].map((t) => `test-skip-history-${id}-${t}`);
    const admin = kafka.admin();
    const producer = kafka.producer();
    await Promise.all([admin.connect(), producer.connect()]);
    try {
      // The platform's topic creation (it waits for every partition's leader, which kafkajs' own wait does not
      // on a broker just started).
      await new EventBus({
        brokers: engines.kafkaBrokers,
        clientId: 'test-skip-history',
        logger: createLogger('test', 'silent'),
      }).ensureTopics(topics);
      for (const [n, topic] of topics.entries())
        await producer.send({
          topic,
          messages: Array.from({ length: 5 + n }, (_, i) => ({ key: String(i), value: '{}' })),
        });
      const groupId = `test-skip-history-${id}`;
      await skipHistory(groupId, topics);
      for (const topic of topics) {
        const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
        const ends = await admin.fetchTopicOffsets(topic);
        const byPartition = (rows: Array<{ partition: number; offset: string }>) =>
          rows.map((r) => [r.partition, r.offset]).sort((a, b) => Number(a[0]) - Number(b[0]));
        expect(byPartition(committed!.partitions)).toEqual(byPartition(ends.map((e) => ({ ...e, offset: e.high }))));
        expect(ends.reduce((sum, e) => sum + Number(e.high), 0)).toBeGreaterThan(0);
      }
    } finally {
      await admin.deleteTopics({ topics }).catch(() => undefined);
      await Promise.all([admin.disconnect(), producer.disconnect()]);
    }
  }, 60_000);
});
