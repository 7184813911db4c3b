/**
 * No route reaches a graph around the graph-scope plugin: every registered route whose path
 * names a graph is registered inside it (walked with an `onRoute` hook over the app's own
 * registration) and gets its preHandler; route files do not import each other; and the plugin's
 * rate limits apply to every graph-scoped route, the traverser, schema and graph routes included.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { RouteOptions } from 'fastify';
import { openServerState } from '../../../src/index.js';
import { registerRoutes } from '../../../src/http/app.js';
import { repoRoot } from '../../repo-root.js';
import { testServer } from '../helpers.js';

/** A path naming a graph (`:graphspace` alone names none). */
const NAMES_GRAPH = /\/:graph(?:\/|$)/;
/** HugeGraph's legacy login paths carry a graph name they never read (spec Part A §5). */
const LEGACY_AUTH = /^\/graphs\/:graph\/auth\//;

test('every route whose path names a graph, and /gremlin, is registered inside the graph-scope plugin and gets its preHandler', async () => {
  const { state } = await openServerState();
  try {
    const app = Fastify();
    const routes: Array<{ readonly route: RouteOptions & { readonly url: string }; readonly scoped: boolean }> = [];
    app.addHook('onRoute', function walk(route) {
      routes.push({ route, scoped: this.hasRequestDecorator('graph') });
    });
    await registerRoutes(app, { state });
    const outside = routes.filter(({ route, scoped }) => NAMES_GRAPH.test(route.url) && !LEGACY_AUTH.test(route.url) && !scoped).map(({ route }) => `${String(route.method)} ${route.url}`);
    assert.deepEqual(outside, []);
    for (const url of ['/gremlin', '/gremlinunzip']) assert.ok(routes.some(({ route, scoped }) => route.url === url && scoped), url);
    const named = routes.filter(({ route, scoped }) => scoped && NAMES_GRAPH.test(route.url));
    assert.ok(named.length > 200, `${named.length} graph routes`);
    const unhooked = named
      .filter(({ route }) => route.config?.graphAccess !== 'create' && ![route.preHandler].flat().some((hook) => typeof hook === 'function' && hook.name === 'graphScope'))
      .map(({ route }) => `${String(route.method)} ${route.url}`);
    assert.deepEqual(unhooked, []);
    const creating = named.filter(({ route }) => route.config?.graphAccess === 'create').map(({ route }) => `${String(route.method)} ${route.url}`);
    assert.deepEqual(creating.sort(), ['POST /graphs/:graph', 'POST /graphspaces/:graphspace/graphs/:graph']);
  } finally {
    await state.close();
  }
});

test('no route file imports another route file: what they share lives in modules that register no routes', () => {
  const dir = join(repoRoot(), 'src', 'http', 'routes');
  const texts = new Map(readdirSync(dir).filter((name) => name.endsWith('.ts')).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
  const routeFiles = new Set([...texts].filter(([, text]) => /^export const \w+: RouteGroup = /m.test(text)).map(([name]) => name));
  assert.ok(routeFiles.size >= 10, [...routeFiles].join());
  const crossings: string[] = [];
  for (const name of routeFiles) {
    for (const m of (texts.get(name) ?? '').matchAll(/from '\.\/([\w-]+)\.js'/g)) {
      if (routeFiles.has(`${m[1]}.ts`)) crossings.push(`${name} imports ${m[1]}.ts`);
    }
  }
  assert.deepEqual(crossings, []);
});

test('rate_limit.read applies to the traverser, schema, graph and task routes, and rate_limit.write to schema writes (429 with HugeGraph\'s body)', async () => {
  const server = await testServer();
  try {
    await server.state.createGraph('DEFAULT', 'limited', { backend: 'memory', serializer: 'binary', store: 'limited', 'rate_limit.read': 2, 'rate_limit.write': 1 });
    const graph = server.state.graph('DEFAULT', 'limited');
    await graph.schema().propertyKey('name').asText().create();
    await graph.schema().vertexLabel('person').properties('name').primaryKeys('name').create();
    await graph.addVertex('person', { name: 'marko' });
    const burst = async (method: string, url: string, body?: () => unknown): Promise<void> => {
      const replies = [];
      for (let i = 0; i < 6; i++) replies.push(await server.call(method, url, body?.()));
      const limited = replies.find((r) => r.status === 429);
      assert.ok(limited !== undefined, `${method} ${url}: ${replies.map((r) => r.status).join()}`);
      // /gremlin answers errors in gremlin-server's form, without the `class ` prefix
      assert.deepEqual(Object.keys(limited.json), ['exception', 'message', 'cause']);
      assert.match(limited.json.exception, /^(class )?jakarta\.ws\.rs\.WebApplicationException$/);
      assert.equal(limited.json.message, `Rate limit exceeded: graph 'limited' allows ${method === 'GET' || url.includes('/traversers/') ? '2 read' : '1 write'} requests per second`);
    };
    const source = encodeURIComponent('"1:marko"');
    for (const base of ['/graphs/limited', '/graphspaces/DEFAULT/graphs/limited']) {
      await burst('GET', `${base}/traversers/kout?source=${source}&max_depth=1`);
      await burst('POST', `${base}/traversers/kneighbor`, () => ({ source: '1:marko', steps: {}, max_depth: 1 }));
      await burst('GET', `${base}/traversers/vertices/shards?split_size=1048576`);
      await burst('GET', `${base}/schema`);
      await burst('GET', `${base}/schema/vertexlabels/person`);
      await burst('GET', base);
      await burst('GET', `${base}/mode`);
      await burst('GET', `${base}/graph_read_mode`);
      await burst('GET', `${base}/tasks`);
      let n = 0;
      await burst('POST', `${base}/schema/propertykeys`, () => ({ name: `key${n++}`, data_type: 'INT' }));
    }
    await burst('GET', '/graphs/limited/conf');
    await burst('GET', `/gremlin?gremlin=${encodeURIComponent('limited.traversal().V().count()')}`);
    const unlimited = await server.call('GET', '/graphs/hugegraph/schema');
    assert.equal(unlimited.status, 200);
  } finally {
    await server.close();
  }
});
