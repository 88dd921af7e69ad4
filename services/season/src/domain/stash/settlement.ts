import {
  CURRENCY_NAMES,
  settlementCompletedV1,
  settlementFailedV1,
  type EventData,
  type settlementRequestedV1,
} from '@league/contracts';
import { AppError, isDuplicateKey, outboxEntry } from '@league/platform';
import type { ParticipantDoc } from '../../data/models';
import { seasonDoc } from '../seasons';
import type { Reservation, StashItemDoc } from '../../data/stash/models';
import { faultPoint, ITEM_SEQUENCE, withStashes, type StashContext } from './context';
import { recordTrade } from './instances';
import { capacityOf, liveCount } from './ops';
import { changeBalances, insertItems, newItemDoc, saveItem, walletOf } from './store';

type Request = EventData<typeof settlementRequestedV1>;

interface Owner {
  _id: number;
  seasonId: number;
  username: string;
}

/** One idempotent step of a settlement; applied in order, each guarded by `${settlementId}:${index}`. */
type Step =
  | { kind: 'debit'; owner: Owner; currency: string; amount: number }
  | { kind: 'credit'; owner: Owner; currency: string; amount: number }
  /** The whole stack changes owner (keeps its id); the reservations on it are released. */
  | { kind: 'move'; itemId: number; from: number; to: Owner; count: number; release: Reservation['kind'] }
  /** Part of a stack: a new item for the receiver (planned id) … */
  | { kind: 'split-new'; itemId: number; newId: number; from: number; to: Owner; count: number }
  /** … then the source gives up that count and the consumed reservation. */
  | { kind: 'split-take'; itemId: number; from: number; count: number; release: Reservation['kind'] };

interface Plan {
  steps: Step[];
  buyerItemIds: number[];
  sellerItemIds: number[];
}

interface SettlementDoc {
  _id: string;
  state: 'applying' | 'done' | 'failed';
  request: Request;
  plan: Plan | null;
  stepsDone: number[];
  reason: string | null;
}

class SettlementRefused extends Error {}

const refuse = (reason: string): never => {
  throw new SettlementRefused(reason);
};

const ownerOf = (p: ParticipantDoc): Owner => ({ _id: p._id, seasonId: p.seasonId, username: p.username });

/**
 * Whether a settlement request is addressed to this season service: its season is one this database holds.
 * Several season deployments can share one Kafka (each test run, a staging copy beside production); a request
 * for a season held elsewhere is left to that deployment instead of being refused here, which would reopen
 * the listing on the trading post while the real settlement is still running.
 */
export async function settlementAddressedHere(ctx: StashContext, e: Request): Promise<boolean> {
  return Boolean(await ctx.season.models.Season.exists({ _id: e.seasonId }));
}

/**
 * Step 3 of the saga (ARCHITECTURE.md "Trade settlement"), exactly once per settlement id and without
 * multi-document transactions. Under both stashes' locks (ascending ids): the first delivery checks the
 * request and stores the settlement document with its plan (every step, the new ids of split stacks), or
 * — when the check fails and nothing has moved — stores it failed with settlement-failed in its outbox.
 * Then each step is applied idempotently (a guard per step on the document it changes), and the
 * settlement is marked done with settlement-completed in its outbox. A redelivery, a crash at any step
 * or the sweep finishes the same settlement, never twice.
 */
export async function onSettlementRequested(ctx: StashContext, e: Request): Promise<SettlementDoc> {
  return withStashes(ctx, e.sellerParticipantId, e.buyerParticipantId, async () => {
    let doc = await ctx.models.Settlement.findById(e.settlementId, { outbox: 0 }).lean<SettlementDoc>();
    if (!doc) {
      let plan: Plan | null = null;
      let reason: string | null = null;
      try {
        plan = await planSettlement(ctx, e);
      } catch (err) {
        if (!(err instanceof SettlementRefused)) throw err;
        reason = err.message;
      }
      doc = { _id: e.settlementId, state: plan ? 'applying' : 'failed', request: e, plan, stepsDone: [], reason };
      const now = ctx.season.now();
      try {
        await ctx.models.Settlement.collection.insertOne({
          ...doc,
          createdAt: now,
          finishedAt: plan ? null : now,
          outbox: plan ? [] : [failedEntry(ctx, e, reason!)],
        } as never);
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        doc = (await ctx.models.Settlement.findById(e.settlementId, { outbox: 0 }).lean<SettlementDoc>())!;
      }
      if (!plan) {
        ctx.season.logger.info({ settlementId: e.settlementId, reason }, 'settlement refused');
        ctx.season.publishSoon({ model: ctx.models.Settlement, id: e.settlementId });
      }
    }
    if (doc.state === 'applying') doc = await applySettlement(ctx, doc);
    return doc;
  });
}

function failedEntry(ctx: StashContext, e: Request, reason: string) {
  return outboxEntry(
    settlementFailedV1,
    {
      settlementId: e.settlementId,
      tradeListingId: e.tradeListingId,
      tradeOfferId: e.tradeOfferId,
      reason,
      failedAt: ctx.season.now().toISOString(),
    },
    String(e.tradeListingId),
  );
}

/**
 * Starts a read now and hands back a function that awaits it: its failure is thrown only where it is awaited
 * (never an unhandled rejection while an earlier check is still being awaited).
 */
function settled<T>(read: Promise<T>): () => Promise<T> {
  const outcome = read.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return async () => {
    const o = await outcome;
    if (!o.ok) throw o.error;
    return o.value;
  };
}

async function participant(ctx: StashContext, id: number, role: string) {
  const p = await ctx.season.models.Participant.findById(id, { outbox: 0, challenges: 0 }).lean<ParticipantDoc>();
  if (!p) refuse(`The ${role} (participant ${id}) does not exist`);
  return p!;
}

async function usableItem(ctx: StashContext, id: number, ownerId: number, count: number, role: string) {
  const item = await ctx.models.StashItem.findById(id, { outbox: 0 }).lean<StashItemDoc>();
  if (!item || item.gone || item.seasonParticipantId !== ownerId)
    return refuse(`Item ${id} is no longer in the ${role}'s stash`);
  if (item.queued) refuse(`Item ${id} is waiting in the ${role}'s transfer queue`);
  if (item.held) refuse(`Item ${id} is held for review as a suspected duplicate`);
  if (item.stackCount < count) refuse(`Item ${id} holds ${item.stackCount}, not ${count}`);
  return item;
}

/** Checks the request against both stashes and plans the steps; throws SettlementRefused when it cannot settle. */
async function planSettlement(ctx: StashContext, e: Request): Promise<Plan> {
  if (e.sellerParticipantId === e.buyerParticipantId) refuse('Seller and buyer are the same participant');
  // The reads a plan needs are started together and awaited in the order of the checks, so a request that
  // fails several checks is always refused for the same first one.
  const sellerRead = settled(participant(ctx, e.sellerParticipantId, 'seller'));
  const buyerRead = settled(participant(ctx, e.buyerParticipantId, 'buyer'));
  const listedRead = settled(usableItem(ctx, e.item.participantItemId, e.sellerParticipantId, e.item.count, 'seller'));
  const walletRead =
    e.payment.kind === 'currency'
      ? settled(
          ctx.models.Stash.findById(e.buyerParticipantId, { balances: 1 }).lean<{ balances: Record<string, number> }>(),
        )
      : undefined;
  const seller = await sellerRead();
  const buyer = await buyerRead();
  if (seller.seasonId !== e.seasonId || buyer.seasonId !== e.seasonId)
    refuse(`Seller and buyer are not both in season ${e.seasonId}`);
  const season = await seasonDoc(ctx.season, e.seasonId);
  if (season?.seasonTypeId !== 1) refuse(`Season ${e.seasonId} is not a trade season`);

  const steps: Step[] = [];
  const buyerItemIds: number[] = [];
  const sellerItemIds: number[] = [];
  const transfer = async (
    item: StashItemDoc,
    count: number,
    to: Owner,
    release: Reservation['kind'],
    into: number[],
  ) => {
    if (count === item.stackCount) {
      steps.push({ kind: 'move', itemId: item._id, from: item.seasonParticipantId, to, count, release });
      into.push(item._id);
      return 0; // a slot leaves the giver and one arrives at the receiver
    }
    const newId = await ctx.nextId(ITEM_SEQUENCE);
    steps.push({ kind: 'split-new', itemId: item._id, newId, from: item.seasonParticipantId, to, count });
    steps.push({ kind: 'split-take', itemId: item._id, from: item.seasonParticipantId, count, release });
    into.push(newId);
    return 1; // the giver keeps its slot
  };

  let buyerOut = 0;
  if (e.payment.kind === 'currency') {
    const currency = e.payment.currency;
    if (!(CURRENCY_NAMES as readonly string[]).includes(currency)) refuse(`${currency} is not a currency`);
    const wallet = await walletRead!();
    const held = wallet?.balances[currency] ?? 0;
    if (held < e.payment.amount) refuse(`The buyer holds ${held} ${currency}, not ${e.payment.amount}`);
    steps.push({ kind: 'debit', owner: ownerOf(buyer), currency, amount: e.payment.amount });
  }
  const listed = await listedRead();
  const sellerKeeps = await transfer(listed, e.item.count, ownerOf(buyer), 'listing', buyerItemIds);
  let sellerIn = 0;
  if (e.payment.kind === 'items') {
    const ids = e.payment.items.map((i) => i.participantItemId);
    if (new Set(ids).size !== ids.length) refuse('An offered item is named twice');
    if (ids.includes(listed._id)) refuse('The listed item cannot pay for itself');
    for (const offered of e.payment.items) {
      const item = await usableItem(ctx, offered.participantItemId, buyer._id, offered.count, 'buyer');
      const keeps = await transfer(item, offered.count, ownerOf(seller), 'offer', sellerItemIds);
      if (!keeps) buyerOut += 1;
      sellerIn += 1;
    }
  } else {
    steps.push({ kind: 'credit', owner: ownerOf(seller), currency: e.payment.currency, amount: e.payment.amount });
  }
  // Capacity: the buyer gains one slot (minus whole stacks paid away); the seller gains one per offered item.
  const fits = async (p: ParticipantDoc, delta: number, role: string) => {
    if (delta <= 0) return;
    const [capacity, used] = await Promise.all([capacityOf(ctx, p.username), liveCount(ctx, p._id)]);
    if (capacity > 0 && used + delta > capacity) refuse(`The ${role}'s cloud stash is full (${used} of ${capacity})`);
  };
  const buyerFits = settled(fits(buyer, 1 - buyerOut, 'buyer'));
  const sellerFits = settled(fits(seller, sellerIn - (sellerKeeps ? 0 : 1), 'seller'));
  await buyerFits();
  await sellerFits();
  return { steps, buyerItemIds, sellerItemIds };
}

/**
 * Applies the plan's steps not done yet, then finishes. The settlement document is written here without its own
 * lock: every write of it runs under both stashes' locks, which the caller holds, and its outbox stays empty
 * until `finish` pushes the outcome, so the relay (which removes published entries under the document's lock)
 * has nothing to remove from it before then.
 */
async function applySettlement(ctx: StashContext, doc: SettlementDoc): Promise<SettlementDoc> {
  const plan = doc.plan!;
  const done = new Set(doc.stepsDone);
  for (let i = 0; i < plan.steps.length; i += 1) {
    if (done.has(i)) continue;
    await faultPoint(ctx, doc._id, i);
    const opId = `${doc._id}:${i}`;
    try {
      await applyStep(ctx, plan.steps[i]!, opId);
    } catch (err) {
      // Only the first step can meet a changed world before anything moved (the buyer spent the currency
      // while a crashed settlement waited): then it fails cleanly. Later steps move reserved items only.
      if (i === 0 && done.size === 0 && err instanceof AppError && err.status === 400)
        return finish(ctx, doc, 'failed', err.message);
      throw err;
    }
    done.add(i);
    await ctx.models.Settlement.updateOne({ _id: doc._id }, { $addToSet: { stepsDone: i } });
  }
  return finish(ctx, doc, 'done');
}

async function finish(ctx: StashContext, doc: SettlementDoc, state: 'done' | 'failed', reason: string | null = null) {
  const e = doc.request;
  const now = ctx.season.now();
  const entry =
    state === 'done'
      ? outboxEntry(
          settlementCompletedV1,
          {
            settlementId: e.settlementId,
            tradeListingId: e.tradeListingId,
            tradeOfferId: e.tradeOfferId,
            buyerItemIds: doc.plan!.buyerItemIds,
            sellerItemIds: doc.plan!.sellerItemIds,
            completedAt: now.toISOString(),
          },
          String(e.tradeListingId),
        )
      : failedEntry(ctx, e, reason!);
  await ctx.models.Settlement.collection.updateOne(
    { _id: doc._id, state: 'applying' } as never,
    {
      $set: { state, reason, finishedAt: now },
      $push: { outbox: entry },
    } as never,
  );
  ctx.season.publishSoon({ model: ctx.models.Settlement, id: doc._id });
  return { ...doc, state, reason };
}

async function participantName(ctx: StashContext, id: number): Promise<string | undefined> {
  const p = await ctx.season.models.Participant.findById(id, { username: 1 }).lean<{ username: string }>();
  return p?.username;
}

async function currentItem(ctx: StashContext, id: number) {
  const item = await ctx.models.StashItem.findById(id, { outbox: 0 }).lean<StashItemDoc>();
  if (!item) throw new Error(`settlement step: item ${id} is missing`);
  return item;
}

const releasing = (item: StashItemDoc, kind: Reservation['kind']) => {
  const consumed = item.reservations.filter((r) => r.kind === kind);
  const kept = item.reservations.filter((r) => r.kind !== kind);
  return {
    reservations: kept,
    releasedReservations: [...item.releasedReservations, ...consumed.map((r) => r.reservationId)].slice(-200),
    listing: kept.some((r) => r.kind === 'listing') ? item.listing : null,
  };
};

async function applyStep(ctx: StashContext, step: Step, opId: string) {
  switch (step.kind) {
    case 'debit':
    case 'credit': {
      const wallet = await walletOf(ctx, step.owner);
      const delta = step.kind === 'debit' ? -step.amount : step.amount;
      await changeBalances(ctx, wallet, { [step.currency]: delta }, opId);
      return;
    }
    case 'move': {
      const item = await currentItem(ctx, step.itemId);
      if (!item.appliedOps.includes(opId)) {
        if (item.gone || item.seasonParticipantId !== step.from || item.stackCount !== step.count)
          throw new Error(`settlement step ${opId}: item ${item._id} changed since the settlement was planned`);
        const released = releasing(item, step.release);
        await saveItem(
          ctx,
          item,
          {
            seasonParticipantId: step.to._id,
            seasonId: step.to.seasonId,
            username: step.to.username,
            queued: false,
            reservations: [],
            releasedReservations: [
              ...released.releasedReservations,
              ...released.reservations.map((r) => r.reservationId),
            ].slice(-200),
            listing: null,
          },
          opId,
        );
      }
      // The instance's trade history (also when the move was done before a crash, so it is never missed).
      if (item.instanceId)
        await recordTrade(ctx, item.instanceId, {
          settlementId: opId.slice(0, opId.lastIndexOf(':')),
          participantItemId: item._id,
          fromId: step.from,
          from: (await participantName(ctx, step.from)) ?? String(step.from),
          toId: step.to._id,
          to: step.to.username,
          at: ctx.season.now(),
        });
      return;
    }
    case 'split-new': {
      const source = await currentItem(ctx, step.itemId);
      await insertItems(ctx, [
        newItemDoc(ctx, step.newId, step.to, { ...source.item, stackCount: step.count }, { opId }),
      ]);
      return;
    }
    case 'split-take': {
      const item = await currentItem(ctx, step.itemId);
      if (item.appliedOps.includes(opId)) return;
      if (item.gone || item.seasonParticipantId !== step.from || item.stackCount < step.count)
        throw new Error(`settlement step ${opId}: item ${item._id} changed since the settlement was planned`);
      await saveItem(ctx, item, { stackCount: item.stackCount - step.count, ...releasing(item, step.release) }, opId);
      return;
    }
  }
}

/** Finishes settlements a crash left half applied (run at start and now and then). */
export async function sweepSettlements(ctx: StashContext): Promise<number> {
  const open = await ctx.models.Settlement.find({ state: 'applying' }, { request: 1 })
    .limit(100)
    .lean<Array<{ _id: string; request: Request }>>();
  for (const s of open) await onSettlementRequested(ctx, s.request);
  return open.length;
}
