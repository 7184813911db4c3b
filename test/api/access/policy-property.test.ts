import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { QuiverError } from '../../../src/index.js';
import type { Graph } from '../../../src/index.js';
import { graphArb, graphPolicy, loadGraph, policyArb, props, rawState, Reference, refState, writePolicyArb, type RefEdge, type RefGraph, type RefVertex } from './reference.js';

const EXECUTE = { EXECUTE: [{ type: 'GREMLIN' as const, label: '*', properties: null }] };

/** Every id a list reads, page after page. */
async function paged(read: (page: string) => Promise<{ readonly ids: unknown[]; readonly page: string | null }>): Promise<unknown[]> {
  const ids: unknown[] = [];
  for (let page: string | null = ''; page !== null; ) {
    const answer: { readonly ids: unknown[]; readonly page: string | null } = await read(page);
    ids.push(...answer.ids);
    page = answer.page;
  }
  return ids;
}

const sorted = (ids: readonly unknown[]): string[] => ids.map(String).sort();

test('a policy handle reads exactly the vertices and edges a naive reference filter shows, on every road', async () => {
  await fc.assert(
    fc.asyncProperty(graphArb, policyArb, fc.integer({ min: 1, max: 4 }), fc.nat(), async (ref, policy, limit, pick) => {
      const { db, graph, vertexIds, edgeIds } = await loadGraph(ref);
      try {
        const model = new Reference(ref, policy);
        const h = graph.withPolicy({ grants: { ...graphPolicy(policy).grants, ...EXECUTE } });
        const vertices = model.visibleVertices().map((i) => vertexIds[i]);
        const edges = model.visibleEdges().map((j) => edgeIds[j]);
        const ids = (list: unknown[]): unknown[] => list.map((x) => (x as { id: unknown }).id);
        assert.deepEqual(ids(await h.gremlin('g.V()')), vertices, 'g.V()');
        assert.deepEqual(ids(await h.gremlin('g.E()')), edges, 'g.E()');
        assert.deepEqual(await h.traversal().V().id().toList(), vertices, 'fluent g.V().id()');
        assert.deepEqual(await paged(async (page) => h.vertices({ limit, page }).then((a) => ({ ids: a.vertices.map((v) => v.id), page: a.page }))), vertices, 'vertices() pages');
        assert.deepEqual(await paged(async (page) => h.edges({ limit, page }).then((a) => ({ ids: a.edges.map((e) => e.id), page: a.page }))), edges, 'edges() pages');
        assert.deepEqual(await h.gremlin('g.V().count()'), [vertices.length]);
        assert.deepEqual(await h.gremlin('g.E().count()'), [edges.length]);
        for (const label of ['a', 'b']) {
          const n = model.visibleVertices().filter((i) => ref.vertices[i]!.label === label).length;
          assert.deepEqual(await h.gremlin(`g.V().hasLabel('${label}').count()`), [n], `count of ${label}`);
        }
        assert.deepEqual(await h.gremlin("g.E().hasLabel('e').count()"), [model.visibleEdges().filter((j) => ref.edges[j]!.label === 'e').length]);
        const outs = model.visibleEdges().length;
        assert.deepEqual(await h.gremlin('g.V().out().count()'), [outs], 'degree pushdown');
        const ends = new Map<number, number>();
        for (const j of model.visibleEdges()) for (const v of [ref.edges[j]!.out, ref.edges[j]!.in]) ends.set(v, (ends.get(v) ?? 0) + 1);
        assert.deepEqual(await h.gremlin('g.V().both().both().count()'), [[...ends.values()].reduce((s, d) => s + d * d, 0)], 'two-hop walks');
        const scanned: unknown[] = [];
        for (const shard of await h.vertexShards(3)) scanned.push(...(await h.scanVertices({ start: shard.start, end: shard.end })).vertices.map((v) => v.id));
        assert.deepEqual(scanned, vertices, 'shards and scans');
        for (let i = 0; i < ref.vertices.length; i++) {
          if (model.vertexVisible(i)) continue;
          assert.deepEqual(await h.gremlin('g.V(x)', { bindings: { x: vertexIds[i] } }), [], 'a hidden vertex by id');
          assert.equal(await h.getVertex(vertexIds[i] as number), undefined);
        }
        for (let j = 0; j < ref.edges.length; j++) if (!model.edgeVisible(j)) assert.equal(await h.getEdge(edgeIds[j] as number), undefined);
        const starts = model.visibleVertices();
        if (starts.length > 0) {
          const start = starts[pick % starts.length]!;
          const dist = model.distances(start);
          const within = [...dist].filter(([v, d]) => v !== start && d <= 2).map(([v]) => vertexIds[v]);
          const at2 = [...dist].filter(([, d]) => d === 2).map(([v]) => vertexIds[v]);
          const kneighbor = await h.traversers.kneighbor({ source: vertexIds[start] as number, maxDepth: 2, direction: 'BOTH' });
          assert.deepEqual(sorted(kneighbor.ids), sorted(within), 'kneighbor');
          assert.equal(kneighbor.size, within.length);
          assert.deepEqual(sorted((await h.traversers.kout({ source: vertexIds[start] as number, maxDepth: 2, direction: 'BOTH' })).ids), sorted(at2), 'kout');
          assert.deepEqual(sorted(await h.gremlin('g.V(x).repeat(both()).times(2).dedup().id()', { bindings: { x: vertexIds[start] } })), sorted(ref.vertices.map((_, v) => v).filter((v) => reachableIn2(model, start, v)).map((v) => vertexIds[v])), 'multi-hop Gremlin');
        }
      } finally {
        await db.close();
      }
    }),
    { numRuns: 80 },
  );
});

/** Whether some walk of exactly two visible edges leads from `from` to `to`. */
function reachableIn2(model: Reference, from: number, to: number): boolean {
  const edges = model.visibleEdges().map((j) => model.graph.edges[j]!);
  const step = (v: number): number[] => edges.flatMap((e) => [...(e.out === v ? [e.in] : []), ...(e.in === v ? [e.out] : [])]);
  return step(from).some((m) => step(m).includes(to));
}

/** One write through the handle, its outcome by the reference, and the graph it leaves when allowed. */
type Write =
  | { readonly kind: 'addVertex'; readonly vertex: RefVertex }
  | { readonly kind: 'addVertices'; readonly vertices: readonly RefVertex[] }
  | { readonly kind: 'update'; readonly target: number; readonly n: number }
  | { readonly kind: 'removeVertex'; readonly target: number }
  | { readonly kind: 'addEdge'; readonly edge: RefEdge }
  | { readonly kind: 'removeEdge'; readonly target: number };

const vertexArb: fc.Arbitrary<RefVertex> = fc.record({ label: fc.constantFrom('a' as const, 'b' as const, 'c' as const), n: fc.integer({ min: 0, max: 9 }), t: fc.constantFrom('x', 'y') }, { requiredKeys: ['label'] });

const writeArb: fc.Arbitrary<Write> = fc.oneof(
  vertexArb.map((vertex) => ({ kind: 'addVertex' as const, vertex })),
  fc.array(vertexArb, { minLength: 2, maxLength: 4 }).map((vertices) => ({ kind: 'addVertices' as const, vertices })),
  fc.record({ kind: fc.constant('update' as const), target: fc.nat(), n: fc.integer({ min: 0, max: 9 }) }),
  fc.record({ kind: fc.constant('removeVertex' as const), target: fc.nat() }),
  fc.record({ label: fc.constantFrom('e' as const, 'f' as const), out: fc.nat(), in: fc.nat(), n: fc.integer({ min: 0, max: 9 }) }).map((edge) => ({ kind: 'addEdge' as const, edge })),
  fc.record({ kind: fc.constant('removeEdge' as const), target: fc.nat() }),
);

type Outcome = 'ok' | 'permission' | 'not-found';

/** What the reference says of a write: its outcome, and the graph after it when it succeeds. */
function expected(model: Reference, write: Write): { outcome: Outcome; after: RefGraph } | undefined {
  const { vertices, edges } = model.graph;
  const ok = (allowed: boolean, after: RefGraph): { outcome: Outcome; after: RefGraph } => ({ outcome: allowed ? 'ok' : 'permission', after });
  const write_ = (v: RefVertex): boolean => model.vertexAllowed('WRITE', v);
  switch (write.kind) {
    case 'addVertex':
      return ok(write_(write.vertex), { vertices: [...vertices, write.vertex], edges });
    case 'addVertices':
      return ok(write.vertices.every(write_), { vertices: [...vertices, ...write.vertices], edges });
    case 'update': {
      if (vertices.length === 0) return undefined;
      const i = write.target % vertices.length;
      if (!model.vertexVisible(i)) return { outcome: 'not-found', after: model.graph };
      const updated = { ...vertices[i]!, n: write.n };
      return ok(write_(vertices[i]!) && write_(updated), { vertices: vertices.map((v, k) => (k === i ? updated : v)), edges });
    }
    case 'removeVertex': {
      if (vertices.length === 0) return undefined;
      const i = write.target % vertices.length;
      if (!model.vertexVisible(i)) return { outcome: 'not-found', after: model.graph };
      const incident = edges.map((e, j) => ({ e, j })).filter(({ e }) => e.out === i || e.in === i);
      const allowed = model.vertexAllowed('DELETE', vertices[i]!) && incident.every(({ e, j }) => !model.edgeVisible(j) || model.edgeAllowed('DELETE', e));
      const shift = (k: number): number => (k > i ? k - 1 : k);
      const rest = edges.filter((e) => e.out !== i && e.in !== i).map((e) => ({ ...e, out: shift(e.out), in: shift(e.in) }));
      return ok(allowed, { vertices: vertices.filter((_, k) => k !== i), edges: rest });
    }
    case 'addEdge': {
      if (vertices.length === 0) return undefined;
      const edge = { ...write.edge, out: write.edge.out % vertices.length, in: write.edge.in % vertices.length };
      if (!model.vertexVisible(edge.out) || !model.vertexVisible(edge.in)) return { outcome: 'not-found', after: model.graph };
      return ok(model.edgeAllowed('WRITE', edge), { vertices, edges: [...edges, edge] });
    }
    case 'removeEdge': {
      if (edges.length === 0) return undefined;
      const j = write.target % edges.length;
      if (!model.edgeVisible(j)) return { outcome: 'not-found', after: model.graph };
      return ok(model.edgeAllowed('DELETE', edges[j]!), { vertices, edges: edges.filter((_, k) => k !== j) });
    }
  }
}

/** Runs the write through the handle; resolves with its outcome. */
async function run(h: Graph, write: Write, ids: { readonly vertices: readonly unknown[]; readonly edges: readonly unknown[] }): Promise<Outcome> {
  const vertexId = (i: number): number => ids.vertices[i % ids.vertices.length] as number;
  try {
    switch (write.kind) {
      case 'addVertex':
        await h.addVertex(write.vertex.label, props(write.vertex));
        break;
      case 'addVertices':
        await h.addVertices(write.vertices.map((v) => ({ label: v.label, properties: props(v) })));
        break;
      case 'update':
        await h.updateVertexProperties(vertexId(write.target), { n: write.n });
        break;
      case 'removeVertex':
        await h.removeVertex(vertexId(write.target));
        break;
      case 'addEdge':
        await h.addEdge(write.edge.label, { out: vertexId(write.edge.out), in: vertexId(write.edge.in), properties: props(write.edge) });
        break;
      case 'removeEdge':
        await h.removeEdge(ids.edges[write.target % ids.edges.length] as number);
        break;
    }
    return 'ok';
  } catch (error) {
    if (error instanceof QuiverError && (error.kind === 'permission' || error.kind === 'not-found')) return error.kind;
    throw error;
  }
}

test('a policy handle makes exactly the writes a naive reference allows, and a refused write or batch changes nothing', async () => {
  await fc.assert(
    fc.asyncProperty(graphArb, writePolicyArb, writeArb, async (ref, policy, write) => {
      const model = new Reference(ref, policy);
      const want = expected(model, write);
      fc.pre(want !== undefined);
      const { db, graph, vertexIds, edgeIds } = await loadGraph(ref);
      try {
        const outcome = await run(graph.withPolicy(graphPolicy(policy)), write, { vertices: vertexIds, edges: edgeIds });
        assert.equal(outcome, want!.outcome);
        assert.deepEqual(await rawState(graph), refState(want!.outcome === 'ok' ? want!.after : ref));
      } finally {
        await db.close();
      }
    }),
    { numRuns: 300 },
  );
});
