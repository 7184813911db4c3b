/**
 * The JSON configurations of rings-with-filter (`rings.property_filter`) and links
 * (`links.analyze_config`), checked and parsed at submission into plain trees of the filter
 * language, with the property keys they read (the snapshot gathers only those).
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { mentions, parseFilter } from './filter-language.js';
import type { FilterExpr } from './filter-language.js';

/**
 * A rule of a label (`*` for every label), parsed, and whether it reads the previous edge.
 */
export interface LabelRule {
  readonly label: string;
  readonly filter: FilterExpr;
  readonly previous: boolean;
}

/**
 * The property keys a configuration reads, on vertices and on edges.
 */
export interface FilterKeys {
  readonly vertexKeys: readonly string[];
  readonly edgeKeys: readonly string[];
}

/**
 * A parsed `rings.property_filter`.
 */
export interface RingsFilter extends FilterKeys {
  readonly vertex: readonly LabelRule[];
  readonly edge: readonly LabelRule[];
}

/**
 * A parsed `links.analyze_config`.
 */
export interface LinksConfig extends FilterKeys {
  readonly starts: readonly (string | number)[];
  readonly vertexEnd?: LabelRule;
  readonly edgeEnd?: LabelRule;
  readonly compare: LabelRule;
}

function bad(param: string, detail: string): ArgumentError {
  return new ArgumentError('COMPUTE_PARAM', `Invalid parameter '${param}': ${detail}`);
}

function object(value: unknown, param: string, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad(param, `${what} must be a JSON object`);
  return value as Record<string, unknown>;
}

function only(o: Record<string, unknown>, keys: readonly string[], param: string, what: string): void {
  const stray = Object.keys(o).find((k) => !keys.includes(k));
  if (stray !== undefined) throw bad(param, `${what} has an unknown key '${stray}', expected ${keys.join(', ')}`);
}

function parseJson(text: string, param: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text === '' ? '{}' : text);
  } catch {
    throw bad(param, 'expected a JSON text');
  }
  return object(value, param, 'the value');
}

/** The keys each variable of a rule reads. */
function keysOf(expr: FilterExpr, variable: string, into: Set<string>): void {
  if (expr.kind === 'or' || expr.kind === 'and') {
    keysOf(expr.left, variable, into);
    keysOf(expr.right, variable, into);
  } else if (expr.kind === 'not') {
    keysOf(expr.operand, variable, into);
  } else {
    for (const o of expr.kind === 'test' ? [expr.operand] : [expr.left, expr.right]) if (o.kind === 'property' && o.variable === variable) into.add(o.key);
  }
}

function rule(value: unknown, context: { readonly param: string; readonly where: string; readonly allowed: readonly string[]; readonly previous: string }): LabelRule {
  const o = object(value, context.param, context.where);
  only(o, ['label', 'property_filter'], context.param, context.where);
  if (typeof o.label !== 'string' || o.label === '') throw bad(context.param, `${context.where} needs a label`);
  const text = o.property_filter ?? '';
  if (typeof text !== 'string') throw bad(context.param, `the property_filter of ${context.where} must be a text`);
  const filter = parseFilter(text, { allowed: context.allowed, where: `${context.param} ${context.where}` });
  return { label: o.label, filter, previous: mentions(filter, context.previous) };
}

function collect(rules: readonly (LabelRule | undefined)[], variables: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const r of rules) if (r !== undefined) for (const v of variables) keysOf(r.filter, v, keys);
  return [...keys];
}

/**
 * Parses `rings.property_filter`: `{"vertex_filter": [{label, property_filter}], "edge_filter": [...]}`,
 * `$element` the vertex or edge and `$message` the previous edge of the walk.
 */
export function parseRingsFilter(text: string): RingsFilter {
  const param = 'rings.property_filter';
  const o = parseJson(text, param);
  only(o, ['vertex_filter', 'edge_filter'], param, 'the filter');
  const list = (key: string, allowed: readonly string[]): LabelRule[] => {
    const value = o[key] ?? [];
    if (!Array.isArray(value)) throw bad(param, `${key} must be a list`);
    return value.map((r: unknown, i: number) => rule(r, { param, where: `${key}[${i}]`, allowed, previous: '$message' }));
  };
  const vertex = list('vertex_filter', ['$element']);
  const edge = list('edge_filter', ['$element', '$message']);
  return { vertex, edge, vertexKeys: collect(vertex, ['$element']), edgeKeys: collect(edge, ['$element', '$message']) };
}

/**
 * Parses `links.analyze_config`: `{start_vertexes, vertex_end_condition?, edge_end_condition?,
 * edge_compare_condition}` with at least one end condition; `$element` is the vertex of the
 * vertex end, `$out` the edge and `$in` the previous edge of the walk for the edge conditions.
 */
export function parseLinksConfig(text: string): LinksConfig {
  const param = 'links.analyze_config';
  if (text.trim() === '') throw bad(param, 'the parameter is required');
  const o = parseJson(text, param);
  only(o, ['start_vertexes', 'vertex_end_condition', 'edge_end_condition', 'edge_compare_condition'], param, 'the configuration');
  const starts = o.start_vertexes;
  if (!Array.isArray(starts) || starts.length === 0 || !starts.every((s) => typeof s === 'string' || typeof s === 'number')) {
    throw bad(param, 'start_vertexes must be a non-empty list of vertex ids');
  }
  if (o.vertex_end_condition === undefined && o.edge_end_condition === undefined) throw bad(param, 'it needs vertex_end_condition or edge_end_condition');
  if (o.edge_compare_condition === undefined) throw bad(param, 'it needs edge_compare_condition');
  const edge = { param, allowed: ['$out', '$in'], previous: '$in' };
  const vertexEnd = o.vertex_end_condition === undefined ? undefined : rule(o.vertex_end_condition, { param, where: 'vertex_end_condition', allowed: ['$element'], previous: '$in' });
  const edgeEnd = o.edge_end_condition === undefined ? undefined : rule(o.edge_end_condition, { ...edge, where: 'edge_end_condition' });
  const compare = rule(o.edge_compare_condition, { ...edge, where: 'edge_compare_condition' });
  return {
    starts: starts as (string | number)[],
    ...(vertexEnd === undefined ? {} : { vertexEnd }),
    ...(edgeEnd === undefined ? {} : { edgeEnd }),
    compare,
    vertexKeys: collect([vertexEnd], ['$element']),
    edgeKeys: collect([edgeEnd, compare], ['$out', '$in']),
  };
}
