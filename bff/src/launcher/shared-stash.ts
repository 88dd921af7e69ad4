import {
  placeQueuedItems,
  QUEUE_TAB,
  stashItemToLauncher,
  takeUploadedItems,
  type LauncherItem,
  type TransferStash,
} from '@league/gamefiles';

/** A transfer-queue entry as season answers it: the launcher's item JSON with its cloud id. */
export type QueuedItem = LauncherItem & { participantItemId: number };

export interface SharedStashPlan {
  /** The stash to store: tab 6 emptied, the queued items written into tab 5. */
  stash: TransferStash;
  /** Whether {@link stash} differs from the uploaded file (else the upload is stored as it came). */
  changed: boolean;
  /** Tab 6's items, to send to the cloud stash (file order, so a repeat is the identical batch). */
  uploaded: LauncherItem[];
  /** Queue ids that are in tab 5 of the stash to store: placed now, or already there in the upload. */
  pull: number[];
  /** Queue ids left queued (no free area of their size in tab 5). */
  leftQueued: number[];
}

/** An item's identity in a file: every field the launcher's item JSON carries (a stack of 0 is written as 1). */
const keyOf = (i: LauncherItem) =>
  JSON.stringify([
    i.name,
    i.prefix,
    i.suffix,
    i.modifier,
    i.illusion,
    i.component,
    i.completion,
    i.augment,
    i.itemSeed,
    i.componentSeed,
    i.augmentSeed,
    Math.max(1, i.stackCount),
  ]);

/**
 * What a shared-stash upload does, computed before anything is written (pure): take tab 6's items for the
 * cloud, then place the transfer queue into tab 5. A queued item that the uploaded file already holds in
 * tab 5 (the launcher put back a file this flow stored before its pull-items went through) is not written
 * again; it is pulled. Each tab-5 item of the upload stands for at most one queued item.
 */
export function planSharedStash(uploaded: TransferStash, queued: readonly QueuedItem[]): SharedStashPlan {
  const taken = takeUploadedItems(uploaded);
  const inTab5 = new Map<string, number>();
  for (const item of taken.stash.tabs[QUEUE_TAB]?.items ?? []) {
    const k = keyOf(stashItemToLauncher(item));
    inTab5.set(k, (inTab5.get(k) ?? 0) + 1);
  }
  const already: number[] = [];
  const toPlace: QueuedItem[] = [];
  for (const q of queued) {
    const k = keyOf(q);
    const n = inTab5.get(k) ?? 0;
    if (n > 0) {
      inTab5.set(k, n - 1);
      already.push(q.participantItemId);
    } else toPlace.push(q);
  }
  if (!taken.stash.tabs[QUEUE_TAB] || toPlace.length === 0) {
    return {
      stash: taken.stash,
      changed: taken.items.length > 0,
      uploaded: taken.items,
      pull: already,
      leftQueued: toPlace.map((q) => q.participantItemId),
    };
  }
  const placed = placeQueuedItems(taken.stash, toPlace);
  return {
    stash: placed.stash,
    changed: taken.items.length > 0 || placed.placed.length > 0,
    uploaded: taken.items,
    pull: [...already, ...placed.placed.map((p) => p.item.participantItemId)],
    leftQueued: placed.notPlaced.map((q) => q.participantItemId),
  };
}
