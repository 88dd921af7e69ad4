// A process with the services' unhandled-rejection policy (lifecycle.ts), rejecting a promise nobody holds:
// `kafka` with a real kafkajs error (what the client drops when a broker goes away), `bug` with a plain Error.
import { KafkaJSNumberOfRetriesExceeded, KafkaJSRequestTimeoutError } from 'kafkajs';
import { handleUnhandledRejections } from '../../src/lifecycle';
import { quietLogger } from './engines';

handleUnhandledRejections('child', quietLogger());
const kind = process.argv[2];
const reason =
  kind === 'kafka'
    ? new KafkaJSNumberOfRetriesExceeded(
        new KafkaJSRequestTimeoutError('Request Produce(key: 0, version: 7) timed out'),
        { retryCount: 3, retryTime: 596 },
      )
    : new Error('a bug of ours');
void Promise.reject(reason);
setTimeout(() => {
  console.log('still alive');
  process.exit(0);
}, 300);
