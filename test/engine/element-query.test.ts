import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { queryElements } from '../../src/engine/index.js';
import type { ElementQuery } from '../../src/engine/index.js';
import type { GraphSource, IndexPredicate } from '../../src/port/index.js';
import { ReferenceGraph } from './reference-source.js';

/** A graph of `n` vertices whose indexed key `k` is `kOf(i)`. */
function graph(n: number, kOf: (i: number) => number): ReferenceGraph {
  const g = new ReferenceGraph();
  g.indexedKeys.add('k');
  for (let i = 0; i < n; i++) g.addVertex('thing', { properties: [['k', kOf(i)], ['j', i % 3]] });
  return g;
}

/** Reads every page of `query` with `limit` per page; returns the slots in order. */
async function allPages(source: GraphSource, query: ElementQuery, limit: number): Promise<number[]> {
  const out: number[] = [];
  let from: number | undefined = 0;
  while (from !== undefined) {
    const { items, next }: { items: number[]; next: number | undefined } = await queryElements({ ...query, from, limit }, { source }, (_s, slot) => slot);
    out.push(...items);
    from = next;
  }
  return out;
}

test('queryElements pages of an index answer, read one after another, give exactly the unpaged answer', async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 17 }), async (n, mod, limit) => {
      const g = graph(n, (i) => i % mod);
      const query: ElementQuery = { element: 'vertex', label: 'thing', properties: [['k', 0], ['j', 2]] };
      const expected = [...g.vertexSlots('thing')].filter((s) => s % mod === 0 && s % 3 === 2);
      assert.deepEqual(await allPages(g, query, limit), expected);
    }),
    { numRuns: 60 },
  );
});

/** An index answer that refuses to be walked from its start: only index access is allowed. */
class UnwalkableAnswer extends Array<number> {
  override [Symbol.iterator](): ArrayIterator<number> {
    throw new Error('the answer was walked from its first slot');
  }
}

test('queryElements enters an array index answer at the page token instead of walking it from the start', async () => {
  let hint: number | undefined;
  class Unwalkable extends ReferenceGraph {
    override lookup(_element: 'vertex' | 'edge', query: { readonly key: string; readonly predicate: IndexPredicate; readonly from?: number }): Iterable<number> {
      hint = query.from;
      const answer = new UnwalkableAnswer();
      for (let s = 0; s < 5000; s++) answer.push(s);
      return answer;
    }
  }
  const source = new Unwalkable();
  for (let i = 0; i < 5000; i++) source.addVertex('thing', { properties: [['k', 7]] });
  const { items, next } = await queryElements({ element: 'vertex', properties: [['k', 7]], from: 4990, limit: 5 }, { source }, (_s, slot) => slot);
  assert.deepEqual(items, [4990, 4991, 4992, 4993, 4994]);
  assert.equal(next, 4995);
  assert.equal(hint, 4990);
});
