/**
 * Property indexes defined by index labels: SECONDARY, RANGE_*, SEARCH, SHARD and UNIQUE.
 * Each index maps the field values of an element (already coerced) to its slot.
 * @module
 */
import { ConflictError } from '../../errors.js';
import type { PropertyValue } from '../../values/index.js';
import type { IndexPredicate } from '../../port/index.js';
import type { IndexLabelRecord } from '../schema/schema-types.js';
import { rangeNumber, valueKey } from '../store/coerce.js';

/**
 * Splits text into lower-case words on whitespace and punctuation, as SEARCH indexes do.
 */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s\p{P}\p{S}]+/u)
    .filter((t) => t.length > 0);
}

function elements(value: PropertyValue): readonly PropertyValue[] {
  if (Array.isArray(value)) return value as readonly PropertyValue[];
  if (value instanceof Set) return [...(value as ReadonlySet<PropertyValue>)];
  return [value];
}

function addTo(map: Map<string, Set<number>>, key: string, slot: number): void {
  let s = map.get(key);
  if (s === undefined) map.set(key, (s = new Set()));
  s.add(slot);
}

function removeFrom(map: Map<string, Set<number>>, key: string, slot: number): void {
  const s = map.get(key);
  if (s === undefined) return;
  s.delete(slot);
  if (s.size === 0) map.delete(key);
}

type Range = [lo: number, hi: number, loInclusive: boolean, hiInclusive: boolean];

function rangesOf(op: IndexPredicate['op'], a: number, b: number): Range[] {
  switch (op) {
    case 'eq':
      return [[a, a, true, true]];
    case 'lt':
      return [[-Infinity, a, true, false]];
    case 'lte':
      return [[-Infinity, a, true, true]];
    case 'gt':
      return [[a, Infinity, false, true]];
    case 'gte':
      return [[a, Infinity, true, true]];
    case 'between':
      return [[a, b, true, false]];
    case 'inside':
      return [[a, b, false, false]];
    case 'outside':
      return [
        [-Infinity, a, true, false],
        [b, Infinity, false, true],
      ];
    default:
      return [];
  }
}

function lowerBound(values: Float64Array, lo: number, inclusive: boolean): number {
  let l = 0;
  let h = values.length;
  while (l < h) {
    const m = (l + h) >>> 1;
    if (values[m]! < lo || (!inclusive && values[m] === lo)) l = m + 1;
    else h = m;
  }
  return l;
}

const RANGE_OPS: ReadonlySet<IndexPredicate['op']> = new Set(['lt', 'lte', 'gt', 'gte', 'between', 'inside', 'outside']);

/**
 * Whether a predicate is a range condition (needs a RANGE or SHARD index).
 */
function isRangePredicate(p: IndexPredicate): boolean {
  return RANGE_OPS.has(p.op);
}

/** Sorts slots ascending, skipping the sort when they already are (sets keep insertion order, mostly slot order). */
function ascending(slots: number[]): number[] {
  for (let i = 1; i < slots.length; i++) if (slots[i]! < slots[i - 1]!) return slots.sort((a, b) => a - b);
  return slots;
}

/**
 * One index label's entries. `values` are the element's field values in field order
 * (undefined when absent); elements missing a field are not indexed.
 */
export class ElementIndex {
  private readonly equal = new Map<string, Set<number>>();
  private readonly unique = new Map<string, number>();
  private readonly numbers = new Map<number, number>();
  private sorted: { values: Float64Array; slots: Int32Array } | undefined;

  constructor(readonly record: IndexLabelRecord) {}

  /** Throws ConflictError UNIQUE_CONFLICT if adding would break a UNIQUE index. */
  check(slot: number, values: readonly (PropertyValue | undefined)[]): void {
    if (this.record.indexType !== 'UNIQUE' || values.some((v) => v === undefined)) return;
    const key = values.map((v) => valueKey(v!)).join('\u0001');
    const owner = this.unique.get(key);
    if (owner !== undefined && owner !== slot) {
      throw new ConflictError(
        'UNIQUE_CONFLICT',
        `Unique constraint ${this.record.name} conflict is found for ${this.record.fields.map((f, i) => `${f}=${String(values[i])}`).join(', ')}`,
      );
    }
  }

  /** Adds an element's entries (call {@link check} first for UNIQUE indexes). */
  add(slot: number, values: readonly (PropertyValue | undefined)[]): void {
    if (values.length === 0 || values.some((v) => v === undefined)) return;
    const first = values[0]!;
    switch (this.record.indexType) {
      case 'UNIQUE':
        this.unique.set(values.map((v) => valueKey(v!)).join('\u0001'), slot);
        return;
      case 'SEARCH':
        for (const e of elements(first)) if (typeof e === 'string') for (const t of tokenize(e)) addTo(this.equal, t, slot);
        return;
      case 'SECONDARY':
      case 'SHARD':
        for (const e of elements(first)) addTo(this.equal, valueKey(e), slot);
        if (this.record.indexType === 'SHARD' && this.record.fields.length === 1) this.addNumber(slot, first);
        return;
      default:
        this.addNumber(slot, first);
    }
  }

  /** Removes an element's entries; `values` must be those given to {@link add}. */
  remove(slot: number, values: readonly (PropertyValue | undefined)[]): void {
    if (values.length === 0 || values.some((v) => v === undefined)) return;
    const first = values[0]!;
    switch (this.record.indexType) {
      case 'UNIQUE': {
        const key = values.map((v) => valueKey(v!)).join('\u0001');
        if (this.unique.get(key) === slot) this.unique.delete(key);
        return;
      }
      case 'SEARCH':
        for (const e of elements(first)) if (typeof e === 'string') for (const t of tokenize(e)) removeFrom(this.equal, t, slot);
        return;
      case 'SECONDARY':
      case 'SHARD':
        for (const e of elements(first)) removeFrom(this.equal, valueKey(e), slot);
        if (this.record.indexType === 'SHARD' && this.record.fields.length === 1) this.removeNumber(slot);
        return;
      default:
        this.removeNumber(slot);
    }
  }

  /**
   * Whether this index can answer `key predicate` (hugegraph-notes §4.3): equality on the
   * first field for SECONDARY/SHARD/RANGE, ranges on RANGE or a one-field SHARD, text search
   * on SEARCH; UNIQUE never answers and not-equal never matches.
   */
  accepts(key: string, predicate: IndexPredicate): boolean {
    if (this.record.fields[0] !== key || predicate.op === 'neq' || predicate.op === 'without') return false;
    const t = this.record.indexType;
    if (t === 'UNIQUE') return false;
    if (predicate.op === 'textcontains') return t === 'SEARCH';
    if (t === 'SEARCH') return false;
    if (isRangePredicate(predicate)) return t.startsWith('RANGE') || (t === 'SHARD' && this.record.fields.length === 1);
    if (t.startsWith('RANGE')) return predicate.values.every((v) => rangeNumber(v) !== undefined);
    return true;
  }

  /** Slots from `from` on answering an accepted predicate (values already coerced), in slot order. */
  query(predicate: IndexPredicate, from = 0): number[] {
    const out = new Set<number>();
    const t = this.record.indexType;
    if (predicate.op === 'textcontains') {
      const words = tokenize(String(predicate.values[0] ?? ''));
      let acc: Set<number> | undefined;
      for (const w of words) {
        const hit = this.equal.get(w) ?? new Set<number>();
        acc = acc === undefined ? new Set(hit) : new Set([...acc].filter((s) => hit.has(s)));
      }
      for (const s of acc ?? []) if (s >= from) out.add(s);
    } else if ((predicate.op === 'eq' || predicate.op === 'within') && !t.startsWith('RANGE')) {
      const wanted = predicate.op === 'eq' ? predicate.values.slice(0, 1) : predicate.values;
      for (const v of wanted) for (const s of this.equal.get(valueKey(v)) ?? []) if (s >= from) out.add(s);
    } else {
      const nums = predicate.values.map((v) => rangeNumber(v) ?? NaN);
      const sorted = this.sortedView();
      const ranges: [number, number, boolean, boolean][] =
        predicate.op === 'within' ? nums.map((n) => [n, n, true, true]) : rangesOf(predicate.op, nums[0]!, nums[1] ?? NaN);
      for (const [lo, hi, loIn, hiIn] of ranges) {
        const first = lowerBound(sorted.values, lo, loIn);
        for (let i = first; i < sorted.values.length; i++) {
          const x = sorted.values[i]!;
          if (x > hi || (x === hi && !hiIn)) break;
          if (sorted.slots[i]! >= from) out.add(sorted.slots[i]!);
        }
      }
    }
    return ascending([...out]);
  }

  private addNumber(slot: number, value: PropertyValue): void {
    const n = rangeNumber(value);
    if (n === undefined) return;
    this.numbers.set(slot, n);
    this.sorted = undefined;
  }

  private removeNumber(slot: number): void {
    if (this.numbers.delete(slot)) this.sorted = undefined;
  }

  private sortedView(): { values: Float64Array; slots: Int32Array } {
    if (this.sorted === undefined) {
      const entries = [...this.numbers].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
      this.sorted = { values: Float64Array.from(entries, (e) => e[1]), slots: Int32Array.from(entries, (e) => e[0]) };
    }
    return this.sorted;
  }
}
