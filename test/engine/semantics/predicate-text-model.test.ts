/**
 * The predicate text parser against a simple reference model (fast-check): a predicate written
 * as text, parsed and run by the engine, holds of exactly the values the model says; the number
 * of values decides PREDICATE_ARITY as the model's arity does; and no text makes the parser
 * throw anything but a PREDICATE_* ArgumentError.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { predicateTest } from '../../../src/engine/runtime/predicate.js';
import { parsePredicateText } from '../../../src/engine/semantics/index.js';
import type { FilterKey } from '../../../src/engine/semantics/index.js';
import { ArgumentError } from '../../../src/errors.js';

type Scalar = number | string;

/** The model: each operator's arity and meaning over plain JS numbers and strings. */
const MODEL: Readonly<Record<string, { readonly arity: 1 | 2 | 'some'; readonly holds: (v: Scalar, args: readonly Scalar[]) => boolean }>> = {
  eq: { arity: 1, holds: (v, [a]) => v === a },
  neq: { arity: 1, holds: (v, [a]) => v !== a },
  lt: { arity: 1, holds: (v, [a]) => v < a! },
  lte: { arity: 1, holds: (v, [a]) => v <= a! },
  gt: { arity: 1, holds: (v, [a]) => v > a! },
  gte: { arity: 1, holds: (v, [a]) => v >= a! },
  between: { arity: 2, holds: (v, [a, b]) => a! <= v && v < b! },
  inside: { arity: 2, holds: (v, [a, b]) => a! < v && v < b! },
  outside: { arity: 2, holds: (v, [a, b]) => v < a! || v > b! },
  within: { arity: 'some', holds: (v, args) => args.includes(v) },
  contains: { arity: 1, holds: (v, [a]) => v === a },
  textcontains: { arity: 1, holds: (v, [a]) => typeof v === 'string' && v.includes(String(a)) },
};

const INT: FilterKey = { name: 'n', dataType: 'INT' };
const TEXT: FilterKey = { name: 's', dataType: 'TEXT' };

const space = fc.constantFrom('', ' ', '  ', '\t');
const intValue = fc.integer({ min: -20, max: 20 });
const textValue = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('a,b', 'x"y', '[1]', 'c)d', '\\', ''));

/** A predicate written as text: operator, values, and the text with random spacing (within's values sometimes as one list). */
function written(values: fc.Arbitrary<Scalar>, render: (v: Scalar) => string, ops: readonly string[]): fc.Arbitrary<{ op: string; args: Scalar[]; text: string }> {
  return fc.constantFrom(...ops).chain((op) => {
    const arity = MODEL[op]!.arity;
    const count = arity === 'some' ? fc.integer({ min: 1, max: 4 }) : fc.constant(arity);
    return fc.tuple(count.chain((n) => fc.array(values, { minLength: n, maxLength: n })), fc.array(space, { minLength: 5, maxLength: 5 }), fc.boolean()).map(([args, [s0, s1, s2, s3, s4], asList]) => {
      const list = args.map(render).join(`${s1},${s2}`);
      const body = op === 'within' && asList ? `${s3}[${list}]${s4}` : `${s0}${list}${s4}`;
      return { op, args, text: `P.${op}(${body})` };
    });
  });
}

test('a parsed predicate holds of the values the reference model says, on INT and TEXT keys', () => {
  const ints = written(intValue, String, Object.keys(MODEL).filter((op) => op !== 'textcontains'));
  fc.assert(
    fc.property(ints, fc.array(intValue, { maxLength: 8 }), ({ op, args, text }, others) => {
      const test = predicateTest(parsePredicateText(text, INT));
      for (const v of [...args, ...others]) assert.equal(test(v), MODEL[op]!.holds(v, args), `${text} on ${v}`);
    }),
    { numRuns: 400 },
  );
  const texts = written(textValue, (v) => JSON.stringify(v), Object.keys(MODEL));
  fc.assert(
    fc.property(texts, fc.array(textValue, { maxLength: 8 }), ({ op, args, text }, others) => {
      const test = predicateTest(parsePredicateText(text, TEXT));
      for (const v of [...args, ...others]) assert.equal(test(v), MODEL[op]!.holds(v, args), `${text} on ${JSON.stringify(v)}`);
    }),
    { numRuns: 400 },
  );
});

test('the number of values decides PREDICATE_ARITY as the model\'s arity does', () => {
  fc.assert(
    fc.property(fc.constantFrom(...Object.keys(MODEL).filter((op) => op !== 'textcontains')), fc.array(intValue, { maxLength: 4 }), (op, args) => {
      const arity = MODEL[op]!.arity;
      const fits = arity === 'some' ? args.length > 0 : args.length === arity;
      const text = `P.${op}(${args.join(',')})`;
      if (fits) assert.ok(parsePredicateText(text, INT));
      else assert.throws(() => parsePredicateText(text, INT), (e: unknown) => e instanceof ArgumentError && e.code === 'PREDICATE_ARITY');
    }),
    { numRuns: 200 },
  );
});

test('any text after P. parses or fails with a PREDICATE_* ArgumentError, whatever the key', () => {
  const pieces = fc.constantFrom('P.', 'eq', 'within', 'textcontains', 'between', 'Gt', '(', ')', '[', ']', ',', '"', '\\', "'", '1', '-', '.5', 'e9', 'true', 'null', ' ', '{', '}', 'x');
  const text = fc.oneof(fc.string(), fc.array(pieces, { maxLength: 12 }).map((p) => p.join('')));
  const key = fc.constantFrom<FilterKey>(INT, TEXT, { name: 'x' }, { name: 'o', dataType: 'OBJECT' }, { name: 'd', dataType: 'DATE' }, { name: 'l', dataType: 'LONG' });
  fc.assert(
    fc.property(text, key, (body, k) => {
      try {
        parsePredicateText(`P.${body}`, k);
      } catch (e) {
        assert.ok(e instanceof ArgumentError && /^PREDICATE_(TEXT|OPERATOR|ARITY|VALUE)$/.test(e.code), String(e));
      }
    }),
    { numRuns: 1000 },
  );
});
