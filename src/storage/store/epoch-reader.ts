/**
 * A read view: the GraphSource of one store as of the epoch it was opened in. Writes committed
 * later are invisible to it: elements created later lie past its high-water marks, elements
 * removed later are revived from the epoch log, replaced property values are read from their
 * pre-images, and neighbour scans walk the adjacency pinned at the start. While nothing has
 * been committed since the pin, every read takes the same path as the live store's.
 * @module
 */
import type { Direction, ElementId, PropertyValue } from '../../values/index.js';
import type { IndexPredicate, ReadView } from '../../port/index.js';
import { StorageError } from '../../errors.js';
import type { CsrAt } from '../csr.js';
import type { CsrArrays } from '../csr-adjacency.js';
import { idMapKey } from '../vertex-table.js';
import { EpochLog, type PropertySide } from './epochs.js';
import { idForms } from './element-reader.js';
import { StoreReader, type AdjacencyRead } from './store-reader.js';
import type { StoreState } from './store-state.js';

/**
 * The store as of one epoch, until {@link EpochReader.release}; after the release it reads the
 * live store.
 */
export class EpochReader extends StoreReader implements ReadView {
  readonly source = this;
  readonly #epoch: number;
  readonly #vertexBound: number;
  readonly #edgeBound: number;
  readonly #adjacency = new Map<number, { readonly out: CsrAt; readonly in: CsrAt }>();
  #released = false;

  /**
   * @param state the store's state, whose current epoch the view pins
   * @param now the clock reading that TTL visibility uses for the whole view
   * @param same a view whose state this one reads too (see {@link EpochReader.share})
   */
  constructor(state: StoreState, now: number, same?: EpochReader) {
    super(state, () => now);
    if (same !== undefined) {
      this.#epoch = state.epochs.pinAgain(same.#epoch);
      this.#vertexBound = same.#vertexBound;
      this.#edgeBound = same.#edgeBound;
      for (const [label, adj] of same.#adjacency) this.#adjacency.set(label, adj);
      return;
    }
    this.#epoch = state.epochs.pin();
    this.#vertexBound = state.vertices.size;
    this.#edgeBound = state.edges.size;
    for (const [label, adj] of state.adjacency) this.#adjacency.set(label, { out: adj.out.pin(), in: adj.in.pin() });
  }

  /**
   * Another view of the same state, pinned separately: it stays valid after this one is
   * released. Fails if this view is released already.
   */
  share(now: number): EpochReader {
    if (this.#released) throw new StorageError('READ_VIEW_RELEASED', 'Cannot share a read view: it was released');
    return new EpochReader(this.state, now, this);
  }

  /**
   * Unpins the epoch (idempotent); the history kept for it can go, and so can the pinned CSR
   * generations (an edge handle that reads its id lazily may keep this object alive).
   */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.#adjacency.clear();
    this.state.epochs.unpin(this.#epoch);
  }

  /** Whether reads must consult the epoch log: pinned, and something was committed since. */
  #stale(): boolean {
    return !this.#released && this.state.epochs.changedSince(this.#epoch);
  }

  #killedSince(kills: ReadonlyMap<number, number>, slot: number): boolean {
    const at = kills.get(slot);
    return at !== undefined && at > this.#epoch;
  }

  /** A stale view scans its pinned generation, so it shares nothing with the live CSR. */
  protected override sharedCsr(labelId: number, direction: 'out' | 'in'): CsrArrays | undefined {
    return this.#stale() ? undefined : super.sharedCsr(labelId, direction);
  }

  override vertexSlotBound(): number {
    return this.#released ? super.vertexSlotBound() : this.#vertexBound;
  }

  protected override vertexLive(slot: number): boolean {
    if (this.#released) return super.vertexLive(slot);
    const vt = this.state.vertices;
    return slot < this.#vertexBound && (vt.alive.get(slot) || this.#killedSince(this.state.epochs.vertexKills, slot));
  }

  protected override edgeLive(e: number): boolean {
    if (this.#released) return super.edgeLive(e);
    return e < this.#edgeBound && (this.state.edges.alive.get(e) || this.#killedSince(this.state.epochs.edgeKills, e));
  }

  protected override get edgeBound(): number {
    return this.#released ? Infinity : this.#edgeBound;
  }

  protected override edgeRevived(e: number): boolean {
    return !this.#released && this.#killedSince(this.state.epochs.edgeKills, e);
  }

  protected override adjacencyAt(labelId: number): { readonly out: AdjacencyRead; readonly in: AdjacencyRead } | undefined {
    return this.#released ? super.adjacencyAt(labelId) : this.#adjacency.get(labelId);
  }

  protected override vertexValueAt(slot: number, keyId: number): PropertyValue | undefined {
    const p = this.#stale() ? EpochLog.before(this.state.epochs.vertexValues, slot, keyId, this.#epoch) : undefined;
    return p === undefined ? super.vertexValueAt(slot, keyId) : p.value;
  }

  protected override vertexSideAt(slot: number, keyId: number): PropertySide | undefined {
    const p = this.#stale() ? EpochLog.before(this.state.epochs.vertexValues, slot, keyId, this.#epoch) : undefined;
    return p === undefined ? super.vertexSideAt(slot, keyId) : p.side;
  }

  protected override edgeValueAt(e: number, keyId: number): PropertyValue | undefined {
    const p = this.#stale() ? EpochLog.before(this.state.epochs.edgeValues, e, keyId, this.#epoch) : undefined;
    return p === undefined ? super.edgeValueAt(e, keyId) : p.value;
  }

  protected override liveCount(kind: 'vertex' | 'edge', labelId: number): number {
    let n = super.liveCount(kind, labelId);
    if (!this.#stale()) return n;
    const s = this.state;
    const labels = kind === 'vertex' ? s.vertices.labelOf : s.edges.label;
    const alive = kind === 'vertex' ? s.vertices.alive : s.edges.alive;
    const size = kind === 'vertex' ? s.vertices.size : s.edges.size;
    const bound = kind === 'vertex' ? this.#vertexBound : this.#edgeBound;
    for (let x = bound; x < size; x++) if (labels[x] === labelId && alive.get(x)) n--;
    for (const [x, at] of kind === 'vertex' ? s.epochs.vertexKills : s.epochs.edgeKills) {
      if (at > this.#epoch && x < bound && labels[x] === labelId) n++;
    }
    return n;
  }

  override vertexPropertyKeys(slot: number): readonly string[] {
    const changed = this.#stale() ? this.state.epochs.vertexValues.get(slot) : undefined;
    const now = super.vertexPropertyKeys(slot);
    return changed === undefined ? now : this.#keysAt(now, changed.keys(), (k) => this.vertexValueAt(slot, k));
  }

  override edgePropertyKeys(slot: number): readonly string[] {
    const changed = this.#stale() ? this.state.epochs.edgeValues.get(slot) : undefined;
    const now = super.edgePropertyKeys(slot);
    return changed === undefined ? now : this.#keysAt(now, changed.keys(), (k) => this.edgeValueAt(slot, k));
  }

  /** Keys with a value at the epoch: those present now or changed since, in key-id order. */
  #keysAt(now: readonly string[], changed: Iterable<number>, valueAt: (keyId: number) => PropertyValue | undefined): string[] {
    const c = this.state.catalog;
    const hidden = this.state.hiddenOlap();
    const ids = new Set<number>(hidden === undefined ? changed : [...changed].filter((k) => !hidden.has(k)));
    for (const name of now) {
      const k = c.propertyKey(name);
      if (k !== undefined) ids.add(k.id);
    }
    return [...ids]
      .filter((k) => valueAt(k) !== undefined)
      .sort((a, b) => a - b)
      .map((k) => c.propertyKeyById(k)?.name)
      .filter((n): n is string => n !== undefined);
  }

  override vertexSlot(id: ElementId): number {
    const slot = super.vertexSlot(id);
    if (slot >= 0 || !this.#stale()) return slot;
    return this.#removedSince(id, { kills: this.state.epochs.vertexKills, bound: this.#vertexBound, idOf: (v) => this.vertexId(v), visible: (v) => this.vertexVisible(v) });
  }

  override edgeSlot(id: ElementId): number {
    const slot = super.edgeSlot(id);
    if (slot >= 0 || !this.#stale()) return slot;
    return this.#removedSince(id, { kills: this.state.epochs.edgeKills, bound: this.#edgeBound, idOf: (e) => this.edgeId(e), visible: (e) => this.edgeVisible(e) });
  }

  /** The slot of element `id` if it was removed after the view's epoch and is visible to it, else -1. */
  #removedSince(
    id: ElementId,
    of: { readonly kills: ReadonlyMap<number, number>; readonly bound: number; readonly idOf: (slot: number) => ElementId; readonly visible: (slot: number) => boolean },
  ): number {
    const keys = idForms(id).map(idMapKey);
    for (const [slot, at] of of.kills) {
      if (at > this.#epoch && slot < of.bound && keys.includes(idMapKey(of.idOf(slot))) && of.visible(slot)) return slot;
    }
    return -1;
  }

  override degree(slot: number, direction: Direction, labels?: readonly string[]): number {
    if (!this.#stale()) return super.degree(slot, direction, labels);
    let n = 0;
    for (const b of this.scanNeighbours(Int32Array.of(slot), direction, labels === undefined ? {} : { labels })) n += b.length;
    return n;
  }

  /** Index answers are current; once something was committed since the pin, the caller scans instead. */
  override lookup(element: 'vertex' | 'edge', query: { readonly label?: string; readonly key: string; readonly predicate: IndexPredicate; readonly from?: number }): Iterable<number> | undefined {
    return this.#stale() ? undefined : super.lookup(element, query);
  }
}
