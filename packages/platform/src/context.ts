import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Positions } from './consistency-token';

/** Where an outbox entry landed once published: its logical topic, partition and offset. */
export interface PublishedPosition {
  topic: string;
  partition: number;
  offset: number;
}

/** Knows where the entries it published went (an outbox relay keeps the recent ones). */
export interface PositionSource {
  positionOf(entryId: string): PublishedPosition | undefined;
}

/**
 * What one unit of work wrote for Kafka: the outbox entries it built (`outboxEntry` adds them), the relays'
 * promises to publish them (`OutboxRelay.kick` adds one per kick), and positions known at once (a direct
 * `bus.publish`, or what a saga step it waited for wrote). consistency.ts turns it into a token.
 */
export class Writes {
  readonly entryIds = new Set<string>();
  readonly drains: Promise<void>[] = [];
  readonly sources = new Set<PositionSource>();
  readonly positions: Positions = {};
}

/** What travels with one unit of work: an HTTP request, an event handler run, or a queued job. */
export interface RequestContext {
  requestId: string;
  /** Its writes for the read-your-writes token (HTTP requests of a service and event handlers have one). */
  writes?: Writes;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/** Runs `fn` outside any unit of work (background work started by a request must not count as its own). */
export function runOutsideContext<T>(fn: () => T): T {
  return storage.exit(fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The current request id, or a new one when work starts outside any request (a timer, a relay). */
export function currentRequestId(): string {
  return storage.getStore()?.requestId ?? randomUUID();
}
