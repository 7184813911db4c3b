import { test } from 'node:test';
import assert from 'node:assert/strict';
import { __, LimitError, QUERY_LIMITS } from '../../src/index.js';
import type { GraphTraversal } from '../../src/index.js';
import { cycleGraph } from './cycle-graph.js';

const DEPTH = QUERY_LIMITS.maxNestingDepth;

function limitError(code: string): (error: unknown) => boolean {
  return (error: unknown) => error instanceof LimitError && error.code === code;
}

/** `prefix` repeated `n` times around `inner`, closed by `suffix` repeated `n` times. */
function nest(prefix: string, inner: string, suffix: string, n: number): string {
  return prefix.repeat(n) + inner + suffix.repeat(n);
}

/** Texts nested `n` brackets deep (the outer call's own bracket included) in the ways the grammar recurses. */
const NESTED: Readonly<Record<string, (n: number) => string>> = {
  union: (n) => `g.V().${nest('union(__.', 'out()', ')', n - 1)}.count()`,
  local: (n) => `g.V().${nest('local(__.out().', 'out()', ')', n - 1)}.count()`,
  repeat: (n) => `g.V().${nest('repeat(__.', 'out()', ').times(1)', n - 1)}.count()`,
  list: (n) => `g.inject(${nest('[', '1', ']', n - 1)}).count()`,
  map: (n) => `g.inject(${nest('[a:', '1', ']', n - 1)}).count()`,
  not: (n) => `g.V().has('name', ${nest('P.not(', "P.eq('a')", ')', n - 2)}).count()`,
};

/** An even number of P.not() leaves eq('a') (one vertex), an odd one neq('a') (two); lists inject one value. */
const EXPECTED_COUNT: Readonly<Record<string, number>> = { list: 1, map: 1, not: (DEPTH - 2) % 2 === 0 ? 1 : 2 };

test('Gremlin text nested to QUERY_LIMITS.maxNestingDepth parses, compiles and runs without overflowing the stack', { timeout: 60_000 }, async () => {
  const { graph, close } = await cycleGraph();
  for (const [name, text] of Object.entries(NESTED)) {
    const [count] = await graph.gremlin(text(DEPTH));
    assert.equal(Number(count), EXPECTED_COUNT[name] ?? 3, name);
  }
  await close();
});

test('Gremlin text nested one level past the limit fails with LimitError QUERY_TOO_DEEP before parsing', async () => {
  const { graph, close } = await cycleGraph();
  for (const text of Object.values(NESTED)) await assert.rejects(graph.gremlin(text(DEPTH + 1)), limitError('QUERY_TOO_DEEP'));
  await assert.rejects(graph.gremlin(NESTED.union!(300)!), limitError('QUERY_TOO_DEEP'));
  await assert.rejects(graph.gremlin(NESTED.local!(500)!), limitError('QUERY_TOO_DEEP'));
  await assert.rejects(graph.gremlin(NESTED.list!(1000)!), limitError('QUERY_TOO_DEEP'));
  await close();
});

test('a query of QUERY_LIMITS.maxSteps steps runs, in one chain or spread over nested traversals, and one more step is QUERY_TOO_LARGE', { timeout: 60_000 }, async () => {
  const { graph, close } = await cycleGraph();
  const chain = (n: number): string => `g.V()${'.out()'.repeat(n - 2)}.count()`;
  assert.deepEqual((await graph.gremlin(chain(QUERY_LIMITS.maxSteps))).map(Number), [3]);
  await assert.rejects(graph.gremlin(chain(QUERY_LIMITS.maxSteps + 1)), limitError('QUERY_TOO_LARGE'));
  const perLevel = Math.floor(QUERY_LIMITS.maxSteps / (DEPTH - 2)) - 1;
  const body = '.out()'.repeat(perLevel - 1);
  const spread = `g.V()${nest(`.local(__.identity()${body}`, '', ')', DEPTH - 2)}.count()`;
  assert.deepEqual((await graph.gremlin(spread)).map(Number), [3]);
  await close();
});

test('fluent traversals nested past the limit, and a cyclic array argument, fail with QUERY_TOO_DEEP', async () => {
  const { graph, close } = await cycleGraph();
  const g = graph.traversal();
  let atLimit: GraphTraversal = __.out();
  for (let i = 1; i < DEPTH; i++) atLimit = __.union(atLimit);
  assert.deepEqual((await g.V().union(atLimit).count().toList()).map(Number), [3]);
  let tooDeep: GraphTraversal = atLimit;
  for (let i = 0; i < 5; i++) tooDeep = __.union(tooDeep);
  await assert.rejects(g.V().union(tooDeep).count().toList(), limitError('QUERY_TOO_DEEP'));
  const cyclic: unknown[] = [1];
  cyclic.push(cyclic);
  assert.throws(() => g.inject(cyclic as never), limitError('QUERY_TOO_DEEP'));
  const cyclicMap = new Map<string, unknown>();
  cyclicMap.set('self', cyclicMap);
  assert.throws(() => g.inject(cyclicMap as never), limitError('QUERY_TOO_DEEP'));
  await close();
});

test('text longer than QUERY_LIMITS.maxTextLength is QUERY_TOO_LARGE, and a string literal filling the limit runs', { timeout: 60_000 }, async () => {
  const { graph, close } = await cycleGraph();
  const frame = "g.inject('').count()";
  const fill = 'a'.repeat(QUERY_LIMITS.maxTextLength - frame.length);
  assert.deepEqual((await graph.gremlin(`g.inject('${fill}').count()`)).map(Number), [1]);
  await assert.rejects(graph.gremlin(`g.inject('${fill}a').count()`), limitError('QUERY_TOO_LARGE'));
  const escapes = '\\n'.repeat(1024 * 1024);
  const [length] = await graph.gremlin(`g.inject('${escapes}').length()`);
  assert.equal(length, 1024 * 1024);
  await close();
});
