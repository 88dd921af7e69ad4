import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { filePublishedV1 } from '@league/contracts';
import { connectMongo, ObjectStorage } from '@league/platform';
import { deletePrefixedTopics, startTestIdentity, type TestIdentity } from '@league/platform/testing';
import type { Connection } from 'mongoose';
import { loadServiceConfig } from '../../services/files/src/config';
import { writeZip } from '../../services/files/src/formats';
import { http, root, sleep, spawnUntilServing, type ChildService, type Reply } from './cluster';

const child = path.join(root, 'services/files/test/support/files-child.ts');

export const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex').toUpperCase();

/** A valid mod archive of about `bytes` bytes (one stored entry of random bytes: nothing to compress). */
export const modZip = (bytes: number) => writeZip([{ name: 'blob.bin', data: randomBytes(bytes), store: true }]);

/**
 * A valid archive that takes the worker seconds to validate (every entry is opened and CRC-checked: 25,000
 * entries, about 2.6 MB, take ~3 s here): the jobs queued behind it are still waiting when a fault strikes.
 */
export const slowZip = (entries = 25_000) =>
  writeZip(
    Array.from({ length: entries }, (_, i) => ({
      name: `e${i}.txt`,
      data: i ? Buffer.from(`entry ${i}`) : randomBytes(64),
      store: true,
    })),
  );

/** The running files process. */
export type FilesProcess = ChildService;

/** One stored version of a file, as the files service keeps it (its collection read directly). */
export interface StoredFile {
  _id: string;
  fileName: string;
  status: string;
  md5: string | null;
  size: number;
  bucket: string;
  objectKey: string;
  errorMessage: string | null;
  outbox: unknown[];
}

/**
 * The files service in a process of its own (services/files/test/support/files-child.ts, the one the files
 * crash test kills), with its own database, buckets, queues and topics, an admin token, and a test-side
 * view of what it keeps: the records in its database, the objects in its bucket, the events on its topic.
 */
export class FilesStack {
  proc!: FilesProcess;
  db!: Connection;
  storage!: ObjectStorage;
  admin!: string;
  private spawned = 0;

  private constructor(
    readonly name: string,
    readonly env: NodeJS.ProcessEnv,
    readonly identity: TestIdentity,
  ) {}

  static async start(name: string, extra: NodeJS.ProcessEnv = {}): Promise<FilesStack> {
    const identity = await startTestIdentity();
    const id = randomUUID().slice(0, 8);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      JWKS_URL: identity.jwksUrl,
      MONGO_DB: `test-reliability-files-${id}`,
      KAFKA_TOPIC_PREFIX: `reliability-${id}.`,
      KAFKA_CLIENT_ID: `reliability-files-${id}`,
      FILES_BUCKET_PREFIX: `reliability-files-${id}`,
      FILES_UPLOAD_QUEUE: `reliability-files-upload-${id}`,
      FILES_FINALISE_QUEUE: `reliability-files-finalise-${id}`,
      FILES_GAME_DATA_QUEUE: `reliability-files-game-data-${id}`,
      FILES_CONSUMER_GROUP: `reliability-files-${id}`,
      FILES_DEMO_SEED: 'false',
      ...extra,
    };
    const s = new FilesStack(name, env, identity);
    const config = loadServiceConfig(env);
    s.storage = new ObjectStorage({
      endpoint: config.MINIO_ENDPOINT,
      accessKey: config.MINIO_ACCESS_KEY,
      secretKey: config.MINIO_SECRET_KEY,
      region: config.MINIO_REGION,
    });
    s.db = await connectMongo(config.MONGO_URL, config.MONGO_DB);
    s.admin = await identity.token({ username: 'Ada', roles: ['admin'] });
    await s.spawn();
    return s;
  }

  get url(): string {
    return this.proc.url;
  }

  /** The topic `files.file-published.v1` on the broker. */
  get publishedTopic(): string {
    return `${this.env.KAFKA_TOPIC_PREFIX}${filePublishedV1.topic}`;
  }

  bucket(branch: 'prod' | 'beta' = 'beta'): string {
    return `${this.env.FILES_BUCKET_PREFIX}-${branch}`;
  }

  /** Starts (or, after a kill, starts again) the files process; resolves once it serves. */
  async spawn(timeoutMs = 120_000): Promise<FilesProcess> {
    const label = `${this.name}-files-${this.spawned++}-${Date.now()}`;
    this.proc = await spawnUntilServing(
      label,
      [child, JSON.stringify(this.env)],
      (line) => (line.startsWith('{"url"') ? (JSON.parse(line) as { url: string }) : undefined),
      timeoutMs,
    );
    return this.proc;
  }

  /** /ready of the running process: 200 once MongoDB, Kafka, Redis and MinIO answer it again. */
  ready(): Promise<Reply> {
    return http(this.url, 'GET', '/ready', { timeoutMs: 10_000 });
  }

  /** Every stored version of the given file names (raw documents, outbox included). */
  records(fileNames: string[]): Promise<StoredFile[]> {
    return this.db
      .collection('files')
      .find({ fileName: { $in: fileNames } })
      .toArray() as unknown as Promise<StoredFile[]>;
  }

  /** The objects in a branch's bucket, key → size. */
  async objects(branch: 'prod' | 'beta' = 'beta'): Promise<Map<string, number>> {
    return new Map((await this.storage.list(this.bucket(branch))).map((o) => [o.key, o.size]));
  }

  /** Unfinished multipart uploads in a branch's bucket (what a writer that died mid-stream leaves behind). */
  async unfinished(branch: 'prod' | 'beta' = 'beta'): Promise<string[]> {
    const out: string[] = [];
    for await (const u of this.storage.client.listIncompleteUploads(this.bucket(branch), '', true)) out.push(u.key);
    return out;
  }

  async stop(): Promise<void> {
    if (this.proc?.alive()) {
      this.proc.child.kill('SIGKILL');
      await this.proc.exited;
    }
    for (const branch of ['prod', 'beta'] as const) {
      const bucket = this.bucket(branch);
      for (const o of await this.storage.list(bucket).catch(() => [])) await this.storage.remove(bucket, o.key);
      for (const key of await this.unfinished(branch).catch(() => []))
        await this.storage.client.removeIncompleteUpload(bucket, key).catch(() => undefined);
    }
    for (const suffix of ['prod', 'beta', 'characters', 'docs'])
      await this.storage.client.removeBucket(`${this.env.FILES_BUCKET_PREFIX}-${suffix}`).catch(() => undefined);
    await this.db?.dropDatabase().catch(() => undefined);
    await this.db?.close().catch(() => undefined);
    await this.identity.close();
    await deletePrefixedTopics(this.env.KAFKA_TOPIC_PREFIX!);
  }
}

/**
 * An admin's browser-style multipart upload (fields, then the file part), streamed in `chunkBytes` pieces
 * `paceMs` apart so that it is still arriving when a fault strikes; chunked, no Content-Length. A failed
 * connection (refused, reset, the timeout) is status 0, never a throw.
 */
export async function streamUpload(
  url: string,
  token: string,
  fileName: string,
  bytes: Buffer,
  opts: { modName?: string; chunkBytes?: number; paceMs?: number; timeoutMs?: number } = {},
): Promise<Reply> {
  const boundary = `----reliability${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="modName"\r\n\r\n${opts.modName ?? 'Reliability'}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = opts.chunkBytes ?? 64 * 1024;
  const pace = opts.paceMs ?? 0;
  let at = 0;
  let sentHead = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentHead) {
        sentHead = true;
        controller.enqueue(head);
        return;
      }
      if (at >= bytes.length) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      if (pace) await sleep(pace);
      controller.enqueue(bytes.subarray(at, at + chunk));
      at += chunk;
    },
  });
  try {
    const res = await fetch(`${url}/file?branch=beta`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
      signal: AbortSignal.timeout(opts.timeoutMs ?? 90_000),
    } as RequestInit);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* plain text */
    }
    return { status: res.status, body: parsed };
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return { status: 0, body: { message: `${e.message}${e.cause ? `: ${e.cause.message}` : ''}` } };
  }
}
