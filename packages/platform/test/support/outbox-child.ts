// A service process for the crash test. Mode 'write-then-crash' stores a state change with its pending
// event in one update and is killed before it can publish; mode 'relay' is the restarted process.
import mongoose from 'mongoose';
import pino from 'pino';
import { EventBus } from '../../src/kafka';
import { OutboxRelay, outboxEntry } from '../../src/outbox';
import { widgetModel, widgetMovedEvent } from './widget';

async function main() {
  const [mode, suffix, mongoUrl, db, brokers, widgetId] = process.argv.slice(2) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const def = widgetMovedEvent(suffix);
  const conn = await mongoose.createConnection(mongoUrl, { dbName: db }).asPromise();
  const Widget = widgetModel(conn);
  if (mode === 'write-then-crash') {
    await Widget.updateOne(
      { _id: widgetId },
      {
        $set: { shelf: 'B' },
        $inc: { moves: 1 },
        $push: { outbox: outboxEntry(def, { widgetId, to: 'B' }, widgetId) },
      },
    );
    process.kill(process.pid, 'SIGKILL'); // dies between the database write and the publish
    return;
  }
  const logger = pino({ level: 'silent' });
  const bus = new EventBus({ brokers: brokers.split(','), clientId: 'relay-child', logger, definitions: () => def });
  await bus.connect();
  const relay = new OutboxRelay({ bus, logger, models: [Widget] });
  const published = await relay.drain();
  process.stdout.write(JSON.stringify({ published }));
  await bus.disconnect();
  await conn.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
