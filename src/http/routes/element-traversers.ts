/**
 * The element traversers of spec Part B §4.1/§4.2 in both path families: vertices and edges by
 * ids, shards, and scans of a shard; every element comes exactly once over all shards.
 * @module
 */
import type { EdgeView, ElementId, Graph, VertexView } from '../../index.js';
import type { FastifyReply } from 'fastify';
import { parseVertexId } from '../ids.js';
import { sendPage } from '../replies.js';
import { graphParams, graphPaths } from './route-common.js';
import type { GraphParams, RouteGroup } from './route-common.js';
import { restJson } from '../json-text.js';
import { checkEdgeIdFormat } from './element-checks.js';

const idsQuery = {
  type: 'object',
  properties: { ids: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 } },
  required: ['ids'],
  additionalProperties: false,
} as const;

const shardsQuery = {
  type: 'object',
  properties: { split_size: { type: 'integer', minimum: 1 } },
  required: ['split_size'],
  additionalProperties: false,
} as const;

const scanQuery = {
  type: 'object',
  properties: { start: { type: 'string', minLength: 1 }, end: { type: 'string', minLength: 1 }, page: { type: 'string' }, page_limit: { type: 'integer', minimum: 1 } },
  required: ['start', 'end'],
  additionalProperties: false,
} as const;

interface ScanParams {
  readonly start: string;
  readonly end: string;
  readonly page?: string;
  readonly page_limit?: number;
}

/** An edge id in a query string: raw, or a JSON string. */
function edgeIdText(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'string') return parsed;
    } catch {
      // not JSON: the raw text is the id
    }
  }
  return text;
}

/** The elements of `ids` that exist, in order: like HugeGraph's `g.vertices(ids)`, a missing id is left out. */
async function byIds<T>(ids: readonly ElementId[], get: (id: ElementId) => Promise<T | undefined>): Promise<T[]> {
  const out: T[] = [];
  for (const id of ids) {
    const found = await get(id);
    if (found !== undefined) out.push(found);
  }
  return out;
}

function scanOf(q: ScanParams): { start: string; end: string; page?: string; pageLimit?: number } {
  return { start: q.start, end: q.end, ...(q.page === undefined ? {} : { page: q.page }), ...(q.page_limit === undefined ? {} : { pageLimit: q.page_limit }) };
}

/**
 * Element traverser routes: `/traversers/{vertices,edges}`, `.../shards`, `.../scan`.
 */
export const elementTraverserRoutes: RouteGroup = (app) => {
  const element = <Q>(suffix: string, summary: string, querystring: object, run: (graph: Graph, query: Q, reply: FastifyReply) => Promise<unknown>): void => {
    for (const path of graphPaths(`/traversers/${suffix}`)) {
      app.get<{ Params: GraphParams; Querystring: Q }>(path, { schema: { summary, params: graphParams(), querystring } }, async (request, reply) => run(request.graph, request.query as Q, reply));
    }
  };
  element<{ ids: string[] }>('vertices', 'Vertices by ids (JSON literals)', idsQuery, async (graph, q) => ({
    vertices: restJson(await byIds<VertexView>(q.ids.map(parseVertexId), (id) => graph.getVertex(id))),
  }));
  element<{ ids: string[] }>('edges', 'Edges by ids', idsQuery, async (graph, q) => ({
    edges: restJson(await byIds<EdgeView>(q.ids.map(edgeIdText), async (id) => {
      const edge = await graph.getEdge(id);
      checkEdgeIdFormat(String(id), edge !== undefined);
      return edge;
    })),
  }));
  element<{ split_size: number }>('vertices/shards', 'Shards of the vertices for a full scan', shardsQuery, async (graph, q) => ({ shards: await graph.vertexShards(q.split_size) }));
  element<{ split_size: number }>('edges/shards', 'Shards of the edges for a full scan', shardsQuery, async (graph, q) => ({ shards: await graph.edgeShards(q.split_size) }));
  element<ScanParams>('vertices/scan', 'The vertices of one shard', scanQuery, async (graph, q, reply) => {
    const { vertices, page } = await graph.scanVertices(scanOf(q));
    return sendPage(reply, 'vertices', vertices, { paged: q.page !== undefined, next: page });
  });
  element<ScanParams>('edges/scan', 'The edges of one shard', scanQuery, async (graph, q, reply) => {
    const { edges, page } = await graph.scanEdges(scanOf(q));
    return sendPage(reply, 'edges', edges, { paged: q.page !== undefined, next: page });
  });
};
