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
 */
export const NO_LIMIT = -1;
/**
 * Defaults of HugeGraph's traversers (spec notes §5).
 */
export const DEFAULTS = { maxDegree: 10000, skipDegree: 0, capacity: 10_000_000, limit: 10_000_000, pathsLimit: 10 } as const;

/**
 * Where a traverser runs: the graph (a read view's source), the context it pauses through,
 * which also checks cancellation and the deadline, and the data type of a property key
 * (property filter values are converted to it; absent, or undefined for a key: kept as written).
 */
export interface TraverserRun {
  readonly source: GraphSource;
  readonly ctx: FrontierContext;
  readonly keyType?: (key: string) => KeyDataType | undefined;
}

/**
 * Counts iterations and time for the measure block.
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
 */
export function edgeJson(source: GraphSource, slot: number): TraverserEdge {
  return edgeShape(source, slot, EDGE_JSON);
}

/**
 * Plain vertex ids, or full vertices with `withVertex`, of distinct slots.
 */
export function verticesOut(source: GraphSource, slots: Iterable<number>, withVertex: boolean): (PlainId | TraverserVertex)[] {
  const distinct = distinctSlots(slots);
  return withVertex ? distinct.map((s) => vertexJson(source, s)) : plainVertexIds(source, distinct);
}

/**
 * Plain edge ids, or full edges with `withEdge`, of distinct slots.
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
 */
export function ids(source: GraphSource, slots: ArrayLike<number>): PlainId[] {
  return plainVertexIds(source, slots);
}

/**
 * ArgumentError `TRAVERSER_ARGUMENT`: a traverser parameter breaks HugeGraph's rule.
 */
export function bad(message: string): ArgumentError {
  return new ArgumentError('TRAVERSER_ARGUMENT', message);
}

/**
 * A plain object of options, or {} when absent.
 */
export function record(value: unknown, what: string): Readonly<Record<string, unknown>> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw bad(`Invalid ${what}: expected an object`);
  return value as Record<string, unknown>;
}

/**
 * `OUT`, `IN` or `BOTH` (absent: BOTH).
 */
export function direction(value: unknown): Direction {
  if (value === undefined || value === null) return 'BOTH';
  if (value === 'OUT' || value === 'IN' || value === 'BOTH') return value;
  throw new ArgumentError('TRAVERSER_DIRECTION', 'Direction value must be in [OUT, IN, BOTH]');
}

/**
 * An integer parameter with a default.
 */
export function integer(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw bad(`The ${name} parameter must be an integer, but got '${String(value)}'`);
  return value;
}

/**
 * A boolean parameter with a default.
 */
export function flag(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw bad(`The ${name} parameter must be a boolean, but got '${String(value)}'`);
  return value;
}

/**
 * A number parameter with a default.
 */
export function numberOf(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw bad(`The ${name} parameter must be a number, but got '${String(value)}'`);
  return value;
}

/**
 * A parameter that must be > 0 or -1 (HugeGraph's checkPositiveOrNoLimit).
 */
export function positiveOrNoLimit(value: unknown, name: string, fallback: number): number {
  const n = integer(value, name, fallback);
  if (n <= 0 && n !== NO_LIMIT) throw bad(`The ${name} parameter must be > 0 or == -1, but got: ${n}`);
  return n;
}

/**
 * A required depth > 0.
 */
export function maxDepth(value: unknown, fallback?: number): number {
  if ((value === undefined || value === null) && fallback === undefined) throw bad("The max depth parameter can't be null");
  const n = integer(value, 'max depth', fallback ?? 0);
  if (n <= 0) throw bad(`The max depth parameter must be > 0, but got: ${n}`);
  return n;
}

/**
 * The limit as a count (-1: Infinity).
 */
export function bound(limit: number): number {
  return limit === NO_LIMIT ? Infinity : limit;
}

/**
 * HugeGraph's capacity ≥ limit rule.
 */
export function checkCapacityOverLimit(capacity: number, limit: number): void {
  if (capacity !== NO_LIMIT && limit !== NO_LIMIT && capacity < limit) {
    throw bad(`Capacity can't be less than limit, but got capacity '${capacity}' and limit '${limit}'`);
  }
}

/**
 * A label list (absent: all labels).
 */
export function labels(value: unknown, what = 'labels'): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value) || value.some((l) => typeof l !== 'string')) throw bad(`Invalid ${what}: expected a list of edge label names`);
  return value as string[];
}

/**
 * The slot of a vertex id, or the typed errors HugeGraph gives for a null, malformed or missing id.
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
