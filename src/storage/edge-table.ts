/**
 * The edge slot table: label id, out slot and in slot of every edge as typed arrays, a live
 * bit, optional per-label property rows, and a pair filter per SINGLE label that rules out an
 * existing edge before an insert.
 * @module
 */
import { BitSet, growInt32 } from './columns/index.js';
import type { PairFilter } from './pair-filter.js';
import { LabelTable } from './vertex-table.js';

/**
 * The edge slot table.
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
  /** SINGLE-frequency pair filters per label id, built on first use (derived data, not in snapshots). */
  readonly pairs = new Map<number, PairFilter>();

  /** Allocates the next edge slot. */
  allocate(labelId: number, out: number, inV: number): number {
    this.reserve(1);
    const e = this.push(labelId, out, inV);
    this.counts.set(labelId, (this.counts.get(labelId) ?? 0) + 1);
    return e;
  }

  /** Makes room for `n` more slots, so that the next `n` {@link push} calls do not grow the arrays. */
  reserve(n: number): void {
    const need = this.size + n;
    if (need <= this.out.length) return;
    this.out = growInt32(this.out, need);
    this.in = growInt32(this.in, need);
    const labels = new Uint16Array(this.out.length);
    labels.set(this.label);
    this.label = labels;
  }

  /**
   * Appends a live slot into room made by {@link reserve}, without counting it in {@link counts}:
   * the bulk path adds its count once per batch.
   */
  push(labelId: number, out: number, inV: number): number {
    const e = this.size++;
    this.label[e] = labelId;
    this.out[e] = out;
    this.in[e] = inV;
    this.alive.set(e, true);
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
