import { AppError, toHttpError } from './errors';

const named = (name: string, message = 'x', extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { name, ...extra });

describe('toHttpError', () => {
  it.each([
    ['the database is unreachable', named('MongoServerSelectionError', 'connect ECONNREFUSED 127.0.0.1:27017')],
    ['the pool was cleared', named('MongoPoolClearedError')],
    [
      'mongoose gave up waiting',
      named('MongooseError', 'Operation `stashes.findOne()` buffering timed out after 10000ms'),
    ],
    ['Redis is gone', named('Error', 'Connection is closed.')],
    ['Redis retries ran out', named('MaxRetriesPerRequestError')],
    ['a socket was refused', named('Error', 'connect ECONNREFUSED', { code: 'ECONNREFUSED' })],
    ['Kafka is unreachable', named('KafkaJSNumberOfRetriesExceeded')],
    ['the cause is a network error', named('Error', 'wrapped', { cause: named('MongoNetworkError') })],
  ])('when %s, then 503 { message }', (_what, err) => {
    expect(toHttpError(err)).toEqual({
      status: 503,
      message: 'A backing service is unavailable; try again shortly',
      code: 'unavailable',
    });
  });

  it('when the code throws a plain error, then 500 without its message', () => {
    expect(toHttpError(new TypeError('cannot read x of undefined'))).toEqual({
      status: 500,
      message: 'Internal server error',
    });
  });

  it('when a rule refuses, then its status and message', () => {
    expect(toHttpError(AppError.conflict('busy', 'busy'))).toEqual({ status: 409, message: 'busy', code: 'busy' });
    expect(toHttpError({ code: 11000 })).toMatchObject({ status: 409 });
  });
});
