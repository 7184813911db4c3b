/**
 * The edge slot table: label id, out slot and in slot of every edge as typed arrays, a live
 * bit, optional per-label property rows, and an open-addressing (out, in) hash per SINGLE
 * label to find an existing edge without scanning adjacency.
 * @module
 */
import { BitSet, growInt32 } from './columns/index.js';
import { LabelTable } from './vertex-table.js';

/**
 * Typed-array hash set of edge slots keyed by (out, in), used for SINGLE-frequency labels.
 * A one-byte fingerprint per entry avoids reading the edge table for most non-matching
 * probes. Entries of dead edges stay until the next resize; lookups check liveness.
 *
 * @example
 * ```ts
 * const h = new PairHash(2);
 * h.insert(0, edges);
 * ```
 */
export class PairHash {
  private table: Int32Array = new Int32Array(64).fill(-1);
  private prints: Uint8Array = new Uint8Array(64);
  private used = 0;

  constructor(readonly labelId: number) {}

  /** Inserts a live edge slot of the label (a resize re-inserts every live edge, this one included). */
  insert(edge: number, edges: EdgeTable): void {
    if ((this.used + 1) * 4 > this.table.length * 3) this.resize(edges);
    else this.place(edge, hashPair(edges.out[edge]!, edges.in[edge]!));
  }

  /** Removes an edge slot (leaves a tombstone). */
  remove(edge: number, edges: EdgeTable): void {
    const mask = this.table.length - 1;
    for (let i = hashPair(edges.out[edge]!, edges.in[edge]!) & mask; this.table[i] !== -1; i = (i + 1) & mask) {
      if (this.table[i] === edge) {
        this.table[i] = -2;
        return;
      }
    }
  }

  /** The first live edge with this (out, in) that `accept` (when given) accepts, or -1. */
  find(out: number, inV: number, edges: EdgeTable, accept?: (edge: number) => boolean): number {
    const table = this.table;
    const prints = this.prints;
    const mask = table.length - 1;
    const h = hashPair(out, inV);
    const print = h >>> 24;
    for (let i = h & mask; table[i] !== -1; i = (i + 1) & mask) {
      const e = table[i]!;
      if (e >= 0 && prints[i] === print && edges.out[e] === out && edges.in[e] === inV && edges.alive.get(e) && (accept === undefined || accept(e))) return e;
    }
    return -1;
  }

  /** The raw table, fingerprints and used count, for snapshots. */
  raw(): { table: Int32Array; prints: Uint8Array; used: number } {
    return { table: this.table, prints: this.prints, used: this.used };
  }

  /**
   * Rebuilds a hash from {@link raw} output.
   *
   * @example
   * ```ts
   * const copy = PairHash.fromRaw(2, h.raw());
   * ```
   */
  static fromRaw(labelId: number, raw: { table: Int32Array; prints: Uint8Array; used: number }): PairHash {
    const h = new PairHash(labelId);
    h.table = raw.table;
    h.prints = raw.prints;
    h.used = raw.used;
    return h;
  }

  private place(edge: number, h: number): void {
    const table = this.table;
    const mask = table.length - 1;
    let i = h & mask;
    while (table[i]! >= 0) i = (i + 1) & mask;
    if (table[i] === -1) this.used++;
    table[i] = edge;
    this.prints[i] = h >>> 24;
  }

  /** Rebuilds the table from the live edges of the label, read in slot order. */
  private resize(edges: EdgeTable): void {
    const live = edges.counts.get(this.labelId) ?? 0;
    let size = 64;
    while (size < live * 2 + 2) size *= 2;
    this.table = new Int32Array(size).fill(-1);
    this.prints = new Uint8Array(size);
    this.used = 0;
    const { out, in: inV, label, alive } = edges;
    for (let e = 0; e < edges.size; e++) {
      if (label[e] === this.labelId && alive.get(e)) this.place(e, hashPair(out[e]!, inV[e]!));
    }
  }
}

function hashPair(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 15;
  return Math.imul(h, 0x27d4eb2f) >>> 0;
}

/**
 * The edge slot table.
 *
 * @example
 * ```ts
 * const et = new EdgeTable();
 * const e = et.allocate(2, 0, 1);
 * et.out[e]; // 0
 * ```
 */
export class EdgeTable {
  label: Uint16Array = new Uint16Array(16);
  out: Int32Array = new Int32Array(16);
  in: Int32Array = new Int32Array(16);
  alive = new BitSet();
  /** Row of an edge in its label's table; allocated only once some label needs rows. */
  rowOf: Int32Array | undefined;
  size = 0;
  /** Per-label property tables, only for labels with properties or a TTL. */
  readonly tables = new Map<number, LabelTable>();
  /** Live edge count per label id. */
  readonly counts = new Map<number, number>();
  /** SINGLE-frequency hashes per label id. */
  readonly pairs = new Map<number, PairHash>();

  /** Allocates the next edge slot. */
  allocate(labelId: number, out: number, inV: number): number {
    const e = this.size++;
    if (e >= this.out.length) {
      this.out = growInt32(this.out, e + 1);
      this.in = growInt32(this.in, e + 1);
      const labels = new Uint16Array(this.out.length);
      labels.set(this.label);
      this.label = labels;
    }
    this.label[e] = labelId;
    this.out[e] = out;
    this.in[e] = inV;
    this.alive.set(e, true);
    this.counts.set(labelId, (this.counts.get(labelId) ?? 0) + 1);
    return e;
  }

  /** Undoes the newest {@link allocate}. */
  release(): void {
    const e = --this.size;
    this.alive.set(e, false);
    const l = this.label[e]!;
    this.counts.set(l, this.counts.get(l)! - 1);
  }

  /** Marks an edge dead or alive again, keeping the label count. */
  setAlive(e: number, value: boolean): void {
    this.alive.set(e, value);
    const l = this.label[e]!;
    this.counts.set(l, this.counts.get(l)! + (value ? 1 : -1));
  }

  /** Shrinks the slot arrays to the used size (growth doubles again from there). */
  trim(): void {
    const n = Math.max(16, this.size);
    if (this.out.length === n) return;
    this.out = this.out.slice(0, n);
    this.in = this.in.slice(0, n);
    this.label = this.label.slice(0, n);
    if (this.rowOf !== undefined) this.rowOf = this.rowOf.slice(0, Math.min(n, this.rowOf.length));
  }

  /** Sets the label-table row of an edge. */
  setRow(e: number, row: number): void {
    const r = growInt32(this.rowOf ?? new Int32Array(this.out.length), Math.max(e + 1, this.out.length));
    r[e] = row;
    this.rowOf = r;
  }
}
