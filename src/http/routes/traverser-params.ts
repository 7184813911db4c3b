/**
 * How a traverser's REST parameters are described (hugegraph-notes §5.1): one entry per
 * library option, keyed by its camelCase name, giving its REST name (snake_case) and aliases,
 * how REST writes it, its default and its form. A table `Params<O>` has exactly the keys of
 * the options type `O`, so the compiler checks that a table and its options agree; the route
 * schemas (traverser-schemas.ts) and the renaming of a request into options (here) both read
 * the table. The step and selector objects inside a body have tables of their own.
 * @module
 */
import { ArgumentError } from '../../index.js';
import type {
  CustomizedPathStep, EdgeStep, LabelFilter, PathPattern, RankStep, TemplatePathStep, VertexEdgeSteps, VertexSelector,
} from '../../index.js';

/** How REST writes a value: a vertex id, a scalar, a list of names or ids, a property filter, or an object (or list of objects) with its own table. */
type Kind =
  | 'id'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'text'
  | 'labels'
  | 'ids'
  | 'idPairs'
  | 'properties'
  | { readonly object: FieldTable }
  | { readonly list: FieldTable };

/**
 * One REST parameter.
 */
export interface Param {
  /** The REST name, or the REST name and its aliases (read, in order, when the name is absent). */
  readonly rest: string | readonly [string, ...string[]];
  readonly kind: Kind;
  readonly doc: string;
  /** The library's default when the parameter is absent (documented; the library applies it). */
  readonly default?: number | string | boolean;
  /** A parameter without which the library answers HugeGraph's "can't be null" error. */
  readonly required?: true;
  /** Only in the GET form's query or only in the POST form's body (default: both; objects and lists are body-only). */
  readonly form?: Form;
}

/**
 * A GET form (query parameters) or a POST form (JSON body).
 */
export type Form = 'get' | 'post';

/**
 * The REST parameters of an options type: one {@link Param} per option, no more, no fewer.
 */
export type Params<O> = { readonly [K in keyof O]-?: Param };

/**
 * A table of parameters whatever options type it describes.
 */
export type FieldTable = Readonly<Record<string, Param>>;

/**
 * The REST names of a parameter, its own first.
 */
export function restNames(param: Param): readonly string[] {
  return typeof param.rest === 'string' ? [param.rest] : param.rest;
}

/**
 * Whether a parameter can be written in the given form: objects and lists only in a body.
 */
export function inForm(param: Param, form: Form): boolean {
  if (form === 'get' && (typeof param.kind === 'object' || param.kind === 'labels' || param.kind === 'ids' || param.kind === 'idPairs' || param.kind === 'properties')) return false;
  return param.form === undefined || param.form === form;
}

/**
 * A text parameter.
 */
export function text(rest: Param['rest'], doc: string, extra: Partial<Param> = {}): Param {
  return { rest, kind: 'text', doc, ...extra };
}

/**
 * An integer parameter.
 */
export function int(rest: Param['rest'], doc: string, extra: Partial<Param> = {}): Param {
  return { rest, kind: 'integer', doc, ...extra };
}

/**
 * A number parameter.
 */
export function num(rest: Param['rest'], doc: string, extra: Partial<Param> = {}): Param {
  return { rest, kind: 'number', doc, ...extra };
}

/**
 * A boolean parameter and its default.
 */
export function bool(rest: Param['rest'], doc: string, fallback: boolean, extra: Partial<Param> = {}): Param {
  return { rest, kind: 'boolean', doc, default: fallback, ...extra };
}

/**
 * Parameters most traversers share, each under its option name.
 */
export const COMMON = {
  source: { rest: 'source', kind: 'id', doc: 'source vertex id', required: true },
  target: { rest: 'target', kind: 'id', doc: 'target vertex id', required: true },
  direction: text('direction', 'OUT, IN or BOTH', { default: 'BOTH' }),
  label: text('label', 'edge label (absent: every label)'),
  maxDegree: int('max_degree', 'most adjacent edges followed per vertex, -1 for no limit', { default: 10000 }),
  skipDegree: int('skip_degree', 'a vertex with more adjacent edges is skipped; 0 is off, else at least max_degree', { default: 0 }),
  maxDepth: int('max_depth', 'hops from the source, > 0', { required: true }),
  capacity: int('capacity', 'most vertices or path nodes visited, -1 for no limit', { default: 10_000_000 }),
  limit: int('limit', 'most results, -1 for no limit', { default: 10_000_000 }),
  pathsLimit: int('limit', 'most results, -1 for no limit', { default: 10 }),
  withVertex: bool('with_vertex', 'answer full vertices instead of ids', false),
  withEdge: bool('with_edge', 'answer full edges instead of ids', false),
  withPath: bool('with_path', 'include the paths', false),
  countOnly: bool('count_only', 'answer only the count', false),
  properties: { rest: 'properties', kind: 'properties', doc: 'property filter: name → value or "P.<predicate>(..)" text' },
} as const satisfies FieldTable;

const LABEL_FILTER: Params<LabelFilter> = { label: text('label', 'label'), properties: COMMON.properties };

const DEGREES = {
  direction: COMMON.direction,
  maxDegree: { ...COMMON.maxDegree, rest: ['max_degree', 'degree'] },
  skipDegree: COMMON.skipDegree,
} as const satisfies FieldTable;

/**
 * HugeGraph's EdgeStep, with the skip degree it defaults to.
 */
export function edgeStepParams(skipDegree = 0): Params<EdgeStep> {
  return {
    ...DEGREES,
    skipDegree: { ...COMMON.skipDegree, default: skipDegree },
    labels: { rest: ['labels', 'label'], kind: 'labels', doc: 'edge labels (absent: every label)' },
    properties: COMMON.properties,
  };
}

/**
 * HugeGraph's EdgeStep with its usual defaults.
 */
export const EDGE_STEP = edgeStepParams();

/**
 * HugeGraph's VESteps (kout, kneighbor and egonet POST).
 */
export const VE_STEPS: Params<VertexEdgeSteps> = {
  ...DEGREES,
  edgeSteps: { rest: 'edge_steps', kind: { list: LABEL_FILTER }, doc: 'edge label and property filters (an edge passes one)' },
  vertexSteps: { rest: 'vertex_steps', kind: { list: LABEL_FILTER }, doc: 'vertex label and property filters (a vertex passes one)' },
};

const SELECTOR: Params<VertexSelector> = {
  ids: { rest: 'ids', kind: 'ids', doc: 'vertex ids' },
  label: text('label', 'vertex label'),
  properties: COMMON.properties,
};

/**
 * A vertices selector parameter: ids, or label and/or properties.
 */
export function selector(rest: string, doc: string): Param {
  return { rest, kind: { object: SELECTOR }, doc: `${doc}: ids, or label and/or properties`, required: true };
}

/**
 * A list of steps parameter, each step described by `step`.
 */
export function stepList(step: FieldTable, doc: string): Param {
  return { rest: 'steps', kind: { list: step }, doc, required: true };
}

/**
 * The steps of customizedpaths, templatepaths and neighborrank, and the path patterns of
 * customizedcrosspoints.
 */
export const STEPS: {
  readonly customized: Params<CustomizedPathStep>;
  readonly template: Params<TemplatePathStep>;
  readonly rank: Params<RankStep>;
  readonly pattern: Params<PathPattern>;
} = {
  customized: {
    ...EDGE_STEP,
    weightBy: text('weight_by', 'edge property weighting the step'),
    defaultWeight: num('default_weight', 'weight of an edge without it', { default: 0 }),
    sample: int('sample', 'edges sampled per vertex, -1 for all', { default: 100 }),
  },
  template: { ...EDGE_STEP, maxTimes: int('max_times', 'repetitions of the step', { default: 1 }) },
  rank: { ...EDGE_STEP, top: int('top', 'ranks kept of the layer, in (0, 1000]', { default: 10 }) },
  pattern: { steps: stepList(EDGE_STEP, 'one hop per step') },
};

/** A query value: text, or a number or boolean the route's schema already converted. */
type QueryValue = string | number | boolean;

/**
 * A query string as fastify hands it over.
 */
export type Query = Readonly<Record<string, QueryValue | readonly QueryValue[] | undefined>>;

/**
 * A vertex id written as a JSON literal: `"1:marko"`, `123`, or `U"<uuid>"`.
 */
function vertexIdLiteral(text: string): string | number {
  const uuid = /^U"(.+)"$/.exec(text.trim());
  if (uuid !== null) return uuid[1] as string;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return value;
  } catch {
    // not JSON: reported below
  }
  throw new ArgumentError('TRAVERSER_VERTEX_ID', `The vertex id must be formatted as Number/String/UUID, but got '${text}'`);
}

/** The value of the first of a parameter's REST names that `input` holds. */
function given<V>(param: Param, input: Readonly<Record<string, V | undefined>>): V | undefined {
  for (const name of restNames(param)) if (input[name] !== undefined) return input[name];
  return undefined;
}

/**
 * The library options of a GET form's query: each parameter of the table read under its REST
 * names (the last of a repeated one), a vertex id parsed from its JSON literal, the rest as
 * the route's schema converted them. Query parameters the table lacks are ignored, as
 * HugeGraph ignores them.
 */
export function optionsOfQuery(params: FieldTable, query: Query): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(params)) {
    if (!inForm(param, 'get')) continue;
    const raw = given(param, query);
    if (raw === undefined) continue;
    const last = typeof raw === 'object' ? raw[raw.length - 1] : raw;
    out[name] = param.kind === 'id' ? vertexIdLiteral(String(last)) : last;
  }
  return out;
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The library options of a POST form's body: each parameter of the table read under its REST
 * names, objects and lists of objects renamed by their own tables, property filters kept as
 * written (their keys are property names). Body fields the table lacks are ignored.
 */
export function optionsOfBody(params: FieldTable, body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(params)) {
    if (!inForm(param, 'post')) continue;
    const raw = given(param, body);
    if (raw === undefined) continue;
    const kind = param.kind;
    if (typeof kind === 'object' && 'object' in kind) out[name] = isObject(raw) ? optionsOfBody(kind.object, raw) : raw;
    else if (typeof kind === 'object') out[name] = Array.isArray(raw) ? raw.map((item: unknown) => (isObject(item) ? optionsOfBody(kind.list, item) : item)) : raw;
    else out[name] = raw;
  }
  return out;
}
