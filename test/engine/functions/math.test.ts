import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TypedNumber } from '../../../src/values/index.js';
import { evaluateMath, parseMath } from '../../../src/engine/functions/index.js';
import { QuiverError } from '../../../src/errors.js';

const run = (text: string, vars: Record<string, number> = {}): number => evaluateMath(parseMath(text), (n) => vars[n]).toNumber();

test('parseMath collects variables and evaluates with precedence', () => {
  assert.deepEqual([...parseMath('a + b * _ - pi').variables], ['a', 'b', '_']);
  assert.equal(run('_ + 1', { _: 29 }), 30);
  assert.equal(run('2 + 3 * 4 ^ 2'), 50);
  assert.equal(run('-2 ^ 2'), -4);
  assert.equal(run('2 ^ 3 ^ 2'), 512);
  assert.equal(run('2 ^ -1'), 0.5);
  assert.equal(run('(1 + 2) * 3 % 4'), 1);
  assert.equal(run('sqrt(16) + abs(-2) + signum(-3) + log10(100) + cbrt(27)'), 4 + 2 - 1 + 2 + 3);
  assert.equal(run('cos(0) + floor(1.7) + ceil(1.2) + exp(0) + log(e)'), 1 + 1 + 2 + 1 + 1);
  assert.deepEqual(evaluateMath(parseMath('a + b'), (n) => ({ a: 29, b: 27 })[n]), new TypedNumber('double', 56));
  assert.equal(run('1.5e1 + .5'), 15.5);
});

test('math errors are loud', () => {
  const code = (fn: () => unknown, c: string): void => assert.throws(fn, (e: unknown) => e instanceof QuiverError && e.code === c);
  code(() => parseMath('1 +'), 'MATH_SYNTAX');
  code(() => parseMath('(1'), 'MATH_SYNTAX');
  code(() => parseMath(''), 'MATH_SYNTAX');
  code(() => parseMath('1 $ 2'), 'MATH_SYNTAX');
  code(() => run('1 / 0'), 'DIVISION_BY_ZERO');
  code(() => run('x + 1'), 'MATH_VARIABLE');
});

type Expr = { text: string; value: (x: number) => number };

const exprArb: fc.Arbitrary<Expr> = fc.letrec<{ e: Expr }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: 0, max: 9 }).map((n) => ({ text: String(n), value: () => n })),
    fc.constant({ text: '_', value: (x: number) => x }),
    fc.tuple(tie('e'), fc.constantFrom('+', '-', '*'), tie('e')).map(([a, op, b]) => ({
      text: `(${a.text} ${op} ${b.text})`,
      value: (x: number) => (op === '+' ? a.value(x) + b.value(x) : op === '-' ? a.value(x) - b.value(x) : a.value(x) * b.value(x)),
    })),
    tie('e').map((a) => ({ text: `-${a.text}`, value: (x: number) => -a.value(x) })),
    tie('e').map((a) => ({ text: `abs(${a.text})`, value: (x: number) => Math.abs(a.value(x)) })),
  ),
})).e;

test('evaluateMath agrees with a JS evaluation of random expressions', () => {
  fc.assert(
    fc.property(exprArb, fc.integer({ min: -50, max: 50 }), (e, x) => {
      const got = evaluateMath(parseMath(e.text), (n) => (n === '_' ? x : undefined)).toNumber();
      assert.ok(Object.is(got, e.value(x)) || got === e.value(x), `${e.text} with _=${x}: ${got} vs ${e.value(x)}`);
    }),
    { numRuns: 500 },
  );
});
