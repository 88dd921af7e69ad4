import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What travels with one unit of work: an HTTP request, an event handler run, or a queued job. */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The current request id, or a new one when work starts outside any request (a timer, a relay). */
export function currentRequestId(): string {
  return storage.getStore()?.requestId ?? randomUUID();
}
