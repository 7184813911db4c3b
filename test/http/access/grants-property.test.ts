/**
 * Property-conditioned grants through the REST server, against the naive reference filter of
 * the library's property test: random small graphs and random READ grants, made with the REST
 * access-control routes as an operator would, and read back by a user through vertex and edge
 * pages, shards and scans, a hidden vertex by id, kneighbor, and /gremlin.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { graphArb, graphPolicy, policyArb, props, Reference } from '../../api/access/reference.js';
import { testServer } from '../helpers.js';
import type { TestServer } from '../helpers.js';

const sorted = (ids: readonly unknown[]): string[] => ids.map((id) => JSON.stringify(id)).sort();

async function ok(server: TestServer, method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<any> {
  const reply = await server.call(method, url, body, headers);
  assert.ok(reply.status < 300, `${method} ${url}: ${reply.status} ${reply.text}`);
  return reply.json;
}

/** Every page of a REST list, following `page` tokens. */
async function pages(server: TestServer, url: string, key: 'vertices' | 'edges', as: Record<string, string>): Promise<unknown[]> {
  const ids: unknown[] = [];
  let page = '';
  for (let i = 0; i < 100; i++) {
    const reply = await ok(server, 'GET', `${url}${url.includes('?') ? '&' : '?'}page=${encodeURIComponent(page)}&limit=2`, undefined, as);
    ids.push(...(reply[key] as { id: unknown }[]).map((e) => e.id));
    if (reply.page === null || reply.page === undefined) return ids;
    page = reply.page as string;
  }
  throw new Error('pages did not end');
}

test('a user reads through REST exactly what a naive reference filter of their grants shows', async () => {
  const server = await testServer();
  try {
    await ok(server, 'POST', '/auth/users', { user_name: 'prop_user', user_password: 'pw_prop' });
    const token = (await ok(server, 'POST', '/auth/login', { user_name: 'prop_user', user_password: 'pw_prop' })).token as string;
    const as = { authorization: `Bearer ${token}` };
    let run = 0;
    await fc.assert(
      fc.asyncProperty(graphArb, policyArb, fc.nat(), async (ref, policy, pick) => {
        const name = `prop${run++}`;
        await ok(server, 'POST', `/graphspaces/DEFAULT/graphs/${name}`, { backend: 'memory', serializer: 'binary', store: name, 'schema.auto_create': true });
        const graph = server.state.graph('DEFAULT', name);
        await graph.schema().propertyKey('n').asInt().create();
        await graph.schema().propertyKey('t').asText().create();
        const vertexIds = ref.vertices.length === 0 ? [] : await graph.addVertexIds(ref.vertices.map((v) => ({ label: v.label, properties: props(v) })));
        if (ref.edges.length > 0) await graph.addEdgeIds(ref.edges.map((e) => ({ label: e.label, out: vertexIds[e.out]!, in: vertexIds[e.in]!, properties: props(e) })));
        const { READ = [] } = graphPolicy(policy).grants;
        await ok(server, 'POST', '/graphs/auth/groups', { group_name: name });
        await ok(server, 'POST', '/graphs/auth/targets', { target_name: name, target_graph: name, target_resources: [...READ, { type: 'GREMLIN', label: '*', properties: null }] });
        await ok(server, 'POST', '/graphs/auth/belongs', { user: 'prop_user', group: name });
        for (const permission of ['READ', 'EXECUTE']) await ok(server, 'POST', '/graphs/auth/accesses', { group: name, target: name, access_permission: permission });

        const model = new Reference(ref, policy);
        const vertices = model.visibleVertices().map((i) => vertexIds[i]);
        const G = `/graphs/${name}`;
        assert.deepEqual(await pages(server, `${G}/graph/vertices`, 'vertices', as), vertices, 'vertex pages');
        const edges = await pages(server, `${G}/graph/edges`, 'edges', as);
        assert.equal(edges.length, model.visibleEdges().length, 'edge pages');
        const shards = (await ok(server, 'GET', `${G}/traversers/vertices/shards?split_size=1048576`, undefined, as)).shards as { start: string; end: string }[];
        const scanned: unknown[] = [];
        for (const shard of shards) {
          const scan = await ok(server, 'GET', `${G}/traversers/vertices/scan?start=${encodeURIComponent(shard.start)}&end=${encodeURIComponent(shard.end)}`, undefined, as);
          scanned.push(...(scan.vertices as { id: unknown }[]).map((v) => v.id));
        }
        assert.deepEqual(scanned, vertices, 'shards and scans');
        const hidden = ref.vertices.map((_, i) => i).find((i) => !model.vertexVisible(i));
        if (hidden !== undefined) {
          const reply = await server.call('GET', `${G}/graph/vertices/${encodeURIComponent(JSON.stringify(vertexIds[hidden]))}`, undefined, as);
          assert.equal(reply.status, 404, 'a hidden vertex reads as a missing one');
        }
        const gremlin = await ok(server, 'POST', '/gremlin', { gremlin: `${name}.traversal().V().id()` }, as);
        assert.deepEqual(sorted(gremlin.result.data), sorted(vertices), '/gremlin g.V().id()');
        const count = await ok(server, 'POST', '/gremlin', { gremlin: `${name}.traversal().E().count()` }, as);
        assert.deepEqual(count.result.data, [model.visibleEdges().length], '/gremlin g.E().count()');
        const starts = model.visibleVertices();
        if (starts.length > 0) {
          const start = starts[pick % starts.length]!;
          const within = [...model.distances(start)].filter(([v, d]) => v !== start && d <= 2).map(([v]) => vertexIds[v]);
          const source = encodeURIComponent(JSON.stringify(vertexIds[start]));
          const kneighbor = await ok(server, 'GET', `${G}/traversers/kneighbor?source=${source}&max_depth=2&direction=BOTH`, undefined, as);
          assert.deepEqual(sorted(kneighbor.vertices), sorted(within), 'kneighbor');
        }
        await ok(server, 'DELETE', `/graphs/${name}?confirm_message=${encodeURIComponent("I'm sure to drop the graph")}`);
      }),
      { numRuns: 40 },
    );
  } finally {
    await server.close();
  }
});
