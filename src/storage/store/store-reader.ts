/**
 * Scans of the store, many elements at a time: column scans, neighbour scans over the CSR
 * adjacency, and what derives from them (degrees, adjacency snapshots, shared CSR rows).
 * StoreReader adds them to the element reads of {@link ElementReader}: together they are the
 * store's GraphSource, with TTL visibility applied.
 * @module
 */
import { NEIGHBOUR_BATCH_SIZE, NeighbourBatchBuffer, type ColumnBatch, type ColumnScanOptions, type GraphSource, type NeighbourBatch, type ScanOptions } from '../../port/index.js';
import type { Direction, PropertyValue } from '../../values/index.js';
import type { BitSet } from '../columns/bitset.js';
import type { CsrArrays, CsrSnapshot } from '../csr-adjacency.js';
import { snapshotAdjacency } from './adjacency-snapshot.js';
import { ElementReader } from './element-reader.js';

const BATCH = 1024;

/**
 * What a neighbour scan reads of one CSR adjacency: the live {@link Csr} itself, or a
 * {@link CsrAt} pinned by a read view.
 */
export interface AdjacencyRead {
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
  readonly edges: Int32Array;
  readonly csrVertices: number;
  hasBuffered(v: number): boolean;
  buffered(v: number): { readonly entries: Int32Array; readonly length: number };
  bufferedTarget(entry: number): number;
  bufferedEdge(entry: number): number;
}

/**
 * GraphSource over a store state. `now` gives the clock used for TTL visibility.
 */
export class StoreReader extends ElementReader implements GraphSource {
  /** The adjacency of an edge label that scans read. */
  protected adjacencyAt(labelId: number): { readonly out: AdjacencyRead; readonly in: AdjacencyRead } | undefined {
    return this.state.adjacency.get(labelId);
  }

  *scanColumns(element: 'vertex' | 'edge', options: ColumnScanOptions = {}): Iterable<ColumnBatch> {
    const s = this.state;
    const c = s.catalog;
    const key = options.key === undefined ? undefined : c.propertyKey(options.key);
    const batch = {
      length: 0,
      slots: new Int32Array(BATCH),
      labels: new Array<string>(BATCH).fill(''),
      values: new Array<PropertyValue | undefined>(BATCH).fill(undefined),
      lists: element === 'vertex' && key !== undefined && key.cardinality !== 'SINGLE',
    };
    const names: string[] = [];
    const nameOf = (labelId: number): string =>
      (names[labelId] ??= (element === 'vertex' ? c.vertexLabelById(labelId) : c.edgeLabelById(labelId))?.name ?? '');
    const wanted = key === undefined || (element === 'vertex' && s.hiddenOlap()?.has(key.id) === true) ? -1 : key.id;
    let edgeLabels = s.edges.label;
    for (const label of options.labels ?? [undefined]) {
      let range = this.columnRange(element, label);
      for (let i = 0; i < range.end; i++) {
        const slot = range.rows === undefined ? i : range.rows[i]!;
        if (element === 'vertex' ? !this.vertexVisible(slot) : (range.labelId >= 0 && edgeLabels[slot] !== range.labelId) || !this.edgeVisible(slot)) continue;
        const n = batch.length++;
        batch.slots[n] = slot;
        batch.labels[n] = nameOf(element === 'vertex' ? s.vertices.labelOf[slot]! : edgeLabels[slot]!);
        batch.values[n] = wanted < 0 ? undefined : element === 'vertex' ? this.vertexValueAt(slot, wanted) : this.edgeValueAt(slot, wanted);
        if (batch.length === BATCH) {
          yield batch;
          batch.length = 0;
          // Writes between two batches may have grown (reallocated) the arrays read here.
          edgeLabels = s.edges.label;
          range = this.columnRange(element, label);
        }
      }
    }
    if (batch.length > 0) yield batch;
  }

  /**
   * The slots a column scan walks for one label (or all): a label's table rows for vertices,
   * else slots 0 to `end` (for edges, below the high-water mark and of `labelId` when not -1).
   */
  private columnRange(element: 'vertex' | 'edge', label: string | undefined): { readonly rows?: Int32Array; readonly end: number; readonly labelId: number } {
    const s = this.state;
    if (element === 'vertex') {
      if (label === undefined) return { end: s.vertices.size, labelId: -1 };
      const record = s.catalog.vertexLabel(label);
      const table = record === undefined ? undefined : s.vertexTables.get(record.id);
      return table === undefined ? { end: 0, labelId: -1 } : { rows: table.rows, end: table.rowCount, labelId: -1 };
    }
    const id = label === undefined ? -1 : (s.catalog.edgeLabel(label)?.id ?? -2);
    return id === -2 ? { end: 0, labelId: -1 } : { end: Math.min(s.edges.size, this.edgeBound), labelId: id };
  }

  *scanNeighbours(sources: Int32Array, direction: Direction, options: ScanOptions = {}): Iterable<NeighbourBatch> {
    const s = this.state;
    const alive = s.edges.alive;
    const bound = this.edgeBound;
    const limit = options.degreeLimit ?? Infinity;
    const batch = new NeighbourBatchBuffer();
    // Only vertex TTL can hide the end of a visible edge in the store.
    const checkTargets = options.visibleNeighbours === true && s.catalog.vertexLabels().some((l) => l.ttl > 0);
    const csrs: { csr: AdjacencyRead; ttl: boolean }[] = [];
    for (const d of direction === 'OUT' ? ['out' as const] : direction === 'IN' ? ['in' as const] : ['out' as const, 'in' as const]) {
      for (const l of this.edgeLabelIds(options.labels)) {
        const adj = this.adjacencyAt(l);
        if (adj !== undefined) csrs.push({ csr: adj[d], ttl: s.hasTtl('edge', l) });
      }
    }
    const hidden = (e: number, ttl: boolean, target: number): boolean =>
      e >= bound || (!alive.get(e) && !this.edgeRevived(e)) || (ttl && !this.edgeVisible(e)) || (checkTargets && !this.vertexVisible(target));
    for (let k = 0; k < sources.length; k++) {
      const v = sources[k]!;
      let taken = 0;
      for (const { csr, ttl } of csrs) {
        if (taken >= limit) break;
        if (v < csr.csrVertices) {
          const tg = csr.targets;
          const ed = csr.edges;
          const end = csr.offsets[v + 1]!;
          let i = csr.offsets[v]!;
          if (!ttl && !checkTargets) {
            // The hot path (no TTL to check) runs in a plain function, which the JIT optimises
            // better than a loop inside a generator.
            while (i < end && taken < limit) {
              const before = batch.length;
              i = this.#fillLive(batch, v, ed, tg, i, end, limit - taken, bound, alive);
              taken += batch.length - before;
              if (batch.length === NEIGHBOUR_BATCH_SIZE) {
                yield batch;
                batch.clear();
              }
            }
          }
          for (; i < end && taken < limit; i++) {
            const e = ed[i]!;
            if (hidden(e, ttl, tg[i]!)) continue;
            taken++;
            if (batch.push(v, e, tg[i]!)) {
              yield batch;
              batch.clear();
            }
          }
        }
        if (!csr.hasBuffered(v)) continue;
        const buffered = csr.buffered(v);
        const entries = buffered.entries.slice(0, buffered.length);
        for (let i = 0; i < entries.length && taken < limit; i++) {
          const e = csr.bufferedEdge(entries[i]!);
          const target = csr.bufferedTarget(entries[i]!);
          if (hidden(e, ttl, target)) continue;
          taken++;
          if (batch.push(v, e, target)) {
            yield batch;
            batch.clear();
          }
        }
      }
    }
    if (batch.length > 0) yield batch;
  }

  /**
   * Appends the live entries of positions `i` to `end` of a CSR row of `v` to the batch, until
   * the batch is full or `budget` entries were taken; returns the position to resume at.
   */
  #fillLive(batch: NeighbourBatchBuffer, v: number, ed: Int32Array, tg: Int32Array, i: number, end: number, budget: number, bound: number, alive: BitSet): number {
    const { sources, edges, vertices } = batch;
    let n = batch.length;
    const stop = Math.min(n + budget, NEIGHBOUR_BATCH_SIZE);
    for (; i < end && n < stop; i++) {
      const e = ed[i]!;
      if (e >= bound || (!alive.get(e) && !this.edgeRevived(e))) continue;
      sources[n] = v;
      edges[n] = e;
      vertices[n++] = tg[i]!;
    }
    batch.length = n;
    return i;
  }

  degree(slot: number, direction: Direction, labels?: readonly string[]): number {
    const s = this.state;
    let n = 0;
    for (const l of this.edgeLabelIds(labels)) {
      const adj = s.adjacency.get(l);
      if (adj === undefined) continue;
      if ((s.catalog.edgeLabelById(l)?.ttl ?? 0) > 0) {
        for (const b of this.scanNeighbours(Int32Array.of(slot), direction, { labels: [s.catalog.edgeLabelById(l)!.name] })) n += b.length;
        continue;
      }
      if (direction !== 'IN') n += adj.out.degree(slot);
      if (direction !== 'OUT') n += adj.in.degree(slot);
    }
    return n;
  }

  /**
   * The adjacency this reader shows, as an immutable CSR snapshot for {@link CsrAdjacency}:
   * O(vertices) for the vertex labels, plus a copy of each label's entries unless its merged
   * arrays can be shared (see {@link StoreReader.sharedCsr}).
   */
  adjacencySnapshot(): CsrSnapshot {
    const c = this.state.catalog;
    return snapshotAdjacency(this, {
      edgeLabels: c.edgeLabels().map((l) => l.name),
      shared: (name, direction) => {
        const label = c.edgeLabel(name);
        return label === undefined ? undefined : this.sharedCsr(label.id, direction);
      },
    });
  }

  /**
   * Merged CSR arrays of a label that a snapshot or a frontier may take as they are: compact
   * (nothing buffered or tombstoned, merged on demand when that pays, see
   * StoreState.compactForReads) and without TTL. Merged arrays are never mutated; a merge
   * replaces them.
   */
  protected sharedCsr(labelId: number, direction: 'out' | 'in'): CsrArrays | undefined {
    const s = this.state;
    if (s.hasTtl('edge', labelId) || !s.compactForReads(labelId, direction)) return undefined;
    return s.adjacency.get(labelId)?.[direction];
  }

  /**
   * The merged rows of the labels a scan walks, when every one is shared ({@link sharedCsr})
   * and no vertex label has a TTL (which could hide a neighbour); see AdjacencySource.
   */
  adjacencyRows(direction: Direction, labels?: readonly string[]): readonly CsrArrays[] | undefined {
    const s = this.state;
    if (s.catalog.vertexLabels().some((l) => l.ttl > 0)) return undefined;
    const rows: CsrArrays[] = [];
    for (const d of direction === 'OUT' ? ['out' as const] : direction === 'IN' ? ['in' as const] : ['out' as const, 'in' as const]) {
      for (const l of this.edgeLabelIds(labels)) {
        if (!s.adjacency.has(l)) continue;
        const shared = this.sharedCsr(l, d);
        if (shared === undefined) return undefined;
        rows.push(shared);
      }
    }
    return rows;
  }

  private edgeLabelIds(names: readonly string[] | undefined): number[] {
    const c = this.state.catalog;
    if (names === undefined || names.length === 0) return c.edgeLabels().map((l) => l.id);
    return names.map((n) => c.edgeLabel(n)?.id).filter((id): id is number => id !== undefined);
  }
}
