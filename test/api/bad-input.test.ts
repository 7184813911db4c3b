/**
 * Bad input never crashes: random wrong arguments thrown at the public Database and Graph
 * methods either succeed or reject with a QuiverError, and a rejected call leaves the stored
 * state as it was.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { QuiverError, TypedNumber, open } from '../../src/index.js';
import { bad, HUGE } from './bad-values.js';
import type { Database, Graph } from '../../src/index.js';

/** Calls a method with arguments its types do not allow, as a JavaScript caller could. */
type Loose = (...args: unknown[]) => unknown;

function call(target: object, method: string, args: readonly unknown[]): unknown {
  const fn = (target as Record<string, Loose>)[method]!;
  return fn.apply(target, [...args]);
}

const badObject: fc.Arbitrary<unknown> = fc.oneof(
  bad,
  fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('name', 'age', 'weight', 'unknown', '~id', 'id', 'label', 'out', 'in', 'properties')), bad, { maxKeys: 4 }),
);

const badConfig: fc.Arbitrary<unknown> = fc.oneof(
  badObject,
  fc.dictionary(
    fc.constantFrom('schema.auto_create', 'vertex.tx_capacity', 'edge.tx_capacity', 'schema.illegal_name_regex', 'store', 'backend', 'serializer', 'schema.init_template', 'search.text_analyzer', 'nope'),
    bad,
    { maxKeys: 3 },
  ),
);

/** Well-formed calls with bad contents: wrong value types, NaN, huge strings, unknown names. */
const propertyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(NaN, Infinity, HUGE, '', null, 2 ** 31, -(2 ** 31) - 1, 1.5, true, undefined),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.date({ noInvalidDate: false }),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
  fc.bigInt().map((b) => new TypedNumber('long', b)),
  fc.double().map((d) => new TypedNumber('double', d)),
);
const someProperties = fc.dictionary(fc.constantFrom('name', 'age', 'weight', 'nope', '~id', ''), propertyValue, { maxKeys: 3 });
const someLabel = fc.constantFrom('person', 'knows', 'unknown', '~x', HUGE, '', ' ');
const someId = fc.oneof(fc.constantFrom('1:marko', '1:vadas', '1:nobody', 'S1:marko>1>>S1:vadas', HUGE, '', NaN, -1, 2 ** 60), fc.integer(), fc.string());
const wellFormed: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    target: fc.constant('graph' as const),
    method: fc.constant('addVertex'),
    args: fc.tuple(someLabel, someProperties, fc.oneof(fc.constant(undefined), fc.record({ id: someId }))),
  }),
  fc.record({
    target: fc.constant('graph' as const),
    method: fc.constant('addEdge'),
    args: fc.tuple(someLabel, fc.record({ out: someId, in: someId, properties: someProperties }, { requiredKeys: ['out', 'in'] })),
  }),
  fc.record({
    target: fc.constant('graph' as const),
    method: fc.constantFrom('updateVertexProperties', 'updateEdgeProperties'),
    args: fc.tuple(someId, someProperties, fc.oneof(fc.constant(undefined), fc.record({ cardinality: fc.constantFrom('single', 'list', 'set', 'bad') }))),
  }),
  fc.record({ target: fc.constant('graph' as const), method: fc.constantFrom('removeVertex', 'removeEdge', 'getVertex', 'getEdge'), args: fc.tuple(someId) }),
  fc.record({
    target: fc.constant('graph' as const),
    method: fc.constant('vertices'),
    args: fc.tuple(fc.record({ label: someLabel, properties: someProperties, limit: fc.oneof(fc.integer(), fc.constantFrom(NaN, -1, Infinity)) }, { requiredKeys: [] })),
  }),
  fc.record({
    target: fc.constant('graph' as const),
    method: fc.constant('gremlin'),
    args: fc.tuple(
      fc.oneof(fc.string(), fc.constantFrom('g.V(', "g.V().has('name', x)", "g.addV('person').property('name', 'x')", "g.addV('nope')", 'g.V().drop()', "g.V().property('age', 'old')")),
      fc.oneof(fc.constant(undefined), fc.record({ bindings: fc.dictionary(fc.constantFrom('x', 'y'), propertyValue), timeoutMs: fc.constantFrom(undefined, 0, NaN, 1e9) }, { requiredKeys: [] })),
    ),
  }),
  fc.record({ target: fc.constant('graph' as const), method: fc.constantFrom('setMode', 'setReadMode'), args: fc.tuple(fc.constantFrom('NONE', 'RESTORING', 'MERGING', 'LOADING', 'OLTP_ONLY', 'ALL', 'none', '')) }),
  fc.record({ target: fc.constant('db' as const), method: fc.constant('createGraph'), args: fc.tuple(fc.constantFrom('g', 'h', 'auto', 'G', '1x', HUGE), badConfig) }),
  fc.record({ target: fc.constant('db' as const), method: fc.constant('dropGraph'), args: fc.tuple(fc.constantFrom('h', 'nope', 'auto')) }),
);

interface Operation {
  readonly target: 'db' | 'graph';
  readonly method: string;
  readonly args: readonly unknown[];
}

const args = (n: number): fc.Arbitrary<unknown[]> => fc.array(fc.oneof(bad, badObject), { minLength: 0, maxLength: n });

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ target: fc.constant('db' as const), method: fc.constantFrom('createGraph'), args: fc.tuple(bad, badConfig) }),
  fc.record({ target: fc.constant('db' as const), method: fc.constantFrom('graph', 'hasGraph', 'dropGraph'), args: args(2) }),
  fc.record({
    target: fc.constant('graph' as const),
    method: fc.constantFrom('addVertex', 'addEdge', 'updateVertexProperties', 'updateEdgeProperties'),
    args: fc.tuple(bad, badObject, badObject),
  }),
  fc.record({
    target: fc.constant('graph' as const),
    method: fc.constantFrom('addVertices', 'addEdges'),
    args: fc.tuple(fc.oneof(bad, fc.array(badObject, { maxLength: 3 }))),
  }),
  fc.record({
    target: fc.constant('graph' as const),
    method: fc.constantFrom('getVertex', 'getEdge', 'removeVertex', 'removeEdge', 'vertices', 'edges', 'setMode', 'setReadMode', 'expire', 'write', 'gremlin'),
    args: args(3),
  }),
);

/** Everything a caller can observe of the stored state. */
async function state(db: Database): Promise<unknown> {
  return Promise.all(db.graphs().map(async (graph: Graph) => ({
    name: graph.name,
    mode: graph.mode,
    readMode: graph.readMode,
    schema: JSON.stringify(graph.catalog().toJSON(), (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)),
    vertices: (await graph.vertices()).vertices.map((v) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x))).sort(),
    edges: (await graph.edges()).edges.map((e) => JSON.stringify(e, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x))).sort(),
  })));
}

async function seeded(): Promise<{ db: Database; graph: Graph }> {
  const db = await open({ ttlSweepMs: 0 });
  const graph = await db.createGraph('g');
  await graph.schema().propertyKey('name').asText().create();
  await graph.schema().propertyKey('age').asInt().create();
  await graph.schema().propertyKey('weight').asDouble().create();
  await graph.schema().vertexLabel('person').properties('name', 'age').primaryKeys('name').nullableKeys('age').create();
  await graph.schema().edgeLabel('knows').sourceLabel('person').targetLabel('person').properties('weight').nullableKeys('weight').create();
  const marko = await graph.addVertex('person', { name: 'marko', age: 29 });
  const vadas = await graph.addVertex('person', { name: 'vadas', age: 27 });
  await graph.addEdge('knows', { out: marko.id, in: vadas.id, properties: { weight: 0.5 } });
  await db.createGraph('auto', { 'schema.auto_create': true });
  return { db, graph };
}

async function attempt(operation: Operation, on: { readonly db: Database; readonly graph: Graph }): Promise<unknown> {
  const target = operation.target === 'db' ? on.db : on.graph;
  return await call(target, operation.method, operation.args);
}

function describe(operation: Operation): string {
  return `${operation.target}.${operation.method}(${operation.args.map((a) => (typeof a === 'string' && a.length > 40 ? `<string ${a.length}>` : fc.stringify(a))).join(', ')})`;
}

test('random bad arguments to Database and Graph methods succeed or reject with a QuiverError and leave state unchanged', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.oneof(operation, wellFormed), { minLength: 1, maxLength: 8 }), async (operations) => {
      const { db } = await seeded();
      try {
        for (const op of operations) {
          const graph = db.hasGraph('g') ? db.graph('g') : await db.createGraph('g');
          const before = await state(db);
          try {
            await attempt(op, { db, graph });
          } catch (error) {
            assert.ok(error instanceof QuiverError, `${describe(op)} threw ${String(error)}`);
            assert.deepEqual(await state(db), before, `${describe(op)} was rejected but changed the state`);
          }
        }
      } finally {
        await db.close();
      }
    }),
    { numRuns: 300 },
  );
});

test('random bad open options, file paths and /proc/x included, succeed or reject with a QuiverError', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-bad-open-'));
  const file = join(dir, 'file');
  writeFileSync(file, 'x');
  try {
    const options = fc.oneof(
      bad,
      fc.record(
        {
          path: fc.oneof(bad.filter((p) => typeof p !== 'string'), fc.constant(dir), fc.constantFrom(file, join(file, 'db'), '/proc/x', '/dev/null')),
          snapshotEveryBytes: bad,
          ttlSweepMs: bad,
          walSegmentBytes: bad,
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(options, async (given) => {
        let db: Database | undefined;
        try {
          db = await (open as (options: unknown) => Promise<Database>)(given);
        } catch (error) {
          assert.ok(error instanceof QuiverError, `open(${fc.stringify(given)}) threw ${String(error)}`);
        } finally {
          await db?.close();
        }
      }),
      { numRuns: 200 },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
