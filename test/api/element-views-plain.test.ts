import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Edge, open, TypedNumber, Uuid, Vertex } from '../../src/index.js';
import type { EdgeView, Graph, PlainValue, VertexView } from '../../src/index.js';

type IdStrategy = 'long' | 'string' | 'uuid';

/** The id of vertex `i` as addVertex takes it: longs on both sides of 2^53, text, UUIDs. */
function idOf(strategy: IdStrategy, i: number): number | string | TypedNumber | Uuid {
  if (strategy === 'long') return new TypedNumber('long', i % 2 === 0 ? BigInt(i) : 2n ** 60n + BigInt(i));
  if (strategy === 'string') return `v${i}`;
  return new Uuid(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
}

interface Item {
  readonly n: bigint;
  readonly x: number;
  readonly tag: string;
  readonly uuid: number;
}

const item: fc.Arbitrary<Item> = fc.record({
  n: fc.oneof(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.bigInt({ min: -1000n, max: 1000n })),
  x: fc.double({ noNaN: true, noDefaultInfinity: true }),
  tag: fc.string({ maxLength: 6 }),
  uuid: fc.nat(999),
});

function properties(it: Item): Record<string, TypedNumber | number | string | Uuid> {
  return { n: new TypedNumber('long', it.n), x: it.x, tag: it.tag, u: new Uuid(`10000000-0000-4000-8000-${String(it.uuid).padStart(12, '0')}`) };
}

async function graphOf(strategy: IdStrategy, items: readonly Item[], links: readonly (readonly [number, number])[]): Promise<{ graph: Graph; close: () => Promise<void> }> {
  const db = await open();
  const graph = await db.createGraph('plain');
  const s = graph.schema();
  await s.propertyKey('n').asLong().create();
  await s.propertyKey('x').asDouble().create();
  await s.propertyKey('tag').asText().create();
  await s.propertyKey('u').asUUID().create();
  const label = s.vertexLabel('node').properties('n', 'x', 'tag', 'u').nullableKeys('n', 'x', 'tag', 'u');
  await (strategy === 'string' ? label.useCustomizeStringId() : strategy === 'uuid' ? label.useCustomizeUuidId() : label.useCustomizeNumberId()).create();
  await s.edgeLabel('link').sourceLabel('node').targetLabel('node').properties('n', 'x').nullableKeys('x').multiTimes().sortKeys('n').create();
  await graph.addVertices(items.map((it, i) => ({ label: 'node', id: idOf(strategy, i), properties: properties(it) })));
  await graph.addEdges(links.map(([a, b], i) => ({ label: 'link', out: idOf(strategy, a), in: idOf(strategy, b), properties: { n: new TypedNumber('long', items[i % items.length]!.n), x: i / 3 } })));
  return { graph, close: () => db.close() };
}

/** A Gremlin vertex as a view: plain id, label and each property's (single) value. */
function vertexOf(v: Vertex): Omit<VertexView, 'type'> {
  const properties = Object.fromEntries(Object.entries(v.properties ?? {}).map(([key, [vp]]) => [key, vp!.value as PlainValue]));
  return { id: v.id as VertexView['id'], label: v.label, properties };
}

function edgeOf(e: Edge): Omit<EdgeView, 'type' | 'outVLabel' | 'inVLabel'> {
  const properties = Object.fromEntries(Object.entries(e.properties ?? {}).map(([key, p]) => [key, p.value as PlainValue]));
  return { id: e.id as EdgeView['id'], label: e.label, outV: e.outV.id as EdgeView['id'], inV: e.inV.id as EdgeView['id'], properties };
}

function withoutType<V extends { readonly type: unknown }>(view: V): Omit<V, 'type'> {
  const { type: _, ...rest } = view;
  return rest;
}

test('getVertex, vertices, getEdge, edges and the scans return what graph.gremlin returns: plain ids, labels and property values', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom<IdStrategy>('long', 'string', 'uuid'),
      fc.array(item, { minLength: 1, maxLength: 8 }).chain((items) =>
        fc.tuple(fc.constant(items), fc.array(fc.tuple(fc.nat(items.length - 1), fc.nat(items.length - 1)), { maxLength: 10 })),
      ),
      async (strategy, [items, links]) => {
        const { graph, close } = await graphOf(strategy, items, links);
        try {
          const gremlinVertices = ((await graph.gremlin('g.V()')) as Vertex[]).map(vertexOf);
          const { vertices } = await graph.vertices();
          assert.deepEqual(vertices.map(withoutType), gremlinVertices);
          const [shard] = await graph.vertexShards(1000);
          assert.deepEqual((await graph.scanVertices({ start: shard!.start, end: shard!.end })).vertices, vertices);
          for (const v of vertices) {
            // The plain id given back (a number, a bigint past 2^53, UUID text) finds the same vertex.
            assert.deepEqual(await graph.getVertex(v.id), v);
            const [one] = (await graph.gremlin('g.V(id)', { bindings: { id: v.id } })) as Vertex[];
            assert.deepEqual(withoutType(v), vertexOf(one!));
            assert.ok(['number', 'bigint', 'string'].includes(typeof v.id));
            for (const value of Object.values(v.properties)) assert.ok(!(value instanceof TypedNumber) && !(value instanceof Uuid));
          }
          const gremlinEdges = ((await graph.gremlin('g.E()')) as Edge[]).map(edgeOf);
          const { edges } = await graph.edges();
          const plainEdge = ({ type: _, outVLabel: _o, inVLabel: _i, ...rest }: EdgeView): ReturnType<typeof edgeOf> => rest;
          assert.deepEqual(edges.map(plainEdge), gremlinEdges);
          const [edgeShard] = await graph.edgeShards(1000);
          if (edgeShard !== undefined) assert.deepEqual((await graph.scanEdges({ start: edgeShard.start, end: edgeShard.end })).edges, edges);
          for (const e of edges) {
            assert.deepEqual(await graph.getEdge(e.id), e);
            assert.deepEqual((await graph.edges({ vertexId: e.outV, direction: 'OUT' })).edges.filter((x) => x.id === e.id), [e]);
          }
        } finally {
          await close();
        }
      },
    ),
    { numRuns: 30 },
  );
});

test("types: 'java' keeps the stored Java types on reads and writes, and both forms of an id find the vertex", async () => {
  const { graph, close } = await graphOf('long', [{ n: 2n ** 62n, x: 1, tag: 'a', uuid: 7 }, { n: 5n, x: 2.5, tag: 'b', uuid: 8 }], [[0, 1]]);
  try {
    const java = await graph.getVertex(new TypedNumber('long', 2n ** 60n + 1n), { types: 'java' });
    assert.deepEqual(java?.id, new TypedNumber('long', 2n ** 60n + 1n));
    assert.deepEqual(java?.properties.n, new TypedNumber('long', 5n));
    assert.deepEqual(java?.properties.u, new Uuid('10000000-0000-4000-8000-000000000008'));
    const plain = await graph.getVertex(2n ** 60n + 1n);
    assert.deepEqual(plain, { id: 2n ** 60n + 1n, label: 'node', type: 'vertex', properties: { n: 5, x: 2.5, tag: 'b', u: '10000000-0000-4000-8000-000000000008' } });
    assert.deepEqual((await graph.getVertex(0))?.properties.n, 2n ** 62n);
    assert.deepEqual((await graph.vertices({}, { types: 'java' })).vertices.map((v) => v.id), [new TypedNumber('long', 0n), new TypedNumber('long', 2n ** 60n + 1n)]);
    const [edge] = (await graph.edges({}, { types: 'java' })).edges;
    assert.deepEqual(edge?.outV, new TypedNumber('long', 0n));
    assert.deepEqual(await graph.addVertexIds([{ label: 'node', id: 2n ** 61n }]), [2n ** 61n]);
    assert.deepEqual(await graph.addVertexIds([{ label: 'node', id: 9 }], { types: 'java' }), [new TypedNumber('long', 9n)]);
    const updated = await graph.updateVertexProperties(2n ** 61n, { n: new TypedNumber('long', 3n) });
    assert.deepEqual(updated.properties, { n: 3 });
    const javaUpdated = await graph.updateVertexProperties(2n ** 61n, { x: 1.5 }, { types: 'java' });
    assert.deepEqual(javaUpdated.properties.n, new TypedNumber('long', 3n));
    const added = await graph.addEdge('link', { out: 2n ** 61n, in: 9, properties: { n: new TypedNumber('long', 1n) } });
    assert.deepEqual([added.outV, added.inV, added.properties.n], [2n ** 61n, 9, 1]);
    await assert.rejects(graph.getVertex(1, { types: 'json' as 'java' }), /Invalid result types: expected 'plain' or 'java'/);
  } finally {
    await close();
  }
});

test('a plain value read back is written back as it came: longs past 2^53 as bigint, in lists too, on add, update and batch paths', async () => {
  const db = await open();
  try {
    const graph = await db.createGraph('roundtrip');
    const s = graph.schema();
    await s.propertyKey('n').asLong().create();
    await s.propertyKey('ns').asLong().valueList().create();
    await s.vertexLabel('box').properties('n', 'ns').nullableKeys('n', 'ns').useCustomizeNumberId().create();
    await s.edgeLabel('to').sourceLabel('box').targetLabel('box').properties('n').nullableKeys('n').create();
    let next = 1;
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.array(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), { maxLength: 3 }), async (n, ns) => {
        const a = await graph.addVertex('box', { n: new TypedNumber('long', n), ns: ns.map((x) => new TypedNumber('long', x)) }, { id: next++ });
        const read = (await graph.getVertex(a.id))!;
        const copy = await graph.addVertex('box', read.properties, { id: next++ });
        assert.deepEqual(copy.properties, read.properties);
        const [batched] = await graph.addVertices([{ label: 'box', id: next++, properties: read.properties }]);
        assert.deepEqual(batched!.properties, read.properties);
        const updated = await graph.updateVertexProperties(copy.id, { n: read.properties.n! });
        assert.deepEqual(updated.properties.n, read.properties.n);
        const edge = await graph.addEdge('to', { out: a.id, in: copy.id, properties: { n: read.properties.n! } });
        assert.deepEqual(edge.properties, { n: read.properties.n });
        const java = (await graph.getVertex(copy.id, { types: 'java' }))!;
        assert.deepEqual(java.properties.n, new TypedNumber('long', n));
      }),
      { numRuns: 40 },
    );
    await assert.rejects(graph.addVertex('box', { n: 2n ** 64n }, { id: next++ }), (e: Error & { code?: string }) => e.code !== undefined);
  } finally {
    await db.close();
  }
});
