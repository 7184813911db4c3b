/**
 * What every traverser shares: HugeGraph's parameter rules (directions, ids, degrees, capacity,
 * limit, -1 = no limit), edge steps and vertex steps turned into frontier hop options, property
 * filters written as `"P.gt(5)"` strings, the `measure` block, and element JSON.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { plainId, plainNumber, TypedNumber, Uuid } from '../../values/index.js';
import type { Direction, PlainId, PropertyValue } from '../../values/index.js';
import type { GraphSource } from '../../port/index.js';
import { Predicate } from '../bytecode.js';
import { predicateTest } from '../exec/predicate.js';
import type { Test } from '../exec/predicate.js';
import { jsonContainers } from '../json.js';
import { fromPlain } from '../plain.js';
import { plainVertexIds } from '../plain-ids.js';
import { edgeShape } from '../edge-shape.js';
import type { FrontierContext, HopOptions } from '../frontier/index.js';
import type { TraverserEdge, TraverserMeasure, TraverserVertex } from './traverser-types.js';

/**
 * HugeGraph's NO_LIMIT.
 *
 * @example
 * ```ts
 * NO_LIMIT; // see src/engine/traversers for its use
 * ```
 */
const NO_LIMIT = -1;
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
 * Where a traverser runs: the graph (a read view's source) and the context it pauses through,
 * which also checks cancellation and the deadline.
 *
 * @example
 * ```ts
 * const run: TraverserRun = { source: view.source, ctx: NEVER_PAUSE };
 * ```
 */
export interface TraverserRun {
  readonly source: GraphSource;
  readonly ctx: FrontierContext;
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

function bad(message: string): ArgumentError {
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

/**
 * Degree options of one hop: maxDegree (> 0 or -1) and skipDegree (≥ 0, and ≥ maxDegree when on).
 *
 * @example
 * ```ts
 * const result = degrees(...args);
 * ```
 */
function degrees(options: Readonly<Record<string, unknown>>, fallback: { readonly maxDegree?: number; readonly skipDegree?: number } = {}): { maxDegree: number; skipDegree: number } {
  const maxDegree = positiveOrNoLimit(options.maxDegree, 'max degree', fallback.maxDegree ?? DEFAULTS.maxDegree);
  const skipDegree = integer(options.skipDegree, 'skipped degree', fallback.skipDegree ?? DEFAULTS.skipDegree);
  if (skipDegree < 0) throw bad(`The skipped degree must be >= 0, but got '${skipDegree}'`);
  if (skipDegree > 0 && maxDegree !== NO_LIMIT && skipDegree < maxDegree) {
    throw bad(`The skipped degree must be >= max degree, but got skipped degree '${skipDegree}' and max degree '${maxDegree}'`);
  }
  return { maxDegree, skipDegree };
}

const PREDICATE_TEXT = /^P\.([a-zA-Z]+)\((.*)\)$/s;
const P_OPS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'between', 'inside', 'outside', 'within', 'without']);

function literal(text: string): PropertyValue {
  const t = text.trim();
  try {
    return JSON.parse(t) as PropertyValue;
  } catch {
    return t.length >= 2 && t.startsWith("'") && t.endsWith("'") ? t.slice(1, -1) : t;
  }
}

/**
 * A test for one property filter value: a plain value matches by equality; a string
 * `"P.op(args)"` is HugeGraph's predicate text (eq, neq, lt, lte, gt, gte, between, inside,
 * outside, within, without, textcontains, contains), run by the engine's predicate machinery.
 *
 * @example
 * ```ts
 * propertyTest('P.gt(5)')(6); // true
 * ```
 */
function propertyTest(value: unknown): Test {
  if (typeof value !== 'string') return predicateTest(value);
  const m = PREDICATE_TEXT.exec(value.trim());
  if (m === null) return predicateTest(value);
  const op = m[1] as string;
  const body = (m[2] as string).trim();
  const args = body === '' ? [] : splitArgs(body).map(literal);
  if (op === 'textcontains' || op === 'contains') return predicateTest(new Predicate('TextP', 'containing', [args[0] ?? '']));
  if (!P_OPS.has(op)) throw new ArgumentError('TRAVERSER_PREDICATE', `Invalid property predicate '${value}': unknown operator P.${op}`);
  const single = op !== 'within' && op !== 'without' && op !== 'between' && op !== 'inside' && op !== 'outside';
  if (single && args.length !== 1) throw new ArgumentError('TRAVERSER_PREDICATE', `Invalid property predicate '${value}': P.${op} takes one value`);
  return predicateTest(new Predicate('P', op, args));
}

function splitArgs(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (quote !== '') {
      if (c === quote && body[i - 1] !== '\\') quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  out.push(body.slice(start));
  return out;
}

/** Tests of a `properties` object ({} or absent: none). */
function propertyTests(value: unknown): [string, Test][] {
  return Object.entries(record(value, 'properties')).map(([k, v]) => [k, propertyTest(v)]);
}

function edgeMatches(source: GraphSource, tests: readonly [string, Test][]): (edge: number) => boolean {
  return (edge) => tests.every(([k, t]) => t(source.edgeProperty(edge, k)));
}

function vertexMatches(source: GraphSource, label: string | undefined, tests: readonly [string, Test][]): (vertex: number) => boolean {
  return (vertex) =>
    (label === undefined || source.vertexLabel(vertex) === label) &&
    tests.every(([k, t]) => source.vertexProperties(vertex, [k]).some((p) => t(p.value)));
}

/**
 * A HugeGraph EdgeStep (`direction`, `labels`, `properties`, `maxDegree`, `skipDegree`) as frontier hop options.
 *
 * @example
 * ```ts
 * const result = edgeStep(...args);
 * ```
 */
export function edgeStep(source: GraphSource, value: unknown, fallback: { readonly maxDegree?: number; readonly skipDegree?: number } = {}): HopOptions {
  const step = record(value, 'step');
  const tests = propertyTests(step.properties);
  return {
    direction: direction(step.direction),
    labels: labels(step.labels),
    ...degrees(step, fallback),
    ...(tests.length > 0 ? { edgeFilter: edgeMatches(source, tests) } : {}),
  };
}

/**
 * HugeGraph's VESteps (kout/kneighbor POST): `direction`, degrees, `edgeSteps` and
 * `vertexSteps`, each a list of `{ label, properties }`; an element passes when it matches one.
 *
 * @example
 * ```ts
 * const result = veSteps(...args);
 * ```
 */
export function veSteps(source: GraphSource, value: unknown): HopOptions {
  if (value === undefined || value === null) throw bad("The steps parameter can't be null");
  const step = record(value, 'steps');
  const edgeSteps = listOf(step.edgeSteps, 'edgeSteps').map((s) => ({ label: labelOf(s.label), tests: propertyTests(s.properties) }));
  const vertexSteps = listOf(step.vertexSteps, 'vertexSteps').map((s) => vertexMatches(source, labelOf(s.label), propertyTests(s.properties)));
  const anyLabel = edgeSteps.length === 0 || edgeSteps.some((s) => s.label === undefined);
  const filtered = edgeSteps.some((s) => s.tests.length > 0);
  const edgeFilter = filtered
    ? (edge: number): boolean => edgeSteps.some((s) => (s.label === undefined || source.edgeLabel(edge) === s.label) && edgeMatches(source, s.tests)(edge))
    : undefined;
  return {
    direction: direction(step.direction),
    labels: anyLabel ? [] : edgeSteps.map((s) => s.label as string),
    ...degrees(step),
    ...(edgeFilter === undefined ? {} : { edgeFilter }),
    ...(vertexSteps.length === 0 ? {} : { vertexFilter: (v: number) => vertexSteps.some((m) => m(v)) }),
  };
}

function labelOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw bad('Invalid step label: expected a label name');
  return value;
}

/**
 * A list of option objects (absent: empty).
 *
 * @example
 * ```ts
 * const result = listOf(...args);
 * ```
 */
export function listOf(value: unknown, what: string): Readonly<Record<string, unknown>>[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw bad(`Invalid ${what}: expected a list`);
  return value.map((v) => record(v, what));
}

/**
 * The GET form's single-hop options: `direction`, `label`, `maxDegree`, `skipDegree`.
 *
 * @example
 * ```ts
 * const result = getHop(...args);
 * ```
 */
export function getHop(options: Readonly<Record<string, unknown>>): HopOptions {
  return { direction: direction(options.direction), labels: labels(options.label, 'label'), ...degrees(options) };
}

/**
 * A HugeGraph vertices selector (`sources`, `targets`, `vertices`): `ids` XOR `label` and/or
 * `properties`; an empty `ids` list counts as none (HugeGraph's doc writes `"ids": []` beside a
 * label). No vertex → "No source vertices provided"-style error.
 *
 * @example
 * ```ts
 * const result = selectVertices(...args);
 * ```
 */
export function selectVertices(source: GraphSource, value: unknown, role: string): Int32Array {
  const sel = record(value, role);
  const found: number[] = [];
  if (sel.ids !== undefined && sel.ids !== null && !(Array.isArray(sel.ids) && sel.ids.length === 0)) {
    if (sel.label !== undefined || sel.properties !== undefined) throw bad(`Invalid ${role}: give ids, or label and properties, not both`);
    if (!Array.isArray(sel.ids)) throw bad(`Invalid ${role}: ids must be a list`);
    for (const id of sel.ids) found.push(vertexSlot(source, id, role === 'targets' ? 'target' : 'source'));
  } else if (sel.label !== undefined || sel.properties !== undefined) {
    const label = labelOf(sel.label);
    const match = vertexMatches(source, undefined, propertyTests(sel.properties));
    for (const slot of source.vertexSlots(label)) if (match(slot)) found.push(slot);
  }
  if (found.length === 0) throw bad(`No ${role === 'targets' ? 'target' : 'source'} vertices provided`);
  return Int32Array.from(new Set(found));
}
