/**
 * A property test of Groovy expressions in scripts: random trees of int and long arithmetic,
 * comparisons, logic, ternaries and Elvis, printed with the fewest parentheses Groovy's
 * precedence allows (and some redundant ones), run through graph.gremlin, and compared with a
 * small reference evaluator written here from Groovy's rules: int and long wrap, long wins
 * over int, `%` keeps the sign of the dividend, `&&`, `||` and `? :` evaluate only what they
 * need, and `/` gives a BigDecimal (exact, or rounded to 10 more digits and then 10 decimals).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { open, QuiverError, TypedNumber } from '../../src/index.js';

type NumType = 'int' | 'long';
interface NumValue { readonly t: NumType; readonly v: bigint }

type Num =
  | { readonly kind: 'lit'; readonly t: NumType; readonly v: bigint }
  | { readonly kind: 'bin'; readonly op: '+' | '-' | '*' | '%'; readonly l: Num; readonly r: Num }
  | { readonly kind: 'neg'; readonly e: Num }
  | { readonly kind: 'tern'; readonly c: Bool; readonly a: Num; readonly b: Num }
  | { readonly kind: 'elvis'; readonly a: Num; readonly b: Num };

type Bool =
  | { readonly kind: 'blit'; readonly v: boolean }
  | { readonly kind: 'cmp'; readonly op: '<' | '<=' | '>' | '>=' | '==' | '!='; readonly l: Num; readonly r: Num }
  | { readonly kind: 'logic'; readonly op: '&&' | '||'; readonly l: Bool; readonly r: Bool }
  | { readonly kind: 'not'; readonly e: Bool }
  | { readonly kind: 'beq'; readonly op: '==' | '!='; readonly l: Bool; readonly r: Bool };

type Root = { readonly kind: 'num'; readonly e: Num } | { readonly kind: 'bool'; readonly e: Bool } | { readonly kind: 'div'; readonly l: Num; readonly r: Num };

class Refused extends Error {}

const BITS: Readonly<Record<NumType, number>> = { int: 32, long: 64 };

function wrap(t: NumType, v: bigint): NumValue {
  return { t, v: BigInt.asIntN(BITS[t], v) };
}

function num(e: Num): NumValue {
  switch (e.kind) {
    case 'lit':
      return { t: e.t, v: e.v };
    case 'neg': {
      const x = num(e.e);
      return wrap(x.t, -x.v);
    }
    case 'tern':
      return bool(e.c) ? num(e.a) : num(e.b);
    case 'elvis': {
      const a = num(e.a);
      return a.v !== 0n ? a : num(e.b);
    }
    case 'bin': {
      const l = num(e.l);
      const r = num(e.r);
      const t: NumType = l.t === 'long' || r.t === 'long' ? 'long' : 'int';
      if (e.op === '%' && r.v === 0n) throw new Refused('DIVISION_BY_ZERO');
      const value = e.op === '+' ? l.v + r.v : e.op === '-' ? l.v - r.v : e.op === '*' ? l.v * r.v : l.v % r.v;
      return wrap(t, value);
    }
  }
}

function bool(e: Bool): boolean {
  switch (e.kind) {
    case 'blit':
      return e.v;
    case 'not':
      return !bool(e.e);
    case 'logic':
      return e.op === '&&' ? bool(e.l) && bool(e.r) : bool(e.l) || bool(e.r);
    case 'beq':
      return (bool(e.l) === bool(e.r)) === (e.op === '==');
    case 'cmp': {
      const l = num(e.l).v;
      const r = num(e.r).v;
      return { '<': l < r, '<=': l <= r, '>': l > r, '>=': l >= r, '==': l === r, '!=': l !== r }[e.op];
    }
  }
}

function digits(v: bigint): number {
  return (v < 0n ? -v : v).toString().length;
}

function roundHalfUp(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n;
  const [a, b] = [n < 0n ? -n : n, d < 0n ? -d : d];
  const q = 2n * (a % b) >= b ? a / b + 1n : a / b;
  return negative ? -q : q;
}

/** Groovy's `l / r` on two integers, as the unscaled value and scale of a BigDecimal. */
function divide(l: bigint, r: bigint): { unscaled: bigint; scale: number } {
  if (r === 0n) throw new Refused('DIVISION_BY_ZERO');
  const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
  let den = (r < 0n ? -r : r) / gcd(l, r);
  let twos = 0;
  let fives = 0;
  while (den % 2n === 0n) [den, twos] = [den / 2n, twos + 1];
  while (den % 5n === 0n) [den, fives] = [den / 5n, fives + 1];
  if (den === 1n) {
    const scale = Math.max(twos, fives);
    return { unscaled: (l * 10n ** BigInt(scale)) / r, scale };
  }
  const precision = Math.max(digits(l), digits(r)) + 10;
  // The exponent of the leading digit of |l / r|.
  let leading = digits(l) - digits(r);
  const [a, b] = [l < 0n ? -l : l, r < 0n ? -r : r];
  const atLeast = leading >= 0 ? a >= b * 10n ** BigInt(leading) : a * 10n ** BigInt(-leading) >= b;
  if (!atLeast) leading -= 1;
  let scale = precision - 1 - leading;
  let unscaled = scale >= 0 ? roundHalfUp(l * 10n ** BigInt(scale), r) : roundHalfUp(l, r * 10n ** BigInt(-scale));
  if (digits(unscaled) > precision) [unscaled, scale] = [unscaled / 10n, scale - 1];
  if (scale > 10) [unscaled, scale] = [roundHalfUp(unscaled, 10n ** BigInt(scale - 10)), 10];
  return { unscaled, scale };
}

function decimalText({ unscaled, scale }: { unscaled: bigint; scale: number }): string {
  if (scale <= 0) return (unscaled * 10n ** BigInt(-scale)).toString();
  const negative = unscaled < 0n ? '-' : '';
  const text = (unscaled < 0n ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  return `${negative}${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/** What the reference expects: the Java-typed value, or the code of the error. */
function reference(root: Root): unknown {
  try {
    if (root.kind === 'bool') return bool(root.e);
    if (root.kind === 'num') {
      const { t, v } = num(root.e);
      return t === 'int' ? Number(v) : new TypedNumber('long', v);
    }
    return new TypedNumber('bigdecimal', decimalText(divide(num(root.l).v, num(root.r).v)));
  } catch (e) {
    if (e instanceof Refused) return { error: e.message };
    throw e;
  }
}

/** Binding strength, after Groovy's precedence table (higher binds tighter). */
const PRECEDENCE: Readonly<Record<string, number>> = {
  '?': 1, '?:': 1, '||': 2, '&&': 3, '==': 4, '!=': 4, '<': 5, '<=': 5, '>': 5, '>=': 5, '+': 6, '-': 6, '*': 7, '/': 7, '%': 7, neg: 8, '!': 10, atom: 11,
};

interface Printed { readonly text: string; readonly precedence: number }

/** Prints a tree with the parentheses its shape needs, and redundant ones where `extra` says so. */
class Printer {
  constructor(private readonly extra: () => boolean) {}

  private wrap(p: Printed, needed: boolean): string {
    return needed || this.extra() ? `(${p.text})` : p.text;
  }

  private binary(op: string, l: Printed, r: Printed): Printed {
    const p = PRECEDENCE[op]!;
    return { text: `${this.wrap(l, l.precedence < p)} ${op} ${this.wrap(r, r.precedence <= p)}`, precedence: p };
  }

  num(e: Num): Printed {
    switch (e.kind) {
      case 'lit':
        return { text: `${e.v}${e.t === 'long' ? 'L' : ''}`, precedence: e.v < 0n ? PRECEDENCE['neg']! : PRECEDENCE['atom']! };
      case 'neg': {
        const x = this.num(e.e);
        return { text: `- ${this.wrap(x, x.precedence < PRECEDENCE['neg']!)}`, precedence: PRECEDENCE['neg']! };
      }
      case 'bin':
        return this.binary(e.op, this.num(e.l), this.num(e.r));
      case 'tern': {
        const c = this.bool(e.c);
        return { text: `${this.wrap(c, c.precedence <= 1)} ? ${this.num(e.a).text} : ${this.num(e.b).text}`, precedence: 1 };
      }
      case 'elvis': {
        const a = this.num(e.a);
        return { text: `${this.wrap(a, a.precedence <= 1)} ?: ${this.num(e.b).text}`, precedence: 1 };
      }
    }
  }

  bool(e: Bool): Printed {
    switch (e.kind) {
      case 'blit':
        return { text: String(e.v), precedence: PRECEDENCE['atom']! };
      case 'not': {
        const x = this.bool(e.e);
        return { text: `!${this.wrap(x, x.precedence < PRECEDENCE['!']!)}`, precedence: PRECEDENCE['!']! };
      }
      case 'cmp':
        return this.binary(e.op, this.num(e.l), this.num(e.r));
      case 'logic':
      case 'beq':
        return this.binary(e.op, this.bool(e.l), this.bool(e.r));
    }
  }

  root(root: Root): string {
    if (root.kind === 'num') return this.num(root.e).text;
    if (root.kind === 'bool') return this.bool(root.e).text;
    return this.binary('/', this.num(root.l), this.num(root.r)).text;
  }
}

const intLiteral = fc.oneof(
  { arbitrary: fc.integer({ min: -20, max: 20 }), weight: 4 },
  { arbitrary: fc.integer({ min: -2147483647, max: 2147483647 }), weight: 1 },
).map((v): Num => ({ kind: 'lit', t: 'int', v: BigInt(v) }));
const longLiteral = fc.oneof(fc.bigInt({ min: -20n, max: 20n }), fc.bigInt({ min: -(2n ** 63n) + 1n, max: 2n ** 63n - 1n })).map((v): Num => ({ kind: 'lit', t: 'long', v }));

const { num: numTree, bool: boolTree } = fc.letrec<{ num: Num; bool: Bool }>((tie) => ({
  num: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: fc.oneof({ arbitrary: intLiteral, weight: 3 }, { arbitrary: longLiteral, weight: 1 }), weight: 3 },
    fc.record({ kind: fc.constant('bin' as const), op: fc.constantFrom('+' as const, '-' as const, '*' as const, '%' as const), l: tie('num'), r: tie('num') }),
    fc.record({ kind: fc.constant('neg' as const), e: tie('num') }),
    fc.record({ kind: fc.constant('tern' as const), c: tie('bool'), a: tie('num'), b: tie('num') }),
    fc.record({ kind: fc.constant('elvis' as const), a: tie('num'), b: tie('num') }),
  ) as fc.Arbitrary<Num>,
  bool: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ kind: fc.constant('blit' as const), v: fc.boolean() }),
    fc.record({ kind: fc.constant('cmp' as const), op: fc.constantFrom('<' as const, '<=' as const, '>' as const, '>=' as const, '==' as const, '!=' as const), l: tie('num'), r: tie('num') }),
    fc.record({ kind: fc.constant('logic' as const), op: fc.constantFrom('&&' as const, '||' as const), l: tie('bool'), r: tie('bool') }),
    fc.record({ kind: fc.constant('not' as const), e: tie('bool') }),
    fc.record({ kind: fc.constant('beq' as const), op: fc.constantFrom('==' as const, '!=' as const), l: tie('bool'), r: tie('bool') }),
  ) as fc.Arbitrary<Bool>,
}));

const root: fc.Arbitrary<Root> = fc.oneof(
  numTree.map((e): Root => ({ kind: 'num', e })),
  boolTree.map((e): Root => ({ kind: 'bool', e })),
  fc.tuple(numTree, numTree).map(([l, r]): Root => ({ kind: 'div', l, r })),
);

test('Groovy arithmetic, comparison, logic and ternaries in scripts agree with a reference evaluator of Groovy\'s rules', async () => {
  const db = await open();
  try {
    const graph = await db.createGraph('g');
    await fc.assert(
      fc.asyncProperty(root, fc.infiniteStream(fc.boolean()), async (tree, coins) => {
        const iterator = coins[Symbol.iterator]();
        const text = new Printer(() => iterator.next().value === true && iterator.next().value === true).root(tree);
        const expected = reference(tree);
        let actual: unknown;
        try {
          [actual] = await graph.gremlin(text, { types: 'java' });
        } catch (e) {
          if (!(e instanceof QuiverError)) throw e;
          actual = { error: e.code };
        }
        assert.deepEqual(actual, expected, text);
      }),
      { numRuns: 600, seed: Number(process.env.FUZZ_SEED ?? 22), endOnFailure: true },
    );
  } finally {
    await db.close();
  }
});
