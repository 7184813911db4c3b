import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GremlinSyntaxError, QuiverError, TypedNumber } from '../../src/index.js';
import { openModern } from './modern-graph.js';

/** Bindings every row may use, as a HugeGraph client sends them. */
const BINDINGS = { x: 2, name: 'marko', big: 9007199254740993n, empty: '' };

/**
 * Groovy expressions with the plain value `graph.gremlin()` gives for each, as Groovy computes
 * it (a statement's value is the script's single result).
 */
const PLAIN: ReadonlyArray<readonly [string, unknown]> = [
  // arithmetic, Groovy's precedence and its number types
  ['1 + 2', 3],
  ['x * 2', 4],
  ['1 + 2 * 3', 7],
  ['(1 + 2) * 3', 9],
  ['10 - 4 - 3', 3],
  ['2 ** 10', 1024],
  ['2 ** 3 ** 2', 64],
  ['-2 ** 2', -4],
  ['2 ** -1', 0.5],
  ['-x', -2],
  ['7 % 3', 1],
  ['-7 % 3', -1],
  ['7.intdiv(2)', 3],
  ['1 / 4', 0.25],
  ['7 / 2', 3.5],
  ['10 / 5', 2],
  ['1 / 3', 0.3333333333],
  ['2 / 3', 0.6666666667],
  ['1.0 / 3', 0.3333333333],
  ['0.1 + 0.2', 0.3],
  ['0.1 + 0.2 == 0.3', true],
  ['1.1 * 3', 3.3],
  ['1.5d + 1', 2.5],
  ['1 / 2d', 0.5],
  ['2147483647 + 1', -2147483648],
  ['9223372036854775807L + 1', -9223372036854775808n],
  ['big + 1', 9007199254740994n],
  ['big * 2', 18014398509481986n],
  ['3000000000 * 3', 9000000000],
  // text
  ["'a' + 'b'", 'ab'],
  ["'n=' + 1 + 2", 'n=12'],
  ["1 + 2 + '!'", '3!'],
  ["'x' + null", 'xnull'],
  ["'list ' + [1, 'a']", 'list [1, a]'],
  ["'map ' + [k: 1]", 'map [k:1]'],
  ["'ab' * 3", 'ababab'],
  ["'abcb' - 'b'", 'acb'],
  ['"${name}"', 'marko'],
  ['"hello ${name}, ${x + 1} ${[1, 2].size()}"', 'hello marko, 3 2'],
  ['"$name is $x"', 'marko is 2'],
  ['m = [k: 7]; "v=$m.k"', 'v=7'],
  ['"a\\${x}"', 'a${x}'],
  ['"${"nested ${name}"}"', 'nested marko'],
  ["'$name'", '$name'],
  ['"cost: $5, $unknown and MatchStep$CountMatchAlgorithm"', 'cost: $5, $unknown and MatchStep$CountMatchAlgorithm'],
  ['"${1 / 3}"', '0.3333333333'],
  ['"${1.5d}"', '1.5'],
  ['"${0.0000001}"', '1E-7'],
  ['"${null}"', 'null'],
  // comparisons and equality
  ['1 < 2', true],
  ['2 <= 2', true],
  ['3 > 4', false],
  ["'a' < 'b'", true],
  ['1 == 1L', true],
  ['1 == 1.0', true],
  ["1 == '1'", false],
  ['[1, 2] == [1L, 2L]', true],
  ['[a: 1] == [a: 1.0]', true],
  ['null == null', true],
  ['null < 1', true],
  ['1 != 2', true],
  ['1 <=> 2', -1],
  ["'a' <=> 'c'", -2],
  ['1 in [1, 2]', true],
  ['1L in [1, 2]', false],
  ["'k' in [k: 1]", true],
  ["'k' in [k: 0]", false],
  // truth, logic, ternary and Elvis
  ['!true', false],
  ["!''", true],
  ['!![]', false],
  ['!![0]', true],
  ['!!0', false],
  ['!!0.0', false],
  ['true && false || true', true],
  ['x > 1 ? "big" : "small"', 'big'],
  ['x > 5 ? "big" : x > 1 ? "medium" : "small"', 'medium'],
  ['empty ?: "default"', 'default'],
  ['name ?: "default"', 'marko'],
  ['null ?: 0 ?: "last"', 'last'],
  // lists and maps: literals, indexes, properties, methods
  ['[1, 2, 3][0]', 1],
  ['[1, 2, 3][-1]', 3],
  ['[1, 2, 3][5]', null],
  ["'abc'[1]", 'b'],
  ["m = [k: 1, 'j': [2, 3]]; m['k'] + m.j[1]", 4],
  ['m = [k: 1]; m.missing', null],
  ['m = null; m?.k', null],
  ['m = null; m?.size()', null],
  ['[1, 2] + 3', [1, 2, 3]],
  ['[1, 2] + [3]', [1, 2, 3]],
  ['[1, 2, 3, 2] - 2', [1, 3]],
  ['[a: 1] + [b: 2]', new Map([['a', 1], ['b', 2]])],
  ['[1, 2] * 2', [1, 2, 1, 2]],
  ["'abc'.size()", 3],
  ['[1, 2, 3].size()', 3],
  ['[a: 1].size()', 1],
  ['12.toString()', '12'],
  ['[1, [2]].toString()', '[1, [2]]'],
  ['null.toString()', 'null'],
  ["'Marko'.toUpperCase().startsWith('MA')", true],
  ["' a '.trim()", 'a'],
  ["'abcdef'.substring(1, 3)", 'bc'],
  ["'42'.toInteger() + 1", 43],
  ['[3, 1, 2].max()', 3],
  ['[1, 2, 3].sum()', 6],
  ["[1, 2, 3].join('-')", '1-2-3'],
  ["[a: 1].containsKey('a')", true],
  ['(-5).abs()', 5],
  ['-5.abs()', -5],
  // def, assignment, if / else
  ['def y = 5; y = y * 2; y + 1', 11],
  ['def y = 1\ny = y + 1\ny', 2],
  ['def y = 1\n-1', -1],
  ['if (x > 1) { "yes" } else { "no" }', 'yes'],
  ['if (x > 5) "yes" else "no"', 'no'],
  ['if (x > 5) { "yes" }', null],
  ['if (x == 1) { "one" } else if (x == 2) { "two" } else { "many" }', 'two'],
  ['def r = 0\nif (x > 1) {\n  def t = 10\n  r = t + x\n}\nr', 12],
  ['def t = 1; if (true) { def t2 = 5; t = t2 }; t', 5],
  // traversals mixed with values
  ['g.V().count().next() + 1', 7],
  ['def n = g.V().count().next(); n * 2', 12],
  ["g.V().has('name', name).values('age').next() > 30 ? 'old' : 'young'", 'young'],
  ["g.V().has('name', 'josh').values('age').next() > 30 ? 'old' : 'young'", 'old'],
  ["g.V().has('age', x + 27).values('name')", 'marko'],
  ['g.V().has(\'name\', "${name}").values(\'age\')', 29],
  ["g.V().has('name', 'vadas').hasNext() ? 'found' : 'none'", 'found'],
  ["g.V().values('name').toList().size()", 6],
  ["def names = g.V().values('name').toList(); names[0] + '!'", 'marko!'],
  ["g.V().values('age').toList().sum()", 123],
  ["if (g.V().has('name', 'nobody').hasNext()) { 'yes' } else { g.V().count().next() }", 6],
  ["'count: ' + g.V().count().next()", 'count: 6'],
  ["\"${g.V(1).values('name').next()} knows ${g.V(1).out('knows').count().next()}\"", 'marko knows 2'],
  ["g.V(1).next().toString()", 'v[1]'],
  ['g.inject(1 + 2, x * 3).toList()', [3, 6]],
  ['t = g.withSack(x + 1)\nt.inject(1).sack()', 3],
  ['g.V().has("age", P.gt(x * 15)).values("name").toList()', ['josh', 'peter']],
];

test('graph.gremlin evaluates Groovy expressions as Groovy does, as plain values', async () => {
  const { db, graph } = await openModern();
  try {
    for (const [text, expected] of PLAIN) {
      const results = await graph.gremlin(text, { bindings: BINDINGS });
      const shown = `${text} -> ${String(results)}`;
      if (expected instanceof Map) assert.deepEqual(new Map(results[0] as Map<unknown, unknown>), expected, shown);
      else assert.deepEqual(results, Array.isArray(expected) ? expected : [expected], shown);
    }
  } finally {
    await db.close();
  }
});

/** Expressions with the Java type Groovy gives their value (`types: 'java'`). */
const JAVA: ReadonlyArray<readonly [string, unknown]> = [
  ['1 + 2', 3],
  ['1 + 2L', new TypedNumber('long', 3n)],
  ['1 + 2.5d', new TypedNumber('double', 3.5)],
  ['1f + 1', new TypedNumber('double', 2)],
  ['1 / 2', new TypedNumber('bigdecimal', '0.5')],
  ['6 / 3', new TypedNumber('bigdecimal', '2')],
  ['1.50 + 1', new TypedNumber('bigdecimal', '2.50')],
  ['1.5', new TypedNumber('bigdecimal', '1.5')],
  ['2 ** 40', new TypedNumber('long', 1099511627776n)],
  ['2 ** 70', new TypedNumber('biginteger', 1180591620717411303424n)],
  ['3000000000 + 1', new TypedNumber('long', 3000000001n)],
  ['1b + 1b', 2],
  ['g.V().count().next() + 1', new TypedNumber('long', 7n)],
  ['9223372036854775807L * 2', new TypedNumber('long', -2n)],
  ['-x', -2],
  ['12345678901234567890n + 1', new TypedNumber('biginteger', 12345678901234567891n)],
];

test('Groovy arithmetic keeps Groovy\'s number types: int and long wrap, / gives a BigDecimal, a double wins', async () => {
  const { db, graph } = await openModern();
  try {
    for (const [text, expected] of JAVA) {
      assert.deepEqual(await graph.gremlin(text, { bindings: BINDINGS, types: 'java' }), [expected], text);
    }
  } finally {
    await db.close();
  }
});

/** Expressions Groovy refuses at run time, with the code and message Quiver gives. */
const FAILURES: ReadonlyArray<readonly [string, string, RegExp]> = [
  ['1 / 0', 'DIVISION_BY_ZERO', /^Division by zero$/],
  ['0 / 0', 'DIVISION_BY_ZERO', /^Division undefined$/],
  ['x % 0', 'DIVISION_BY_ZERO', /^\/ by zero$/],
  ['5.intdiv(0)', 'DIVISION_BY_ZERO', /^\/ by zero$/],
  ["'a' < 1", 'SCRIPT_COMPARE', /^Cannot compare java.lang.String with value 'a' and java.lang.Integer with value '1'$/],
  ['true + 1', 'SCRIPT_OPERATOR', /^No signature of method: java.lang.Boolean.plus\(\) is applicable for argument types: \(java.lang.Integer\) values: \[1\]$/],
  ['1.5 % 1', 'SCRIPT_OPERATOR', /Cannot use mod\(\) on this number type: java.math.BigDecimal/],
  ['null + 1', 'NULL_DEREFERENCE', /^Cannot execute null\+1 at line 1, column \d+$/],
  ['m = null; m.k', 'NULL_DEREFERENCE', /Cannot get property 'k' on null object/],
  ['m = null; m.size()', 'NULL_DEREFERENCE', /Cannot invoke method size\(\) on null object/],
  ["'abc'[5]", 'SCRIPT_INDEX', /String index out of range: 5/],
  ['[1][-3]', 'SCRIPT_INDEX', /Negative array index \[-3\] too large for array size 1/],
  ["'x'.toInteger()", 'NUMBER_FORMAT', /For input string: "x"/],
  ["g.V(1).next().name", 'UNSUPPORTED_PROPERTY', /only maps have properties in a script; call a method instead, such as name\(\)/],
  ["'ls'.execute()", 'UNSUPPORTED_METHOD', /Unsupported method: execute\(\) on a string at line 1, column \d+/],
  ['2 ** 10000000', 'SCRIPT_VALUE_TOO_LARGE', /limit/],
  ["'ab' * 100000000", 'SCRIPT_VALUE_TOO_LARGE', /limit/],
  ['if (true) { def inner = 1 }; inner', 'UNKNOWN_VARIABLE', /Unknown variable 'inner'/],
];

test('Groovy expressions that fail in Groovy fail with a QuiverError naming the cause, and write nothing', async () => {
  const { db, graph } = await openModern();
  try {
    for (const [text, code, message] of FAILURES) {
      await assert.rejects(graph.gremlin(`g.addV('tmp').iterate(); ${text}`, { bindings: BINDINGS }), (e: unknown) => {
        assert.ok(e instanceof QuiverError, `${text}: ${String(e)}`);
        assert.equal(e.code, code, `${text}: ${e.message}`);
        assert.match(e.message, message, text);
        return true;
      });
    }
    assert.deepEqual(await graph.gremlin("g.V().hasLabel('tmp').count()"), [0]);
  } finally {
    await db.close();
  }
});

test('Groovy syntax outside the subset and traversals used as values are syntax errors with line and column', async () => {
  const { db, graph } = await openModern();
  try {
    const cases: ReadonlyArray<readonly [string, number, number, RegExp]> = [
      ['g.V().count() + 1', 1, 1, /A traversal is not a value: end it with next\(\), toList\(\), toSet\(\) or hasNext\(\) before using '\+' on it/],
      ['"n=${g.V()}"', 1, 6, /A traversal is not a value/],
      ['1 +', 1, 4, /Unexpected end of input: expected a value after the operator/],
      ['"a ${"', 1, 4, /Unexpected end of string: expected '}' closing '\$\{'/],
      ['if (x) { 1 + }', 1, 14, /expected a value after the operator/],
      ['x & 1', 1, 3, /this operator is not supported/],
      ['x = 1 y = 2', 1, 7, /expected ';' or a new line between statements/],
      ['x = 1\nfor (int i = 0; i < 3; i++) { x = x + i }', 2, 1, /Unsupported Groovy statement 'for': a script has def, assignments, if\/else and expressions/],
      ['while (x) { 1 }', 1, 1, /Unsupported Groovy statement 'while'/],
      ['try { 1 } catch (e) { 2 }', 1, 1, /Unsupported Groovy statement 'try'/],
    ];
    for (const [text, line, column, message] of cases) {
      await assert.rejects(graph.gremlin(text, { bindings: BINDINGS }), (e: unknown) => {
        assert.ok(e instanceof GremlinSyntaxError, `${text}: ${String(e)}`);
        assert.deepEqual([e.line, e.column], [line, column], `${text}: ${e.message}`);
        assert.match(e.message, message, text);
        return true;
      });
    }
  } finally {
    await db.close();
  }
});

test('gremlin-lang has no Groovy operators, and its double-quoted strings stay plain text', async () => {
  const { parseTraversal } = await import('../../src/grammar/index.js');
  assert.throws(() => parseTraversal('g.V().has("age", 1 + 1)'), (e: unknown) => e instanceof GremlinSyntaxError && /operators are not part of gremlin-lang/.test(e.message) && e.column === 20);
  assert.throws(() => parseTraversal('g.V() + 1'), (e: unknown) => e instanceof GremlinSyntaxError && /operators are not part of gremlin-lang/.test(e.message));
  assert.deepEqual(parseTraversal('g.inject("a${b}", -1, [1, -2])').steps[0]!.args, ['a${b}', -1, [1, -2]]);
});
