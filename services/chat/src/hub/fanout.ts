import type { Logger } from '@league/platform';
import type Redis from 'ioredis';
import type { Channel } from '../domain/channels';

/** What one replica asks every replica (itself included) to deliver to its own connections. */
export type FanoutMessage =
  | { t: 'channel'; channel: Channel; target: string; args: unknown[]; from: string }
  | { t: 'user'; to: string; target: string; args: unknown[]; from?: string }
  | { t: 'all'; target: string; args: unknown[] }
  | { t: 'mutes'; user: string; mutes: string[] };

/**
 * Redis pub/sub between replicas: a message published here reaches the connections of every replica,
 * so users on different replicas share channels and whispers. Delivery is at most once, like SignalR's
 * own Redis backplane; the chat log in MongoDB is the durable record.
 */
export class Fanout {
  private readonly channel: string;
  private handler?: (m: FanoutMessage) => void;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    prefix: string,
    private readonly logger: Logger,
  ) {
    this.channel = `${prefix}fanout`;
  }

  async start(handler: (m: FanoutMessage) => void): Promise<void> {
    this.handler = handler;
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      try {
        this.handler?.(JSON.parse(raw) as FanoutMessage);
      } catch (err) {
        this.logger.warn({ err }, 'unreadable fan-out message dropped');
      }
    });
    await this.subscriber.subscribe(this.channel);
  }

  async publish(message: FanoutMessage): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(message));
  }

  async stop(): Promise<void> {
    this.handler = undefined;
    await this.subscriber.unsubscribe(this.channel).catch(() => undefined);
    this.subscriber.disconnect();
  }
}
