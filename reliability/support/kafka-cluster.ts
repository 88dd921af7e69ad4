import fs from 'node:fs';
import path from 'node:path';
import { kafkaClusterBrokers, loadSettings, status } from '@league/stack';
import { Kafka, logLevel, type Admin } from 'kafkajs';
import { root, sleep } from './cluster';

/** KAFKA_BROKERS of tools/stack's three-broker cluster (`npm run stack -- up kafka-cluster`). */
export const clusterBrokers = () => kafkaClusterBrokers(loadSettings()).split(',');

export function clusterAdmin(): Admin {
  return new Kafka({ clientId: 'reliability-cluster', brokers: clusterBrokers(), logLevel: logLevel.NOTHING }).admin();
}

/** The pid of cluster node n as tools/stack recorded it (undefined when it is not running). */
export async function brokerPid(n: number): Promise<number | undefined> {
  const row = (await status(loadSettings(), [`kafka-${n}`]))[0];
  return row?.pid;
}

/** Partitions whose in-sync replicas are fewer than their replicas, over every topic of the cluster. */
export async function underReplicated(admin: Admin): Promise<number> {
  const { topics } = await admin.fetchTopicMetadata();
  return topics.reduce((n, t) => n + t.partitions.filter((p) => p.isr.length < p.replicas.length).length, 0);
}

/** The leader of each partition of a topic, by partition. */
export async function leaders(admin: Admin, topic: string): Promise<number[]> {
  const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
  return topics[0]!.partitions.sort((a, b) => a.partitionId - b.partitionId).map((p) => p.leader);
}

/**
 * Creates a topic of 3 partitions, 3 replicas each, min.insync.replicas 2, whose preferred leader is broker
 * `leader` on every partition: so that killing that broker takes away the leader of all of them at once.
 */
export async function createLedBy(admin: Admin, topic: string, leader: number, brokers: number[]): Promise<void> {
  const others = brokers.filter((b) => b !== leader);
  await admin.createTopics({
    // kafkajs' own wait gives up ("This server does not host this topic-partition") when the broker it asks has
    // not heard of the new topic yet, the usual case on a cluster for a moment: the metadata is polled instead.
    waitForLeaders: false,
    topics: [
      {
        topic,
        replicaAssignment: [0, 1, 2].map((partition) => ({
          partition,
          replicas: [leader, ...(partition % 2 ? [...others].reverse() : others)],
        })),
        configEntries: [{ name: 'min.insync.replicas', value: '2' }],
      },
    ],
  });
  const led = await poll(async () => {
    const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
    return topics[0]?.partitions.length === 3 && topics[0].partitions.every((p) => p.leader >= 0);
  }, 30_000);
  if (!led) throw new Error(`${topic}: no leader for each of its 3 partitions within 30 s`);
}

/** Waits for `check` to return a value, polling every `everyMs`; undefined after `timeoutMs`. */
export async function poll<T>(check: () => Promise<T | undefined | false>, timeoutMs: number, everyMs = 250) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = await check().catch(() => undefined);
    if (v !== undefined && v !== false) return v;
    await sleep(everyMs);
  }
  return undefined;
}

/** The last lines of a cluster node's log, for a failure message. */
export function brokerLogTail(n: number, lines = 20): string {
  const file = path.join(root, '.local', 'logs', `kafka-${n}.log`);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n') : '';
}
