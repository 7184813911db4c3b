/**
 * `quiver serve --etcd`: three real nodes over one real etcd member. Every kind of change made on
 * any node is read back at once on that node and converges on all of them (timestamps, which
 * each node takes from its own clock, and salted password hashes aside); AUTOMATIC ids of concurrent inserts on three nodes
 * never collide; a primary-key race ends with one vertex; kill -9 of a node in a write loop
 * loses no acknowledged write; the killed node restarts on its data and catches up; a node
 * with an empty data directory rebuilds everything from the snapshot and the log.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, cleanUp, etcdMissing, eventually, startEtcd, startNode, tempDir } from './harness.js';
import type { QuiverNode } from './harness.js';
import { graphBody, spaceBody } from '../http/helpers.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';

/**
 * Drops password hashes (each node salts its own) and the update time of tasks (each node runs
 * the tasks of a graph scheduled `local` on its own clock); every other time comes from the log.
 */
function withoutClock(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutClock);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !/^task_update$|password/.test(key)).map(([key, v]) => [key, withoutClock(v)]));
}

/** What the test compares across nodes. */
async function stateOf(node: QuiverNode): Promise<unknown> {
  const parts = await Promise.all([
    call(`${node.url}/graphspaces`),
    call(`${node.url}/graphspaces/gs1/graphs`),
    call(`${node.url}${G}/schema`),
    call(`${node.url}${G}/graph/vertices?limit=100000`),
    call(`${node.url}${G}/graph/edges?limit=100000`),
    call(`${node.url}/auth/users`),
    call(`${node.url}/graphs/auth/groups`),
    call(`${node.url}${G}/variables`),
    call(`${node.url}${G}/tasks`),
  ]);
  const sortById = (list: Array<{ id: unknown }>): unknown[] => [...list].sort((a, b) => String(a.id).localeCompare(String(b.id)));
  const [spaces, graphs, schema, vertices, edges, users, groups, variables, tasks] = parts.map((p) => p.json);
  return withoutClock({ spaces, graphs, schema, vertices: sortById(vertices.vertices), edges: sortById(edges.edges), users, groups, variables, tasks });
}

async function converged(nodes: readonly QuiverNode[], ms = 10_000): Promise<unknown> {
  let last: unknown[] = [];
  return eventually('the nodes to converge', async () => {
    last = await Promise.all(nodes.map(stateOf));
    const text = JSON.stringify(last[0]);
    return last.every((s) => JSON.stringify(s) === text) ? last[0] : undefined;
  }, ms).catch((error: unknown) => {
    const states = last as Array<Record<string, unknown>>;
    const differing = Object.keys(states[0] ?? {}).filter((key) => states.some((s) => JSON.stringify(s[key]) !== JSON.stringify(states[0]?.[key])));
    assert.fail(`${String(error)}: ${differing.map((key) => `${key}: ${states.map((s) => JSON.stringify(s[key]).slice(0, 600)).join(' | ')}`).join('\n')}`);
  });
}

test('a cluster of three quiver serve nodes on etcd replicates every change and converges', { skip: etcdMissing, timeout: 300_000 }, async (t) => {
  const etcd = await startEtcd(1);
  const nodes: QuiverNode[] = [];
  try {
    nodes.push(await startNode('n1', { etcd: etcd.urls, data: tempDir('n1'), snapshotEvery: 40 }));
    nodes.push(...(await Promise.all(['n2', 'n3'].map((id) => startNode(id, { etcd: etcd.urls, data: tempDir(id), snapshotEvery: 40 })))));
    const [n1, n2, n3] = nodes as [QuiverNode, QuiverNode, QuiverNode];

    await t.test('GET /cluster lists the three nodes up, to administrators only', async () => {
      const listed = await eventually('three nodes up', async () => {
        const { json } = await call(`${n1.url}/cluster`);
        return json.nodes?.filter((n: { state: string }) => n.state === 'up').length === 3 ? json : undefined;
      });
      assert.deepEqual(listed.nodes.map((n: { node_id: string; url: string }) => [n.node_id, n.url]), nodes.map((n) => [n.id, n.url]));
      assert.equal((await call(`${n2.url}/auth/users`, { method: 'POST', body: { user_name: 'reader', user_password: 'readerSecret1' } })).status, 201);
      // the user made on n2 logs in on n2 at once and on n3 once n3 applied it: users replicate, passwords included
      assert.equal((await call(`${n2.url}/cluster`, { user: ['reader', 'readerSecret1'] })).status, 403);
      await eventually('the user on n3 within a second', async () => {
        const { json } = await call(`${n3.url}/auth/users`);
        return json.users?.some((u: { user_name: string }) => u.user_name === 'reader') === true ? true : undefined;
      }, 1_000);
      const denied = await call(`${n3.url}/cluster`, { user: ['reader', 'readerSecret1'] });
      assert.equal(denied.status, 403, JSON.stringify(denied.json));
    });

    await t.test('every kind of change made on any node is read back at once on that node', async () => {
      const writes: Array<[QuiverNode, string, string, unknown, string]> = [
        [n1, 'POST', '/graphspaces', spaceBody('gs1'), '/graphspaces/gs1'],
        [n2, 'POST', '/graphspaces/gs1/graphs/g1', graphBody('g1'), '/graphspaces/gs1/graphs/g1'],
        [n3, 'POST', `${G}/schema/propertykeys`, { name: 'name', data_type: 'TEXT' }, `${G}/schema/propertykeys/name`],
        [n1, 'POST', `${G}/schema/propertykeys`, { name: 'age', data_type: 'INT' }, `${G}/schema/propertykeys/age`],
        [n2, 'POST', `${G}/schema/vertexlabels`, { name: 'person', id_strategy: 'PRIMARY_KEY', primary_keys: ['name'], properties: ['name', 'age'], nullable_keys: ['age'] }, `${G}/schema/vertexlabels/person`],
        [n3, 'POST', `${G}/schema/vertexlabels`, { name: 'item', id_strategy: 'AUTOMATIC', properties: ['name'] }, `${G}/schema/vertexlabels/item`],
        [n1, 'POST', `${G}/schema/edgelabels`, { name: 'knows', source_label: 'person', target_label: 'person', frequency: 'MULTIPLE', sort_keys: ['name'], properties: ['name'] }, `${G}/schema/edgelabels/knows`],
        [n2, 'POST', `${G}/graph/vertices`, { label: 'person', properties: { name: 'marko', age: 29 } }, `${G}/graph/vertices/"1:marko"`],
        [n3, 'POST', `${G}/graph/vertices/batch`, [{ label: 'person', properties: { name: 'vadas' } }, { label: 'person', properties: { name: 'josh' } }], `${G}/graph/vertices/"1:josh"`],
        [n1, 'POST', `${G}/graph/edges`, { label: 'knows', outV: '1:marko', inV: '1:vadas', outVLabel: 'person', inVLabel: 'person', properties: { name: 'e1' } }, `${G}/graph/edges`],
        [n2, 'POST', '/graphs/auth/groups', { group_name: 'analysts' }, '/graphs/auth/groups'],
        [n3, 'PUT', `${G}/variables/answer`, { data: 42 }, `${G}/variables/answer`],
      ];
      for (const [node, method, path, body, readBack] of writes) {
        const written = await call(`${node.url}${path}`, { method, body });
        assert.ok(written.status < 300, `${method} ${path} on ${node.id}: ${written.status} ${JSON.stringify(written.json)}`);
        const read = await call(`${node.url}${readBack}`);
        assert.equal(read.status, 200, `read back ${readBack} on ${node.id} right after its write`);
      }
      const gremlin = await call(`${n1.url}/gremlin`, { method: 'POST', body: { gremlin: "g.V('1:josh').property('age', 32).iterate(); g.addV('item').property('name', 'lamp').id()" } });
      assert.equal(gremlin.status, 200, JSON.stringify(gremlin.json));
      const index = await call(`${n2.url}${G}/schema/indexlabels`, { method: 'POST', body: { name: 'byAge', base_type: 'VERTEX_LABEL', base_value: 'person', index_type: 'RANGE', fields: ['age'] } });
      assert.equal(index.status, 202, JSON.stringify(index.json));
      const task = index.json.task_id;
      for (const node of nodes) {
        const status = await eventually(`task ${task} on ${node.id}`, async () => {
          const { json } = await call(`${node.url}${G}/tasks/${task}`);
          return json.task_status === 'success' ? json.task_status : undefined;
        });
        assert.equal(status, 'success');
      }
      const state = (await converged(nodes)) as { vertices: Array<{ id: unknown; properties: Record<string, unknown> }> };
      assert.equal(state.vertices.length, 4);
      assert.deepEqual(state.vertices.find((v) => v.id === '1:josh')?.properties, { name: 'josh', age: 32 });
    });

    await t.test('AUTOMATIC ids of concurrent inserts on three nodes never collide, and every node has them all', async () => {
      const ids = (
        await Promise.all(
          nodes.flatMap((node) =>
            Array.from({ length: 15 }, async (_, i) => {
              const { status, json } = await call(`${node.url}${G}/graph/vertices`, { method: 'POST', body: { label: 'item', properties: { name: `${node.id}-${i}` } } });
              assert.equal(status, 201, JSON.stringify(json));
              return String(json.id);
            }),
          ),
        )
      ).sort();
      assert.equal(new Set(ids).size, 45);
      // every node has the writes acknowledged anywhere within a second
      for (const node of nodes) {
        await eventually(`${node.id} to read every acknowledged write`, async () => {
          const { json } = await call(`${node.url}/gremlin`, { method: 'POST', body: { gremlin: "g.V().hasLabel('item').id()" } });
          const seen = new Set((json.result.data as unknown[]).map(String));
          return ids.every((id) => seen.has(id)) ? true : undefined;
        }, 1_000);
      }
    });

    await t.test("a graph's write rate limit admits a write where it arrives, and every node applies exactly the admitted writes", async () => {
      const L = '/graphspaces/DEFAULT/graphs/limited';
      assert.equal((await call(`${n1.url}${L}`, { method: 'POST', body: graphBody('limited', { 'rate_limit.write': 3, 'schema.auto_create': true }) })).status, 201);
      await eventually('the graph on n2', async () => ((await call(`${n2.url}${L}/graph/vertices`)).status === 200 ? true : undefined));
      const answers = await Promise.all(
        [n1, n2].flatMap((node) => Array.from({ length: 12 }, (_, i) => call(`${node.url}${L}/graph/vertices`, { method: 'POST', body: { label: 'item', properties: { name: `${node.id}-${i}` } } }))),
      );
      const admitted = answers.filter((a) => a.status === 201).length;
      assert.deepEqual([...new Set(answers.map((a) => a.status))].sort(), [201, 429], JSON.stringify(answers.map((a) => a.status)));
      for (const node of nodes) {
        await eventually(`${node.id} to hold exactly the ${admitted} admitted writes`, async () => {
          const { json } = await call(`${node.url}${L}/graph/vertices?limit=1000`);
          return json.vertices?.length === admitted ? true : undefined;
        }, 5_000);
      }
    });

    await t.test('a write larger than a log entry (a 1.6 MB batch) travels in a stage and reaches every node', async () => {
      const L = '/graphspaces/DEFAULT/graphs/limited';
      const text = 'x'.repeat(4000);
      const batch = Array.from({ length: 400 }, (_, i) => ({ label: 'big', properties: { name: `big-${i}`, text } }));
      assert.ok(JSON.stringify(batch).length > 1_500_000);
      await new Promise((done) => setTimeout(done, 1100)); // a fresh second of the graph's write budget
      const made = await call(`${n2.url}${L}/graph/vertices/batch`, { method: 'POST', body: batch });
      assert.equal(made.status, 201, JSON.stringify(made.json).slice(0, 300));
      for (const node of nodes) {
        let last: unknown;
        await eventually(`${node.id} to hold the big batch`, async () => {
          const { json } = await call(`${node.url}${L}/graph/vertices?label=big&limit=1000`);
          last = json;
          return json.vertices?.length === 400 && json.vertices.every((v: { properties: { text: unknown } }) => [v.properties.text].flat()[0] === text) ? true : undefined;
        }, 5_000).catch((error: unknown) => assert.fail(`${String(error)}: ${JSON.stringify(last).slice(0, 400)}`));
      }
    });

    await t.test('a primary-key race ends with one vertex everywhere; edges to the same vertices both succeed', async () => {
      const racing = await Promise.all(nodes.map((node, i) => call(`${node.url}${G}/graph/vertices`, { method: 'POST', body: { label: 'person', properties: { name: 'peter', age: 30 + i } } })));
      assert.deepEqual(racing.map((r) => r.status), [201, 201, 201]);
      const edges = await Promise.all([n1, n2].map((node, i) => call(`${node.url}${G}/graph/edges`, { method: 'POST', body: { label: 'knows', outV: '1:peter', inV: '1:marko', outVLabel: 'person', inVLabel: 'person', properties: { name: `race-${i}` } } })));
      assert.deepEqual(edges.map((r) => r.status), [201, 201]);
      const state = (await converged(nodes)) as { vertices: Array<{ id: unknown }> };
      assert.equal(state.vertices.filter((v) => v.id === '1:peter').length, 1);
    });

    await t.test('kill -9 of a node in a write loop loses no acknowledged write; restarted on its data it catches up', async () => {
      const acknowledged: string[] = [];
      let stop = false;
      const loop = (async () => {
        for (let i = 0; !stop; i++) {
          const res = await call(`${n2.url}${G}/graph/vertices`, { method: 'POST', body: { label: 'person', properties: { name: `loop-${i}` } } }).catch(() => undefined);
          if (res?.status === 201) acknowledged.push(String(res.json.id));
          else if (res === undefined) return;
        }
      })();
      await eventually('some writes', async () => (acknowledged.length >= 10 ? true : undefined), 30_000);
      n2.process.kill('SIGKILL');
      await n2.exited;
      stop = true;
      await loop;
      for (const node of [n1, n3]) {
        await eventually(`every acknowledged write on ${node.id}`, async () => {
          const { json } = await call(`${node.url}/gremlin`, { method: 'POST', body: { gremlin: "g.V().hasLabel('person').id()" } });
          const seen = new Set((json.result.data as unknown[]).map(String));
          return acknowledged.every((id) => seen.has(id)) ? true : undefined;
        }, 5_000);
      }
      assert.equal((await call(`${n1.url}${G}/graph/vertices`, { method: 'POST', body: { label: 'person', properties: { name: 'after-kill' } } })).status, 201);
      nodes[1] = await startNode('n2', { etcd: etcd.urls, data: n2.data, snapshotEvery: 40 });
      await converged(nodes, 20_000);
    });

    await t.test('a node with an empty data directory rebuilds the whole state from the snapshot and the log', async () => {
      const fresh = await startNode('n4', { etcd: etcd.urls, data: tempDir('n4'), snapshotEvery: 40 });
      const state = (await converged([nodes[0]!, fresh], 20_000)) as { vertices: unknown[] };
      assert.ok(state.vertices.length > 60);
      const { json } = await call(`${fresh.url}/cluster`);
      assert.ok(json.head > 40, 'the log went past a snapshot');
    });
  } finally {
    cleanUp();
  }
});
