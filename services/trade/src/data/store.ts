import { isDuplicateKey, upsertRacing, type OutboxEntry } from '@league/platform';
import type Redis from 'ioredis';
import type {
  BlockDoc,
  CurrencyDoc,
  ListingDoc,
  ListingState,
  NotificationDoc,
  OfferDoc,
  OfferState,
  ParticipantDoc,
  PriceDoc,
  StashItemDoc,
  TradeStore,
} from '../domain/ports';
import type { TradeModels } from './models';

/* eslint-disable @typescript-eslint/no-explicit-any */
const plain = <T>(doc: unknown) => doc as T;

const SEQUENCES = { listing: 'Listing', offer: 'Offer', notification: 'Notification' } as const;

/**
 * The store over mongoose. Every query filters by equality on top-level fields (FerretDB pushes only those
 * down to its store); ranges and array membership are checked here over the few documents that match.
 * Ids come from Redis INCR (atomic across replicas; FerretDB's `$inc` can hand one value out twice),
 * raised at start above the highest stored id.
 */
export class MongoTradeStore implements TradeStore {
  constructor(
    private readonly m: TradeModels,
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Raises each sequence to at least the highest stored id (first start, or Redis lost its data). */
  async initSequences(): Promise<void> {
    for (const [name, model] of Object.entries(SEQUENCES) as [keyof typeof SEQUENCES, string][]) {
      const top = await (this.m as any)[model].collection
        .find({}, { projection: { _id: 1 } })
        .sort({ _id: -1 })
        .limit(1)
        .toArray();
      const floor = Number(top[0]?._id ?? 0);
      await this.redis.eval(
        `local cur = tonumber(redis.call('get', KEYS[1]) or '0') if cur < tonumber(ARGV[1]) then redis.call('set', KEYS[1], ARGV[1]) end return 1`,
        1,
        this.seqKey(name),
        String(floor),
      );
    }
  }

  private seqKey(name: string) {
    return `${this.prefix}seq:${name}`;
  }

  nextId(sequence: 'listing' | 'offer' | 'notification') {
    return this.redis.incr(this.seqKey(sequence));
  }

  async nextIds(sequence: 'listing' | 'offer' | 'notification', count: number) {
    return (await this.redis.incrby(this.seqKey(sequence), count)) - count + 1;
  }

  /**
   * Participants and blocks are read on every search; a FerretDB round trip each would cost more than the
   * search itself. Both are cached briefly: a participant for a minute (they change only when season
   * announces them again), blocks for a few seconds (a replica drops its own entry at once when it changes
   * a block; another replica's change shows within the TTL).
   */
  private readonly participantCache = new Map<number, { doc: ParticipantDoc; at: number }>();
  private readonly blockCache = new Map<string, { docs: BlockDoc[]; at: number }>();
  private static readonly PARTICIPANT_TTL_MS = 60_000;
  private static readonly BLOCK_TTL_MS = 3_000;

  async participant(id: number) {
    const hit = this.participantCache.get(id);
    if (hit && Date.now() - hit.at < MongoTradeStore.PARTICIPANT_TTL_MS) return hit.doc;
    const doc = plain<ParticipantDoc | null>(await this.m.Participant.findById(id).lean());
    if (doc) this.participantCache.set(id, { doc, at: Date.now() });
    return doc;
  }

  async upsertParticipant(p: ParticipantDoc) {
    const { _id, ...rest } = p;
    await upsertRacing(() => this.m.Participant.updateOne({ _id }, { $set: rest }, { upsert: true }));
    this.participantCache.delete(_id);
  }

  private async cachedBlocks(key: string, load: () => Promise<BlockDoc[]>) {
    const hit = this.blockCache.get(key);
    if (hit && Date.now() - hit.at < MongoTradeStore.BLOCK_TTL_MS) return hit.docs;
    const docs = await load();
    if (this.blockCache.size > 50_000) this.blockCache.clear();
    this.blockCache.set(key, { docs, at: Date.now() });
    return docs;
  }

  private forgetBlocks(a: number, b: number) {
    for (const id of [a, b]) {
      this.blockCache.delete(`by:${id}`);
      this.blockCache.delete(`of:${id}`);
    }
  }

  async participantsNamed(usernameKey: string) {
    return plain<ParticipantDoc[]>(await this.m.Participant.find({ usernameKey }).lean());
  }

  async stashItemsOf(participantId: number) {
    return plain<StashItemDoc[]>(await this.m.StashItem.find({ seasonParticipantId: participantId }).lean());
  }

  async stashItem(id: number) {
    return plain<StashItemDoc | null>(await this.m.StashItem.findById(id).lean());
  }

  async putStashItemIfNewer(item: StashItemDoc) {
    const current = await this.m.StashItem.findById(item._id, { version: 1 }).lean();
    if (current && current.version >= item.version) return false;
    const { _id, ...rest } = item;
    await upsertRacing(() => this.m.StashItem.updateOne({ _id }, { $set: rest }, { upsert: true }));
    return true;
  }

  async setStashItemHeld(id: number, held: boolean, version: number) {
    const res = await this.m.StashItem.updateOne(
      { _id: id, version: { $lte: version }, held: { $ne: held } },
      { $set: { held } },
    );
    return res.modifiedCount === 1;
  }

  async currencies(participantId: number) {
    return plain<CurrencyDoc | null>(await this.m.Currency.findById(participantId).lean());
  }

  async putCurrenciesIfNewer(c: CurrencyDoc) {
    const current = await this.m.Currency.findById(c._id, { version: 1 }).lean();
    if (current && current.version >= c.version) return false;
    const { _id, ...rest } = c;
    await upsertRacing(() => this.m.Currency.updateOne({ _id }, { $set: rest }, { upsert: true }));
    return true;
  }

  async listing(id: number) {
    return plain<ListingDoc | null>(await this.m.Listing.findById(id, { outbox: 0, appliedEvents: 0 }).lean());
  }

  async insertListing(doc: ListingDoc) {
    await this.m.Listing.collection.insertOne(doc as any);
  }

  async updateListing(
    id: number,
    from: ListingState[],
    set: Partial<ListingDoc>,
    events: OutboxEntry[],
    appliedEvent?: string,
  ) {
    const current = await this.listing(id);
    if (!current || !from.includes(current.state)) return null;
    const push: Record<string, unknown> = {};
    if (events.length) push.outbox = { $each: events };
    if (appliedEvent) push.appliedEvents = { $each: [appliedEvent], $slice: -50 };
    const res = await this.m.Listing.collection.updateOne(
      { _id: id, state: current.state } as any,
      {
        $set: set,
        ...(Object.keys(push).length ? { $push: push } : {}),
      } as any,
    );
    if (res.modifiedCount !== 1) return null;
    return { ...current, ...set } as ListingDoc;
  }

  async listingsOfParticipant(participantId: number) {
    const docs = await this.m.Listing.find(
      { seasonParticipantId: participantId },
      { outbox: 0, appliedEvents: 0 },
    ).lean();
    return plain<ListingDoc[]>(docs);
  }

  async activeListingsOfItem(participantItemId: number) {
    const docs = await this.m.Listing.find({ participantItemId }, { outbox: 0, appliedEvents: 0 }).lean();
    return plain<ListingDoc[]>(docs).filter((l) => l.state === 'open' || l.state === 'settling');
  }

  async openListings() {
    const docs = await this.m.Listing.collection
      .find({ state: 'open' }, { projection: { outbox: 0, appliedEvents: 0 } })
      .toArray();
    return plain<ListingDoc[]>(docs);
  }

  async offer(id: number) {
    return plain<OfferDoc | null>(await this.m.Offer.findById(id, { outbox: 0 }).lean());
  }

  async insertOffer(doc: OfferDoc) {
    await this.m.Offer.collection.insertOne(doc as any);
  }

  async updateOffer(id: number, from: OfferState[], set: Partial<OfferDoc>, events: OutboxEntry[]) {
    const current = await this.offer(id);
    if (!current || !from.includes(current.state)) return null;
    const res = await this.m.Offer.collection.updateOne(
      { _id: id, state: current.state } as any,
      {
        $set: set,
        ...(events.length ? { $push: { outbox: { $each: events } } } : {}),
      } as any,
    );
    if (res.modifiedCount !== 1) return null;
    return { ...current, ...set } as OfferDoc;
  }

  async openOffersBy(participantId: number) {
    return plain<OfferDoc[]>(
      await this.m.Offer.find({ seasonParticipantId: participantId, state: 'open' }, { outbox: 0 }).lean(),
    );
  }

  async openOffersTo(listingOwnerId: number) {
    return plain<OfferDoc[]>(await this.m.Offer.find({ listingOwnerId, state: 'open' }, { outbox: 0 }).lean());
  }

  async openOffersOn(listingId: number) {
    return plain<OfferDoc[]>(
      await this.m.Offer.find({ tradeListingId: listingId, state: 'open' }, { outbox: 0 }).lean(),
    );
  }

  async addNotification(doc: Omit<NotificationDoc, '_id'>) {
    if (await this.m.Notification.exists({ key: doc.key })) return null;
    const full: NotificationDoc = { _id: await this.nextId('notification'), ...doc };
    try {
      await this.m.Notification.collection.insertOne(full as any);
      return full;
    } catch (err) {
      if (isDuplicateKey(err)) return null;
      throw err;
    }
  }

  async notificationsOf(participantId: number) {
    return plain<NotificationDoc[]>(await this.m.Notification.find({ seasonParticipantId: participantId }).lean());
  }

  async acknowledge(participantId: number, ids: number[], at: Date) {
    let n = 0;
    for (const id of ids) {
      const res = await this.m.Notification.updateOne(
        { _id: id, seasonParticipantId: participantId, acknowledgedOn: null },
        { $set: { acknowledgedOn: at } },
      );
      n += res.modifiedCount;
    }
    return n;
  }

  async blocksBy(participantId: number) {
    return this.cachedBlocks(`by:${participantId}`, async () =>
      plain<BlockDoc[]>(await this.m.Block.find({ seasonParticipantId: participantId }).lean()),
    );
  }

  async blocksOf(participantId: number) {
    return this.cachedBlocks(`of:${participantId}`, async () =>
      plain<BlockDoc[]>(await this.m.Block.find({ ignoredParticipantId: participantId }).lean()),
    );
  }

  async block(doc: BlockDoc) {
    const { _id, ...rest } = doc;
    await upsertRacing(() => this.m.Block.updateOne({ _id }, { $setOnInsert: rest }, { upsert: true }));
    this.forgetBlocks(doc.seasonParticipantId, doc.ignoredParticipantId);
  }

  async unblock(participantId: number, otherId: number) {
    await this.m.Block.deleteOne({ _id: `${participantId}:${otherId}` });
    this.forgetBlocks(participantId, otherId);
  }

  async isBlocked(a: number, b: number) {
    const [ab, ba] = await Promise.all([
      this.m.Block.exists({ _id: `${a}:${b}` }),
      this.m.Block.exists({ _id: `${b}:${a}` }),
    ]);
    return Boolean(ab || ba);
  }

  async recordPrice(doc: PriceDoc) {
    const { _id, ...rest } = doc;
    await upsertRacing(() => this.m.Price.updateOne({ _id }, { $setOnInsert: rest }, { upsert: true }));
  }

  async prices(recordKey: string, isBeta: boolean) {
    const docs = plain<PriceDoc[]>(await this.m.Price.find({ recordKey }).lean());
    return docs.filter((d) => d.isBeta === isBeta);
  }
}
