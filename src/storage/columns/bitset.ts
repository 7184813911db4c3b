/**
 * A growable bit set over dense slots, backed by a Uint32Array.
 * @module
 */

/**
 * A growable bit set: one bit per slot, doubling its storage as needed.
 */
export class BitSet {
  private words: Uint32Array;

  constructor(capacity = 64) {
    this.words = new Uint32Array(Math.max(1, Math.ceil(capacity / 32)));
  }

  /** Whether the bit is set; bits beyond the storage read as false. */
  get(index: number): boolean {
    const w = index >>> 5;
    return w < this.words.length && (this.words[w]! & (1 << (index & 31))) !== 0;
  }

  /** Sets or clears one bit, growing the storage by doubling. */
  set(index: number, value: boolean): void {
    const w = index >>> 5;
    if (w >= this.words.length) {
      if (!value) return;
      let size = this.words.length * 2;
      while (size <= w) size *= 2;
      const next = new Uint32Array(size);
      next.set(this.words);
      this.words = next;
    }
    if (value) this.words[w]! |= 1 << (index & 31);
    else this.words[w]! &= ~(1 << (index & 31));
  }

  /** The raw words, for snapshots. */
  toWords(): Uint32Array {
    return this.words;
  }

  /**
   * Rebuilds a bit set from raw words.
   */
  static fromWords(words: Uint32Array): BitSet {
    const b = new BitSet(words.length * 32);
    b.words.set(words);
    return b;
  }
}

/**
 * Returns a copy of `array` with at least `needed` entries, doubling the length.
 */
export function growInt32(array: Int32Array, needed: number): Int32Array {
  if (needed <= array.length) return array;
  let size = Math.max(16, array.length * 2);
  while (size < needed) size *= 2;
  const next = new Int32Array(size);
  next.set(array);
  return next;
}
