import type { Logger } from '@league/platform';
import type Redis from 'ioredis';
import type { SettlementOutcome, SettlementSignals } from '../domain/ports';

interface Waiter {
  key: string;
  deadline: number;
  resolve: (outcome: SettlementOutcome | undefined) => void;
}

/**
 * The saga's end across replicas, in Redis: the replica that handled season's reply stores the outcome
 * under the settlement's id (ten minutes); a replica whose buyout waits reads every waiting id in one MGET
 * every `pollMs`, so a burst of buyouts costs one Redis call per poll, not one per buyout.
 */
export class RedisSettlementSignals implements SettlementSignals {
  private readonly waiters = new Set<Waiter>();
  private polling = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly logger: Logger,
    private readonly pollMs = 10,
  ) {}

  private key(settlementId: string) {
    return `${this.prefix}settled:${settlementId}`;
  }

  async finished(settlementId: string, outcome: SettlementOutcome): Promise<void> {
    await this.redis.set(this.key(settlementId), JSON.stringify(outcome), 'EX', 600);
  }

  waitFor(settlementId: string, ms: number): Promise<SettlementOutcome | undefined> {
    return new Promise((resolve) => {
      this.waiters.add({ key: this.key(settlementId), deadline: Date.now() + ms, resolve });
      if (!this.polling) void this.poll();
    });
  }

  private async poll() {
    this.polling = true;
    try {
      while (this.waiters.size) {
        await new Promise((r) => setTimeout(r, this.pollMs));
        const waiting = [...this.waiters];
        let values: Array<string | null> = [];
        try {
          values = await this.redis.mget(...waiting.map((w) => w.key));
        } catch (err) {
          this.logger.warn({ err }, 'reading settlement outcomes failed');
        }
        const now = Date.now();
        waiting.forEach((w, i) => {
          const raw = values[i];
          if (raw) {
            this.waiters.delete(w);
            try {
              w.resolve(JSON.parse(raw) as SettlementOutcome);
            } catch {
              w.resolve(undefined);
            }
          } else if (now >= w.deadline) {
            this.waiters.delete(w);
            w.resolve(undefined);
          }
        });
      }
    } finally {
      this.polling = false;
    }
  }

  /** Stops waiting: every buyout still waiting answers `settling` at once. */
  close(): void {
    for (const w of this.waiters) w.resolve(undefined);
    this.waiters.clear();
  }
}
