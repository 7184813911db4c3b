/**
 * Edges (spec Part B §4.2, §4.3) in both path families: create, get, list (rules 1–4 of §4.2),
 * append/eliminate, delete, batch create with check_vertex and batch update with strategies.
 * @module
 */
import { ArgumentError, QuiverError, UnsupportedError } from '../../index.js';
import type { ElementId, Properties, UpdateStrategy } from '../../index.js';
import { BODY_VERTEX_ID, bodyVertexId, parseVertexId } from '../ids.js';
import { sendJsonText, sendPage } from '../replies.js';
import { graphParams, graphPaths } from './route-common.js';
import type { GraphParams, RouteGroup } from './route-common.js';
import { restJson, restJsonText } from '../json-text.js';
import { parsePropertyFilter, propertyQuery } from './property-filters.js';
import { LIST_LIMIT, actionQuery, checkBatchSize, checkBodyLabel, checkListLabel, checkNoNullValues, edgeNotFound, elementAction, listDirection, listLimit, noSuchEdge } from './element-checks.js';

/** An edge id holds two vertex ids of up to 16 KiB each (docs/limits.md). */
const ID_PARAM = { id: { type: 'string', minLength: 1, maxLength: 128 * 1024 } };
const LABEL = { type: 'string', minLength: 1, maxLength: 256 } as const;
const STRATEGY = { type: 'string', enum: ['SUM', 'BIGGER', 'SMALLER', 'UNION', 'INTERSECTION', 'APPEND', 'ELIMINATE', 'OVERRIDE'] } as const;

const edgeBody = {
  type: 'object',
  properties: { label: LABEL, outV: BODY_VERTEX_ID, inV: BODY_VERTEX_ID, outVLabel: LABEL, inVLabel: LABEL, properties: { type: 'object' }, id: { type: 'string' } },
  required: ['label', 'outV', 'inV', 'outVLabel', 'inVLabel'],
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
  readonly outVLabel: string;
  readonly inVLabel: string;
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

function edgeInput(e: EdgeBody): { label: string; out: ElementId; in: ElementId; properties: Properties; outLabel: string; inLabel: string } {
  return { label: e.label, out: bodyVertexId(e.outV, 'outV'), in: bodyVertexId(e.inV, 'inV'), properties: e.properties ?? {}, outLabel: e.outVLabel, inLabel: e.inVLabel };
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
        for (const edge of request.body) checkNoNullValues('edge', edge);
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
      { schema: { summary: 'List edges of a vertex or by label and property filters, with pages', params: graphParams(), querystring: listQuery } },
      async (request, reply) => {
        const graph = request.graph;
        const q = request.query;
        const vertexId = q.vertex_id === undefined ? undefined : parseVertexId(q.vertex_id);
        const direction = listDirection(q.direction);
        if (q.page !== undefined) {
          if (vertexId !== undefined) throw new ArgumentError('INVALID_PAGE_QUERY', 'Invalid edge query: page cannot be used with vertex_id');
          if ((q.offset ?? 0) !== 0) throw new ArgumentError('INVALID_PAGE_QUERY', 'Invalid edge query: offset must be absent or 0 with page');
          if (q.direction !== undefined && q.direction !== '') throw new ArgumentError('INVALID_PAGE_QUERY', 'Invalid edge query: direction cannot be used with page and without vertex_id');
        }
        checkListLabel(graph, 'edge', q.label);
        const filter = parsePropertyFilter(q.properties);
        if (q.page !== undefined && filter !== undefined && Object.keys(filter).length > 1) {
          throw new ArgumentError('INVALID_PAGE_QUERY', 'Invalid edge query: at most one property may be given with page');
        }
        const properties = propertyQuery(graph, filter, { keepStartP: q.keep_start_p === true });
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
