/**
 * Vertices (spec Part B §4.1) in both path families: create, get, list with label, property
 * filters and pages, append/eliminate, delete, batch create and batch update with strategies.
 * @module
 */
import { ArgumentError, NotFoundError } from '../../index.js';
import type { Properties, UpdateStrategy } from '../../index.js';
import { OPTIONAL_BODY_VERTEX_ID, optionalBodyVertexId, parseVertexId } from '../ids.js';
import { sendJsonText, sendPage } from '../replies.js';
import { graphParams, graphPaths } from './route-common.js';
import type { GraphParams, RouteGroup } from './route-common.js';
import { LIST_LIMIT, actionQuery, checkBatchSize, checkBodyLabel, checkListLabel, checkNoNullValues, checkPageOffset, elementAction, listLimit } from './element-checks.js';
import { restJson, restJsonText, vertexJsonText } from '../json-text.js';
import { parsePropertyFilter, propertyQuery } from './property-filters.js';

/** A vertex id as a JSON literal: a 16 KiB id (docs/limits.md), quoted and escaped, fits. */
const ID_PARAM = { id: { type: 'string', minLength: 1, maxLength: 64 * 1024 } };
const PROPERTIES = { type: 'object' } as const;
const LABEL = { type: 'string', minLength: 1, maxLength: 256 } as const;
const STRATEGY = { type: 'string', enum: ['SUM', 'BIGGER', 'SMALLER', 'UNION', 'INTERSECTION', 'APPEND', 'ELIMINATE', 'OVERRIDE'] } as const;

const vertexBody = {
  type: 'object',
  properties: { label: LABEL, properties: PROPERTIES, id: OPTIONAL_BODY_VERTEX_ID },
  required: ['label', 'properties'],
} as const;

const updateBody = {
  type: 'object',
  properties: { label: LABEL, properties: PROPERTIES },
  required: ['properties'],
} as const;

const listQuery = {
  type: 'object',
  properties: {
    label: LABEL,
    properties: { type: 'string' },
    limit: LIST_LIMIT,
    page: { type: 'string' },
    keep_start_p: { type: 'boolean', description: 'true: a properties value starting with P. is an exact text, not a predicate' },
    offset: { type: 'integer', minimum: 0, description: 'vertices to skip; only 0 (the default) with page' },
  },
  additionalProperties: false,
} as const;

interface VertexBody {
  readonly label: string;
  readonly properties: Properties;
  readonly id?: string | number | bigint | null;
}

interface IdParams extends GraphParams {
  readonly id: string;
}

/**
 * Vertex routes.
 */
export const vertexRoutes: RouteGroup = (app) => {
  for (const base of graphPaths('/graph/vertices')) {
    app.post<{ Params: GraphParams; Body: VertexBody }>(
      base,
      { schema: { summary: 'Create a vertex', params: graphParams(), body: vertexBody } },
      async (request, reply) => {
        const graph = request.graph;
        checkNoNullValues('vertex', request.body);
        const { label, properties, id } = request.body;
        const own = optionalBodyVertexId(id);
        const vertex = await graph.addVertex(label, properties, own === undefined ? {} : { id: own });
        return sendJsonText(reply, 201, vertexJsonText(vertex));
      },
    );

    app.post<{ Params: GraphParams; Body: VertexBody[] }>(
      `${base}/batch`,
      { schema: { summary: 'Create vertices in one batch', params: graphParams(), body: { type: 'array', items: vertexBody } } },
      async (request, reply) => {
        const graph = request.graph;
        for (const vertex of request.body) checkNoNullValues('vertex', vertex);
        checkBatchSize('vertices', request.body.length);
        const inputs = request.body.map((v) => ({ label: v.label, properties: v.properties, id: optionalBodyVertexId(v.id) }));
        const ids = await graph.addVertexIds(inputs);
        return sendJsonText(reply, 201, restJsonText(ids));
      },
    );

    app.put<{ Params: GraphParams; Body: { vertices: VertexBody[]; update_strategies: Record<string, UpdateStrategy>; create_if_not_exist?: boolean } }>(
      `${base}/batch`,
      {
        schema: {
          summary: 'Update vertices in one batch with update strategies',
          params: graphParams(),
          body: {
            type: 'object',
            properties: {
              vertices: { type: 'array', items: { type: 'object', properties: { label: LABEL, type: { type: 'string' }, properties: PROPERTIES, id: OPTIONAL_BODY_VERTEX_ID }, required: ['label', 'properties'] } },
              update_strategies: { type: 'object', additionalProperties: STRATEGY },
              create_if_not_exist: { type: 'boolean' },
            },
            required: ['vertices', 'update_strategies'],
          },
        },
      },
      async (request) => {
        const graph = request.graph;
        checkBatchSize('vertices', request.body.vertices.length);
        const items = request.body.vertices.map((v) => ({ label: v.label, properties: v.properties, id: optionalBodyVertexId(v.id) }));
        const vertices = await graph.updateVertices({ items, strategies: request.body.update_strategies, createIfNotExist: request.body.create_if_not_exist !== false });
        return { vertices: restJson(vertices) };
      },
    );

    app.get<{ Params: GraphParams; Querystring: { label?: string; properties?: string; keep_start_p?: boolean; offset?: number; limit?: number; page?: string } }>(
      base,
      { schema: { summary: 'List vertices by label and property filters, with an offset or pages', params: graphParams(), querystring: listQuery } },
      async (request, reply) => {
        const graph = request.graph;
        const { label, properties, offset, limit, page } = request.query;
        // HugeGraph's VertexAPI.list refuses only a page with an offset (pyhugegraph sends page with label and properties).
        checkPageOffset('vertices', page, offset);
        checkListLabel(graph, 'vertex', label);
        const filter = propertyQuery(graph, parsePropertyFilter(properties), { keepStartP: request.query.keep_start_p === true });
        const result = await graph.vertices({ label, properties: filter, offset: offset ?? 0, limit: listLimit(limit), ...(page === undefined ? {} : { page }) });
        return sendPage(reply, 'vertices', result.vertices, { paged: page !== undefined, next: result.page });
      },
    );

    app.get<{ Params: IdParams }>(
      `${base}/:id`,
      { schema: { summary: 'Get a vertex by id (a JSON literal)', params: graphParams(ID_PARAM) } },
      async (request, reply) => {
        const graph = request.graph;
        const id = parseVertexId(request.params.id);
        const vertex = await graph.getVertex(id);
        if (vertex === undefined) throw new NotFoundError('VERTEX_NOT_FOUND', `Vertex '${String(restJson(id))}' does not exist`);
        return sendJsonText(reply, 200, vertexJsonText(vertex));
      },
    );

    app.put<{ Params: IdParams; Querystring: { action?: string }; Body: { label?: string; properties: Properties; id?: unknown } }>(
      `${base}/:id`,
      { schema: { summary: 'Append or eliminate vertex properties', params: graphParams(ID_PARAM), querystring: actionQuery, body: updateBody } },
      async (request) => {
        checkNoNullValues('vertex', request.body);
        const action = elementAction(request.query.action);
        const graph = request.graph;
        const id = parseVertexId(request.params.id);
        const stored = await graph.getVertex(id);
        if (stored === undefined) throw new NotFoundError('VERTEX_NOT_FOUND', `Vertex '${String(restJson(id))}' does not exist`);
        const { label, properties } = request.body;
        checkBodyLabel('vertex', { id: String(restJson(id)), stored: stored.label, given: label });
        const updated = action === 'append' ? await graph.updateVertexProperties(id, properties) : await graph.eliminateVertexProperties(id, Object.keys(properties));
        return restJson(updated);
      },
    );

    app.delete<{ Params: IdParams; Querystring: { label?: string } }>(
      `${base}/:id`,
      { schema: { summary: 'Delete a vertex and its edges', params: graphParams(ID_PARAM), querystring: { type: 'object', properties: { label: LABEL }, additionalProperties: false } } },
      async (request, reply) => {
        const graph = request.graph;
        const id = parseVertexId(request.params.id);
        const stored = await graph.getVertex(id);
        if (stored === undefined || (request.query.label !== undefined && request.query.label !== stored.label)) {
          throw new ArgumentError('NO_SUCH_VERTEX', `No such vertex with id: '${String(restJson(id))}'`);
        }
        await graph.removeVertex(id);
        return reply.code(204).send();
      },
    );
  }
};
