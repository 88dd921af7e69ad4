import { Queue, QueueEvents, Worker, type Job, type JobsOptions, type WorkerOptions } from 'bullmq';
import Redis, { type RedisOptions } from 'ioredis';
import { currentRequestId, runWithContext } from './context';
import type { Logger } from './logger';
import { registerDepthSource } from './metrics';

/** The states counted by the queue-depth metric. */
export const QUEUE_STATES = [
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'waiting-children',
  'failed',
  'completed',
] as const;

/** BullMQ needs its own blocking connections with no per-request retry limit. */
export function redisConnection(url: string, extra: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, ...extra });
}

/**
 * A connection that only SUBSCRIBEs (pub/sub fan-out between replicas). No ready check and no client info:
 * ioredis 5.8+ may send its INFO / CLIENT SETINFO handshake after a SUBSCRIBE issued while connecting, which
 * the connection then refuses ('Connection in subscriber mode'), and the error's reconnect drops messages
 * (ioredis#2037). Neither handshake is of use on a subscriber.
 */
export function redisSubscriber(url: string): Redis {
  return redisConnection(url, { maxRetriesPerRequest: 3, enableReadyCheck: false, disableClientInfo: true });
}

export async function redisReady(redis: Redis): Promise<boolean> {
  return (await redis.ping()) === 'PONG';
}

/** Every job carries the request id of whoever queued it, so its logs join the request's. */
export interface JobEnvelope<T> {
  requestId: string;
  payload: T;
}

export const defaultJobOptions: JobsOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** How a wait for a job ended. */
export type JobOutcome = 'completed' | 'failed' | 'timeout' | 'missing';

export class TypedQueue<T> {
  readonly queue: Queue<JobEnvelope<T>>;
  /** The queue's event stream, opened on the first wait (it holds a blocking connection of its own). */
  private events?: QueueEvents;
  private eventsConnection?: Redis;
  private readonly unregisterDepth: () => void;

  constructor(
    name: string,
    private readonly redisUrl: string,
    opts: JobsOptions = {},
  ) {
    this.queue = new Queue<JobEnvelope<T>>(name, {
      connection: redisConnection(redisUrl),
      defaultJobOptions: { ...defaultJobOptions, ...opts },
    });
    this.unregisterDepth = registerDepthSource(async () => {
      const counts = await this.queue.getJobCounts(...QUEUE_STATES);
      return QUEUE_STATES.map((state) => ({ queue: name, state, count: counts[state] ?? 0 }));
    });
  }

  /** `jobId` makes a request idempotent: a second add with the same id returns the existing job. */
  add(name: string, payload: T, opts: JobsOptions = {}): Promise<Job<JobEnvelope<T>>> {
    return this.queue.add(name as never, { requestId: currentRequestId(), payload } as never, opts) as never;
  }

  /**
   * Waits until the job finishes, as BullMQ reports it (QueueEvents + `Job.waitUntilFinished`, which also
   * catches a job that finished before the wait began), for at most `ttlMs`. Never throws for the job's sake.
   */
  async waitUntilFinished(jobId: string, ttlMs: number): Promise<JobOutcome> {
    if (!this.events) {
      this.eventsConnection = redisConnection(this.redisUrl);
      this.events = new QueueEvents(this.queue.name, { connection: this.eventsConnection });
    }
    const job = await this.queue.getJob(jobId);
    if (!job) return 'missing';
    try {
      await job.waitUntilFinished(this.events, ttlMs);
      return 'completed';
    } catch (err) {
      return /timed out before finishing/.test((err as Error).message) ? 'timeout' : 'failed';
    }
  }

  async close(): Promise<void> {
    this.unregisterDepth();
    await this.events?.close();
    this.eventsConnection?.disconnect();
    await this.queue.close();
    await this.queue.disconnect();
  }
}

/**
 * Caps how many jobs of queue `name` are active at once across every worker of every replica: BullMQ's
 * global concurrency, kept in Redis with the queue and checked by the script that hands a job to a worker,
 * so it holds whatever the number of pods. Idempotent; each replica sets it at start.
 */
export async function setQueueGlobalConcurrency(name: string, redisUrl: string, concurrency: number): Promise<void> {
  const connection = redisConnection(redisUrl, { maxRetriesPerRequest: 3 });
  const queue = new Queue(name, { connection });
  try {
    await queue.setGlobalConcurrency(concurrency);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

export function createWorker<T, R = unknown>(
  name: string,
  redisUrl: string,
  logger: Logger,
  process: (payload: T, job: Job<JobEnvelope<T>>) => Promise<R>,
  opts: Partial<WorkerOptions> = {},
): Worker<JobEnvelope<T>, R> {
  const log = logger.child({ queue: name });
  const worker = new Worker<JobEnvelope<T>, R>(
    name,
    (job) =>
      runWithContext({ requestId: job.data.requestId }, async () => {
        log.info({ jobId: job.id, attempt: job.attemptsMade + 1 }, 'job started');
        return process(job.data.payload, job);
      }),
    { connection: redisConnection(redisUrl), concurrency: 1, ...opts },
  );
  worker.on('failed', (job, err) => log.warn({ jobId: job?.id, attempts: job?.attemptsMade, err }, 'job failed'));
  worker.on('error', (err) => log.error({ err }, 'worker error'));
  return worker;
}
