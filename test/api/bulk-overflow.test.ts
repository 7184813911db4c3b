import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LimitError, QuiverError, open } from '../../src/index.js';

/** A traverser whose bulk doubles `n` times. */
const doubled = (n: number): string => `g.inject(1).repeat(union(identity(),identity())).times(${n})`;

function code(expected: string): (error: unknown) => boolean {
  return (error: unknown) => error instanceof QuiverError && error.code === expected;
}

test('count() of a bulk up to 2^53 is exact, and past it, up to Infinity, fails with LimitError BULK_OVERFLOW', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  assert.deepEqual(await graph.gremlin(`${doubled(52)}.count()`), [2 ** 52]);
  for (const tail of ['.count()', '.barrier().count()', '.groupCount()', ".as('x').select('x').count()", '.coin(0.5).count()']) {
    for (const n of [54, 70, 1100]) {
      await assert.rejects(graph.gremlin(`${doubled(n)}${tail}`), (e: unknown) => e instanceof LimitError && e.code === 'BULK_OVERFLOW', `${n} ${tail}`);
    }
  }
  await db.close();
});

test('long arithmetic past Java long range, and 166-digit literals, fail with typed errors', async () => {
  const db = await open();
  const graph = await db.createGraph('g');
  const digits = '9'.repeat(166);
  await assert.rejects(graph.gremlin('g.inject(9223372036854775807L, 1L).sum()'), code('ARITHMETIC_OVERFLOW'));
  await assert.rejects(graph.gremlin(`g.inject(${digits}L).count()`), code('GREMLIN_SYNTAX'));
  await assert.rejects(graph.gremlin(`g.inject(${digits}i)`), code('GREMLIN_SYNTAX'));
  const [sum] = await graph.gremlin(`g.inject(${digits}, 1).sum()`);
  assert.equal(sum, 10n ** 166n);
  assert.deepEqual(await graph.gremlin(`g.V().limit(${digits}).count()`), [0]);
  await db.close();
});
