/**
 * Traverser routes (hugegraph-notes §5) in both path families. A GET form takes query
 * parameters (vertex ids as JSON literals, notes §7.3; integers and booleans as text), a POST
 * form a JSON body; both are renamed from snake_case to the library's camelCase options (the
 * keys inside `properties` filters are property names and stay as they are) and answered with
 * `graph.traversers.<name>`'s result, which already has HugeGraph's field names. Each form's
 * parameters are typed by its schema in traverser-schemas.ts.
 * @module
 */
import { ArgumentError } from '../../index.js';
import { jsonText } from '../json-text.js';
import type { Graph } from '../../index.js';
import { graphParams, graphPaths } from './route-common.js';
import type { GraphParams, RouteGroup } from './route-common.js';
import { traverserBodySchema, traverserQuerySchema } from './traverser-schemas.js';

type TraverserName = {
  [K in keyof Graph['traversers']]: Graph['traversers'][K] extends (options: Readonly<Record<string, unknown>>) => Promise<unknown> ? K : never;
}[keyof Graph['traversers']];

const GET_FORMS: readonly TraverserName[] = [
  'kout', 'kneighbor', 'sameneighbors', 'jaccardsimilarity', 'shortestpath', 'allshortestpaths', 'weightedshortestpath', 'singlesourceshortestpath',
  'paths', 'crosspoints', 'rings', 'rays', 'adamicadar', 'resourceallocation', 'egonet', 'edgeexist',
];
const POST_FORMS: readonly TraverserName[] = [
  'kout', 'kneighbor', 'sameneighbors', 'sameneighborsbatch', 'jaccardsimilarity', 'multinodeshortestpath', 'paths', 'customizedpaths',
  'templatepaths', 'customizedcrosspoints', 'fusiformsimilarity', 'count', 'egonet', 'neighborrank', 'personalrank',
];
/** POST forms that the library tells from their GET form by `steps`, which the POST body must carry. */
const NEEDS_STEPS = new Set<string>(['kout', 'kneighbor', 'egonet']);
const ID_PARAMS = new Set(['source', 'target', 'vertex', 'other']);
const INTEGER_PARAMS = new Set(['max_depth', 'max_degree', 'degree', 'skip_degree', 'capacity', 'limit', 'top']);
const BOOLEAN_PARAMS = new Set(['nearest', 'count_only', 'with_vertex', 'with_edge', 'with_path', 'source_in_ring', 'concurrent']);

/** A query value: text, or a number or boolean the route's schema already converted. */
type QueryValue = string | number | boolean;

function camel(key: string): string {
  return key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/**
 * A vertex id written as a JSON literal: `"1:marko"`, `123`, or `U"<uuid>"`.
 *
 * @example
 * ```ts
 * vertexIdLiteral('"1:marko"'); // '1:marko'
 * ```
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

/**
 * The library options of a GET form's query: ids parsed as JSON literals, integers and booleans
 * from their text (or as the route's schema converted them), every key in camelCase.
 *
 * @example
 * ```ts
 * queryOptions({ source: '"1:marko"', max_depth: '2' }); // { source: '1:marko', maxDepth: 2 }
 * ```
 */
function queryOptions(query: Readonly<Record<string, QueryValue | readonly QueryValue[] | undefined>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    const last = Array.isArray(raw) ? (raw[raw.length - 1] as QueryValue) : (raw as QueryValue);
    if (typeof last !== 'string') {
      out[camel(key)] = last;
      continue;
    }
    const text = last;
    if (ID_PARAMS.has(key)) out[camel(key)] = vertexIdLiteral(text);
    else if (INTEGER_PARAMS.has(key)) {
      if (!/^-?\d+$/.test(text.trim())) throw new ArgumentError('TRAVERSER_ARGUMENT', `The ${key} parameter must be an integer, but got '${text}'`);
      out[camel(key)] = Number(text);
    } else if (BOOLEAN_PARAMS.has(key)) {
      if (text !== 'true' && text !== 'false') throw new ArgumentError('TRAVERSER_ARGUMENT', `The ${key} parameter must be a boolean, but got '${text}'`);
      out[camel(key)] = text === 'true';
    } else out[camel(key)] = text;
  }
  return out;
}

/**
 * A POST body in camelCase, all the way down except inside `properties` filters.
 *
 * @example
 * ```ts
 * bodyOptions({ max_depth: 2, steps: { edge_steps: [{ label: 'knows', properties: { since_year: 'P.gt(2000)' } }] } });
 * // { maxDepth: 2, steps: { edgeSteps: [{ label: 'knows', properties: { since_year: 'P.gt(2000)' } }] } }
 * ```
 */
function bodyOptions(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(bodyOptions);
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [camel(k), k === 'properties' ? v : bodyOptions(v)]));
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Traverser routes.
 *
 * @example
 * ```ts
 * traverserRoutes(app, { state });
 * ```
 */
export const traverserRoutes: RouteGroup = (app) => {
  for (const base of graphPaths('/traversers')) {
    for (const name of GET_FORMS) {
      app.get<{ Params: GraphParams; Querystring: Record<string, QueryValue | QueryValue[]> }>(
        `${base}/${name}`,
        { schema: { summary: `Traverser ${name} (query parameters)`, params: graphParams(), querystring: traverserQuerySchema(name) } },
        async (request, reply) => reply.type(JSON_TYPE).send(jsonText(await request.graph.traversers[name](queryOptions(request.query)))),
      );
    }
    for (const name of POST_FORMS) {
      app.post<{ Params: GraphParams; Body: Record<string, unknown> }>(
        `${base}/${name}`,
        { schema: { summary: `Traverser ${name} (JSON body)`, params: graphParams(), body: traverserBodySchema(name) }, config: { graphAccess: 'read' } },
        async (request, reply) => {
          const options = bodyOptions(request.body) as Record<string, unknown>;
          if (NEEDS_STEPS.has(name) && options.steps === undefined) throw new ArgumentError('TRAVERSER_ARGUMENT', "The steps parameter can't be null");
          return reply.type(JSON_TYPE).send(jsonText(await request.graph.traversers[name](options)));
        },
      );
    }
  }
};
