/**
 * Property tests: random sequences of Graph API operations against a Map-based reference
 * model, in memory and durable (with reopen), plus a crash at a random WAL byte offset.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { TypedNumber, open } from '../../src/index.js';
import type { Database, Graph } from '../../src/index.js';

type Op =
  | { readonly kind: 'addVertex'; readonly id: number; readonly n: number }
  | { readonly kind: 'removeVertex'; readonly id: number }
  | { readonly kind: 'update'; readonly id: number; readonly n: number }
  | { readonly kind: 'addEdge'; readonly out: number; readonly in: number }
  | { readonly kind: 'removeEdge'; readonly out: number; readonly in: number }
  | { readonly kind: 'reopen' };

interface Model {
  readonly vertices: Map<number, number>;
  readonly edges: Set<string>;
}

const id = fc.integer({ min: 0, max: 12 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('addVertex' as const), id, n: fc.integer({ min: -1000, max: 1000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removeVertex' as const), id }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('update' as const), id, n: fc.integer({ min: -1000, max: 1000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('addEdge' as const), out: id, in: id }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removeEdge' as const), out: id, in: id }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reopen' as const }) },
);

async function schema(graph: Graph): Promise<void> {
  await graph.schema().propertyKey('n').asInt().create();
  await graph.schema().vertexLabel('item').useCustomizeNumberId().properties('n').create();
  await graph.schema().edgeLabel('link').sourceLabel('item').targetLabel('item').create();
}

function numeric(value: unknown): number {
  return value instanceof TypedNumber ? value.toNumber() : Number(value);
}

async function snapshotOf(graph: Graph): Promise<Model> {
  const vertices = new Map<number, number>();
  for (const v of (await graph.vertices({ label: 'item' })).vertices) vertices.set(numeric(v.id), numeric(v.properties.n));
  const edges = new Set((await graph.edges({ label: 'link' })).edges.map((e) => `${numeric(e.outV)}>${numeric(e.inV)}`));
  return { vertices, edges };
}

async function edgeId(graph: Graph, out: number, inV: number): Promise<string | number | undefined> {
  const found = (await graph.edges({ label: 'link' })).edges.find((e) => numeric(e.outV) === out && numeric(e.inV) === inV);
  return found === undefined ? undefined : (found.id as string | number);
}

/** Applies one operation to the graph and the model; returns false when it changed nothing. */
async function apply(graph: Graph, model: Model, op: Exclude<Op, { kind: 'reopen' }>): Promise<boolean> {
  switch (op.kind) {
    case 'addVertex':
      if (model.vertices.has(op.id)) return false;
      await graph.addVertex('item', { n: op.n }, { id: op.id });
      model.vertices.set(op.id, op.n);
      return true;
    case 'removeVertex':
      if (!model.vertices.has(op.id)) {
        await assert.rejects(graph.removeVertex(op.id));
        return false;
      }
      await graph.removeVertex(op.id);
      model.vertices.delete(op.id);
      for (const e of [...model.edges]) if (e.startsWith(`${op.id}>`) || e.endsWith(`>${op.id}`)) model.edges.delete(e);
      return true;
    case 'update':
      if (!model.vertices.has(op.id)) return false;
      await graph.updateVertexProperties(op.id, { n: op.n });
      model.vertices.set(op.id, op.n);
      return true;
    case 'addEdge': {
      const key = `${op.out}>${op.in}`;
      if (!model.vertices.has(op.out) || !model.vertices.has(op.in)) {
        await assert.rejects(graph.addEdge('link', { out: op.out, in: op.in }));
        return false;
      }
      if (model.edges.has(key)) return false;
      await graph.addEdge('link', { out: op.out, in: op.in });
      model.edges.add(key);
      return true;
    }
    case 'removeEdge': {
      const found = await edgeId(graph, op.out, op.in);
      if (found === undefined) return false;
      await graph.removeEdge(found);
      model.edges.delete(`${op.out}>${op.in}`);
      return true;
    }
  }
}

async function assertSame(graph: Graph, model: Model): Promise<void> {
  const actual = await snapshotOf(graph);
  assert.deepEqual([...actual.vertices].sort((a, b) => a[0] - b[0]), [...model.vertices].sort((a, b) => a[0] - b[0]));
  assert.deepEqual([...actual.edges].sort(), [...model.edges].sort());
}

test('random Graph API operations in memory match a Map-based model', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { maxLength: 40 }), async (ops) => {
      const db = await open();
      const graph = await db.createGraph('g');
      await schema(graph);
      const model: Model = { vertices: new Map(), edges: new Set() };
      for (const op of ops) if (op.kind !== 'reopen') await apply(graph, model, op);
      await assertSame(graph, model);
      await db.close();
    }),
    { numRuns: 60 },
  );
});

test('random operations on a durable graph, with reopens, match the model', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { maxLength: 30 }), fc.integer({ min: 256, max: 8192 }), async (ops, snapshotEveryBytes) => {
      const path = mkdtempSync(join(tmpdir(), 'quiver-model-'));
      let db: Database = await open({ path, snapshotEveryBytes });
      try {
        let graph = await db.createGraph('g');
        await schema(graph);
        const model: Model = { vertices: new Map(), edges: new Set() };
        for (const op of ops) {
          if (op.kind === 'reopen') {
            await db.close();
            db = await open({ path, snapshotEveryBytes });
            graph = db.graph('g');
            await assertSame(graph, model);
          } else {
            await apply(graph, model, op);
          }
        }
        await db.close();
        db = await open({ path, snapshotEveryBytes });
        await assertSame(db.graph('g'), model);
      } finally {
        await db.close();
        rmSync(path, { recursive: true, force: true });
      }
    }),
    { numRuns: 15 },
  );
});

function walBytes(dir: string): { file: string; size: number } {
  const walDir = join(dir, 'graphs', 'g', 'wal');
  const files = readdirSync(walDir).sort();
  assert.equal(files.length, 1, 'the test keeps to one WAL segment');
  const file = join(walDir, files[0]!);
  return { file, size: statSync(file).size };
}

test('a crash at a random WAL byte offset recovers exactly the last write wholly inside it', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), fc.double({ min: 0, max: 1, noNaN: true }), async (ops, cut) => {
      const path = mkdtempSync(join(tmpdir(), 'quiver-cut-'));
      const image = mkdtempSync(join(tmpdir(), 'quiver-cut-image-'));
      const db = await open({ path });
      try {
        const graph = await db.createGraph('g');
        await schema(graph);
        const model: Model = { vertices: new Map(), edges: new Set() };
        const states: Array<{ size: number; model: Model }> = [{ size: walBytes(path).size, model: { vertices: new Map(), edges: new Set() } }];
        for (const op of ops) {
          if (op.kind === 'reopen') continue;
          if (await apply(graph, model, op)) {
            states.push({ size: walBytes(path).size, model: { vertices: new Map(model.vertices), edges: new Set(model.edges) } });
          }
        }
        cpSync(path, image, { recursive: true });
        const first = states[0]!.size;
        const last = states.at(-1)!.size;
        const offset = first + Math.floor(cut * (last - first));
        truncateSync(walBytes(image).file, offset);
        const expected = states.filter((s) => s.size <= offset).at(-1)!.model;
        const recovered = await open({ path: image });
        await assertSame(recovered.graph('g'), expected);
        await recovered.close();
      } finally {
        await db.close();
        rmSync(path, { recursive: true, force: true });
        rmSync(image, { recursive: true, force: true });
      }
    }),
    { numRuns: 25 },
  );
});
