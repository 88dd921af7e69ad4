import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from './logger';

/** The one error type a use case throws; the handler turns it into `{ message, code? }` with its status. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }

  static badRequest = (message: string, code?: string) => new AppError(400, message, code);
  static unauthorized = (message = 'Authentication required', code?: string) => new AppError(401, message, code);
  static forbidden = (message = 'You are not allowed to do this', code?: string) => new AppError(403, message, code);
  static notFound = (message = 'Not found', code?: string) => new AppError(404, message, code);
  static conflict = (message: string, code?: string) => new AppError(409, message, code);
  static payloadTooLarge = (message: string, code?: string) => new AppError(413, message, code);
  static unprocessable = (message: string, code?: string) => new AppError(422, message, code);
  static tooManyRequests = (message: string, code?: string) => new AppError(429, message, code);
}

/** Turns zod issues into one readable sentence naming each bad field. */
export function describeZodError(err: ZodError, where?: string): string {
  const parts = err.issues.map((issue) => {
    const field = issue.path.join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  return `${where ? `Invalid ${where}: ` : 'Invalid input: '}${parts.join('; ')}`;
}

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: number | string;
  expose?: boolean;
  message?: string;
}

/** A write refused because a unique key (`_id` or a unique index) is taken already (MongoDB and FerretDB). */
export const isDuplicateKey = (err: unknown) => (err as { code?: number } | undefined)?.code === 11000;

/** Maps any error to a status and a message that is safe to show; unknown errors become a logged 500. */
export function toHttpError(err: unknown): { status: number; message: string; code?: string } {
  if (err instanceof AppError) return { status: err.status, message: err.message, code: err.code };
  if (err instanceof ZodError) return { status: 400, message: describeZodError(err) };
  const e = err as HttpishError;
  if (e?.type === 'entity.too.large') return { status: 413, message: 'Request body is too large' };
  if (e?.type === 'entity.parse.failed') return { status: 400, message: 'Request body is not valid JSON' };
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') {
    return { status: 415, message: 'Unsupported request body encoding' };
  }
  // A unique index refused the write: the caller lost a race or repeated a create.
  if (isDuplicateKey(e)) return { status: 409, message: 'A record with the same key already exists' };
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && e.expose !== false) {
    return { status, message: e.message || 'Bad request' };
  }
  if (engineUnavailable(err)) {
    return { status: 503, message: 'A backing service is unavailable; try again shortly', code: 'unavailable' };
  }
  return { status: 500, message: 'Internal server error' };
}

/** Driver errors of the database, Redis or Kafka while one is down or unreachable (nothing was done wrong by the caller). */
const UNAVAILABLE_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'MongoTopologyClosedError',
  'MaxRetriesPerRequestError',
  'KafkaJSConnectionError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSRequestTimeoutError',
]);
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

export function engineUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { name?: string; code?: unknown; message?: string; cause?: unknown };
  if (e.name && UNAVAILABLE_NAMES.has(e.name)) return true;
  if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  // ioredis once its connection is gone; mongoose while it waits for a reconnect.
  if (/^Connection is closed\.?$|Stream isn't writeable|buffering timed out/.test(e.message ?? '')) return true;
  return engineUnavailable(e.cause, depth + 1);
}

/** A JSON answer on a bare Node response (express's `res.status().json()` without express). */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(text));
  res.end(text);
}

/** Answers an error in the house shape (`{ message }`, and `code` where there is one), logging a 5xx. */
export function sendError(
  logger: Logger,
  err: unknown,
  req: IncomingMessage,
  res: ServerResponse,
  url = req.url,
): void {
  const mapped = toHttpError(err);
  if (mapped.status >= 500) {
    logger.error({ err, method: req.method, url }, 'unhandled error');
  } else {
    logger.debug({ status: mapped.status, message: mapped.message, url }, 'request refused');
  }
  sendJson(
    res,
    mapped.status,
    mapped.code ? { message: mapped.message, code: mapped.code } : { message: mapped.message },
  );
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    sendError(logger, err, req, res, req.originalUrl);
  };
}
