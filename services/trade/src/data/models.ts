import { outboxField } from '@league/platform';
import { Schema, type Connection, type Model } from 'mongoose';
import type {
  BlockDoc,
  CurrencyDoc,
  ListingDoc,
  NotificationDoc,
  OfferDoc,
  ParticipantDoc,
  PriceDoc,
  StashItemDoc,
} from '../domain/ports';

const opts = { versionKey: false as const, _id: false as const };

/** The trade service's collections. Ids are numbers handed out by Redis sequences (see ids.ts). */
export function tradeModels(conn: Connection) {
  const participant = new Schema<ParticipantDoc>(
    {
      _id: Number,
      seasonId: { type: Number, index: true },
      username: String,
      usernameKey: { type: String, index: true },
      seasonTypeId: { type: Number, default: null },
      isBeta: { type: Boolean, default: null },
    },
    opts,
  );
  const stashItem = new Schema<StashItemDoc>(
    {
      _id: Number,
      seasonParticipantId: { type: Number, index: true },
      seasonId: Number,
      username: String,
      version: Number,
      stackCount: Number,
      queued: Boolean,
      tradable: Boolean,
      record: String,
      prefixRecord: String,
      suffixRecord: String,
      itemDisplay: Object,
      itemName: String,
      statTags: [String],
      rarityFilter: { type: String, default: null },
      held: { type: Boolean, default: false },
    },
    opts,
  );
  const currency = new Schema<CurrencyDoc>({ _id: Number, seasonId: Number, version: Number, balances: Object }, opts);
  const listing = new Schema<ListingDoc>(
    {
      _id: Number,
      seasonId: { type: Number, index: true },
      isBeta: Boolean,
      seasonParticipantId: { type: Number, index: true },
      owner: String,
      participantItemId: { type: Number, index: true },
      count: Number,
      maxCount: Number,
      askingCurrency: { type: String, default: null },
      askingPrice: { type: Number, default: null },
      sellerComment: { type: String, default: null },
      itemDisplay: Object,
      itemName: String,
      statTags: [String],
      rarityFilter: { type: String, default: null },
      record: String,
      prefixRecord: String,
      suffixRecord: String,
      state: { type: String, index: true },
      settlement: { type: Object, default: null },
      closedReason: { type: String, default: null },
      createdOn: Date,
      updatedOn: Date,
      outbox: outboxField,
      appliedEvents: { type: [String], default: [] },
    },
    opts,
  );
  const offer = new Schema<OfferDoc>(
    {
      _id: Number,
      tradeListingId: { type: Number, index: true },
      listingOwnerId: { type: Number, index: true },
      seasonId: Number,
      seasonParticipantId: { type: Number, index: true },
      offerFrom: String,
      comment: { type: String, default: null },
      items: { type: [Object], default: [] },
      state: { type: String, index: true },
      createdOn: Date,
      updatedOn: Date,
      outbox: outboxField,
    },
    opts,
  );
  const notification = new Schema<NotificationDoc>(
    {
      _id: Number,
      /** What made it (e.g. `settled:{settlementId}:seller`), unique: a redelivered event writes it once. */
      key: { type: String, unique: true },
      seasonParticipantId: { type: Number, index: true },
      offerFrom: String,
      status: String,
      listedItemName: String,
      offeredItems: String,
      /** The records the text names (NotificationItems), for naming it in the reader's language. */
      items: { type: Object, default: undefined },
      createdOn: Date,
      acknowledgedOn: { type: Date, default: null },
    },
    opts,
  );
  const block = new Schema<BlockDoc>(
    {
      _id: String,
      seasonParticipantId: { type: Number, index: true },
      ignoredParticipantId: { type: Number, index: true },
      ignoredUsername: String,
      createdOn: Date,
    },
    opts,
  );
  const price = new Schema<PriceDoc>(
    {
      _id: String,
      seasonId: Number,
      isBeta: Boolean,
      recordKey: { type: String, index: true },
      record: String,
      prefixRecord: String,
      suffixRecord: String,
      currency: { type: String, default: null },
      price: { type: Number, default: null },
      count: Number,
      itemName: String,
      settledOn: Date,
    },
    opts,
  );
  return {
    Participant: conn.model<ParticipantDoc>('Participant', participant, 'participants'),
    StashItem: conn.model<StashItemDoc>('StashItem', stashItem, 'stashItems'),
    Currency: conn.model<CurrencyDoc>('Currency', currency, 'currencies'),
    Listing: conn.model<ListingDoc>('Listing', listing, 'listings'),
    Offer: conn.model<OfferDoc>('Offer', offer, 'offers'),
    Notification: conn.model<NotificationDoc>('Notification', notification, 'notifications'),
    Block: conn.model<BlockDoc>('Block', block, 'blocks'),
    Price: conn.model<PriceDoc>('Price', price, 'prices'),
  };
}
export type TradeModels = ReturnType<typeof tradeModels>;
export type AnyModel = Model<never>;
