/**
 * HugeGraph's steps and selectors as the frontier takes them: an EdgeStep, VESteps and the GET
 * form's hop as hop options (direction, labels, degrees, edge and vertex filters), and a
 * vertices selector as slots. Property filters are values or HugeGraph's predicate text, read
 * by the engine's one parser with each key's data type.
 * @module
 */
import type { GraphSource } from '../../port/index.js';
import { predicateTest } from '../runtime/predicate.js';
import type { Test } from '../runtime/predicate.js';
import { propertyCondition } from '../semantics/index.js';
import type { HopOptions } from '../frontier/index.js';
import { DEFAULTS, NO_LIMIT, bad, direction, integer, labels, positiveOrNoLimit, record, vertexSlot } from './traverser-common.js';
import type { TraverserRun } from './traverser-common.js';

/**
 * Degree options of one hop: maxDegree (> 0 or -1) and skipDegree (≥ 0, and ≥ maxDegree when on).
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

/**
 * Tests of a `properties` object ({} or absent: none): a value means equality, a text
 * `"P.op(values)"` is HugeGraph's predicate ({@link propertyCondition}), each converted to the
 * key's data type.
 */
function propertyTests(run: TraverserRun, value: unknown): [string, Test][] {
  return Object.entries(record(value, 'properties')).map(([k, v]) => [k, predicateTest(propertyCondition(v, { name: k, dataType: run.keyType?.(k) }))]);
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
 * A HugeGraph EdgeStep (`direction`, `labels`, `properties`, `maxDegree`, `skipDegree`) as
 * frontier hop options.
 */
export function edgeStep(run: TraverserRun, value: unknown, fallback: { readonly maxDegree?: number; readonly skipDegree?: number } = {}): HopOptions {
  const { source } = run;
  const step = record(value, 'step');
  const tests = propertyTests(run, step.properties);
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
 */
export function veSteps(run: TraverserRun, value: unknown): HopOptions {
  const { source } = run;
  if (value === undefined || value === null) throw bad("The steps parameter can't be null");
  const step = record(value, 'steps');
  const edgeSteps = listOf(step.edgeSteps, 'edgeSteps').map((s) => ({ label: labelOf(s.label), tests: propertyTests(run, s.properties) }));
  const vertexSteps = listOf(step.vertexSteps, 'vertexSteps').map((s) => vertexMatches(source, labelOf(s.label), propertyTests(run, s.properties)));
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
 */
export function listOf(value: unknown, what: string): Readonly<Record<string, unknown>>[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw bad(`Invalid ${what}: expected a list`);
  return value.map((v) => record(v, what));
}

/**
 * The GET form's single-hop options: `direction`, `label`, `maxDegree`, `skipDegree`.
 */
export function getHop(options: Readonly<Record<string, unknown>>): HopOptions {
  return { direction: direction(options.direction), labels: labels(options.label, 'label'), ...degrees(options) };
}

/**
 * A HugeGraph vertices selector (`sources`, `targets`, `vertices`): `ids` XOR `label` and/or
 * `properties`; an empty `ids` list counts as none (HugeGraph's doc writes `"ids": []` beside a
 * label). No vertex → "No source vertices provided"-style error.
 */
export function selectVertices(run: TraverserRun, value: unknown, role: string): Int32Array {
  const { source } = run;
  const sel = record(value, role);
  const found: number[] = [];
  if (sel.ids !== undefined && sel.ids !== null && !(Array.isArray(sel.ids) && sel.ids.length === 0)) {
    if (sel.label !== undefined || sel.properties !== undefined) throw bad(`Invalid ${role}: give ids, or label and properties, not both`);
    if (!Array.isArray(sel.ids)) throw bad(`Invalid ${role}: ids must be a list`);
    for (const id of sel.ids) found.push(vertexSlot(source, id, role === 'targets' ? 'target' : 'source'));
  } else if (sel.label !== undefined || sel.properties !== undefined) {
    const label = labelOf(sel.label);
    const match = vertexMatches(source, undefined, propertyTests(run, sel.properties));
    for (const slot of source.vertexSlots(label)) if (match(slot)) found.push(slot);
  }
  if (found.length === 0) throw bad(`No ${role === 'targets' ? 'target' : 'source'} vertices provided`);
  return Int32Array.from(new Set(found));
}
