// The chat fan-out's baseline: a bare `ws` server that sends every text frame it receives to every
// connected client (the sender included), nothing else. chat-fanout.mjs runs it as a process of its own, as
// it runs the chat service, and measures the same N clients against it.
//   node bench/raw-ws-broadcast.mjs PORT
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { WebSocketServer } = require('ws');

const port = Number(process.argv[2]);
const wss = new WebSocketServer({ host: '127.0.0.1', port });
wss.on('connection', (ws) => {
  ws.on('message', (data, isBinary) => {
    for (const client of wss.clients) client.send(data, { binary: isBinary });
  });
});
wss.on('listening', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => process.exit(0));
