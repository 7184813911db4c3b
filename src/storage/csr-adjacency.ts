/**
 * The adjacency port over plain CSR arrays: what a worker thread reads from a shared-memory
 * snapshot. Every array may live in a SharedArrayBuffer; the object holds nothing else but
 * label names, so it can be rebuilt on another thread from what `postMessage` carries.
 * @module
 */
import { NEIGHBOUR_BATCH_SIZE, NeighbourBatchBuffer, type AdjacencyRows, type AdjacencySource, type NeighbourBatch, type ScanOptions } from '../port/index.js';
import type { Direction } from '../values/index.js';

/**
 * One direction of one edge label: the port's {@link AdjacencyRows}.
 */
export type CsrArrays = AdjacencyRows;

/**
 * The typed arrays of an adjacency snapshot: vertex labels by slot (-1 for no vertex), and per
 * edge label its out and in CSR.
 */
export interface CsrSnapshot {
  readonly vertexLabels: Int32Array;
  readonly vertexLabelNames: readonly string[];
  readonly edgeLabels: readonly { readonly name: string; readonly out: CsrArrays; readonly in: CsrArrays }[];
}

/**
 * {@link AdjacencySource} over a {@link CsrSnapshot}. Immutable, so any number of threads may
 * scan the same arrays at once; each scan reuses one batch object of its own.
 */
export class CsrAdjacency implements AdjacencySource {
  readonly #data: CsrSnapshot;
  readonly #labelIndex: ReadonlyMap<string, number>;

  constructor(data: CsrSnapshot) {
    this.#data = data;
    this.#labelIndex = new Map(data.edgeLabels.map((l, i) => [l.name, i]));
  }

  vertexCount(label?: string): number {
    const wanted = label === undefined ? -1 : this.#data.vertexLabelNames.indexOf(label);
    if (label !== undefined && wanted < 0) return 0;
    let n = 0;
    for (const l of this.#data.vertexLabels) if (l >= 0 && (wanted < 0 || l === wanted)) n++;
    return n;
  }

  vertexSlotBound(): number {
    return this.#data.vertexLabels.length;
  }

  vertexVisible(slot: number): boolean {
    return slot >= 0 && slot < this.#data.vertexLabels.length && this.#data.vertexLabels[slot]! >= 0;
  }

  *scanNeighbours(sources: Int32Array, direction: Direction, options: ScanOptions = {}): Iterable<NeighbourBatch> {
    const csrs = this.#csrs(direction, options.labels);
    const limit = options.degreeLimit ?? Infinity;
    const batch = new NeighbourBatchBuffer();
    for (let k = 0; k < sources.length; k++) {
      const v = sources[k]!;
      let taken = 0;
      for (const csr of csrs) {
        if (v + 1 >= csr.offsets.length) continue;
        const start = csr.offsets[v]!;
        const end = Math.min(csr.offsets[v + 1]!, start + (limit - taken));
        for (let i = start; i < end; ) {
          i = batch.pushRun(v, csr.edges, csr.targets, i, end);
          if (batch.length === NEIGHBOUR_BATCH_SIZE) {
            yield batch;
            batch.clear();
          }
        }
        taken += end - start;
      }
    }
    if (batch.length > 0) yield batch;
  }

  degree(slot: number, direction: Direction, labels?: readonly string[]): number {
    let n = 0;
    for (const csr of this.#csrs(direction, labels)) if (slot + 1 < csr.offsets.length) n += csr.offsets[slot + 1]! - csr.offsets[slot]!;
    return n;
  }

  /** Every row is shown as it is: the snapshot hides nothing. */
  adjacencyRows(direction: Direction, labels?: readonly string[]): readonly AdjacencyRows[] {
    return this.#csrs(direction, labels);
  }

  /** The CSRs a scan walks, OUT ones before IN ones, labels in snapshot order (or as given). */
  #csrs(direction: Direction, labels: readonly string[] | undefined): CsrArrays[] {
    const picked = labels === undefined || labels.length === 0 ? this.#data.edgeLabels : labels.flatMap((l) => {
      const i = this.#labelIndex.get(l);
      return i === undefined ? [] : [this.#data.edgeLabels[i]!];
    });
    const out = direction === 'IN' ? [] : picked.map((l) => l.out);
    return direction === 'OUT' ? out : [...out, ...picked.map((l) => l.in)];
  }
}
