/**
 * Per-label tables of rows (label index + property columns + TTL) and the vertex slot table
 * with its external id maps.
 * @module
 */
import { plainId, TypedNumber, Uuid, type ElementId, type PlainId } from '../values/index.js';
import { BitSet, growInt32, PropertyColumn } from './columns/index.js';
import type { DataType } from './schema/schema-types.js';

/**
 * Rows of one label: row → slot (the label index, in slot order), typed property columns
 * keyed by property key id, and expiry times when the label has a TTL.
 */
export class LabelTable {
  /** Row → slot. */
  rows: Int32Array = new Int32Array(16);
  /** Number of rows used (dead rows included). */
  rowCount = 0;
  /** Number of live rows. */
  live = 0;
  /** Columns by property key id. */
  readonly columns = new Map<number, PropertyColumn>();
  /** Insertion time (ms) per row, when the label has a TTL. */
  insertedAt: Float64Array | undefined;

  constructor(readonly labelId: number) {}

  /** Appends a row for a slot and returns it. */
  append(slot: number): number {
    const row = this.rowCount++;
    this.rows = growInt32(this.rows, row + 1);
    this.rows[row] = slot;
    this.live++;
    return row;
  }

  /** Undoes the newest {@link append}. */
  pop(): void {
    this.rowCount--;
    this.live--;
  }

  /** The column of a key, created on first use. */
  column(keyId: number, dataType: DataType, multi: boolean): PropertyColumn {
    let c = this.columns.get(keyId);
    if (c === undefined) {
      c = new PropertyColumn(dataType, multi);
      this.columns.set(keyId, c);
    }
    return c;
  }

  /** Sets the insertion time of a row. */
  setInsertedAt(row: number, at: number): void {
    let e = this.insertedAt ?? new Float64Array(16);
    if (row >= e.length) {
      let n = e.length * 2;
      while (n <= row) n *= 2;
      const next = new Float64Array(n);
      next.set(e);
      e = next;
    }
    e[row] = at;
    this.insertedAt = e;
  }

  /** Insertion time of a row, or NaN when unknown. */
  insertedAtOf(row: number): number {
    const e = this.insertedAt;
    return e === undefined || row >= e.length ? NaN : e[row]!;
  }
}

/**
 * Kind of an external vertex id, kept per slot so the id reads back in the form it was given.
 */
enum IdKind {
  Int = 0,
  Long = 1,
  Text = 2,
  Uuid = 3,
}

/**
 * Canonical map key of a vertex id: numbers that fit a double exactly map to themselves,
 * everything else to a prefixed string (`L`, `S`, `U`), so `1` and `long 1` are one id.
 */
export function idMapKey(id: ElementId): number | string {
  if (typeof id === 'number') return Number.isInteger(id) ? id : `D${id}`;
  if (typeof id === 'string') return `S${id}`;
  if (id instanceof Uuid) return `U${id.text.toLowerCase()}`;
  const v = id.value;
  if (typeof v === 'bigint') return v >= -(2n ** 53n) && v <= 2n ** 53n ? Number(v) : `L${v}`;
  if (typeof v === 'number') return Number.isInteger(v) ? v : `D${v}`;
  return `L${v}`;
}

/** An empty string id → slot table: no prototype, so no id (`__proto__`, `constructor`) meets an inherited member. */
function stringSlots(): Record<string, number> {
  return Object.create(null) as Record<string, number>;
}

/** Whether the platform stores a 64-bit integer's low word first (every platform Node runs on in practice). */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/**
 * The vertex slot table: label id, row in the label's table, live bit and external id of
 * every slot, plus the id → slot maps.
 */
export class VertexTable {
  labelOf: Int32Array = new Int32Array(16);
  rowOf: Int32Array = new Int32Array(16);
  alive = new BitSet();
  idKind = new Uint8Array(16);
  idNumber = new BigInt64Array(16);
  idText: (string | undefined)[] = [];
  size = 0;
  #idWords: Int32Array | undefined;
  private readonly numeric = new Map<number, number>();
  private readonly textual = new Map<string, number>();
  /**
   * Plain string ids keyed as they are: the lookup builds no prefixed key (the hot path of edge
   * batches). A null-prototype object in dictionary mode, not a Map: a keyed load internalises a
   * fresh string (one from JSON.parse) once and then compares keys by identity, which measured
   * 2–3× faster per lookup than `Map.get` on such strings (docs/design-choices.md).
   */
  private strings: Record<string, number> = stringSlots();

  /** Slot of a live vertex id, or -1. */
  slotOf(id: ElementId): number {
    if (typeof id === 'string') return this.strings[id] ?? -1;
    const k = idMapKey(id);
    return (typeof k === 'number' ? this.numeric.get(k) : this.textual.get(k)) ?? -1;
  }

  /** Allocates the next slot for a vertex of a label with an id. */
  allocate(labelId: number, id: ElementId): number {
    const slot = this.size++;
    if (slot >= this.labelOf.length) {
      this.labelOf = growInt32(this.labelOf, slot + 1);
      this.rowOf = growInt32(this.rowOf, slot + 1);
      const kinds = new Uint8Array(this.labelOf.length);
      kinds.set(this.idKind);
      this.idKind = kinds;
      const nums = new BigInt64Array(this.labelOf.length);
      nums.set(this.idNumber);
      this.idNumber = nums;
    }
    this.labelOf[slot] = labelId;
    this.setId(slot, id);
    this.alive.set(slot, true);
    this.mapId(slot);
    return slot;
  }

  /** Undoes the newest {@link allocate}. */
  release(): void {
    const slot = --this.size;
    this.unmapId(slot);
    this.alive.set(slot, false);
    this.idText[slot] = undefined;
  }

  /** External id of a slot. */
  idOf(slot: number): ElementId {
    switch (this.idKind[slot] as IdKind) {
      case IdKind.Int:
        return this.#intId(slot);
      case IdKind.Long:
        return new TypedNumber('long', this.idNumber[slot]!);
      case IdKind.Text:
        return this.idText[slot]!;
      case IdKind.Uuid:
        return new Uuid(this.idText[slot]!);
    }
  }

  /**
   * A number id read as two 32-bit words of `idNumber`'s buffer: no BigInt is made (long id
   * lists, such as a kout answer, read millions). The word view follows `idNumber` when it is
   * replaced (growth, snapshot load).
   */
  #intId(slot: number): number {
    const words = this.#words();
    if (words === undefined) return Number(this.idNumber[slot]!);
    return words[2 * slot + 1]! * 0x1_0000_0000 + (words[2 * slot]! >>> 0);
  }

  /**
   * Plain ids of slots into `into` (the port's `plainVertexIds`): number ids and
   * longs within ±(2^53 - 1) as numbers read from the id words, other longs as bigints, string
   * and UUID ids as their text.
   */
  plainIdsInto(slots: ArrayLike<number>, into: PlainId[]): void {
    const kinds = this.idKind;
    const text = this.idText;
    const words = this.#words();
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      const kind = kinds[slot] as IdKind;
      if (kind === IdKind.Text || kind === IdKind.Uuid) into[i] = text[slot] as string;
      else if (words === undefined) into[i] = plainId(this.idOf(slot));
      else {
        const high = words[2 * slot + 1]!;
        const low = words[2 * slot]!;
        // An id that fits 32 bits is the low word itself, a small integer the array stores unboxed.
        if ((high === 0 && low >= 0) || (high === -1 && low < 0)) into[i] = low;
        else {
          const n = high * 0x1_0000_0000 + (low >>> 0);
          into[i] = kind === IdKind.Int || Number.isSafeInteger(n) ? n : (this.idNumber[slot] as bigint);
        }
      }
    }
  }

  /** The id column as 32-bit words (little-endian only), following `idNumber` when it is replaced (growth, snapshot load). */
  #words(): Int32Array | undefined {
    if (!LITTLE_ENDIAN) return undefined;
    let words = this.#idWords;
    if (words === undefined || words.buffer !== this.idNumber.buffer || words.byteOffset !== this.idNumber.byteOffset) {
      words = this.#idWords = new Int32Array(this.idNumber.buffer, this.idNumber.byteOffset, this.idNumber.length * 2);
    }
    return words;
  }

  /** Adds a slot's id to the id maps. */
  mapId(slot: number): void {
    const id = this.idOf(slot);
    if (typeof id === 'string') {
      this.strings[id] = slot;
      return;
    }
    const k = idMapKey(id);
    if (typeof k === 'number') this.numeric.set(k, slot);
    else this.textual.set(k, slot);
  }

  /** Removes a slot's id from the id maps. */
  unmapId(slot: number): void {
    const id = this.idOf(slot);
    if (typeof id === 'string') {
      delete this.strings[id];
      return;
    }
    const k = idMapKey(id);
    if (typeof k === 'number') this.numeric.delete(k);
    else this.textual.delete(k);
  }

  /** Rebuilds the id maps from the id columns (after a snapshot load). */
  rebuildIdMaps(): void {
    this.numeric.clear();
    this.textual.clear();
    this.strings = stringSlots();
    for (let s = 0; s < this.size; s++) if (this.alive.get(s)) this.mapId(s);
  }

  private setId(slot: number, id: ElementId): void {
    if (typeof id === 'number') {
      this.idKind[slot] = IdKind.Int;
      this.idNumber[slot] = BigInt(id);
    } else if (typeof id === 'string') {
      this.idKind[slot] = IdKind.Text;
      this.idText[slot] = id;
    } else if (id instanceof Uuid) {
      this.idKind[slot] = IdKind.Uuid;
      this.idText[slot] = id.text.toLowerCase();
    } else {
      this.idKind[slot] = IdKind.Long;
      this.idNumber[slot] = BigInt(id.value);
    }
  }
}
