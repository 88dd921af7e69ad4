import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@league/contracts';
import { AssignerProtocol, Kafka, logLevel } from 'kafkajs';

const brokers = () => (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const kafka = () => new Kafka({ clientId: 'reliability-log', brokers: brokers(), logLevel: logLevel.NOTHING });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEnvelope = EventEnvelope<any>;

/** Where each partition of some topics ended at one moment: what was published after it is read back later. */
export interface TopicMark {
  topics: Record<string, Array<{ partition: number; offset: string }>>;
}

/**
 * Records the end of each partition of the given (wire) topics now. A broker that was just started again, or
 * one busy with the topics an earlier suite deleted, can answer a metadata or offsets request with a
 * retriable error for a moment: the mark is asked again for up to `timeoutMs` before the round gives up.
 */
export async function markTopics(topics: string[], timeoutMs = 30_000): Promise<TopicMark> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const admin = kafka().admin();
    try {
      await admin.connect();
      const out: TopicMark = { topics: {} };
      for (const topic of topics) {
        out.topics[topic] = (await admin.fetchTopicOffsets(topic)).map((p) => ({
          partition: p.partition,
          offset: p.high,
        }));
      }
      return out;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`marking ${topics.join(', ')}: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }
}

/**
 * Every message published to the marked topics since the mark, read by a fresh consumer group from the
 * partitions' beginnings and kept from the mark to the partitions' current ends: an independent record of
 * what went over the wire (it survives a broker restart between the mark and the read, which a long-running
 * witness would not). The group commits nothing and starts at the beginning rather than having its offsets
 * set (kafkajs' admin.setOffsets runs a consumer of its own and waits out a fetch, 5 s a topic); its fetches
 * wait at most 100 ms for data, so leaving the group does not wait out a long poll either.
 */
export async function readSince(mark: TopicMark, timeoutMs = 60_000): Promise<Record<string, AnyEnvelope[]>> {
  const k = kafka();
  const admin = k.admin();
  const ends = new Map<string, bigint>();
  await admin.connect();
  try {
    for (const topic of Object.keys(mark.topics))
      for (const p of await admin.fetchTopicOffsets(topic)) ends.set(`${topic}/${p.partition}`, BigInt(p.high));
  } finally {
    await admin.disconnect();
  }
  const out: Record<string, AnyEnvelope[]> = Object.fromEntries(Object.keys(mark.topics).map((t) => [t, []]));
  const from = new Map<string, bigint>();
  for (const [topic, partitions] of Object.entries(mark.topics))
    for (const p of partitions) from.set(`${topic}/${p.partition}`, BigInt(p.offset));
  // The next offset still to read of each partition: the mark's to begin with, its end once read through.
  const reached = new Map(from);
  const done = () => [...ends].every(([key, end]) => (reached.get(key) ?? 0n) >= end);
  if (done()) return out;
  const consumer = k.consumer({ groupId: `reliability-read-${randomUUID().slice(0, 8)}`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: Object.keys(mark.topics), fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ topic, partition, message }) => {
        const key = `${topic}/${partition}`;
        const offset = BigInt(message.offset);
        if (offset < (from.get(key) ?? 0n) || offset >= (ends.get(key) ?? 0n)) return;
        out[topic]!.push(JSON.parse(message.value?.toString() ?? '{}') as AnyEnvelope);
        reached.set(key, offset + 1n);
      },
    });
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline)
        throw new Error(`reading the marked topics did not reach their ends in ${timeoutMs}ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return out;
  } finally {
    await consumer.disconnect();
  }
}

/** The members of a consumer group (each one consumer of one process) with the partitions each holds, by topic. */
export async function groupMembers(
  groupId: string,
): Promise<Array<{ memberId: string; topics: Record<string, number[]> }>> {
  const admin = kafka().admin();
  await admin.connect();
  try {
    const { groups } = await admin.describeGroups([groupId]);
    return (groups[0]?.members ?? []).map((m) => ({
      memberId: m.memberId,
      topics: m.memberAssignment.length
        ? (AssignerProtocol.MemberAssignment.decode(m.memberAssignment)?.assignment ?? {})
        : {},
    }));
  } finally {
    await admin.disconnect();
  }
}
