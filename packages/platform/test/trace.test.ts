import type { AddressInfo } from 'node:net';
import type { EventDefinition, EventEnvelope } from '@league/contracts';
import type { Worker } from 'bullmq';
import { createApp } from '../src/http';
import { closeServer, listen } from '../src/lifecycle';
import { EventBus } from '../src/kafka';
import { createWorker, TypedQueue } from '../src/queue';
import { capturingLogger } from '../src/testing';
import { engines, eventually, unique } from './support/engines';
import { widgetMovedEvent } from './support/widget';

jest.setTimeout(120_000);

// One trace id across the hops of a browser action, read back from the JSON log lines, as an operator would
// grep them: the browser's request reaches an edge app (standing for the BFF), which forwards it with
// x-request-id to a service; the service queues a BullMQ job and publishes a Kafka event; the worker that
// finishes the job and the consumer that handles the event log with the same id. Real Redis and Kafka.

describe('one trace id from the browser request to the worker and the consumer', () => {
  let def: EventDefinition;
  let bus: EventBus;
  let queue: TypedQueue<{ widgetId: string }>;
  let worker: Worker;
  const servers: import('node:http').Server[] = [];
  const edgeLog = capturingLogger('edge');
  const serviceLog = capturingLogger('widgets');
  const group = unique('trace-consumer');
  const queueName = unique('trace-jobs');

  beforeAll(async () => {
    def = widgetMovedEvent(unique('t').replace(/[^a-z0-9]/g, ''));
    bus = new EventBus({
      brokers: engines.kafkaBrokers,
      clientId: 'trace-test',
      logger: serviceLog.logger,
      definitions: (t) => (t === def.type ? def : undefined),
    });
    await bus.ensureTopics([def.topic, def.dlqTopic], 1);
    await bus.connect();
    await bus.subscribe({
      groupId: group,
      handlers: {
        [def.type]: async (e) => {
          serviceLog.logger.info({ eventId: (e as EventEnvelope).id }, 'widget moved handled');
        },
      },
    });
    queue = new TypedQueue(queueName, engines.redisUrl);
    worker = createWorker<{ widgetId: string }>(queueName, engines.redisUrl, serviceLog.logger, async (p) => {
      serviceLog.logger.info({ widgetId: p.widgetId }, 'widget job finished');
    });
  });

  afterAll(async () => {
    for (const s of servers) await closeServer(s);
    await worker?.close();
    await worker?.disconnect();
    await queue?.queue.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await bus?.disconnect();
  });

  async function start(app: ReturnType<typeof createApp>): Promise<string> {
    const server = await listen(app, 0);
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  test('when a request passes the edge, a service, a queued job and a Kafka event, then every log line on the way carries the id the browser got back', async () => {
    const service = await start(
      createApp({
        service: 'widgets',
        logger: serviceLog.logger,
        configure: (app) =>
          app.post('/widgets/:id/move', async (req, res) => {
            serviceLog.logger.info({ widgetId: req.params.id }, 'move requested');
            await queue.add('move', { widgetId: req.params.id });
            await bus.publish(def, { widgetId: req.params.id, to: 'shelf-2' } as never, req.params.id);
            res.status(202).json({ queued: true });
          }),
      }),
    );
    const edge = await start(
      createApp({
        service: 'edge',
        logger: edgeLog.logger,
        // What the BFF's proxy does: the id of this request goes upstream as x-request-id.
        configure: (app) =>
          app.post('/api/widgets/:id/move', async (req, res) => {
            const id = String(res.getHeader('x-request-id'));
            edgeLog.logger.info('forwarding');
            const up = await fetch(`${service}/widgets/${req.params.id}/move`, {
              method: 'POST',
              headers: { 'x-request-id': id },
            });
            res.status(up.status).json(await up.json());
          }),
      }),
    );

    const res = await fetch(`${edge}/api/widgets/w1/move`, { method: 'POST' });
    expect(res.status).toBe(202);
    const traceId = res.headers.get('x-request-id');
    expect(traceId).toMatch(/^[0-9a-f-]{36}$/);

    const line = (lines: Record<string, unknown>[], msg: string) => lines.find((l) => l.msg === msg);
    await eventually(
      async () => line(serviceLog.lines, 'widget job finished') && line(serviceLog.lines, 'widget moved handled'),
      60_000,
    );
    expect({
      edge: line(edgeLog.lines, 'forwarding')?.requestId,
      service: line(serviceLog.lines, 'move requested')?.requestId,
      jobStarted: line(serviceLog.lines, 'job started')?.requestId,
      worker: line(serviceLog.lines, 'widget job finished')?.requestId,
      consumer: line(serviceLog.lines, 'widget moved handled')?.requestId,
    }).toEqual({ edge: traceId, service: traceId, jobStarted: traceId, worker: traceId, consumer: traceId });

    // The service's /metrics shows the request latency, the consumer group's lag (caught up: 0) and the
    // queue's depth by state (the one job completed, none waiting).
    // Label order in the exposition is prom-client's business: match each sample by its set of labels.
    const sample = (text: string, name: string, labels: Record<string, string>) =>
      text
        .split('\n')
        .filter((l) => l.startsWith(`${name}{`))
        .find((l) => Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)))
        ?.split(' ')
        .pop();
    const text = await eventually(async () => {
      const t = await (await fetch(`${service}/metrics`)).text();
      return sample(t, 'bullmq_queue_jobs', { queue: queueName, state: 'completed' }) === '1' &&
        sample(t, 'kafka_consumer_lag', { group, topic: def.topic, partition: '0' }) === '0'
        ? t
        : undefined;
    }, 30_000);
    expect(sample(text, 'bullmq_queue_jobs', { queue: queueName, state: 'waiting', service: 'widgets' })).toBe('0');
    expect(sample(text, 'kafka_consumer_lag', { group, service: 'widgets' })).toBe('0');
    expect(
      Number(
        sample(text, 'http_request_duration_seconds_count', { method: 'POST', status: '202', service: 'widgets' }),
      ),
    ).toBe(1);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  });
});
