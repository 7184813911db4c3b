/**
 * Edges (spec Part B §4.2, §4.3) in both path families: create, get, list (with HugeGraph's
 * EdgeAPI rules, which beat §4.2's where pyhugegraph depends on them: docs/rest.md, Clients),
 * append/eliminate, delete, batch create with check_vertex and batch update with strategies.
 * @module
 */
import { ArgumentError, QuiverError, UnsupportedError } from '../../index.js';
import type { ElementId, Graph, Properties, UpdateStrategy } from '../../index.js';
import { BODY_VERTEX_ID, bodyVertexId, parseVertexId } from '../ids.js';
import { sendJsonText, sendPage } from '../replies.js';
import { graphParams, graphPaths } from './route-common.js';
import type { GraphParams, RouteGroup } from './route-common.js';
import { restJson, restJsonText } from '../json-text.js';
import { parsePropertyFilter, propertyQuery } from './property-filters.js';
import { LIST_LIMIT, actionQuery, checkBatchSize, checkBodyLabel, checkListLabel, checkNoNullValues, checkPageOffset, edgeNotFound, elementAction, listDirection, listLimit, noSuchEdge } from './element-checks.js';

/** An edge id holds two vertex ids of up to 16 KiB each (docs/limits.md). */
const ID_PARAM = { id: { type: 'string', minLength: 1, maxLength: 128 * 1024 } };
const LABEL = { type: 'string', minLength: 1, maxLength: 256 } as const;
const STRATEGY = { type: 'string', enum: ['SUM', 'BIGGER', 'SMALLER', 'UNION', 'INTERSECTION', 'APPEND', 'ELIMINATE', 'OVERRIDE'] } as const;

/** An edge of a request body; the end labels are checked by {@link checkEndLabels} (HugeGraph's messages). */
const edgeBody = {
  type: 'object',
  properties: { label: LABEL, outV: BODY_VERTEX_ID, inV: BODY_VERTEX_ID, outVLabel: LABEL, inVLabel: LABEL, properties: { type: 'object' }, id: { type: 'string' } },
  required: ['label', 'outV', 'inV'],
} as const;

const checkVertexQuery = { type: 'object', properties: { check_vertex: { type: 'boolean' } }, additionalProperties: false } as const;

const listQuery = {
  type: 'object',
  properties: {
    vertex_id: { type: 'string', minLength: 1 },
    direction: { type: 'string' },
    label: LABEL,
    properties: { type: 'string' },
    offset: { type: 'integer', minimum: 0 },
    limit: LIST_LIMIT,
    page: { type: 'string' },
    keep_start_p: { type: 'boolean', description: 'true: a properties value starting with P. is an exact text, not a predicate' },
  },
  additionalProperties: false,
} as const;

interface EdgeBody {
  readonly label: string;
  readonly outV: string | number | bigint;
  readonly inV: string | number | bigint;
  readonly outVLabel?: string;
  readonly inVLabel?: string;
  readonly properties?: Properties;
  readonly id?: string;
}

interface IdParams extends GraphParams {
  readonly id: string;
}

interface ListQuery {
  readonly vertex_id?: string;
  readonly direction?: string;
  readonly label?: string;
  readonly properties?: string;
  readonly keep_start_p?: boolean;
  readonly offset?: number;
  readonly limit?: number;
  readonly page?: string;
}

/**
 * A missing end vertex of an edge write is HugeGraph's 400 "Invalid vertex id 'x'" (EdgeAPI), not a 404 of the edge route. With
 * `check_vertex=false` HugeGraph would store the edge anyway; Quiver's adjacency is keyed by
 * stored vertices, so such an edge is refused as unsupported, in batch create and batch update
 * alike (docs/design-choices.md).
 */
async function endsChecked<T>(write: () => Promise<T>, checkVertex = true): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof QuiverError && error.code === 'VERTEX_NOT_FOUND') {
      if (!checkVertex) {
        throw new UnsupportedError('EDGE_WITHOUT_VERTEX', `Not support edges whose end vertices do not exist, even with check_vertex=false: ${error.message}`, { cause: error });
      }
      throw new ArgumentError('EDGE_VERTEX_MISSING', `Invalid vertex id '${String(error.details['id'] ?? '')}'`, { cause: error });
    }
    throw error;
  }
}

/**
 * The end labels of an edge body, as HugeGraph's JsonEdge.checkCreate wants them: a batch item
 * names both (400 "Expect source vertex label" / "Expect target vertex label"), a single edge
 * both or neither (pyhugegraph's `addEdge` sends neither); named labels must be vertex labels
 * of the schema (400 "Invalid source vertex label 'x'", EdgeAPI.create).
 */
function checkEndLabels(graph: Graph, edge: EdgeBody, batch: boolean): void {
  const { outVLabel: out, inVLabel: into } = edge;
  if (batch) {
    if (out === undefined) throw new ArgumentError('EDGE_END_LABELS', 'Expect source vertex label');
    if (into === undefined) throw new ArgumentError('EDGE_END_LABELS', 'Expect target vertex label');
    return;
  }
  if ((out === undefined) !== (into === undefined)) {
    throw new ArgumentError('EDGE_END_LABELS', 'The both source and target vertex label are either passed in, or not passed in');
  }
  const catalog = graph.catalog();
  if (out !== undefined && catalog.vertexLabel(out) === undefined) throw new ArgumentError('EDGE_END_LABELS', `Invalid source vertex label '${out}'`);
  if (into !== undefined && catalog.vertexLabel(into) === undefined) throw new ArgumentError('EDGE_END_LABELS', `Invalid target vertex label '${into}'`);
}

function edgeInput(e: EdgeBody): { label: string; out: ElementId; in: ElementId; properties: Properties; outLabel?: string; inLabel?: string } {
  return {
    label: e.label, out: bodyVertexId(e.outV, 'outV'), in: bodyVertexId(e.inV, 'inV'), properties: e.properties ?? {},
    ...(e.outVLabel === undefined ? {} : { outLabel: e.outVLabel }), ...(e.inVLabel === undefined ? {} : { inLabel: e.inVLabel }),
  };
}

/**
 * Edge routes.
 */
export const edgeRoutes: RouteGroup = (app) => {
  for (const base of graphPaths('/graph/edges')) {
    app.post<{ Params: GraphParams; Body: EdgeBody }>(
      base,
      { schema: { summary: 'Create an edge', params: graphParams(), body: edgeBody } },
      async (request, reply) => {
        const graph = request.graph;
        checkNoNullValues('edge', request.body);
        checkEndLabels(graph, request.body, false);
        const { label, ...rest } = edgeInput(request.body);
        const edge = await endsChecked(() => graph.addEdge(label, rest));
        return sendJsonText(reply, 201, restJsonText(edge));
      },
    );

    app.post<{ Params: GraphParams; Querystring: { check_vertex?: boolean }; Body: EdgeBody[] }>(
      `${base}/batch`,
      { schema: { summary: 'Create edges in one batch', params: graphParams(), querystring: checkVertexQuery, body: { type: 'array', items: edgeBody } } },
      async (request, reply) => {
        const graph = request.graph;
        for (const edge of request.body) {
          checkNoNullValues('edge', edge);
          checkEndLabels(graph, edge, true);
        }
        checkBatchSize('edges', request.body.length);
        const ids = await endsChecked(() => graph.addEdgeIds(request.body.map(edgeInput)), request.query.check_vertex !== false);
        return sendJsonText(reply, 201, restJsonText(ids));
      },
    );

    app.put<{ Params: GraphParams; Body: { edges: EdgeBody[]; update_strategies?: Record<string, UpdateStrategy>; check_vertex?: boolean; create_if_not_exist?: boolean } }>(
      `${base}/batch`,
      {
        schema: {
          summary: 'Update edges in one batch with update strategies',
          params: graphParams(),
          body: {
            type: 'object',
            properties: {
              edges: { type: 'array', items: edgeBody },
              update_strategies: { type: 'object', additionalProperties: STRATEGY },
              check_vertex: { type: 'boolean' },
              create_if_not_exist: { type: 'boolean' },
            },
            required: ['edges'],
          },
        },
      },
      async (request) => {
        const graph = request.graph;
        const body = request.body;
        checkBatchSize('edges', body.edges.length);
        const items = body.edges.map((e) => ({ ...edgeInput(e), ...(e.id === undefined ? {} : { id: e.id }) }));
        const checkVertex = body.check_vertex !== false;
        const edges = await endsChecked(
          () => graph.updateEdges({ items, strategies: body.update_strategies ?? {}, checkVertex, createIfNotExist: body.create_if_not_exist !== false }),
          checkVertex,
        );
        return { edges: restJson(edges) };
      },
    );

    app.get<{ Params: GraphParams; Querystring: ListQuery }>(
      base,
      { schema: { summary: 'List edges of a vertex or by label and property filters, with an offset or pages', params: graphParams(), querystring: listQuery } },
      async (request, reply) => {
        const graph = request.graph;
        const q = request.query;
        const vertexId = q.vertex_id === undefined ? undefined : parseVertexId(q.vertex_id);
        const direction = listDirection(q.direction);
        // HugeGraph's EdgeAPI.list refuses only a page with an offset (pyhugegraph's getEdgeByPage sends page with vertex_id).
        checkPageOffset('edges', q.page, q.offset);
        checkListLabel(graph, 'edge', q.label);
        const properties = propertyQuery(graph, parsePropertyFilter(q.properties), { keepStartP: q.keep_start_p === true });
        const result = await graph.edges({
          ...(vertexId === undefined ? {} : { vertexId, direction }),
          label: q.label,
          properties,
          offset: q.offset ?? 0,
          limit: listLimit(q.limit),
          ...(q.page === undefined ? {} : { page: q.page }),
        });
        return sendPage(reply, 'edges', result.edges, { paged: q.page !== undefined, next: result.page });
      },
    );

    app.get<{ Params: IdParams }>(
      `${base}/:id`,
      { schema: { summary: 'Get an edge by id', params: graphParams(ID_PARAM) } },
      async (request, reply) => {
        const graph = request.graph;
        const edge = await graph.getEdge(request.params.id);
        if (edge === undefined) throw edgeNotFound(request.params.id);
        return sendJsonText(reply, 200, restJsonText(edge));
      },
    );

    app.put<{ Params: IdParams; Querystring: { action?: string }; Body: { properties: Properties; label?: string; id?: string } }>(
      `${base}/:id`,
      {
        schema: {
          summary: 'Append or eliminate edge properties',
          params: graphParams(ID_PARAM),
          querystring: actionQuery,
          body: { type: 'object', properties: { properties: { type: 'object' }, label: LABEL, id: { type: 'string' } }, required: ['properties'] },
        },
      },
      async (request) => {
        checkNoNullValues('edge', request.body);
        const id = request.params.id;
        if (request.body.id !== undefined && request.body.id !== id) {
          throw new ArgumentError('EDGE_ID_MISMATCH', `The ids are different between url and request body ('${id}' != '${request.body.id}')`);
        }
        const action = elementAction(request.query.action);
        const graph = request.graph;
        const stored = await graph.getEdge(id);
        if (stored === undefined) throw edgeNotFound(id);
        checkBodyLabel('edge', { id, stored: stored.label, given: request.body.label });
        const { properties } = request.body;
        const updated = action === 'append' ? await graph.updateEdgeProperties(id, properties) : await graph.eliminateEdgeProperties(id, Object.keys(properties));
        return restJson(updated);
      },
    );

    app.delete<{ Params: IdParams; Querystring: { label?: string } }>(
      `${base}/:id`,
      { schema: { summary: 'Delete an edge', params: graphParams(ID_PARAM), querystring: { type: 'object', properties: { label: LABEL }, additionalProperties: false } } },
      async (request, reply) => {
        const graph = request.graph;
        const id = request.params.id;
        const stored = await graph.getEdge(id);
        // HugeGraph's EdgeAPI.delete turns a missing edge (or one of another label) into a 400, as VertexAPI.delete does.
        if (stored === undefined || (request.query.label !== undefined && request.query.label !== stored.label)) throw noSuchEdge(id);
        await graph.removeEdge(id);
        return reply.code(204).send();
      },
    );
  }
};
