/**
 * Index rebuild jobs (hugegraph-notes §3): `PUT .../jobs/rebuild/{vertexlabels|edgelabels|indexlabels}/{name}`
 * and its schema-path alias `PUT .../schema/indexlabels/{name}/rebuild`, each answering 202
 * `{"task_id":N}` at once; the task empties and rebuilds the indexes in yielding chunks.
 * @module
 */
import { NotFoundError } from '../../index.js';
import type { SchemaView } from '../../index.js';
import { graphParams, graphPaths, nameSchema, spaceOf } from './route-common.js';
import type { GraphParams, RouteGroup } from './route-common.js';
import { indexBuildTask } from './schema-tasks.js';

type RebuildKind = 'vertexlabels' | 'edgelabels' | 'indexlabels';

/** The index labels a rebuild of `kind` `name` covers, or NotFoundError when the schema element is unknown. */
function rebuildTargets(catalog: SchemaView, kind: RebuildKind, name: string): string[] {
  if (kind === 'indexlabels') {
    if (catalog.indexLabel(name) === undefined) throw new NotFoundError('SCHEMA_NOT_FOUND', `index label with name '${name}' does not exist`);
    return [name];
  }
  const vertex = kind === 'vertexlabels';
  if ((vertex ? catalog.vertexLabel(name) : catalog.edgeLabel(name)) === undefined) {
    throw new NotFoundError('SCHEMA_NOT_FOUND', `${vertex ? 'vertex' : 'edge'} label with name '${name}' does not exist`);
  }
  return catalog.indexLabelsOf(vertex ? 'VERTEX_LABEL' : 'EDGE_LABEL', name).map((i) => i.name);
}

/**
 * Rebuild job routes.
 */
export const rebuildRoutes: RouteGroup = (app, { state }) => {
  const tasksOf = (params: GraphParams) => state.tasks(spaceOf(params), params.graph);
  const kindParams = graphParams({ kind: { type: 'string', enum: ['vertexlabels', 'edgelabels', 'indexlabels'] }, name: nameSchema });
  for (const base of graphPaths('')) {
    app.put<{ Params: GraphParams & { kind: RebuildKind; name: string } }>(
      `${base}/jobs/rebuild/:kind/:name`,
      { schema: { summary: 'Rebuild the indexes of a vertex label, an edge label or one index label (a task)', params: kindParams } },
      async (request, reply) => {
        const { kind, name } = request.params;
        const names = rebuildTargets(request.graph.catalog(), kind, name);
        return reply.code(202).send({ task_id: await indexBuildTask(tasksOf(request.params), request.graph, names, true, request.identity.user_name) });
      },
    );
    app.put<{ Params: GraphParams & { name: string } }>(
      `${base}/schema/indexlabels/:name/rebuild`,
      { schema: { summary: 'Rebuild one index label (a task)', params: graphParams({ name: nameSchema }) } },
      async (request, reply) => {
        const names = rebuildTargets(request.graph.catalog(), 'indexlabels', request.params.name);
        return reply.code(202).send({ task_id: await indexBuildTask(tasksOf(request.params), request.graph, names, true, request.identity.user_name) });
      },
    );
  }
};
