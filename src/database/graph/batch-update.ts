/**
 * Batch update of vertices and edges with HugeGraph's update strategies (spec Part B 2.5): each
 * input element is matched with the stored one (by id, or by its primary-key values for a
 * vertex, or by its ends, label and sort values for an edge), the stored and new values of each
 * property are merged by the property's strategy, and missing elements are created or skipped.
 * The whole batch is one atomic write.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { TypedNumber, Uuid } from '../../engine/index.js';
import type { ElementId, GraphWriter, PropertyValue } from '../../engine/index.js';
import { coerceElements, coerceScalar } from '../../storage/index.js';
import type { SchemaCatalog } from '../../storage/index.js';
import { edgeView, requireEnd, vertexView } from './element-views.js';
import type { Properties, PropertiesInput } from './element-views.js';
import { describeValue } from './validate.js';

/**
 * How a batch update merges a stored property value with the new one.
 *
 * @example
 * ```ts
 * const strategies: Record<string, UpdateStrategy> = { visits: 'SUM', tags: 'UNION' };
 * ```
 */
export type UpdateStrategy = 'SUM' | 'BIGGER' | 'SMALLER' | 'UNION' | 'INTERSECTION' | 'APPEND' | 'ELIMINATE' | 'OVERRIDE';

/**
 * Every update strategy, in the order of spec Part B 2.5.
 *
 * @example
 * ```ts
 * UPDATE_STRATEGIES.includes('SUM'); // true
 * ```
 */
export const UPDATE_STRATEGIES: readonly UpdateStrategy[] = ['SUM', 'BIGGER', 'SMALLER', 'UNION', 'INTERSECTION', 'APPEND', 'ELIMINATE', 'OVERRIDE'];

/**
 * One batch update: the elements, the strategy per property, and whether missing elements are
 * created (default true).
 *
 * @example
 * ```ts
 * const update: BatchUpdate<VertexInputLike> = { items: [{ label: 'person', properties: { name: 'a', visits: 1 } }], strategies: { visits: 'SUM' } };
 * ```
 */
export interface BatchUpdate<T> {
  readonly items: readonly T[];
  readonly strategies?: Readonly<Record<string, UpdateStrategy>>;
  readonly createIfNotExist?: boolean;
}

/**
 * A vertex of a batch update.
 *
 * @example
 * ```ts
 * const v: VertexInputLike = { label: 'person', properties: { name: 'marko' } };
 * ```
 */
export interface VertexInputLike {
  readonly label: string;
  readonly id?: ElementId | bigint;
  readonly properties: PropertiesInput;
}

/**
 * An edge of a batch update; `out` and `in` are vertex ids.
 *
 * @example
 * ```ts
 * const e: EdgeInputLike = { label: 'knows', out: '1:marko', in: '1:vadas', properties: { weight: 1 } };
 * ```
 */
export interface EdgeInputLike {
  readonly label: string;
  readonly out: ElementId | bigint;
  readonly in: ElementId | bigint;
  readonly id?: ElementId | bigint;
  readonly properties: PropertiesInput;
  /** Label the stored out vertex must have, when given (checked with `checkVertex`). */
  readonly outLabel?: string;
  /** Label the stored in vertex must have, when given (checked with `checkVertex`). */
  readonly inLabel?: string;
}

/** Equality of property values: numbers by value (typed or not), dates by time, UUIDs by text, lists element-wise. */
function sameValue(a: PropertyValue | undefined, b: PropertyValue | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  const asNumber = (v: PropertyValue): number | undefined => (typeof v === 'number' ? v : v instanceof TypedNumber ? v.toNumber() : undefined);
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined || y !== undefined) return x === y;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof Uuid && b instanceof Uuid) return a.text === b.text;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item: PropertyValue, i) => sameValue(item, b[i] as PropertyValue));
  return false;
}

function numeric(value: PropertyValue | undefined, what: string): number {
  if (typeof value === 'number') return value;
  if (value instanceof TypedNumber) return value.toNumber();
  if (value instanceof Date) return value.getTime();
  throw new ArgumentError('INVALID_UPDATE_STRATEGY', `Cannot apply update strategy: ${what} expects numbers or dates but got ${describeValue(value)}`);
}

function asList(value: PropertyValue | undefined): PropertyValue[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? [...(value as PropertyValue[])] : [value];
}

function contains(list: readonly PropertyValue[], value: PropertyValue): boolean {
  return list.some((item) => sameValue(item, value));
}

/**
 * The merged value of a property under a strategy (undefined: keep the stored value).
 *
 * @example
 * ```ts
 * mergeByStrategy('SUM', 2, 3);            // 5
 * mergeByStrategy('UNION', ['a'], ['b']);  // ['a', 'b']
 * ```
 */
export function mergeByStrategy(strategy: UpdateStrategy, stored: PropertyValue | undefined, given: PropertyValue | undefined): PropertyValue | undefined {
  if (stored === undefined || stored === null) return given;
  if (given === undefined || given === null) return stored;
  switch (strategy) {
    case 'SUM':
      return numeric(stored, 'SUM') + numeric(given, 'SUM');
    case 'BIGGER':
    case 'SMALLER': {
      const keepStored = strategy === 'BIGGER' ? numeric(stored, strategy) >= numeric(given, strategy) : numeric(stored, strategy) <= numeric(given, strategy);
      return keepStored ? stored : given;
    }
    case 'UNION': {
      const out = asList(stored);
      for (const v of asList(given)) if (!contains(out, v)) out.push(v);
      return out;
    }
    case 'INTERSECTION': {
      const other = asList(given);
      return asList(stored).filter((v) => contains(other, v));
    }
    case 'APPEND':
      return [...asList(stored), ...asList(given)];
    case 'ELIMINATE': {
      const removed = asList(given);
      return asList(stored).filter((v) => !contains(removed, v));
    }
    case 'OVERRIDE':
      return given;
  }
}

/**
 * A given value in its key's data type (a date text as a Date, a UUID text as a UUID), so that
 * a strategy compares it with the stored value; the value as it is when the key is undefined
 * (the write then refuses it).
 */
function typedValue(catalog: SchemaCatalog, key: string, value: PropertyValue): PropertyValue {
  const record = catalog.propertyKey(key);
  if (record === undefined || value === null) return value;
  return record.cardinality === 'SINGLE' ? coerceScalar(record, value) : coerceElements(record, value);
}

/**
 * The stored properties of an element after merging `given` by `strategies`: a property with a
 * strategy is merged, its new value first taken to the key's data type; one without takes the
 * new value (null removes it).
 */
function mergeProperties(
  catalog: SchemaCatalog,
  values: { readonly stored: Properties; readonly given: Properties },
  strategies: Readonly<Record<string, UpdateStrategy>>,
): Record<string, PropertyValue | undefined> {
  const { stored, given } = values;
  const out: Record<string, PropertyValue | undefined> = { ...stored };
  for (const [key, value] of Object.entries(given)) {
    const strategy = strategies[key];
    out[key] = strategy === undefined ? value ?? undefined : mergeByStrategy(strategy, stored[key], value === undefined ? value : typedValue(catalog, key, value));
  }
  return out;
}

/** The slot of the stored vertex an input names: by id, or by its primary-key values. */
/** A vertex update input after validation: its id in the engine's form. */
type CheckedVertexLike = Omit<VertexInputLike, 'id' | 'properties'> & { readonly id?: ElementId; readonly properties: Properties };
/** An edge update input after validation: its ids in the engine's form. */
type CheckedEdgeLike = Omit<EdgeInputLike, 'out' | 'in' | 'id' | 'properties'> & { readonly out: ElementId; readonly in: ElementId; readonly id?: ElementId; readonly properties: Properties };

function findVertex(w: GraphWriter, catalog: SchemaCatalog, input: CheckedVertexLike): number {
  if (input.id !== undefined) return w.vertexSlot(input.id);
  const label = catalog.vertexLabel(input.label);
  if (label === undefined || label.idStrategy !== 'PRIMARY_KEY') return -1;
  const keys = label.primaryKeys;
  const first = keys[0];
  if (first === undefined || input.properties[first] === undefined) return -1;
  const candidates = w.lookup('vertex', { label: label.name, key: first, predicate: { op: 'eq', values: [input.properties[first]] } }) ?? w.vertexSlots(label.name);
  for (const slot of candidates) {
    if (w.vertexLabel(slot) !== label.name) continue;
    const stored = vertexView(w, { slot, catalog, types: 'java' });
    if (keys.every((k) => sameValue(stored.properties[k], input.properties[k]))) return slot;
  }
  return -1;
}

/**
 * The slot of the stored edge an input names: by id, or by ends, label and sort values. An id
 * naming a stored edge whose ends, label or given sort values differ from the input's is
 * ArgumentError `EDGE_ID_MISMATCH` (HugeGraph's "The ids are different between server and
 * request body").
 */
function findEdge(w: GraphWriter, catalog: SchemaCatalog, input: CheckedEdgeLike, ends: { readonly out: number; readonly in: number }): number {
  const sortKeys = catalog.edgeLabel(input.label)?.sortKeys ?? [];
  if (input.id !== undefined) {
    const slot = w.edgeSlot(input.id);
    const same = slot < 0 || (w.edgeOutVertex(slot) === ends.out && w.edgeInVertex(slot) === ends.in && w.edgeLabel(slot) === input.label
      && sortKeys.every((k) => input.properties[k] === undefined || sameValue(w.edgeProperty(slot, k), typedValue(catalog, k, input.properties[k]))));
    if (!same) {
      const named = `${String(input.out)} -${input.label}-> ${String(input.in)}`;
      throw new ArgumentError('EDGE_ID_MISMATCH', `The ids are different between server and request body: edge '${String(input.id)}' is not the edge ${named} of the body`);
    }
    return slot;
  }
  for (const batch of w.scanNeighbours(Int32Array.of(ends.out), 'OUT', { labels: [input.label] })) {
    for (let i = 0; i < batch.length; i++) {
      if (batch.vertices[i] !== ends.in) continue;
      const slot = batch.edges[i]!;
      if (sortKeys.every((k) => input.properties[k] !== undefined && sameValue(w.edgeProperty(slot, k), typedValue(catalog, k, input.properties[k])))) return slot;
    }
  }
  return -1;
}

function cardinalityOf(catalog: SchemaCatalog, key: string): 'single' | 'list' | 'set' {
  return (catalog.propertyKey(key)?.cardinality.toLowerCase() ?? 'single') as 'single' | 'list' | 'set';
}

/** Writes merged values onto a stored vertex: whole properties are replaced. */
function writeVertexValues(w: GraphWriter, catalog: SchemaCatalog, slot: number, values: Record<string, PropertyValue | undefined>): void {
  const primaryKeys = catalog.vertexLabel(w.vertexLabel(slot))?.primaryKeys ?? [];
  const stored = vertexView(w, { slot, catalog, types: 'java' }).properties;
  for (const [key, value] of Object.entries(values)) {
    if (primaryKeys.includes(key) || sameValue(stored[key], value)) continue;
    if (stored[key] !== undefined) w.removeVertexProperty(slot, key);
    if (value === undefined || value === null) continue;
    const cardinality = cardinalityOf(catalog, key);
    if (cardinality === 'single') w.setVertexProperty(slot, key, value);
    else for (const item of asList(value)) w.setVertexProperty(slot, key, item, { cardinality });
  }
}

/**
 * Applies a vertex batch update inside a write and returns the slots of the updated (or
 * created) vertices, in input order; a missing vertex is skipped when `createIfNotExist` is false.
 * A batch naming a vertex label of id strategy AUTOMATIC is refused whole, before any write, with
 * ArgumentError `AUTOMATIC_ID_UPDATE` ("Automatic Id strategy is not supported now", as
 * HugeGraph): such a vertex has no id or key values to be matched by, so it would be created anew
 * on every call.
 */
export function updateVerticesIn(w: GraphWriter, catalog: SchemaCatalog, update: BatchUpdate<CheckedVertexLike>): number[] {
  const automatic = update.items.find((input) => catalog.vertexLabel(input.label)?.idStrategy === 'AUTOMATIC');
  if (automatic !== undefined) {
    // An AUTOMATIC vertex cannot be matched by its properties: each call would create another one, so HugeGraph refuses it.
    throw new ArgumentError('AUTOMATIC_ID_UPDATE', 'Automatic Id strategy is not supported now', { details: { label: automatic.label } });
  }
  const strategies = update.strategies ?? {};
  const out: number[] = [];
  for (const input of update.items) {
    const slot = findVertex(w, catalog, input);
    if (slot < 0) {
      if (update.createIfNotExist === false) continue;
      const created = w.addVertex(input.label, { id: input.id, properties: Object.entries(input.properties).filter(([, v]) => v !== null && v !== undefined) });
      out.push(created);
      continue;
    }
    const stored = vertexView(w, { slot, catalog, types: 'java' });
    writeVertexValues(w, catalog, slot, mergeProperties(catalog, { stored: stored.properties, given: input.properties }, strategies));
    out.push(slot);
  }
  return out;
}

/**
 * Applies an edge batch update inside a write and returns the slots of the updated (or
 * created) edges. A
 * missing end vertex is a NotFoundError `VERTEX_NOT_FOUND` whatever `checkVertex` says (Quiver
 * stores no edge without its end vertices); `checkVertex` (default true) also checks that the
 * given end labels are the stored ones.
 */
export function updateEdgesIn(w: GraphWriter, catalog: SchemaCatalog, update: BatchUpdate<CheckedEdgeLike>, checkVertex: boolean): number[] {
  const strategies = update.strategies ?? {};
  const out: number[] = [];
  for (const input of update.items) {
    const outSlot = requireEnd(w, { id: input.out, label: checkVertex ? input.outLabel : undefined, action: 'Cannot update edge' });
    const inSlot = requireEnd(w, { id: input.in, label: checkVertex ? input.inLabel : undefined, action: 'Cannot update edge' });
    const ends = { out: outSlot, in: inSlot };
    const slot = findEdge(w, catalog, input, ends);
    if (slot < 0) {
      if (update.createIfNotExist === false) continue;
      const created = w.addEdge(input.label, ends, { properties: Object.entries(input.properties).filter(([, v]) => v !== null && v !== undefined) });
      out.push(created);
      continue;
    }
    const merged = mergeProperties(catalog, { stored: edgeView(w, slot, 'java').properties, given: input.properties }, strategies);
    const sortKeys = catalog.edgeLabel(w.edgeLabel(slot))?.sortKeys ?? [];
    for (const [key, value] of Object.entries(merged)) {
      if (sortKeys.includes(key) || sameValue(w.edgeProperty(slot, key), value)) continue;
      if (value === undefined || value === null) w.removeEdgeProperty(slot, key);
      else w.setEdgeProperty(slot, key, value);
    }
    out.push(slot);
  }
  return out;
}
