/**
 * Epochs: every committed batch that changes the graph ends one epoch and starts the next. A
 * read view pins the epoch it started in; while any view is pinned, mutations keep the
 * pre-images a pinned view needs (killed elements, replaced property values), stamped with the
 * epoch of the batch that made them. History older than every pinned view is dropped at once,
 * and nothing is recorded while no view is pinned.
 * @module
 */
import { StorageError } from '../../errors.js';
import type { ElementId, PropertyValue } from '../../values/index.js';

/**
 * Ids and meta-properties of the values of one vertex property key (auto-create graphs), kept
 * parallel to the stored value (one entry per element for list/set keys).
 */
export interface PropertySide {
  readonly ids: readonly ElementId[];
  readonly meta: readonly ReadonlyMap<string, PropertyValue>[];
}

/**
 * A property value before the batch of epoch `epoch` changed it.
 */
interface PreImage {
  readonly epoch: number;
  readonly value: PropertyValue | undefined;
  readonly side: PropertySide | undefined;
}

type ValueHistory = Map<number, Map<number, PreImage[]>>;

/** What one batch recorded, so that a rollback or a prune can take it out again. */
interface Touched {
  readonly epoch: number;
  readonly vertexKills: number[];
  readonly edgeKills: number[];
  readonly vertexValues: number[];
  readonly edgeValues: number[];
}

/**
 * The epoch counter, the pins of open read views, and the pre-images they need.
 */
export class EpochLog {
  /** The newest committed epoch. */
  current = 0;
  /** Slot → epoch of the batch that removed the vertex (only while some view is pinned). */
  readonly vertexKills = new Map<number, number>();
  /** Slot → epoch of the batch that removed the edge. */
  readonly edgeKills = new Map<number, number>();
  /** Vertex slot → key id → pre-images, oldest first. */
  readonly vertexValues: ValueHistory = new Map();
  /** Edge slot → key id → pre-images, oldest first. */
  readonly edgeValues: ValueHistory = new Map();
  /** Epoch → open views pinning it. The current epoch's entry stays at 0 when its last view goes (the next pin reuses it, a Map delete is dear). */
  readonly #pins = new Map<number, number>();
  /** Open views over every epoch. */
  #pinned = 0;
  #batch: Touched | undefined;
  readonly #committed: Touched[] = [];

  /** Whether mutations must record pre-images (some view is pinned). */
  get recording(): boolean {
    return this.#pinned > 0;
  }

  /**
   * Whether anything changed after `epoch` that a view of it must look up in the history: a
   * batch committed since, or the running batch's changes so far (so that a view read inside a
   * batch, as a write check reads the state before it, shows its epoch, not the batch's writes).
   */
  changedSince(epoch: number): boolean {
    return this.current !== epoch || this.#batch !== undefined;
  }

  /** Pins the current epoch for a read view and returns it. */
  pin(): number {
    const e = this.current;
    this.#pins.set(e, (this.#pins.get(e) ?? 0) + 1);
    this.#pinned++;
    return e;
  }

  /** Pins `epoch` once more for another view of the same state; it must be pinned already. */
  pinAgain(epoch: number): number {
    const n = this.#pins.get(epoch);
    if (n === undefined || n === 0) throw new StorageError('READ_VIEW_RELEASED', `Cannot pin epoch ${epoch} again: no read view holds it`);
    this.#pins.set(epoch, n + 1);
    this.#pinned++;
    return epoch;
  }

  /** Releases one pin of `epoch`, and drops the history no pinned view needs any more. */
  unpin(epoch: number): void {
    const n = this.#pins.get(epoch);
    if (n === undefined || n === 0) return;
    this.#pinned--;
    if (n > 1 || epoch === this.current) this.#pins.set(epoch, n - 1);
    else this.#pins.delete(epoch);
    this.#prune();
  }

  /** Records that vertex `slot` is removed by the running batch. */
  vertexKilled(slot: number): void {
    const b = this.#touched();
    this.vertexKills.set(slot, b.epoch);
    b.vertexKills.push(slot);
  }

  /** Records that edge `e` is removed by the running batch. */
  edgeKilled(e: number): void {
    const b = this.#touched();
    this.edgeKills.set(e, b.epoch);
    b.edgeKills.push(e);
  }

  /** Records the value a vertex property key had before the running batch first changed it. */
  vertexValueChanged(slot: number, keyId: number, value: PropertyValue | undefined, side: PropertySide | undefined): void {
    this.#valueChanged(this.vertexValues, this.#touched().vertexValues, { slot, keyId, value, side });
  }

  /** Records the value an edge property key had before the running batch first changed it. */
  edgeValueChanged(e: number, keyId: number, value: PropertyValue | undefined): void {
    this.#valueChanged(this.edgeValues, this.#touched().edgeValues, { slot: e, keyId, value, side: undefined });
  }

  /** Ends a batch: a batch that changed the graph starts a new epoch. */
  commit(changed: boolean): void {
    const b = this.#batch;
    this.#batch = undefined;
    if (changed) this.current++;
    if (b !== undefined) {
      this.#committed.push(b);
      this.#prune();
    }
  }

  /** Drops what the rolled-back batch recorded. */
  rollback(): void {
    const b = this.#batch;
    this.#batch = undefined;
    if (b !== undefined) this.#forget(b);
  }

  /**
   * The value a pinned view of `epoch` sees for (slot, key), when the key changed after it:
   * the pre-image of the first later change; undefined when nothing changed after `epoch`.
   */
  static before(history: ValueHistory, slot: number, keyId: number, epoch: number): PreImage | undefined {
    const list = history.get(slot)?.get(keyId);
    if (list === undefined) return undefined;
    for (const p of list) if (p.epoch > epoch) return p;
    return undefined;
  }

  #touched(): Touched {
    if (this.#batch === undefined) this.#batch = { epoch: this.current + 1, vertexKills: [], edgeKills: [], vertexValues: [], edgeValues: [] };
    return this.#batch;
  }

  #valueChanged(history: ValueHistory, touched: number[], change: { slot: number; keyId: number; value: PropertyValue | undefined; side: PropertySide | undefined }): void {
    const epoch = this.current + 1;
    let keys = history.get(change.slot);
    if (keys === undefined) history.set(change.slot, (keys = new Map()));
    let list = keys.get(change.keyId);
    if (list === undefined) keys.set(change.keyId, (list = []));
    if (list.length > 0 && list[list.length - 1]!.epoch === epoch) return;
    list.push({ epoch, value: change.value, side: change.side });
    touched.push(change.slot, change.keyId);
  }

  /** Drops the history of every committed batch that no pinned view predates. */
  #prune(): void {
    let oldest = Infinity;
    for (const [e, n] of this.#pins) {
      if (n > 0) oldest = Math.min(oldest, e);
      else if (e !== this.current) this.#pins.delete(e);
    }
    let n = 0;
    while (n < this.#committed.length && this.#committed[n]!.epoch <= oldest) this.#forget(this.#committed[n++]!);
    if (n > 0) this.#committed.splice(0, n);
  }

  /** Removes what one batch recorded (its entries are the oldest of their lists when pruned, the newest when rolled back). */
  #forget(b: Touched): void {
    for (const v of b.vertexKills) if (this.vertexKills.get(v) === b.epoch) this.vertexKills.delete(v);
    for (const e of b.edgeKills) if (this.edgeKills.get(e) === b.epoch) this.edgeKills.delete(e);
    dropValues(this.vertexValues, b.vertexValues, b.epoch);
    dropValues(this.edgeValues, b.edgeValues, b.epoch);
  }
}

function dropValues(history: ValueHistory, touched: readonly number[], epoch: number): void {
  for (let i = 0; i < touched.length; i += 2) {
    const keys = history.get(touched[i]!);
    const list = keys?.get(touched[i + 1]!);
    if (keys === undefined || list === undefined) continue;
    const at = list.findIndex((p) => p.epoch === epoch);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) keys.delete(touched[i + 1]!);
    if (keys.size === 0) history.delete(touched[i]!);
  }
}
