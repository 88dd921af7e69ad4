import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { skipHistory } from '../src/testing';

/** The test helper that points a new consumer group at the end of its topics, on the real broker. */
describe('skipHistory', () => {
  it('when topics already hold events, then the new group has every partition committed at its end', async () => {
    const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
    const kafka = new Kafka({ clientId: 'test-skip-history', brokers, logLevel: logLevel.NOTHING });
    const id = randomUUID().slice(0, 8);
    const topics = ['a', 'b', 'c'].map((t) => `test-skip-history-${id}-${t}`);
    const admin = kafka.admin();
    const producer = kafka.producer();
    await Promise.all([admin.connect(), producer.connect()]);
    try {
      await admin.createTopics({ topics: topics.map((topic) => ({ topic, numPartitions: 3 })), waitForLeaders: true });
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
