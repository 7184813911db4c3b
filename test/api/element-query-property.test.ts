import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { open, P } from '../../src/index.js';
import type { Graph, PropertyQuery } from '../../src/index.js';

interface Item {
  readonly label: 'a' | 'b';
  readonly n: number;
  readonly tag: string;
}

async function itemGraph(items: readonly Item[]): Promise<{ graph: Graph; ids: string[]; close: () => Promise<void> }> {
  const db = await open({ ttlSweepMs: 0 });
  const graph = await db.createGraph('items');
  const schema = graph.schema();
  await schema.propertyKey('n').asInt().create();
  await schema.propertyKey('tag').asText().create();
  for (const label of ['a', 'b']) {
    await schema.vertexLabel(label).properties('n', 'tag').create();
    await schema.indexLabel(`${label}ByN`).onV(label).by('n').range().create();
    await schema.indexLabel(`${label}ByTag`).onV(label).by('tag').secondary().create();
  }
  await schema.edgeLabel('next').sourceLabel('a').targetLabel('b').multiTimes().properties('n').sortKeys('n').create();
  await schema.edgeLabel('back').sourceLabel('b').targetLabel('a').multiTimes().properties('n').sortKeys('n').create();
  await schema.indexLabel('nextByN').onE('next').by('n').range().create();
  const added = items.length === 0 ? [] : await graph.addVertices(items.map((i) => ({ label: i.label, properties: { n: i.n, tag: i.tag } })));
  return { graph, ids: added.map((v) => String(v.id)), close: () => db.close() };
}

const itemArb: fc.Arbitrary<Item> = fc.record({ label: fc.constantFrom('a' as const, 'b' as const), n: fc.integer({ min: 0, max: 9 }), tag: fc.constantFrom('x', 'y', 'z') });

/** A property condition and the same test on plain values, for the reference model. */
const conditionArb: fc.Arbitrary<{ key: 'n' | 'tag'; value: PropertyQuery[string]; test: (item: Item) => boolean }> = fc.oneof(
  fc.integer({ min: 0, max: 9 }).map((v) => ({ key: 'n' as const, value: v, test: (i: Item) => i.n === v })),
  fc.integer({ min: 0, max: 9 }).map((v) => ({ key: 'n' as const, value: P.gt(v), test: (i: Item) => i.n > v })),
  fc.integer({ min: 0, max: 9 }).map((v) => ({ key: 'n' as const, value: P.lte(v), test: (i: Item) => i.n <= v })),
  fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 })).map(([x, y]) => ({ key: 'n' as const, value: P.between(x, y), test: (i: Item) => i.n >= x && i.n < y })),
  fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 })).map(([x, y]) => ({ key: 'n' as const, value: P.outside(x, y), test: (i: Item) => i.n < x || i.n > y })),
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 3 }).map((vs) => ({ key: 'n' as const, value: P.within(...vs), test: (i: Item) => vs.includes(i.n) })),
  fc.constantFrom('x', 'y', 'z').map((v) => ({ key: 'tag' as const, value: v, test: (i: Item) => i.tag === v })),
);

test('Graph.vertices with property conditions, paged at any size, returns exactly the filtered reference list, in insertion order, without duplicates', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(itemArb, { maxLength: 30 }),
      fc.option(fc.constantFrom('a' as const, 'b' as const), { nil: undefined }),
      fc.uniqueArray(conditionArb, { maxLength: 2, selector: (c) => c.key }),
      fc.integer({ min: 1, max: 7 }),
      async (items, label, conditions, limit) => {
        const { graph, close } = await itemGraph(items);
        try {
          const expected = items
            .filter((item) => (label === undefined || item.label === label) && conditions.every((c) => c.test(item)))
            .map((item) => `${item.label}:${item.n}:${item.tag}`);
          const properties = Object.fromEntries(conditions.map((c) => [c.key, c.value]));
          const whole = await graph.vertices({ label, properties });
          const show = (v: { label: string; properties: Readonly<Record<string, unknown>> }): string => `${v.label}:${String(v.properties.n)}:${String(v.properties.tag)}`;
          assert.deepEqual(whole.vertices.map(show), expected);
          assert.equal(whole.page, null);
          const paged: string[] = [];
          const ids = new Set<unknown>();
          let page: string | null = '';
          while (page !== null) {
            const answer: Awaited<ReturnType<Graph['vertices']>> = await graph.vertices({ label, properties, limit, page });
            assert.ok(answer.vertices.length <= limit);
            for (const v of answer.vertices) {
              assert.ok(!ids.has(v.id), 'no vertex twice');
              ids.add(v.id);
            }
            paged.push(...answer.vertices.map(show));
            page = answer.page;
          }
          assert.deepEqual(paged, expected);
        } finally {
          await close();
        }
      },
    ),
    { numRuns: 60 },
  );
});

test('Paging stays correct when vertices are added and removed between pages: nothing twice, every survivor once', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(itemArb, { minLength: 1, maxLength: 25 }), fc.array(fc.tuple(itemArb, fc.nat()), { maxLength: 10 }), fc.integer({ min: 1, max: 4 }), async (items, changes, limit) => {
      const { graph, ids, close } = await itemGraph(items);
      try {
        const removed = new Set<unknown>();
        const seen: unknown[] = [];
        let page: string | null = '';
        let step = 0;
        while (page !== null) {
          const answer: Awaited<ReturnType<Graph['vertices']>> = await graph.vertices({ label: 'a', limit, page });
          seen.push(...answer.vertices.map((v) => String(v.id)));
          page = answer.page;
          const change = changes[step++];
          if (change !== undefined) {
            await graph.addVertex(change[0].label, { n: change[0].n, tag: change[0].tag });
            const all = (await graph.vertices()).vertices;
            const victim = all[change[1] % all.length]!;
            await graph.removeVertex(victim.id);
            removed.add(String(victim.id));
          }
        }
        assert.equal(new Set(seen).size, seen.length, 'no vertex twice');
        const survivors = items.map((item, i) => ({ item, id: ids[i]! })).filter(({ item, id }) => item.label === 'a' && !removed.has(id));
        for (const { id } of survivors) assert.ok(seen.includes(id), `vertex ${id} was alive throughout and must be met`);
      } finally {
        await close();
      }
    }),
    { numRuns: 40 },
  );
});

test('Scans over every shard meet each vertex and edge exactly once, for any split size and page limit', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(itemArb, { minLength: 1, maxLength: 30 }),
      fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 20 }),
      fc.integer({ min: 1, max: 8 }),
      fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
      async (items, links, splitSize, pageLimit) => {
        const { graph, ids, close } = await itemGraph(items);
        try {
          const as = items.map((item, i) => ({ item, id: ids[i]! })).filter(({ item }) => item.label === 'a');
          const bs = items.map((item, i) => ({ item, id: ids[i]! })).filter(({ item }) => item.label === 'b');
          if (as.length > 0 && bs.length > 0) {
            await graph.addEdges(links.map(([x, y], n) => ({ label: 'next', out: as[x % as.length]!.id, in: bs[y % bs.length]!.id, properties: { n } })));
          }
          const allVertices = (await graph.vertices()).vertices.map((v) => String(v.id)).sort();
          const allEdges = (await graph.edges()).edges.map((e) => String(e.id)).sort();
          const scanned = { vertex: [] as string[], edge: [] as string[] };
          for (const element of ['vertex', 'edge'] as const) {
            const shards = element === 'vertex' ? await graph.vertexShards(splitSize) : await graph.edgeShards(splitSize);
            assert.ok(shards.every((s) => s.length <= splitSize));
            for (const shard of shards) {
              let page: string | null | undefined = pageLimit === undefined ? undefined : '';
              do {
                const query = { start: shard.start, end: shard.end, page: page ?? undefined, pageLimit };
                const answer: { items: { id: unknown }[]; page: string | null } =
                  element === 'vertex' ? await graph.scanVertices(query).then((a) => ({ items: a.vertices, page: a.page })) : await graph.scanEdges(query).then((a) => ({ items: a.edges, page: a.page }));
                scanned[element].push(...answer.items.map((x) => String(x.id)));
                page = answer.page;
              } while (page !== null);
            }
          }
          assert.deepEqual(scanned.vertex.sort(), allVertices);
          assert.deepEqual(scanned.edge.sort(), allEdges);
        } finally {
          await close();
        }
      },
    ),
    { numRuns: 60 },
  );
});

/** Walks every page of `read` (limit `limit`) and checks the pages: none longer than the limit, no element twice. */
async function walkPages<T extends { readonly id: unknown }>(read: (page: string) => Promise<{ items: readonly T[]; page: string | null }>, limit: number): Promise<T[]> {
  const all: T[] = [];
  const ids = new Set<string>();
  let page: string | null = '';
  while (page !== null) {
    const answer: { items: readonly T[]; page: string | null } = await read(page);
    assert.ok(answer.items.length <= limit, 'a page holds at most limit elements');
    assert.ok(answer.page === null || answer.items.length === limit, 'a page that is not the last is full');
    for (const item of answer.items) {
      assert.ok(!ids.has(String(item.id)), 'no element twice');
      ids.add(String(item.id));
    }
    all.push(...answer.items);
    page = answer.page;
  }
  return all;
}

test('Graph.edges pages the edges of one vertex, by direction, label and property, and the whole graph: the pages are the unpaged list, in order, null at the end (HugeGraph EdgeAPI)', async () => {
  const linkArb = fc.tuple(fc.nat(), fc.nat(), fc.boolean());
  await fc.assert(
    fc.asyncProperty(
      fc.array(itemArb, { minLength: 2, maxLength: 20 }),
      fc.array(linkArb, { maxLength: 25 }),
      fc.record({
        vertex: fc.option(fc.nat(), { nil: undefined }),
        direction: fc.constantFrom('OUT' as const, 'IN' as const, 'BOTH' as const, undefined),
        label: fc.constantFrom('next', 'back', undefined),
        below: fc.option(fc.integer({ min: 0, max: 25 }), { nil: undefined }),
        limit: fc.integer({ min: 1, max: 6 }),
      }),
      async (items, links, q) => {
        const { graph, close } = await itemGraph(items);
        try {
          const ids = (await graph.vertices()).vertices.map((v) => v.id);
          const as = ids.filter((_, i) => items[i]!.label === 'a');
          const bs = ids.filter((_, i) => items[i]!.label === 'b');
          if (as.length > 0 && bs.length > 0) {
            await graph.addEdges(links.map(([x, y, forward], n) => {
              const a = as[x % as.length]!;
              const b = bs[y % bs.length]!;
              return forward ? { label: 'next', out: a, in: b, properties: { n } } : { label: 'back', out: b, in: a, properties: { n } };
            }));
          }
          const vertexId = q.vertex === undefined ? undefined : ids[q.vertex % ids.length]!;
          // Without a vertex, a property condition needs an index: only next has one.
          const label = vertexId === undefined && q.below !== undefined ? 'next' : q.label;
          const properties: PropertyQuery = q.below === undefined ? {} : { n: P.lt(q.below) };
          const query = { ...(vertexId === undefined ? {} : { vertexId }), direction: q.direction, label, properties };
          const whole = await graph.edges(query);
          assert.equal(whole.page, null);
          for (const e of whole.edges) {
            if (label !== undefined) assert.equal(e.label, label);
            if (q.below !== undefined) assert.ok((e.properties.n as number) < q.below);
            if (vertexId !== undefined && q.direction === 'OUT') assert.equal(e.outV, vertexId);
            if (vertexId !== undefined && q.direction === 'IN') assert.equal(e.inV, vertexId);
            if (vertexId !== undefined) assert.ok(e.outV === vertexId || e.inV === vertexId);
          }
          const paged = await walkPages(async (page) => {
            const answer = await graph.edges({ ...query, limit: q.limit, page });
            return { items: answer.edges, page: answer.page };
          }, q.limit);
          assert.deepEqual(paged.map((e) => e.id), whole.edges.map((e) => e.id));
        } finally {
          await close();
        }
      },
    ),
    { numRuns: 60 },
  );
});

test('Graph.vertices skips offset matches without a page, and refuses an offset beside a page (HugeGraph VertexAPI)', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(itemArb, { maxLength: 20 }), fc.nat({ max: 25 }), fc.integer({ min: 1, max: 8 }), async (items, offset, limit) => {
      const { graph, close } = await itemGraph(items);
      try {
        const whole = (await graph.vertices({ label: 'a', properties: { n: P.gte(3) } })).vertices.map((v) => v.id);
        const window = await graph.vertices({ label: 'a', properties: { n: P.gte(3) }, offset, limit });
        assert.deepEqual(window.vertices.map((v) => v.id), whole.slice(offset, offset + limit));
        if (offset > 0) await assert.rejects(graph.vertices({ label: 'a', offset, limit, page: '' }), /paging and offset together/);
      } finally {
        await close();
      }
    }),
    { numRuns: 40 },
  );
});
