import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { callJson, startTestIdentity, testEnv, type TestIdentity } from '@league/platform/testing';
import { Kafka, logLevel } from 'kafkajs';
import type { FileVersion } from '../../src/data/file.repository';
import { start, type FilesService } from '../../src/server';
import { eventually } from '@league/platform/testing';

export const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
export const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex').toUpperCase();
export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export { eventually };

/**
 * A processing beta mod version as an upload stores it before its checks (stored by `create`, made ready by
 * `markReady`): `over` sets the slot, names or creation time.
 */
export function processingVersion(
  svc: FilesService,
  over: Partial<FileVersion> = {},
): Omit<FileVersion, 'createdAt'> & { createdAt?: Date } {
  return {
    _id: randomUUID(),
    branch: 'beta',
    kind: 'mod',
    slot: `mod:test-${randomUUID().slice(0, 6)}.arz`,
    fileName: 'test.arz',
    extension: '.arz',
    modName: 'Test',
    version: '1',
    bucket: svc.bucketFor('beta'),
    objectKey: `files/${randomUUID()}`,
    status: 'processing',
    errorMessage: null,
    size: 0,
    md5: null,
    sha256: null,
    uploadedBy: 'Ada',
    promotedFrom: null,
    readyAt: null,
    ...over,
  };
}

export interface Harness {
  env: NodeJS.ProcessEnv;
  svc: FilesService;
  identity: TestIdentity;
  admin: string;
  player: string;
  tester: string;
  stop: () => Promise<void>;
}

/** The files service on port 0 with its own database, buckets and queues, trusting a test identity. */
export async function startHarness(extra: NodeJS.ProcessEnv = {}): Promise<Harness> {
  const identity = await startTestIdentity();
  const env = testEnv('files', {
    JWKS_URL: identity.jwksUrl,
    FILES_BUCKET_PREFIX: unique('test-files'),
    FILES_UPLOAD_QUEUE: unique('files-upload-processing'),
    FILES_FINALISE_QUEUE: unique('files-beta-finalisation'),
    FILES_GAME_DATA_QUEUE: unique('files-game-data'),
    KAFKA_CLIENT_ID: unique('files-test'),
    ...extra,
  });
  const svc = await start(env);
  const [admin, player, tester] = await Promise.all([
    identity.token({ username: 'Ada', roles: ['admin'] }),
    identity.token({ username: 'Pip', roles: [] }),
    identity.token({ username: 'Tess', roles: ['tester'] }),
  ]);
  return {
    env,
    svc,
    identity,
    admin,
    player,
    tester,
    stop: async () => {
      for (const bucket of [
        svc.bucketFor('prod'),
        svc.bucketFor('beta'),
        `${env.FILES_BUCKET_PREFIX}-characters`,
        `${env.FILES_BUCKET_PREFIX}-docs`,
      ]) {
        for (const o of await svc.storage.list(bucket).catch(() => [])) await svc.storage.remove(bucket, o.key);
        // A worker killed mid-copy leaves an unfinished multipart upload behind.
        const unfinished: string[] = [];
        for await (const u of svc.storage.client.listIncompleteUploads(bucket, '', true)) unfinished.push(u.key);
        for (const key of unfinished) await svc.storage.client.removeIncompleteUpload(bucket, key);
        await svc.storage.client.removeBucket(bucket).catch(() => undefined);
      }
      await svc.mongo.dropDatabase().catch(() => undefined);
      await svc.stop();
      await identity.close();
    },
  };
}

export interface UploadFields {
  fileName?: string;
  modName?: string;
  version?: string;
  branch?: string;
}

/** A browser-style multipart upload. */
export async function upload(
  h: Harness,
  name: string,
  bytes: Buffer,
  fields: UploadFields = {},
  query = '',
  token: string | null = h.admin,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${h.svc.url}/file${query}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function getJson(h: Harness, path: string, token?: string) {
  const { status, body } = await callJson(h.svc.url, 'GET', path, { token });
  return { status, body };
}

/** Reads a topic from the start with a plain kafkajs consumer until `match` finds what the test waits for. */
export async function awaitEvent<T>(topic: string, match: (e: { id: string; data: T }) => boolean, timeoutMs = 30_000) {
  const kafka = new Kafka({
    clientId: 'files-witness',
    brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    logLevel: logLevel.NOTHING,
  });
  const consumer = kafka.consumer({ groupId: unique('files-witness'), maxWaitTimeInMs: 200 });
  const seen: Array<{ id: string; data: T }> = [];
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const e = JSON.parse(message.value?.toString() ?? '{}') as { id: string; data: T };
      if (match(e)) seen.push(e);
    },
  });
  try {
    return await eventually(async () => seen.length > 0 && seen, timeoutMs);
  } finally {
    await consumer.disconnect();
  }
}

/** Starts the files service in a child process with the same environment (its own node, killable). */
export function startChild(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '-r',
        path.join(__dirname, '../../../../packages/platform/test/support/ts-register.js'),
        path.join(__dirname, 'files-child.ts'),
        JSON.stringify(env),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += String(d);
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve({ child, url: (JSON.parse(line!) as { url: string }).url });
    });
    child.stderr.on('data', (d: Buffer) => (err += String(d)));
    child.on('exit', (code) => reject(new Error(`files child exited ${code}: ${err}`)));
  });
}
