/**
 * Typed property columns: one column per (label, property key), indexed by the label's row.
 * Values handed in are already coerced to the key's data type (see the store's coercion).
 * @module
 */
import { TypedNumber, Uuid, type PropertyValue } from '../../values/index.js';
import type { DataType } from '../schema/schema-types.js';
import { BitSet } from './bitset.js';
import { Dictionary } from './dictionary.js';

/**
 * Storage class of a column, chosen from the key's data type and cardinality.
 */
type ColumnKind = 'int32' | 'float64' | 'int64' | 'bool' | 'dict' | 'side';

/**
 * Picks the storage class of a key.
 */
export function columnKind(dataType: DataType, multi: boolean): ColumnKind {
  if (multi) return 'side';
  switch (dataType) {
    case 'INT':
    case 'BYTE':
      return 'int32';
    case 'FLOAT':
    case 'DOUBLE':
    case 'DATE':
      return 'float64';
    case 'LONG':
      return 'int64';
    case 'BOOLEAN':
      return 'bool';
    case 'TEXT':
    case 'UUID':
      return 'dict';
    case 'BLOB':
    case 'OBJECT':
      return 'side';
  }
}

type Store = Int32Array | Float64Array | BigInt64Array | Uint8Array;

function allocate(kind: ColumnKind, size: number): Store | undefined {
  switch (kind) {
    case 'int32':
    case 'dict':
      return new Int32Array(size);
    case 'float64':
      return new Float64Array(size);
    case 'int64':
      return new BigInt64Array(size);
    case 'bool':
      return new Uint8Array(size);
    case 'side':
      return undefined;
  }
}

/**
 * A nullable typed column. Numbers live in typed arrays, strings and UUIDs as dictionary
 * codes, list/set values, blobs and OBJECT values in a side map; presence is a bit map. Storage doubles.
 */
export class PropertyColumn {
  readonly kind: ColumnKind;
  private data: Store | undefined;
  private present = new BitSet();
  private readonly side = new Map<number, PropertyValue>();
  /** The dictionary of a 'dict' column. */
  readonly dictionary: Dictionary | undefined;

  constructor(
    readonly dataType: DataType,
    readonly multi: boolean,
  ) {
    this.kind = columnKind(dataType, multi);
    this.data = allocate(this.kind, 16);
    this.dictionary = this.kind === 'dict' ? new Dictionary() : undefined;
  }

  /** Whether the row holds a value. */
  has(row: number): boolean {
    return this.present.get(row);
  }

  /** The value at a row, typed per the data type, or undefined. */
  get(row: number): PropertyValue | undefined {
    if (!this.present.get(row)) return undefined;
    const d = this.data;
    switch (this.kind) {
      case 'side':
        return this.side.get(row);
      case 'int32': {
        const n = (d as Int32Array)[row]!;
        return this.dataType === 'BYTE' ? new TypedNumber('byte', n) : n;
      }
      case 'float64': {
        const n = (d as Float64Array)[row]!;
        return this.dataType === 'DATE' ? new Date(n) : new TypedNumber(this.dataType === 'FLOAT' ? 'float' : 'double', n);
      }
      case 'int64':
        return new TypedNumber('long', (d as BigInt64Array)[row]!);
      case 'bool':
        return (d as Uint8Array)[row] === 1;
      case 'dict': {
        const text = this.dictionary!.decode((d as Int32Array)[row]!);
        return this.dataType === 'UUID' ? new Uuid(text) : text;
      }
    }
  }

  /** Stores an already-coerced value at a row. */
  set(row: number, value: PropertyValue): void {
    if (this.kind === 'side') {
      this.side.set(row, value);
    } else {
      this.ensure(row + 1);
      const d = this.data!;
      switch (this.kind) {
        case 'int32':
          (d as Int32Array)[row] = value instanceof TypedNumber ? value.toNumber() : (value as number);
          break;
        case 'float64':
          (d as Float64Array)[row] = value instanceof Date ? value.getTime() : (value as TypedNumber).toNumber();
          break;
        case 'int64':
          (d as BigInt64Array)[row] = (value as TypedNumber).value as bigint;
          break;
        case 'bool':
          (d as Uint8Array)[row] = value === true ? 1 : 0;
          break;
        case 'dict':
          (d as Int32Array)[row] = this.dictionary!.encode(String(value));
          break;
      }
    }
    this.present.set(row, true);
  }

  /** Clears a row. */
  delete(row: number): void {
    this.present.set(row, false);
    if (this.kind === 'side') this.side.delete(row);
  }

  /** The raw parts, for snapshots. */
  raw(): { data: Store | undefined; present: Uint32Array; side: ReadonlyMap<number, PropertyValue> } {
    return { data: this.data, present: this.present.toWords(), side: this.side };
  }

  /**
   * Rebuilds a column from its raw parts.
   */
  static fromRaw(
    dataType: DataType,
    multi: boolean,
    raw: { data: Store | undefined; present: Uint32Array; side: ReadonlyMap<number, PropertyValue> },
    dictionary: readonly string[],
  ): PropertyColumn {
    const c = new PropertyColumn(dataType, multi);
    if (raw.data !== undefined) c.data = raw.data;
    c.present = BitSet.fromWords(raw.present);
    for (const [row, v] of raw.side) c.side.set(row, v);
    if (c.dictionary !== undefined) for (const s of dictionary) c.dictionary.encode(s);
    return c;
  }

  private ensure(size: number): void {
    const d = this.data!;
    if (size <= d.length) return;
    let n = d.length * 2;
    while (n < size) n *= 2;
    const next = allocate(this.kind, n)!;
    (next as Int32Array).set(d as Int32Array);
    this.data = next;
  }
}
