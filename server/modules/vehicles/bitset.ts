// Dense bitsets over the inventory index's slots (issue 17, decision 013): bit i of word i >>> 5 stands for the
// vehicle in slot i. One bitset of 100,000 vehicles is 3,125 words (12.5 KB): combining two is a few microseconds,
// where a byte per vehicle and a pass per condition cost a tenth of a millisecond each. No bit beyond the last slot
// is ever set, so a count or a walk needs no bound check.

export type Bits = Uint32Array;

export const wordsFor = (size: number): number => (size + 31) >>> 5;

export function setBit(bits: Bits, slot: number): void {
  bits[slot >>> 5]! |= 1 << (slot & 31);
}

export function hasBit(bits: Bits, slot: number): boolean {
  return ((bits[slot >>> 5]! >>> (slot & 31)) & 1) === 1;
}

/** The number of bits set in a 32-bit word (the classic SWAR count). */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function countBits(bits: Bits): number {
  let n = 0;
  // Without a test for empty words: on mixed sets that branch mispredicts and costs more than the count.
  for (let w = 0; w < bits.length; w++) n += popcount32(bits[w]!);
  return n;
}

/** out = a AND b (out may be a or b). */
export function and(out: Bits, a: Bits, b: Bits): void {
  for (let w = 0; w < out.length; w++) out[w] = a[w]! & b[w]!;
}

/** out = the union of these bitsets; empty for none. */
export function union(out: Bits, sets: readonly Bits[]): void {
  if (!sets.length) {
    out.fill(0);
    return;
  }
  out.set(sets[0]!);
  for (let k = 1; k < sets.length; k++) {
    const s = sets[k]!;
    for (let w = 0; w < out.length; w++) out[w]! |= s[w]!;
  }
}

/** The slots whose bit is set, ascending. */
export function slotsOf(bits: Bits): Int32Array {
  const out = new Int32Array(countBits(bits));
  let j = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    while (x !== 0) {
      const low = x & -x;
      out[j++] = (w << 5) | (31 - Math.clz32(low));
      x ^= low;
    }
  }
  return out;
}

/**
 * Range questions over one numeric column (price, year, mileage) without a pass over every vehicle: the slots
 * sorted by value, and a checkpoint bitset every `step` positions holding the first positions of that order. The
 * slots in [lo, hi] are a run of positions [a, b), and a prefix [0, p) is the nearest checkpoint's bitset with the
 * few positions between the checkpoint and p toggled, so [a, b) = prefix(b) XOR prefix(a): two word passes and at
 * most `step` toggles, whatever the range's width.
 */
export class RangeIndex {
  /** Values in ascending order: values[k] is the value of the slot at position k of `order`. */
  private readonly values: Float64Array;
  private readonly step: number;
  private readonly checkpoints: Bits[];

  /** `order`: every slot once, by ascending value of `column`. */
  constructor(column: Float64Array, readonly order: Int32Array, words: number) {
    const n = order.length;
    this.values = new Float64Array(n);
    for (let k = 0; k < n; k++) this.values[k] = column[order[k]!]!;
    // About 64 checkpoints, so the toggles stay a sixty-fourth of the lot at most (8 at least, so small lots use them too).
    this.step = Math.max(8, Math.ceil(n / 64));
    this.checkpoints = [];
    const running = new Uint32Array(words);
    for (let k = 0; ; k++) {
      if (k % this.step === 0) this.checkpoints.push(running.slice());
      if (k === n) break;
      setBit(running, order[k]!);
    }
  }

  /** The first position whose value is at least v (n if none). */
  private firstAtLeast(v: number): number {
    let lo = 0, hi = this.values.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.values[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first position whose value is above v (n if none). */
  private firstAbove(v: number): number {
    let lo = 0, hi = this.values.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.values[mid]! <= v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The positions [a, b) of `order` whose value v has lo <= v <= hi. */
  span(lo: number, hi: number): [number, number] {
    const a = this.firstAtLeast(lo);
    return [a, Math.max(a, this.firstAbove(hi))];
  }

  /** out = the slots whose value v has lo <= v <= hi (SQL's `>=` and `<=`; an absent bound is an infinity). */
  select(lo: number, hi: number, out: Bits): void {
    const [a, b] = this.span(lo, hi);
    const ca = Math.min(Math.round(a / this.step), this.checkpoints.length - 1);
    const cb = Math.min(Math.round(b / this.step), this.checkpoints.length - 1);
    const A = this.checkpoints[ca]!, B = this.checkpoints[cb]!;
    for (let w = 0; w < out.length; w++) out[w] = A[w]! ^ B[w]!;
    // prefix(p) = checkpoint(c) XOR the positions between c·step and p, on whichever side p lies.
    this.toggle(out, ca * this.step, a);
    this.toggle(out, cb * this.step, b);
  }

  private toggle(out: Bits, from: number, to: number): void {
    const order = this.order;
    for (let k = Math.min(from, to), end = Math.max(from, to); k < end; k++) {
      const slot = order[k]!;
      out[slot >>> 5]! ^= 1 << (slot & 31);
    }
  }

  get bytes(): number {
    return this.values.byteLength + this.checkpoints.reduce((n, c) => n + c.byteLength, 0);
  }
}
