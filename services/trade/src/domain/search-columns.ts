// The columns' building blocks for the search index: dense codes, growable typed arrays, sorted slot lists.

export const NONE = -1;

/** Values to dense codes (0, 1, 2, …) so the columns hold small integers. */
export class Dictionary<K> {
  readonly codes = new Map<K, number>();
  readonly values: K[] = [];
  code(v: K): number {
    let c = this.codes.get(v);
    if (c === undefined) {
      c = this.values.length;
      this.codes.set(v, c);
      this.values.push(v);
    }
    return c;
  }
  find(v: K): number {
    return this.codes.get(v) ?? NONE;
  }
}

export function grow<T extends Float64Array | Int32Array | Uint8Array>(a: T, size: number): T {
  if (a.length >= size) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(size, a.length * 2, 64));
  b.set(a);
  return b;
}

/** Slots in listing-id order, ascending (a posting list, or the whole season's order). */
export class SlotList {
  slots = new Int32Array(0);
  length = 0;

  /** Puts `slot` (whose listing id is `ids[slot]`) in id order; nearly always at the end. */
  insert(slot: number, ids: Float64Array): void {
    const n = this.length;
    this.slots = grow(this.slots, n + 1);
    const id = ids[slot]!;
    const at = n === 0 || ids[this.slots[n - 1]!]! < id ? n : this.indexOf(id, ids);
    this.slots.copyWithin(at + 1, at, n);
    this.slots[at] = slot;
    this.length = n + 1;
  }

  delete(slot: number, ids: Float64Array): void {
    const at = this.indexOf(ids[slot]!, ids);
    if (this.slots[at] !== slot || at >= this.length) return;
    this.slots.copyWithin(at, at + 1, this.length);
    this.length -= 1;
  }

  /** The first position whose listing id is not below `id`. */
  private indexOf(id: number, ids: Float64Array): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ids[this.slots[mid]!]! < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
