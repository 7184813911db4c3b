import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TypedNumber, Uuid } from '../../../src/values/index.js';
import { Predicate } from '../../../src/engine/bytecode.js';
import { predicateTest } from '../../../src/engine/runtime/predicate.js';
import { parsePredicateText, propertyCondition } from '../../../src/engine/semantics/index.js';
import type { FilterKey } from '../../../src/engine/semantics/index.js';
import { ArgumentError } from '../../../src/errors.js';

const INT: FilterKey = { name: 'age', dataType: 'INT' };
const TEXT: FilterKey = { name: 'city', dataType: 'TEXT' };
const p = (op: string, ...args: unknown[]): Predicate => new Predicate('P', op, args as never[]);

/** Asserts that `fn` throws an ArgumentError of `code` whose message matches `message`. */
function fails(fn: () => unknown, code: string, message: RegExp = /./): void {
  assert.throws(fn, (e: unknown) => e instanceof ArgumentError && e.kind === 'argument' && e.code === code && message.test(e.message));
}

test('parsePredicateText reads each of HugeGraph\'s twelve operators', () => {
  for (const op of ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'contains']) assert.deepEqual(parsePredicateText(`P.${op}(29)`, INT), p(op, 29));
  for (const op of ['between', 'inside', 'outside']) assert.deepEqual(parsePredicateText(`P.${op}(20, 30)`, INT), p(op, 20, 30));
  assert.deepEqual(parsePredicateText('P.within(1,2,3)', INT), p('within', 1, 2, 3));
  assert.deepEqual(parsePredicateText('P.textcontains("Bei")', TEXT), new Predicate('TextP', 'containing', ['Bei']));
});

test('parsePredicateText gives predicates the engine evaluates with HugeGraph\'s meaning', () => {
  const holds = (text: string, key: FilterKey, value: unknown): boolean => predicateTest(parsePredicateText(text, key))(value);
  assert.equal(holds('P.between(27, 32)', INT, 27), true);
  assert.equal(holds('P.between(27, 32)', INT, 32), false);
  assert.equal(holds('P.inside(27, 32)', INT, 27), false);
  assert.equal(holds('P.outside(27, 32)', INT, 33), true);
  assert.equal(holds('P.within([27, 32])', INT, 32), true);
  assert.equal(holds('P.textcontains("ei")', TEXT, 'Beijing'), true);
  assert.equal(holds('P.textcontains("ei")', TEXT, 'Shanghai'), false);
  assert.equal(holds('P.contains("a")', TEXT, ['b', 'a']), true);
  assert.equal(holds('P.contains("a")', TEXT, new Set(['a'])), true);
  assert.equal(holds('P.contains("a")', TEXT, 'a'), true);
  assert.equal(holds('P.contains("a")', TEXT, ['ab']), false);
});

test('operators are HugeGraph\'s, in lower case only: others are PREDICATE_OPERATOR', () => {
  fails(() => parsePredicateText('P.textContains("x")', TEXT), 'PREDICATE_OPERATOR', /unknown operator 'textContains'.*lower case: P\.textcontains$/);
  fails(() => parsePredicateText('P.GT(1)', INT), 'PREDICATE_OPERATOR', /lower case: P\.gt$/);
  for (const op of ['without', 'containing', 'near', 'constructor', 'toString', 'regex']) fails(() => parsePredicateText(`P.${op}(1)`, INT), 'PREDICATE_OPERATOR');
});

test('a text that is not P.<operator>(<values>) or whose values are not JSON is PREDICATE_TEXT', () => {
  for (const text of ['P.gt(1', 'P.gt 1', 'P.', 'P.gt(1) ', 'P.gt1)', 'P.g_t(1)', 'P.gt(1)(2)']) fails(() => parsePredicateText(text, INT), 'PREDICATE_TEXT');
  for (const text of ['P.gt(abc)', "P.eq('x')", 'P.within(1,)', 'P.within(,1)', 'P.within(1 2)', 'P.eq("x)', 'P.eq({"a":1})', 'P.eq(01)', 'P.eq(1e999)', 'P.eq(truex)', 'P.within([1,2)']) {
    fails(() => parsePredicateText(text, TEXT), 'PREDICATE_TEXT');
  }
  fails(() => parsePredicateText(`P.within(${'['.repeat(40)}1${']'.repeat(40)})`, INT), 'PREDICATE_TEXT', /nest deeper than 32/);
  fails(() => parsePredicateText(`P.eq("${'x'.repeat(500)})`, TEXT), 'PREDICATE_TEXT', /^Invalid predicate 'P\.eq\("x{94}\.\.\.' for property 'city': text at '"x{19}' has no closing double quote$/);
});

test('a wrong number of values is PREDICATE_ARITY', () => {
  fails(() => parsePredicateText('P.eq()', INT), 'PREDICATE_ARITY', /P\.eq takes one value but got 0$/);
  fails(() => parsePredicateText('P.gt(1, 2)', INT), 'PREDICATE_ARITY', /P\.gt takes one value but got 2$/);
  fails(() => parsePredicateText('P.textcontains("a", "b")', TEXT), 'PREDICATE_ARITY');
  fails(() => parsePredicateText('P.between(1)', INT), 'PREDICATE_ARITY', /two values but got 1$/);
  fails(() => parsePredicateText('P.outside(1, 2, 3)', INT), 'PREDICATE_ARITY', /two values but got 3$/);
  fails(() => parsePredicateText('P.within()', INT), 'PREDICATE_ARITY', /at least one value but got 0$/);
  fails(() => parsePredicateText('P.within([])', INT), 'PREDICATE_ARITY', /at least one value but got 0$/);
});

test('a single list is within\'s list of values; a list anywhere else is a value the key must take', () => {
  assert.deepEqual(parsePredicateText('P.within([1,2])', INT), p('within', 1, 2));
  assert.deepEqual(parsePredicateText('P.within( [ 1 , 2 ] )', INT), p('within', 1, 2));
  fails(() => parsePredicateText('P.within([1,2], 3)', INT), 'PREDICATE_VALUE', /\[1,2\] is not a value of type INT$/);
  fails(() => parsePredicateText('P.eq([1])', INT), 'PREDICATE_VALUE');
  assert.deepEqual(parsePredicateText('P.eq([1, "a", [true, null]])', { name: 'any', dataType: 'OBJECT' }), p('eq', [1, 'a', [true, null]]));
});

test('quoted values keep commas, brackets, parentheses and JSON escapes', () => {
  assert.deepEqual(parsePredicateText('P.within("Hong, Kong", "a]b", "c)d", "e\\"f,g", "\\u0041")', TEXT), p('within', 'Hong, Kong', 'a]b', 'c)d', 'e"f,g', 'A'));
  assert.deepEqual(parsePredicateText('P.within(["x, y", "z"])', TEXT), p('within', 'x, y', 'z'));
  assert.deepEqual(parsePredicateText('P.eq( "  spaced  " )', TEXT), p('eq', '  spaced  '));
  assert.deepEqual(parsePredicateText('P.eq("")', TEXT), p('eq', ''));
});

test('values convert to the key\'s data type, or are PREDICATE_VALUE', () => {
  const one = (text: string, key: FilterKey): unknown => parsePredicateText(text, key).args[0];
  assert.equal(one('P.eq(2147483647)', INT), 2147483647);
  fails(() => one('P.eq(2147483648)', INT), 'PREDICATE_VALUE', /2147483648 is not a value of type INT$/);
  fails(() => one('P.eq(1.5)', INT), 'PREDICATE_VALUE');
  fails(() => one('P.eq("1")', INT), 'PREDICATE_VALUE');
  assert.deepEqual(one('P.eq(1.0)', INT), 1);
  assert.deepEqual(one('P.eq(-128)', { name: 'b', dataType: 'BYTE' }), new TypedNumber('byte', -128));
  fails(() => one('P.eq(128)', { name: 'b', dataType: 'BYTE' }), 'PREDICATE_VALUE');
  const LONG: FilterKey = { name: 'n', dataType: 'LONG' };
  assert.deepEqual(one('P.eq(9223372036854775807)', LONG), new TypedNumber('long', 9223372036854775807n));
  assert.deepEqual(one('P.eq(-9223372036854775808)', LONG), new TypedNumber('long', -9223372036854775808n));
  fails(() => one('P.eq(9223372036854775808)', LONG), 'PREDICATE_VALUE');
  assert.deepEqual(one('P.gt(0.1)', { name: 'f', dataType: 'FLOAT' }), new TypedNumber('float', Math.fround(0.1)));
  assert.deepEqual(one('P.gt(3)', { name: 'w', dataType: 'DOUBLE' }), new TypedNumber('double', 3));
  fails(() => one('P.gt("0.5")', { name: 'w', dataType: 'DOUBLE' }), 'PREDICATE_VALUE', /"0\.5" is not a value of type DOUBLE$/);
  assert.equal(one('P.eq("29")', TEXT), '29');
  fails(() => one('P.eq(29)', TEXT), 'PREDICATE_VALUE');
  assert.equal(one('P.eq(true)', { name: 'ok', dataType: 'BOOLEAN' }), true);
  fails(() => one('P.eq("true")', { name: 'ok', dataType: 'BOOLEAN' }), 'PREDICATE_VALUE');
  const DATE: FilterKey = { name: 'born', dataType: 'DATE' };
  assert.deepEqual(one('P.gt("2020-01-01")', DATE), new Date(Date.UTC(2020, 0, 1)));
  assert.deepEqual(one('P.gt(86400000)', DATE), new Date(86_400_000));
  fails(() => one('P.gt("yesterday")', DATE), 'PREDICATE_VALUE');
  const UUID: FilterKey = { name: 'u', dataType: 'UUID' };
  assert.deepEqual(one('P.eq("4B8B1C2E-0D45-4F2A-9D8E-3C3C0C3B5A11")', UUID), new Uuid('4b8b1c2e-0d45-4f2a-9d8e-3c3c0c3b5a11'));
  fails(() => one('P.eq("not-a-uuid")', UUID), 'PREDICATE_VALUE');
  assert.deepEqual(one('P.eq("0x00ff")', { name: 'bytes', dataType: 'BLOB' }), Uint8Array.of(0, 255));
  fails(() => one('P.eq("0x0")', { name: 'bytes', dataType: 'BLOB' }), 'PREDICATE_VALUE');
  fails(() => one('P.eq(null)', INT), 'PREDICATE_VALUE', /null is not a value of type INT$/);
  fails(() => one('P.eq(null)', { name: 'x' }), 'PREDICATE_VALUE', /null is not a property value$/);
  fails(() => one('P.textcontains(1)', { name: 'x' }), 'PREDICATE_VALUE', /P\.textcontains takes text but got 1$/);
  fails(() => one('P.textcontains("1")', INT), 'PREDICATE_VALUE');
});

test('a key the schema does not hold keeps values as written: numbers, text, booleans, lists, big integers as longs', () => {
  const free: FilterKey = { name: 'x' };
  assert.deepEqual(parsePredicateText('P.within(1, 0.5, "a", true, [1])', free), p('within', 1, 0.5, 'a', true, [1]));
  assert.deepEqual(parsePredicateText('P.eq(12345678901234567890)', free), p('eq', new TypedNumber('biginteger', 12345678901234567890n)));
  assert.deepEqual(parsePredicateText('P.eq(9007199254740993)', free), p('eq', new TypedNumber('long', 9007199254740993n)));
});

test('propertyCondition: P. texts are predicates, other values equality converted to the key\'s type', () => {
  assert.deepEqual(propertyCondition('P.gt(29)', INT), p('gt', 29));
  assert.equal(propertyCondition(29, INT), 29);
  assert.deepEqual(propertyCondition([29, 30], INT), [29, 30]);
  assert.deepEqual(propertyCondition(0.5, { name: 'w', dataType: 'DOUBLE' }), new TypedNumber('double', 0.5));
  assert.equal(propertyCondition('P.gt(29)', TEXT, { keepStartP: true }), 'P.gt(29)');
  assert.equal(propertyCondition(' P.gt(29)', TEXT), ' P.gt(29)');
  assert.equal(propertyCondition('p.gt(29)', TEXT), 'p.gt(29)');
  const given = p('gt', 1);
  assert.equal(propertyCondition(given, INT), given);
  fails(() => propertyCondition('29', INT), 'PREDICATE_VALUE', /^Invalid value "29" for property 'age': expected a value of type INT$/);
  fails(() => propertyCondition('P.gt(29)', INT, { keepStartP: true }), 'PREDICATE_VALUE');
  fails(() => propertyCondition([29, 'x'], INT), 'PREDICATE_VALUE');
  fails(() => propertyCondition({ a: 1 }, { name: 'x' }), 'PREDICATE_VALUE', /\{"a":1\}/);
  fails(() => propertyCondition(null, TEXT), 'PREDICATE_VALUE');
  fails(() => propertyCondition('P.textContains("x")', TEXT), 'PREDICATE_OPERATOR');
});
