import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { __, open } from '../../src/index.js';
import type { FluentArg, Graph } from '../../src/index.js';

type G = ReturnType<Graph['traversal']>;
type T = ReturnType<G['V']>;

/** A committed write; vertex and edge operands are indexes into what was created so far. */
type Write =
  | { readonly op: 'addV'; readonly n: number }
  | { readonly op: 'dropV'; readonly v: number }
  | { readonly op: 'addE'; readonly from: number; readonly to: number; readonly w: number }
  | { readonly op: 'dropE'; readonly e: number }
  | { readonly op: 'setN'; readonly v: number; readonly n: number };

type Step = { readonly kind: 'write'; readonly write: Write } | { readonly kind: 'start'; readonly read: number } | { readonly kind: 'pull'; readonly reader: number; readonly count: number };

/** The reads: each builds a traversal whose full result is compared, in order. */
const READS: readonly ((g: G) => T)[] = [
  (g) => g.V().values('n'),
  (g) => g.V().count(),
  (g) => g.E().values('w'),
  (g) => g.V().out().values('n'),
  (g) => g.V().as('a').outE().inV().as('b').select('a', 'b').by('n'),
  (g) => g.V().order().by('n').values('n'),
  (g) => g.V().where(__.in()).values('n'),
  (g) => g.V().has('n', 2).both().id(),
  (g) => g.V().valueMap(),
  (g) => g.E().count(),
];

/** A graph and the ids of what its writes created, so that the same writes can be replayed on a copy. */
class Replica {
  readonly vertices: FluentArg[] = [];
  readonly edges: FluentArg[] = [];
  constructor(readonly graph: Graph) {}

  async apply(w: Write): Promise<void> {
    const g = this.graph.traversal();
    const pick = (list: FluentArg[], i: number): FluentArg => list[i % Math.max(1, list.length)];
    switch (w.op) {
      case 'addV':
        this.vertices.push((await g.addV('v').property('n', w.n).id().next()).value as FluentArg);
        return;
      case 'dropV':
        if (this.vertices.length > 0) await g.V(pick(this.vertices, w.v)).drop().iterate();
        return;
      case 'addE': {
        if (this.vertices.length === 0) return;
        const r = await g.V(pick(this.vertices, w.from)).as('a').V(pick(this.vertices, w.to)).addE('e').from('a').property('w', w.w).id().next();
        if (r.done !== true) this.edges.push(r.value as FluentArg);
        return;
      }
      case 'dropE':
        if (this.edges.length > 0) await g.E(pick(this.edges, w.e)).drop().iterate();
        return;
      case 'setN':
        if (this.vertices.length > 0) await g.V(pick(this.vertices, w.v)).property('n', w.n).iterate();
        return;
    }
  }
}

async function fresh(): Promise<{ replica: Replica; close: () => Promise<void> }> {
  const db = await open();
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  return { replica: new Replica(graph), close: () => db.close() };
}

/** The full result of a read run alone on a graph rebuilt from `writes`. */
async function alone(writes: readonly Write[], read: number): Promise<unknown[]> {
  const { replica, close } = await fresh();
  try {
    for (const w of writes) await replica.apply(w);
    return await READS[read]!(replica.graph.traversal()).toList();
  } finally {
    await close();
  }
}

const writeArb: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ op: fc.constant('addV' as const), n: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ op: fc.constant('dropV' as const), v: fc.nat(20) }),
  fc.record({ op: fc.constant('addE' as const), from: fc.nat(20), to: fc.nat(20), w: fc.integer({ min: 0, max: 9 }) }),
  fc.record({ op: fc.constant('dropE' as const), e: fc.nat(20) }),
  fc.record({ op: fc.constant('setN' as const), v: fc.nat(20), n: fc.integer({ min: 0, max: 4 }) }),
);

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('write' as const), write: writeArb }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('start' as const), read: fc.nat(READS.length - 1) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('pull' as const), reader: fc.nat(10), count: fc.integer({ min: 1, max: 3 }) }), weight: 2 },
);

test('reads pulled in slices while writes commit return what they return alone on the state at their start', { timeout: 240_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(writeArb, { maxLength: 8 }), fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (setup, steps) => {
      const { replica, close } = await fresh();
      try {
        const applied: Write[] = [];
        for (const w of setup) {
          await replica.apply(w);
          applied.push(w);
        }
        const readers: { read: number; traversal: T; got: unknown[]; at: Write[] }[] = [];
        for (const step of steps) {
          if (step.kind === 'write') {
            await replica.apply(step.write);
            applied.push(step.write);
          } else if (step.kind === 'start') {
            const traversal = READS[step.read]!(replica.graph.traversal());
            const r = { read: step.read, traversal, got: [] as unknown[], at: [...applied] };
            readers.push(r);
            const first = await traversal.next();
            if (first.done !== true) r.got.push(first.value);
          } else if (readers.length > 0) {
            const r = readers[step.reader % readers.length]!;
            for (let i = 0; i < step.count; i++) {
              const next = await r.traversal.next();
              if (next.done === true) break;
              r.got.push(next.value);
            }
          }
        }
        for (const r of readers) {
          r.got.push(...(await r.traversal.toList()));
          assert.deepStrictEqual(r.got, await alone(r.at, r.read));
        }
      } finally {
        await close();
      }
    }),
    { numRuns: 100 },
  );
});
