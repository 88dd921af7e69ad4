import type { Logger } from '@league/platform';
import type { Response } from 'express';
import type Redis from 'ioredis';
import type { Push } from '../domain/ports';

type Message =
  | { t: 'participant'; participantId: number; event: 'notification' | 'offer'; data: unknown }
  | { t: 'listing'; listingId: number; from: string };

/**
 * Live updates between replicas over Redis pub/sub: a notification written by whichever replica consumed
 * the event reaches the page's SSE stream on whichever replica holds it, and every replica's search index
 * reloads a listing another replica changed. At most once: the stored notification is the durable record
 * (the page also loads them), and the index is fully reloaded on a timer.
 */
export class RedisPush implements Push {
  private readonly channel: string;
  private readonly streams = new Map<number, Set<Response>>();
  private heartbeat?: NodeJS.Timeout;
  private onListing?: (listingId: number) => void;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    prefix: string,
    private readonly instance: string,
    private readonly logger: Logger,
  ) {
    this.channel = `${prefix}push`;
  }

  async start(onListing: (listingId: number) => void): Promise<void> {
    this.onListing = onListing;
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      try {
        const m = JSON.parse(raw) as Message;
        if (m.t === 'participant') this.deliver(m.participantId, m.event, m.data);
        else if (m.from !== this.instance) this.onListing?.(m.listingId);
      } catch (err) {
        this.logger.warn({ err }, 'unreadable push message dropped');
      }
    });
    await this.subscriber.subscribe(this.channel);
    // A comment line every 20 s keeps proxies (the BFF, ingress) from timing the stream out.
    this.heartbeat = setInterval(() => {
      for (const set of this.streams.values()) for (const res of set) res.write(': keep-alive\n\n');
    }, 20_000);
    this.heartbeat.unref();
  }

  private send(m: Message) {
    this.publisher.publish(this.channel, JSON.stringify(m)).catch((err: unknown) => {
      this.logger.warn({ err }, 'push publish failed');
    });
  }

  toParticipant(participantId: number, event: 'notification' | 'offer', data: unknown): void {
    this.send({ t: 'participant', participantId, event, data });
  }

  listingChanged(listingId: number): void {
    this.send({ t: 'listing', listingId, from: this.instance });
  }

  /** Opens an SSE stream for one participant on this replica. */
  attach(participantId: number, res: Response): void {
    res.status(200);
    res.setHeader('content-type', 'text/event-stream; charset=utf-8');
    res.setHeader('cache-control', 'no-cache, no-transform');
    res.setHeader('connection', 'keep-alive');
    res.setHeader('x-accel-buffering', 'no');
    res.flushHeaders();
    res.write(`retry: 5000\n\nevent: ready\ndata: ${JSON.stringify({ seasonParticipantId: participantId })}\n\n`);
    let set = this.streams.get(participantId);
    if (!set) {
      set = new Set();
      this.streams.set(participantId, set);
    }
    set.add(res);
    res.on('close', () => {
      set!.delete(res);
      if (!set!.size) this.streams.delete(participantId);
    });
  }

  private deliver(participantId: number, event: string, data: unknown) {
    const set = this.streams.get(participantId);
    if (!set) return;
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of set) res.write(frame);
  }

  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const set of this.streams.values()) for (const res of set) res.end();
    this.streams.clear();
    await this.subscriber.unsubscribe(this.channel).catch(() => undefined);
    this.subscriber.disconnect();
  }
}
