/**
 * A blocked Bloom filter of the (out, in) pairs of one SINGLE-frequency edge label, used to
 * rule out an existing edge before an insert without an exact lookup.
 *
 * It costs about 1.3 bytes per edge (instead of 8–10 for a hash table of edge slots) and one
 * cache line per probe: a pair sets 4 bits inside one 256-bit block. A "maybe" answer is
 * confirmed by scanning the adjacency of the endpoint with the smaller degree, so the filter
 * never decides alone. Removed and rolled-back edges keep their bits (only more false
 * positives) until the next rebuild, which reads the live edges of the label from the edge
 * table. The filter is derived data: snapshots do not store it.
 * @module
 */
import type { BitSet } from './columns/index.js';

/**
 * The edge columns a pair filter reads. The edge table satisfies it, and it lets this file
 * take the table without importing edge-table.ts (which holds the filters): no import circle.
 */
interface PairEdges {
  readonly label: Uint16Array;
  readonly out: Int32Array;
  readonly in: Int32Array;
  readonly alive: BitSet;
  readonly size: number;
  /** Live edge count per label id. */
  readonly counts: ReadonlyMap<number, number>;
}

/** Filter bits per edge at full capacity; the filter doubles (rebuilds) beyond it. */
const BITS_PER_KEY = 10;
/** 32-bit words per block (256 bits: half a cache line). */
const BLOCK_WORDS = 8;

/**
 * Blocked Bloom filter of the endpoint pairs of one edge label.
 */
export class PairFilter {
  private words: Uint32Array = new Uint32Array(0);
  private mask = 0;
  private capacity = 0;
  private keys = 0;

  private constructor(readonly labelId: number) {}

  /**
   * A filter holding every live edge of the label, sized for twice as many.
   */
  static build(labelId: number, edges: PairEdges): PairFilter {
    const f = new PairFilter(labelId);
    f.rebuild(edges);
    return f;
  }

  /** False when no edge `out → inV` of the label exists; true when one may exist. */
  mightContain(out: number, inV: number): boolean {
    const h = hashPair(out, inV);
    const base = (h & this.mask) * BLOCK_WORDS;
    const g = remix(h);
    const w = this.words;
    return (
      (w[base + ((g >>> 5) & 7)]! & (1 << (g & 31))) !== 0 &&
      (w[base + ((g >>> 13) & 7)]! & (1 << ((g >>> 8) & 31))) !== 0 &&
      (w[base + ((g >>> 21) & 7)]! & (1 << ((g >>> 16) & 31))) !== 0 &&
      (w[base + ((g >>> 29) & 7)]! & (1 << ((g >>> 24) & 31))) !== 0
    );
  }

  /**
   * Reads the block of every pair once, in a loop whose iterations do not depend on each other,
   * so that the memory loads of a whole batch are in flight together and the probes that follow
   * find their blocks in cache. Returns a value only so that the loads are not optimised away.
   */
  prefetch(outs: Int32Array, ins: Int32Array): number {
    const w = this.words;
    const mask = this.mask;
    let sink = 0;
    for (let i = 0; i < outs.length; i++) sink ^= w[(hashPair(outs[i]!, ins[i]!) & mask) * BLOCK_WORDS]!;
    return sink;
  }

  /**
   * Sets the bits of a pair and returns whether they were all set already (an edge `out → inV`
   * may exist): one hash for the probe and the insert of the bulk path. Setting the bits of a
   * pair that exists changes nothing; a pair that is then appended must be counted with
   * {@link countOne}.
   */
  testAndSet(out: number, inV: number): boolean {
    const h = hashPair(out, inV);
    const base = (h & this.mask) * BLOCK_WORDS;
    const g = remix(h);
    const w = this.words;
    const i0 = base + ((g >>> 5) & 7);
    const i1 = base + ((g >>> 13) & 7);
    const i2 = base + ((g >>> 21) & 7);
    const i3 = base + ((g >>> 29) & 7);
    const b0 = 1 << (g & 31);
    const b1 = 1 << ((g >>> 8) & 31);
    const b2 = 1 << ((g >>> 16) & 31);
    const b3 = 1 << ((g >>> 24) & 31);
    const present = (w[i0]! & b0) !== 0 && (w[i1]! & b1) !== 0 && (w[i2]! & b2) !== 0 && (w[i3]! & b3) !== 0;
    w[i0]! |= b0;
    w[i1]! |= b1;
    w[i2]! |= b2;
    w[i3]! |= b3;
    return present;
  }

  /** Counts one pair set by {@link testAndSet}; true when the filter is now full and must be rebuilt. */
  countOne(): boolean {
    return ++this.keys > this.capacity;
  }

  /** Records the pair of edge `e` (already allocated and live); rebuilds larger when full. */
  add(e: number, edges: PairEdges): void {
    if (++this.keys > this.capacity) this.rebuild(edges);
    else this.set(edges.out[e]!, edges.in[e]!);
  }

  /** Bytes held by the filter. */
  byteLength(): number {
    return this.words.byteLength;
  }

  /** Rebuilds from the live edges of the label, sized for twice their number. */
  rebuild(edges: PairEdges): void {
    const live = edges.counts.get(this.labelId) ?? 0;
    const want = Math.ceil((Math.max(live * 2, 1024) * BITS_PER_KEY) / (BLOCK_WORDS * 32));
    let blocks = 1;
    while (blocks < want) blocks *= 2;
    this.words = new Uint32Array(blocks * BLOCK_WORDS);
    this.mask = blocks - 1;
    this.capacity = Math.floor((blocks * BLOCK_WORDS * 32) / BITS_PER_KEY);
    this.keys = 0;
    const { label, out, in: inV, alive } = edges;
    for (let e = 0; e < edges.size; e++) {
      if (label[e] === this.labelId && alive.get(e)) {
        this.set(out[e]!, inV[e]!);
        this.keys++;
      }
    }
  }

  private set(out: number, inV: number): void {
    const h = hashPair(out, inV);
    const base = (h & this.mask) * BLOCK_WORDS;
    const g = remix(h);
    const w = this.words;
    w[base + ((g >>> 5) & 7)]! |= 1 << (g & 31);
    w[base + ((g >>> 13) & 7)]! |= 1 << ((g >>> 8) & 31);
    w[base + ((g >>> 21) & 7)]! |= 1 << ((g >>> 16) & 31);
    w[base + ((g >>> 29) & 7)]! |= 1 << ((g >>> 24) & 31);
  }
}

function hashPair(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 15;
  return Math.imul(h, 0x27d4eb2f) >>> 0;
}

/** A second, independent-looking 32-bit hash for the bit positions inside a block. */
function remix(h: number): number {
  let g = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  g ^= g >>> 15;
  g = Math.imul(g, 0x846ca68b);
  return (g ^ (g >>> 16)) >>> 0;
}
