/**
 * What every traverser shares: HugeGraph's parameter rules (directions, ids, degrees, capacity,
 * limit, -1 = no limit), the `measure` block, and element JSON. Steps and selectors:
 * traverser-steps.ts.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { plainId, plainNumber, TypedNumber, Uuid } from '../../values/index.js';
import type { Direction, PlainId } from '../../values/index.js';
import type { GraphSource } from '../../port/index.js';
import type { KeyDataType } from '../semantics/index.js';
import { jsonContainers } from '../json.js';
import { fromPlain } from '../plain.js';
import { plainVertexIds } from '../plain-ids.js';
import { edgeShape } from '../edge-shape.js';
import type { FrontierContext } from '../frontier/index.js';
import type { TraverserEdge, TraverserMeasure, TraverserVertex } from './traverser-types.js';

/**
 * HugeGraph's NO_LIMIT.
 *
 * @example
 * ```ts
 * NO_LIMIT; // see src/engine/traversers for its use
 * ```
 */
export const NO_LIMIT = -1;
/**
 * Defaults of HugeGraph's traversers (spec notes §5).
 *
 * @example
 * ```ts
 * DEFAULTS; // see src/engine/traversers for its use
 * ```
 */
export const DEFAULTS = { maxDegree: 10000, skipDegree: 0, capacity: 10_000_000, limit: 10_000_000, pathsLimit: 10 } as const;

/**
 * Where a traverser runs: the graph (a read view's source), the context it pauses through,
 * which also checks cancellation and the deadline, and the data type of a property key
 * (property filter values are converted to it; absent, or undefined for a key: kept as written).
 *
 * @example
 * ```ts
 * const run: TraverserRun = { source: view.source, ctx: NEVER_PAUSE, keyType: (key) => (key === 'age' ? 'INT' : undefined) };
 * ```
 */
export interface TraverserRun {
  readonly source: GraphSource;
  readonly ctx: FrontierContext;
  readonly keyType?: (key: string) => KeyDataType | undefined;
}

/**
 * Counts iterations and time for the measure block.
 *
 * @example
 * ```ts
 * Meter; // see src/engine/traversers for its use
 * ```
 */
export class Meter {
  edges = 0;
  vertices = 0;
  readonly #start = performance.now();

  measure(): TraverserMeasure {
    return { edgeIterations: this.edges, vertexIterations: this.vertices, costNs: Math.round((performance.now() - this.#start) * 1e6) };
  }
}

/**
 * A stored value as the traversers return it: numbers plain (a long beyond ±(2^53 - 1) a
 * bigint), UUIDs as text, maps as objects (keys written as JSON writes them), sets as arrays.
 *
 * @example
 * ```ts
 * plainJson(new TypedNumber('long', 6n)); // 6
 * ```
 */
function plainJson(value: unknown): unknown {
  return jsonContainers(value, plainLeaf);
}

function plainLeaf(value: unknown): unknown {
  if (value instanceof TypedNumber) return plainNumber(value);
  if (value instanceof Uuid) return value.text;
  return value;
}

/**
 * The vertex JSON of a slot.
 *
 * @example
 * ```ts
 * const result = vertexJson(...args);
 * ```
 */
function vertexJson(source: GraphSource, slot: number): TraverserVertex {
  const properties: Record<string, unknown> = {};
  for (const p of source.vertexProperties(slot)) {
    const value = plainJson(p.value);
    const had = properties[p.key];
    properties[p.key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return { id: plainId(source.vertexId(slot)), label: source.vertexLabel(slot), type: 'vertex', properties };
}

const EDGE_JSON = { value: plainJson, id: plainId } as const;

/**
 * The edge JSON of a slot ({@link edgeShape} with plain ids and values).
 *
 * @example
 * ```ts
 * const e = edgeJson(source, 0); // { id, label, type: 'edge', outV, outVLabel, inV, inVLabel, properties }
 * ```
 */
export function edgeJson(source: GraphSource, slot: number): TraverserEdge {
  return edgeShape(source, slot, EDGE_JSON);
}

/**
 * Plain vertex ids, or full vertices with `withVertex`, of distinct slots.
 *
 * @example
 * ```ts
 * const result = verticesOut(...args);
 * ```
 */
export function verticesOut(source: GraphSource, slots: Iterable<number>, withVertex: boolean): (PlainId | TraverserVertex)[] {
  const distinct = distinctSlots(slots);
  return withVertex ? distinct.map((s) => vertexJson(source, s)) : plainVertexIds(source, distinct);
}

/**
 * Plain edge ids, or full edges with `withEdge`, of distinct slots.
 *
 * @example
 * ```ts
 * const result = edgesOut(...args);
 * ```
 */
export function edgesOut(source: GraphSource, slots: Iterable<number>, withEdge: boolean): (PlainId | TraverserEdge)[] {
  return distinctSlots(slots).map((s) => (withEdge ? edgeJson(source, s) : plainId(source.edgeId(s))));
}

/** Slots without repeats, in first-seen order. */
function distinctSlots(slots: Iterable<number>): number[] {
  return [...new Set(slots)];
}

/**
 * Plain ids of slots, filled from the store's id column in one call (no object per id).
 *
 * @example
 * ```ts
 * const result = ids(...args);
 * ```
 */
export function ids(source: GraphSource, slots: ArrayLike<number>): PlainId[] {
  return plainVertexIds(source, slots);
}

/**
 * ArgumentError `TRAVERSER_ARGUMENT`: a traverser parameter breaks HugeGraph's rule.
 *
 * @example
 * ```ts
 * throw bad("The steps parameter can't be null");
 * ```
 */
export function bad(message: string): ArgumentError {
  return new ArgumentError('TRAVERSER_ARGUMENT', message);
}

/**
 * A plain object of options, or {} when absent.
 *
 * @example
 * ```ts
 * const result = record(...args);
 * ```
 */
export function record(value: unknown, what: string): Readonly<Record<string, unknown>> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw bad(`Invalid ${what}: expected an object`);
  return value as Record<string, unknown>;
}

/**
 * `OUT`, `IN` or `BOTH` (absent: BOTH).
 *
 * @example
 * ```ts
 * const result = direction(...args);
 * ```
 */
export function direction(value: unknown): Direction {
  if (value === undefined || value === null) return 'BOTH';
  if (value === 'OUT' || value === 'IN' || value === 'BOTH') return value;
  throw new ArgumentError('TRAVERSER_DIRECTION', 'Direction value must be in [OUT, IN, BOTH]');
}

/**
 * An integer parameter with a default.
 *
 * @example
 * ```ts
 * const result = integer(...args);
 * ```
 */
export function integer(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw bad(`The ${name} parameter must be an integer, but got '${String(value)}'`);
  return value;
}

/**
 * A boolean parameter with a default.
 *
 * @example
 * ```ts
 * const result = flag(...args);
 * ```
 */
export function flag(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw bad(`The ${name} parameter must be a boolean, but got '${String(value)}'`);
  return value;
}

/**
 * A number parameter with a default.
 *
 * @example
 * ```ts
 * const result = numberOf(...args);
 * ```
 */
export function numberOf(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw bad(`The ${name} parameter must be a number, but got '${String(value)}'`);
  return value;
}

/**
 * A parameter that must be > 0 or -1 (HugeGraph's checkPositiveOrNoLimit).
 *
 * @example
 * ```ts
 * const result = positiveOrNoLimit(...args);
 * ```
 */
export function positiveOrNoLimit(value: unknown, name: string, fallback: number): number {
  const n = integer(value, name, fallback);
  if (n <= 0 && n !== NO_LIMIT) throw bad(`The ${name} parameter must be > 0 or == -1, but got: ${n}`);
  return n;
}

/**
 * A required depth > 0.
 *
 * @example
 * ```ts
 * const result = maxDepth(...args);
 * ```
 */
export function maxDepth(value: unknown, fallback?: number): number {
  if ((value === undefined || value === null) && fallback === undefined) throw bad("The max depth parameter can't be null");
  const n = integer(value, 'max depth', fallback ?? 0);
  if (n <= 0) throw bad(`The max depth parameter must be > 0, but got: ${n}`);
  return n;
}

/**
 * The limit as a count (-1: Infinity).
 *
 * @example
 * ```ts
 * const result = bound(...args);
 * ```
 */
export function bound(limit: number): number {
  return limit === NO_LIMIT ? Infinity : limit;
}

/**
 * HugeGraph's capacity ≥ limit rule.
 *
 * @example
 * ```ts
 * const result = checkCapacityOverLimit(...args);
 * ```
 */
export function checkCapacityOverLimit(capacity: number, limit: number): void {
  if (capacity !== NO_LIMIT && limit !== NO_LIMIT && capacity < limit) {
    throw bad(`Capacity can't be less than limit, but got capacity '${capacity}' and limit '${limit}'`);
  }
}

/**
 * A label list (absent: all labels).
 *
 * @example
 * ```ts
 * const result = labels(...args);
 * ```
 */
export function labels(value: unknown, what = 'labels'): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value) || value.some((l) => typeof l !== 'string')) throw bad(`Invalid ${what}: expected a list of edge label names`);
  return value as string[];
}

/**
 * The slot of a vertex id, or the typed errors HugeGraph gives for a null, malformed or missing id.
 *
 * @example
 * ```ts
 * const result = vertexSlot(...args);
 * ```
 */
export function vertexSlot(source: GraphSource, id: unknown, role = 'source'): number {
  if (id === undefined || id === null) throw bad(`The ${role} vertex id can't be null`);
  if (typeof id !== 'string' && typeof id !== 'number' && typeof id !== 'bigint') {
    throw new ArgumentError('TRAVERSER_VERTEX_ID', `The vertex id must be formatted as Number/String/UUID, but got '${JSON.stringify(id)}'`);
  }
  // A bigint is a long id a plain answer handed out; given back, it is that long.
  const slot = source.vertexSlot(typeof id === 'bigint' ? (fromPlain(id) as TypedNumber) : id);
  if (slot < 0) throw new ArgumentError('TRAVERSER_VERTEX_NOT_FOUND', `The ${role} vertex with id '${id}' does not exist`, { details: { id } });
  return slot;
}
