import { randomInt, randomUUID } from 'node:crypto';
import {
  currenciesChangedV1,
  participantJoinedV1,
  settlementCompletedV1,
  settlementFailedV1,
  stashItemChangedV1,
  type EventData,
  type EventDefinition,
  type EventEnvelope,
  type ItemDisplay,
} from '@league/contracts';
import { buildEnvelope, createLogger, EventBus } from '@league/platform';
import {
  callJson,
  eventually,
  skipHistory as skipTopicHistory,
  startTestIdentity,
  testEnv,
  type TestIdentity,
} from '@league/platform/testing';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { start, type TradeRunning } from '../src/server';

export { eventually };
export const unique = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8)}`;
const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = any;

/**
 * Season's side of the bus, driven by the test: participants, stash items, balances and the saga's
 * replies are published as season would publish them. Ids come from a random range of their own, because
 * the topics are shared with every other test run (and trade reads them from the beginning).
 */
export class FakeSeason {
  readonly bus = new EventBus({ brokers, clientId: 'trade-test-season', logger: createLogger('trade-test', 'silent') });
  private readonly base = randomInt(10_000_000, 1_900_000_000);
  private next = 0;
  readonly seasonId = this.id();
  private readonly versions = new Map<number, number>();

  id(): number {
    this.next += 1;
    return this.base + this.next;
  }

  async publish<D extends EventDefinition>(
    def: D,
    data: EventData<D>,
    key: string,
  ): Promise<EventEnvelope<EventData<D>>> {
    const envelope = buildEnvelope(def, data);
    await this.bus.publishEnvelope(def.topic, envelope, key);
    return envelope;
  }

  async participant(username: string, opts: { seasonTypeId?: number; seasonId?: number; isBeta?: boolean } = {}) {
    const id = this.id();
    await this.publish(
      participantJoinedV1,
      {
        seasonParticipantId: id,
        seasonId: opts.seasonId ?? this.seasonId,
        userId: `user-${username.toLowerCase()}`,
        username,
        joinedAt: new Date().toISOString(),
        seasonTypeId: opts.seasonTypeId ?? 1,
        isBeta: opts.isBeta ?? false,
      },
      String(id),
    );
    return id;
  }

  /** Publishes a stash item's full state (a new item when no id is given); returns its id and version. */
  async item(
    owner: { id: number; username: string },
    fields: Partial<{
      stackCount: number;
      queued: boolean;
      tradable: boolean;
      name: string;
      record: string;
      prefixRecord: string;
      suffixRecord: string;
      itemTypeId: number;
      rarity: string;
      level: number;
      statTags: string[];
      version: number;
      seasonId: number;
      /** The display season computed (default: from name, itemTypeId, rarity and level). */
      display: ItemDisplay;
      rarityFilter: string;
    }> = {},
    itemId?: number,
  ) {
    const id = itemId ?? this.id();
    const version = fields.version ?? (this.versions.get(id) ?? 0) + 1;
    this.versions.set(id, Math.max(version, this.versions.get(id) ?? 0));
    const name = fields.name ?? `Item ${id}`;
    const display: ItemDisplay = fields.display ?? {
      baseItem: {
        itemDbrTag: { name },
        rarity: fields.rarity ?? 'Epic',
        style: null,
        itemTypeId: fields.itemTypeId ?? 19,
        levelRequirement: fields.level ?? 50,
      },
      prefix: null,
      suffix: null,
      itemType: 'Ring',
    };
    await this.publish(
      stashItemChangedV1,
      {
        participantItemId: id,
        seasonParticipantId: owner.id,
        seasonId: fields.seasonId ?? this.seasonId,
        username: owner.username,
        version,
        stackCount: fields.stackCount ?? 1,
        queued: fields.queued ?? false,
        tradable: fields.tradable ?? true,
        record: fields.record ?? `records/items/test/${id}.dbr`,
        prefixRecord: fields.prefixRecord ?? '',
        suffixRecord: fields.suffixRecord ?? '',
        itemDisplay: display,
        itemName: name,
        statTags: fields.statTags ?? [],
        ...(fields.rarityFilter ? { rarityFilter: fields.rarityFilter } : {}),
        changedAt: new Date().toISOString(),
      },
      String(id),
    );
    return { id, version };
  }

  private currencyVersions = new Map<number, number>();

  async currencies(participantId: number, balances: Record<string, number>) {
    const version = (this.currencyVersions.get(participantId) ?? 0) + 1;
    this.currencyVersions.set(participantId, version);
    await this.publish(
      currenciesChangedV1,
      {
        seasonParticipantId: participantId,
        seasonId: this.seasonId,
        version,
        balances,
        changedAt: new Date().toISOString(),
      },
      String(participantId),
    );
  }

  completed(settlementId: string, tradeListingId: number, tradeOfferId: number | null) {
    return this.publish(
      settlementCompletedV1,
      {
        settlementId,
        tradeListingId,
        tradeOfferId,
        buyerItemIds: [this.id()],
        sellerItemIds: [],
        completedAt: new Date().toISOString(),
      },
      String(tradeListingId),
    );
  }

  failed(settlementId: string, tradeListingId: number, tradeOfferId: number | null, reason = 'balance too low') {
    return this.publish(
      settlementFailedV1,
      { settlementId, tradeListingId, tradeOfferId, reason, failedAt: new Date().toISOString() },
      String(tradeListingId),
    );
  }
}

export interface Harness {
  svc: TradeRunning;
  /** The files bucket prefix this trade reads game data under (its own, so no other run's set is taken). */
  bucketPrefix: string;
  identity: TestIdentity;
  season: FakeSeason;
  token: (username: string, roles?: string[]) => Promise<string>;
  call: (
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<{ status: number; body: Body; headers: Headers }>;
  stop: () => Promise<void>;
}

/**
 * Points a new consumer group at the end of season's topics. The service reads them from the beginning
 * (its read models need the history), but the shared topics hold every earlier test run's events, and
 * replaying those would only delay a test's own; this test publishes everything it needs.
 */
export function skipHistory(groupId: string): Promise<void> {
  return skipTopicHistory(
    groupId,
    [participantJoinedV1, stashItemChangedV1, currenciesChangedV1, settlementCompletedV1, settlementFailedV1].map(
      (d) => d.topic,
    ),
  );
}

export async function bootTrade(extra: NodeJS.ProcessEnv = {}): Promise<Harness> {
  const identity = await startTestIdentity();
  const groupId = unique('trade-test-');
  await skipHistory(groupId);
  const bucketPrefix = unique('test-trade-');
  const svc = await start(
    testEnv('trade', {
      JWKS_URL: identity.jwksUrl,
      TRADE_CONSUMER_GROUP: groupId,
      FILES_BUCKET_PREFIX: bucketPrefix,
      // The fake season answers the saga only when a test says so: buyouts answer at once (`settling`);
      // read-your-writes.api.test.ts sets a wait of its own.
      TRADE_SETTLEMENT_WAIT_MS: '0',
      ...extra,
    }),
  );
  const season = new FakeSeason();
  await season.bus.connect();
  const tokens = new Map<string, string>();
  const token = async (username: string, roles: string[] = []) => {
    const key = `${username}|${roles.join(',')}`;
    if (!tokens.has(key)) tokens.set(key, await identity.token({ username, roles }));
    return tokens.get(key)!;
  };
  return {
    svc,
    bucketPrefix,
    identity,
    season,
    token,
    call: (method, path, opts = {}) => callJson(svc.url, method, path, opts),
    stop: async () => {
      await season.bus.disconnect();
      await svc.mongo.dropDatabase().catch(() => undefined);
      await svc.stop();
      await identity.close();
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEnvelope = EventEnvelope<any>;

/** Reads a topic with a plain consumer, keeping the matching events that occurred after it started. */
export async function witness(topic: string, match: (e: AnyEnvelope) => boolean) {
  const kafka = new Kafka({ clientId: 'trade-witness', brokers, logLevel: logLevel.NOTHING });
  const consumer: Consumer = kafka.consumer({ groupId: unique('trade-witness-'), maxWaitTimeInMs: 200 });
  const seen: AnyEnvelope[] = [];
  const since = Date.now() - 1_000;
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const e = JSON.parse(message.value?.toString() ?? '{}') as EventEnvelope;
      if (Date.parse(e.occurredAt) >= since && match(e)) seen.push(e);
    },
  });
  return { seen, stop: () => consumer.disconnect() };
}
