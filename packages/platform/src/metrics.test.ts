import { createMetrics, registerDepthSource, registerLagSource } from './metrics';

// The scrape-time gauges, with fake sources (the engine-backed readings are in test/trace.test.ts).

test('when sources are registered, then a scrape reports each lag and depth sample, and an unregistered source is gone', async () => {
  const { registry } = createMetrics('svc');
  const offLag = registerLagSource(async () => [{ group: 'g1', topic: 't1', partition: 2, lag: 7 }]);
  const offDepth = registerDepthSource(async () => [
    { queue: 'q1', state: 'waiting', count: 3 },
    { queue: 'q1', state: 'active', count: 1 },
  ]);
  try {
    const text = await registry.metrics();
    expect(text).toContain('kafka_consumer_lag{group="g1",topic="t1",partition="2",service="svc"} 7');
    expect(text).toContain('bullmq_queue_jobs{queue="q1",state="waiting",service="svc"} 3');
    expect(text).toContain('bullmq_queue_jobs{queue="q1",state="active",service="svc"} 1');
  } finally {
    offLag();
    offDepth();
  }
  const after = await registry.metrics();
  expect(after).not.toContain('group="g1"');
  expect(after).not.toContain('queue="q1"');
});

test('when one source fails, then the others are still reported', async () => {
  const { registry } = createMetrics('svc');
  const offs = [
    registerLagSource(() => Promise.reject(new Error('broker down'))),
    registerLagSource(async () => [{ group: 'g2', topic: 't2', partition: 0, lag: 0 }]),
  ];
  try {
    const text = await registry.metrics();
    expect(text).toContain('kafka_consumer_lag{group="g2",topic="t2",partition="0",service="svc"} 0');
  } finally {
    offs.forEach((off) => off());
  }
});
