import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { Bytecode, EnumValue, Predicate, TypedNumber, Uuid, type Argument } from '../../src/engine/index.js';
import { GremlinSyntaxError } from '../../src/errors.js';
import { parseTraversal } from '../../src/grammar/index.js';

/** The arguments of `g.inject(<text>)`. */
function inject(text: string): readonly Argument[] {
  return parseTraversal(`g.inject(${text})`).steps[0]!.args;
}

function one(text: string): Argument {
  const args = inject(text);
  assert.equal(args.length, 1);
  return args[0]!;
}

describe('parseTraversal numeric literals', () => {
  test('an integer without suffix is a JS number (Java int)', () => {
    assert.equal(one('42'), 42);
    assert.equal(one('-7'), -7);
    assert.equal(one('1_000'), 1000);
  });
  test('an integer too large for int becomes long, then biginteger', () => {
    assert.deepEqual(one('3000000000'), new TypedNumber('long', 3000000000n));
    assert.deepEqual(one('99999999999999999999'), new TypedNumber('biginteger', 99999999999999999999n));
  });
  test('integer suffixes give byte, short, int, long and biginteger', () => {
    assert.deepEqual(one('1b'), new TypedNumber('byte', 1));
    assert.deepEqual(one('-2S'), new TypedNumber('short', -2));
    assert.equal(one('3i'), 3);
    assert.deepEqual(one('4l'), new TypedNumber('long', 4n));
    assert.deepEqual(one('5n'), new TypedNumber('biginteger', 5n));
  });
  test('hex and octal integers are read in their base', () => {
    assert.equal(one('0x1F'), 31);
    assert.equal(one('017'), 15);
    assert.deepEqual(one('0xFFl'), new TypedNumber('long', 255n));
    // b is a hex digit, not the byte suffix, in a hex literal
    assert.equal(one('0xb'), 11);
    assert.equal(one('0x1b'), 27);
    assert.deepEqual(one('0xbs'), new TypedNumber('short', 11));
  });
  test('decimals are double unless a suffix says float or bigdecimal', () => {
    assert.deepEqual(one('1.0'), new TypedNumber('double', 1));
    assert.deepEqual(one('2.5d'), new TypedNumber('double', 2.5));
    assert.deepEqual(one('1d'), new TypedNumber('double', 1));
    assert.deepEqual(one('0.1f'), new TypedNumber('float', Math.fround(0.1)));
    assert.deepEqual(one('1.25m'), new TypedNumber('bigdecimal', '1.25'));
    assert.deepEqual(one('-1.5e3'), new TypedNumber('double', -1500));
  });
  test('NaN and Infinity are doubles', () => {
    assert.ok(Number.isNaN((one('NaN') as TypedNumber).value));
    assert.deepEqual(one('-Infinity'), new TypedNumber('double', -Infinity));
    assert.deepEqual(one('+Infinity'), new TypedNumber('double', Infinity));
  });
  test('a value out of the range of its suffix is a syntax error', () => {
    assert.throws(() => one('128b'), GremlinSyntaxError);
    assert.throws(() => one('2147483648i'), GremlinSyntaxError);
    assert.throws(() => one('09'), /octal/);
  });
});

describe('parseTraversal string and other literals', () => {
  test('single and double quoted strings decode Java escapes', () => {
    assert.equal(one("'marko'"), 'marko');
    assert.equal(one('"a\\tb\\n\\"c\\u0041\\101\\\\"'), 'a\tb\n"cAA\\');
    assert.equal(one("'it\\'s'"), "it's");
    assert.equal(one('""'), '');
  });
  test('an unknown escape is a syntax error', () => {
    assert.throws(() => one("'a\\qb'"), /Invalid escape/);
  });
  test('true, false and null', () => {
    assert.deepEqual(inject('true, false, null'), [true, false, null]);
  });
  test('lists, maps, empty map and sets', () => {
    assert.deepEqual(one('[1, "a", [2]]'), [1, 'a', [2]]);
    assert.deepEqual(one('[]'), []);
    assert.deepEqual(one('[:]'), new Map());
    assert.deepEqual(one('{1, 2, 2}'), new Set([1, 2]));
    assert.deepEqual(one('[name: "marko", "age": 29, 1: 2, (T.id): 3, label: "x", OUT: 4]'), new Map<Argument, Argument>([
      ['name', 'marko'], ['age', 29], [1, 2], [new EnumValue('T', 'id'), 3], [new EnumValue('T', 'label'), 'x'], [new EnumValue('Direction', 'OUT'), 4],
    ]));
  });
  test('a bare name that is not a T or Direction constant is a string map key', () => {
    assert.deepEqual(one('[single: "value", keys: 1]'), new Map<Argument, Argument>([['single', 'value'], ['keys', 1]]));
  });
  test('datetime and UUID literals', () => {
    assert.deepEqual(one("datetime('2023-08-08T00:00:00Z')"), new Date(Date.UTC(2023, 7, 8)));
    assert.deepEqual(one("datetime('2023-08-08')"), new Date(Date.UTC(2023, 7, 8)));
    assert.deepEqual(one('UUID("F47AF10B-58CC-4372-A567-0F02B2F3D479")'), new Uuid('f47af10b-58cc-4372-a567-0f02b2f3d479'));
    assert.ok(one('UUID()') instanceof Uuid);
    assert.throws(() => one("UUID('nope')"), /Invalid UUID/);
    assert.throws(() => one("datetime('yesterday')"), /Invalid datetime/);
  });
  test("DateTime(...) and the other forms of Gremlin.g4's date literal", () => {
    assert.deepEqual(one("DateTime('2023-08-02T00:00:00Z')"), new Date(Date.UTC(2023, 7, 2)));
    assert.deepEqual(one('datetime("1970-01-01T00:00Z")'), new Date(0));
    assert.deepEqual(one("datetime('2023-08')"), new Date(Date.UTC(2023, 7, 1)));
    assert.deepEqual(one("datetime('2023-08-02T10:00:00+02:00')"), new Date(Date.UTC(2023, 7, 2, 8)));
    assert.deepEqual(one("datetime('2023-08-02T10:00:00.5-0130')"), new Date(Date.UTC(2023, 7, 2, 11, 30, 0, 500)));
    for (const now of ['datetime()', 'DateTime()']) {
      const value = one(now);
      assert.ok(value instanceof Date && Math.abs(value.getTime() - Date.now()) < 60_000);
    }
    assert.throws(() => one("DateTime('2023-02-30')"), /Invalid datetime/);
  });
});

describe('parseTraversal enums', () => {
  test('qualified constants of every enum type', () => {
    const cases: Array<[string, string, string]> = [
      ['T.label', 'T', 'label'], ['Direction.BOTH', 'Direction', 'BOTH'], ['Order.desc', 'Order', 'desc'],
      ['Column.keys', 'Column', 'keys'], ['Pop.mixed', 'Pop', 'mixed'], ['Scope.local', 'Scope', 'local'],
      ['Cardinality.list', 'Cardinality', 'list'], ['Operator.sumLong', 'Operator', 'sumLong'], ['Barrier.normSack', 'Barrier', 'normSack'],
      ['Merge.onCreate', 'Merge', 'onCreate'], ['Pick.none', 'Pick', 'none'], ['WithOptions.tokens', 'WithOptions', 'tokens'],
      ['GType.UUID', 'GType', 'UUID'], ['DT.hour', 'DT', 'hour'], ['Direction.from', 'Direction', 'OUT'],
    ];
    for (const [text, type, name] of cases) assert.deepEqual(one(text), new EnumValue(type, name), text);
  });
  test('bare constants as Gremlin.g4 allows them', () => {
    assert.deepEqual(inject('local, desc, OUT, id, keys, first, single, assign, onMatch, any, day'), [
      new EnumValue('Scope', 'local'), new EnumValue('Order', 'desc'), new EnumValue('Direction', 'OUT'), new EnumValue('T', 'id'),
      new EnumValue('Column', 'keys'), new EnumValue('Pop', 'first'), new EnumValue('Cardinality', 'single'), new EnumValue('Operator', 'assign'),
      new EnumValue('Merge', 'onMatch'), new EnumValue('Pick', 'any'), new EnumValue('DT', 'day'),
    ]);
  });
  test('an unknown constant is a syntax error naming the valid ones', () => {
    assert.throws(() => one('T.foo'), (e: unknown) => e instanceof GremlinSyntaxError && /Unknown enum constant T\.foo: expected one of id, label, key, value/.test(e.message) && e.column === 12);
    assert.throws(() => one('Scope.local.x'), GremlinSyntaxError);
  });
  test('a cardinality function wraps its value', () => {
    const value = one("Cardinality.list('a')") as unknown as { argumentKind: string; cardinality: string; value: Argument };
    assert.equal(value.argumentKind, 'cardinality');
    assert.equal(value.cardinality, 'list');
    assert.equal(value.value, 'a');
    assert.equal((one('single(1)') as unknown as { cardinality: string }).cardinality, 'single');
  });
});

describe('parseTraversal predicates', () => {
  test('P and TextP predicates with bare and qualified names', () => {
    assert.deepEqual(one('P.gt(1)'), new Predicate('P', 'gt', [1]));
    assert.deepEqual(one('lt(5)'), new Predicate('P', 'lt', [5]));
    assert.deepEqual(one("TextP.startingWith('ma')"), new Predicate('TextP', 'startingWith', ['ma']));
    assert.deepEqual(one("containing('a')"), new Predicate('TextP', 'containing', ['a']));
    assert.deepEqual(one('P.within([1, 2])'), new Predicate('P', 'within', [[1, 2]]));
    assert.deepEqual(one('P.typeOf(GType.INT)'), new Predicate('P', 'typeOf', [new EnumValue('GType', 'INT')]));
  });
  test('and, or, not and negate combine predicates', () => {
    assert.deepEqual(one('P.gt(1).and(P.lt(5)).or(P.eq(9))'), new Predicate('P', 'or', [
      new Predicate('P', 'and', [new Predicate('P', 'gt', [1]), new Predicate('P', 'lt', [5])]), new Predicate('P', 'eq', [9]),
    ]));
    assert.deepEqual(one('P.not(P.within(1, 2))'), new Predicate('P', 'not', [new Predicate('P', 'within', [1, 2])]));
    assert.deepEqual(one('gt(1).negate()'), new Predicate('P', 'not', [new Predicate('P', 'gt', [1])]));
  });
  test('not() of a traversal is the not step, not a predicate', () => {
    const where = parseTraversal('g.V().where(not(out()))').steps[1]!;
    assert.deepEqual(where.args[0], new Bytecode([], [{ op: 'not', args: [new Bytecode([], [{ op: 'out', args: [] }])] }]));
  });
  test('an unknown P method is a syntax error', () => {
    assert.throws(() => one('P.bigger(1)'), /Unknown predicate P\.bigger/);
    assert.throws(() => one('P.gt(1).xor(P.lt(2))'), /expected and\(P\), or\(P\) or negate\(\)/);
  });
});
