// A separate process that publishes one event through the platform's bus, then exits.
import pino from 'pino';
import { EventBus } from '../../src/kafka';
import { widgetMovedEvent } from './widget';

async function main() {
  const [suffix, brokers, widgetId, to] = process.argv.slice(2) as [string, string, string, string];
  const def = widgetMovedEvent(suffix);
  const bus = new EventBus({
    brokers: brokers.split(','),
    clientId: 'publisher-child',
    logger: pino({ level: 'silent' }),
    definitions: () => def,
  });
  await bus.connect();
  const env = await bus.publish(def, { widgetId, to }, widgetId);
  process.stdout.write(JSON.stringify({ id: env.id }));
  await bus.disconnect();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
