/**
 * Gremlin Server writes on a cluster (docs/cluster.md): three real `quiver serve --etcd` nodes
 * with their Gremlin Server endpoints, driven by TinkerPop's `gremlin` npm driver. A write sent
 * to one node, as bytecode or as a script, in GraphBinary or GraphSON, goes through the log
 * once and reaches every node with the same id, and the client gets its typed result; reads
 * run locally without touching the log; a write in a session is refused with its code; errors,
 * the log's included, come back as error statuses; a result larger than a log entry arrives.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import gremlin from 'gremlin';
import { WebSocket } from 'ws';
import { call, cleanUp, etcdMissing, eventually, PASSWORD, startEtcd, startNode, tempDir } from './harness.js';
import type { QuiverNode } from './harness.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';
const GRAPHSON3 = 'application/vnd.gremlin-v3.0+json';

type Source = gremlin.process.GraphTraversalSource;
type Traversal = gremlin.process.GraphTraversal;
/** `asString()`, which the driver has but its type declarations lack. */
type WithAsString = Traversal & { asString(): Traversal };
/** An element as the driver reads it (its type declarations omit the fields). */
type Element = { readonly id: unknown; readonly label: string };

const closers: Array<() => Promise<void>> = [];

function admin(): gremlin.driver.auth.PlainTextSaslAuthenticator {
  return new gremlin.driver.auth.PlainTextSaslAuthenticator('admin', PASSWORD);
}

/** A traversal source over a DriverRemoteConnection to `node` (GraphBinary unless `mimeType`). */
function remote(node: QuiverNode, options: Readonly<Record<string, unknown>> = {}): Source {
  const connection = new gremlin.driver.DriverRemoteConnection(node.gremlinUrl!, { authenticator: admin(), ...options });
  closers.push(() => connection.close());
  return gremlin.process.AnonymousTraversalSource.traversal().withRemote(connection);
}

/** A script Client to `node`. */
function client(node: QuiverNode, options: Readonly<Record<string, unknown>> = {}): gremlin.driver.Client {
  const made = new gremlin.driver.Client(node.gremlinUrl!, { authenticator: admin(), traversalSource: 'g', ...options });
  closers.push(() => made.close());
  return made;
}

/** The status, message and Quiver code of a request that must fail. */
async function failure(work: Promise<unknown>): Promise<{ code: number; message: string; quiver: unknown }> {
  try {
    await work;
  } catch (error) {
    const e = error as { statusCode?: number; statusMessage?: string; statusAttributes?: Map<string, unknown>; message: string };
    return { code: e.statusCode ?? -1, message: e.statusMessage ?? e.message, quiver: e.statusAttributes?.get?.('code') };
  }
  assert.fail('the request succeeded');
}

/**
 * Sends `script` as an eval request in a GraphSON 3 text frame (no MIME prefix), as a raw
 * WebSocket client may, answering the 407 challenge; resolves with the first frame that is no
 * challenge, and whether it came as text.
 */
async function rawTextEval(url: string, requestId: string, script: string): Promise<{ readonly text: boolean; readonly frame: { requestId: string; status: { code: number }; result: { data: unknown } } }> {
  const socket = new WebSocket(url);
  closers.push(async () => socket.close());
  await new Promise((opened, failed) => socket.once('open', opened).once('error', failed));
  const challenges: string[] = [];
  const answered = new Promise<{ readonly text: boolean; readonly data: string }>((resolve) => {
    socket.on('message', (data: Buffer, binary: boolean) => {
      const frame = { text: !binary, data: data.toString('utf8') };
      if ((JSON.parse(frame.data) as { status: { code: number } }).status.code !== 407) resolve(frame);
      else challenges.push(frame.data);
    });
  });
  socket.send(JSON.stringify({ requestId, op: 'eval', processor: '', args: { gremlin: script } }));
  const sasl = Buffer.from(`\u0000admin\u0000${PASSWORD}`).toString('base64');
  socket.send(JSON.stringify({ requestId, op: 'authentication', processor: '', args: { saslMechanism: 'PLAIN', sasl } }));
  const { text, data } = await answered;
  assert.equal(challenges.length, 1, 'one challenge');
  return { text, frame: JSON.parse(data) };
}

/** The log head, as `GET /cluster` on `node` gives it. */
async function head(node: QuiverNode): Promise<number> {
  const { status, json } = await call(`${node.url}/cluster`);
  assert.equal(status, 200, JSON.stringify(json));
  return json.head as number;
}

/** The exact ids (as text) of the vertices named `name`, read on `node` through its Gremlin Server. */
async function idsOn(node: QuiverNode, name: string): Promise<string[]> {
  return (await (remote(node).V().has('name', name).id() as WithAsString).asString().toList()) as string[];
}

/** Waits (a second unless `ms`) until every node has exactly one vertex named `name` with one id; returns that id. */
async function sameVertexEverywhere(nodes: readonly QuiverNode[], name: string, ms = 1_000): Promise<string> {
  return eventually(`'${name}' on every node`, async () => {
    const ids = await Promise.all(nodes.map((node) => idsOn(node, name)));
    const first = ids[0]?.[0];
    return first !== undefined && ids.every((list) => list.length === 1 && list[0] === first) ? first : undefined;
  }, ms);
}

test('Gremlin Server writes on a cluster node go through the log and reach every node', { skip: etcdMissing, timeout: 300_000 }, async (t) => {
  const etcd = await startEtcd(1);
  try {
    const nodes = await Promise.all(['w1', 'w2', 'w3'].map((id) => startNode(id, { etcd: etcd.urls, data: tempDir(id), gremlin: true })));
    const [n1, n2, n3] = nodes as [QuiverNode, QuiverNode, QuiverNode];
    for (const [path, body] of [
      ['propertykeys', { name: 'name', data_type: 'TEXT' }],
      ['propertykeys', { name: 'age', data_type: 'INT' }],
      ['propertykeys', { name: 'body', data_type: 'TEXT' }],
      ['vertexlabels', { name: 'person', id_strategy: 'AUTOMATIC', properties: ['name', 'age'], nullable_keys: ['age'] }],
      ['vertexlabels', { name: 'doc', id_strategy: 'AUTOMATIC', properties: ['name', 'body'], nullable_keys: ['body'] }],
    ] as const) {
      const made = await call(`${n1.url}${G}/schema/${path}`, { method: 'POST', body });
      assert.ok(made.status === 201 || made.status === 202, JSON.stringify(made.json));
    }

    await t.test('bytecode addV on one node: a typed vertex back, the same vertex on every node', async () => {
      const before = await head(n1);
      const { value } = await remote(n1).addV('person').property('name', 'ada').property('age', 36).next();
      assert.ok(value instanceof gremlin.structure.Vertex, `a Vertex, not ${JSON.stringify(value)}`);
      const vertex = value as unknown as Element;
      assert.equal(vertex.label, 'person');
      assert.equal(await head(n1), before + 1, 'one log entry');
      // read your writes on the node that took it, at once
      assert.deepEqual(await remote(n1).V().has('name', 'ada').values('age').toList(), [36]);
      const id = await sameVertexEverywhere(nodes, 'ada');
      assert.equal(Number(id), vertex.id, 'the id the client got is the vertex id everywhere');
      assert.deepEqual(await remote(n3).V().has('name', 'ada').values('age').toList(), [36]);
    });

    await t.test('script submits in GraphBinary and GraphSON: bindings, results and request ids as on one node', async () => {
      const binary = await client(n2).submit("g.addV('person').property('name', who).property('age', 41).values('age')", { who: 'grace' });
      assert.deepEqual(binary.toArray(), [41]);
      const graphson = await client(n3, { mimeType: GRAPHSON3 }).submit("g.addV('person').property('name', who).project('name', 'age').by('name').by(constant(7))", { who: 'alan' });
      assert.deepEqual(graphson.toArray().map((row: Map<string, unknown>) => Object.fromEntries(row)), [{ name: 'alan', age: 7 }]);
      await sameVertexEverywhere(nodes, 'grace');
      await sameVertexEverywhere(nodes, 'alan');
      // several requests in flight on one socket each get their own answer
      const many = client(n1);
      const answers = await Promise.all(['a', 'b', 'c', 'd'].map((name) => many.submit("g.addV('person').property('name', who).values('name')", { who: `p-${name}` })));
      assert.deepEqual(answers.map((a) => a.toArray()), [['p-a'], ['p-b'], ['p-c'], ['p-d']]);
      await sameVertexEverywhere(nodes, 'p-d');
    });

    await t.test('a GraphSON 3 text frame without a MIME prefix gets text frames back', async () => {
      const requestId = '7a1d3c2e-0d45-4f2a-9d8e-3c3c0c3b5a31';
      const { text, frame } = await rawTextEval(n2.gremlinUrl!, requestId, "g.addV('person').property('name', 'raw').values('name')");
      assert.ok(text);
      assert.equal(frame.requestId, requestId);
      assert.equal(frame.status.code, 200);
      assert.deepEqual(frame.result.data, { '@type': 'g:List', '@value': ['raw'] });
      await sameVertexEverywhere(nodes, 'raw');
    });

    await t.test('a read-only traversal or script runs locally: the log head does not move', async () => {
      const before = await head(n1);
      assert.equal((await remote(n2).V().hasLabel('person').count().next()).value, 8);
      assert.deepEqual((await client(n3).submit("g.V().has('name', 'ada').values('age')", {})).toArray(), [36]);
      assert.equal(await head(n1), before);
    });

    await t.test('a write in a session is refused with CLUSTER_SESSION_WRITE; its reads work', async () => {
      const session = client(n1, { session: '6f1d3c2e-0d45-4f2a-9d8e-3c3c0c3b5a21' });
      assert.deepEqual((await session.submit("g.V().has('name', 'ada').values('age')", {})).toArray(), [36]);
      const refused = await failure(session.submit("g.addV('person').property('name', 'in-session')", {}));
      assert.equal(refused.code, 597);
      assert.equal(refused.quiver, 'CLUSTER_SESSION_WRITE');
      assert.match(refused.message, /session/);
      const tx = remote(n2).tx();
      const gtx = tx.begin();
      const bytecode = await failure(gtx.addV('person').property('name', 'in-tx').next());
      assert.equal(bytecode.quiver, 'CLUSTER_SESSION_WRITE');
      await tx.rollback();
      assert.deepEqual(await idsOn(n3, 'in-session'), []);
    });

    await t.test('errors come back as error statuses: a bad script, a write the log applies and refuses, a timeout, a request over one entry, a denied user', async () => {
      const scripts = client(n1);
      assert.equal((await failure(scripts.submit('g.V(', {}))).code, 597);
      const before = await head(n1);
      const unknown = await failure(scripts.submit("g.addV('person').property('name', 'x').property('nosuchkey', 1)", {}));
      assert.equal(unknown.code, 597);
      assert.match(unknown.message, /nosuchkey/);
      assert.equal(await head(n1), before + 1, 'the write went through the log, which refused it on every node');
      assert.deepEqual(await idsOn(n2, 'x'), []);
      const slow = await failure(scripts.submit("g.addV('person').property('name', 'slow').repeat(identity()).times(100000000)", {}, { evaluationTimeout: 300 } as never));
      assert.equal(slow.code, 598, slow.message);
      assert.deepEqual(await idsOn(n3, 'slow'), [], 'the write that timed out was rolled back');
      // a request frame larger than a log entry travels in a stage beside the log
      const big = 'z'.repeat(900_000);
      assert.equal((await scripts.submit("g.addV('person').property('name', big).count()", { big })).length, 1);
      assert.equal(await head(n1), before + 3, 'the large write is one entry');
      await sameVertexEverywhere([n1, n2, n3], big, 5_000);
      assert.equal((await call(`${n1.url}/auth/users`, { method: 'POST', body: { user_name: 'nobody', user_password: 'pw_nobody1' } })).status, 201);
      const denied = new gremlin.driver.Client(n2.gremlinUrl!, { authenticator: new gremlin.driver.auth.PlainTextSaslAuthenticator('nobody', 'pw_nobody1'), traversalSource: 'g' });
      closers.push(() => denied.close());
      assert.equal((await eventually('the user on n2', async () => {
        const answer = await failure(denied.submit("g.addV('person').property('name', 'y')", {}));
        return answer.code === 401 ? answer : undefined;
      })).code, 401);
    });

    await t.test('the internal route of logged requests is no HTTP route: 404, nothing logged', async () => {
      const before = await head(n1);
      const forged = await call(`${n1.url}/cluster/internal/gremlin-server`, { method: 'POST', body: { frame: '', binary: false, origin: '' } });
      assert.equal(forged.status, 404, JSON.stringify(forged.json));
      assert.equal(await head(n1), before);
    });

    await t.test('a write whose result is larger than a log entry gets all of it', async () => {
      const body = 'q'.repeat(40_000);
      for (let batch = 0; batch < 4; batch++) {
        const vertices = Array.from({ length: 10 }, (_, i) => ({ label: 'doc', properties: { name: `doc-${batch}-${i}`, body } }));
        const made = await call(`${n2.url}${G}/graph/vertices/batch`, { method: 'POST', body: vertices });
        assert.equal(made.status, 201, JSON.stringify(made.json).slice(0, 300));
      }
      await eventually('the docs on n1', async () => ((await remote(n1).V().hasLabel('doc').count().next()).value === 40 ? true : undefined));
      const results = await remote(n1).addV('person').property('name', 'big').V().hasLabel('doc').values('body').toList();
      assert.equal(results.length, 40);
      assert.ok(results.every((text) => text === body));
      await sameVertexEverywhere(nodes, 'big');
    });

    await t.test('etcd without quorum: a write fails with a server error status and its message, a read answers', async () => {
      const member = etcd.members[0]!;
      await member.stop();
      try {
        const started = Date.now();
        const lost = await failure(remote(n1).addV('person').property('name', 'lost').next());
        assert.equal(lost.code, 500);
        assert.equal(lost.quiver, 'CLUSTER_UNAVAILABLE');
        assert.ok(Date.now() - started < 6_000, `answered in ${Date.now() - started} ms`);
        assert.equal((await remote(n2).V().has('name', 'ada').count().next()).value, 1);
      } finally {
        member.start();
      }
      // a timed-out write may still be committed later, so each attempt has its own name
      let attempt = 0;
      const back = await eventually('writes to resume', async () => {
        const name = `back-${attempt++}`;
        const { value } = await remote(n3).addV('person').property('name', name).next().catch(() => ({ value: undefined }));
        return value === undefined ? undefined : name;
      }, 30_000);
      // the other nodes' watches reconnect to the restarted member first
      await sameVertexEverywhere(nodes, back, 10_000);
    });
  } finally {
    for (const close of closers.splice(0)) await close().catch(() => undefined);
    cleanUp();
  }
});
