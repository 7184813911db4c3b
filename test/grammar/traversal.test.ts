import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { Bytecode, EnumValue, Predicate, StrategySpec, type Argument } from '../../src/engine/index.js';
import { GremlinSyntaxError } from '../../src/errors.js';
import { parseTraversal } from '../../src/grammar/index.js';

function syntaxErrorAt(text: string, line: number, column: number, message: RegExp): void {
  assert.throws(() => parseTraversal(text), (e: unknown) => {
    assert.ok(e instanceof GremlinSyntaxError, `expected GremlinSyntaxError, got ${String(e)}`);
    assert.equal(e.code, 'GREMLIN_SYNTAX');
    assert.deepEqual([e.line, e.column], [line, column], e.message);
    assert.match(e.message, message);
    return true;
  });
}

describe('parseTraversal steps', () => {
  test('splits source instructions from the spawn step and the steps after it', () => {
    const b = parseTraversal("g.withSack(1.0).withSideEffect('a', [1]).V(1).out('knows').values('name')");
    assert.deepEqual(b.source.map((i) => i.op), ['withSack', 'withSideEffect']);
    assert.deepEqual(b.steps, [
      { op: 'V', args: [1] },
      { op: 'out', args: ['knows'] },
      { op: 'values', args: ['name'] },
    ]);
  });
  test('nested traversals with and without __', () => {
    const b = parseTraversal("g.V().repeat(out()).until(__.has('name', 'x')).union(in(), __.both('a').count())");
    assert.deepEqual(b.steps[1]!.args[0], new Bytecode([], [{ op: 'out', args: [] }]));
    assert.deepEqual(b.steps[2]!.args[0], new Bytecode([], [{ op: 'has', args: ['name', 'x'] }]));
    assert.deepEqual(b.steps[3]!.args, [new Bytecode([], [{ op: 'in', args: [] }]), new Bytecode([], [{ op: 'both', args: ['a'] }, { op: 'count', args: [] }])]);
  });
  test('step names are not validated, and keywords may be step names', () => {
    assert.deepEqual(parseTraversal('g.V().fooBar(1).as("a").from("a").is(null)').steps.map((s) => s.op), ['V', 'fooBar', 'as', 'from', 'is']);
  });
  test('line comments and new lines are allowed between steps', () => {
    assert.equal(parseTraversal('g.V()  // all\n  .out()\n  /* then */ .count()').steps.length, 3);
  });
  test('a trailing semicolon is allowed', () => {
    assert.equal(parseTraversal('g.V();').steps.length, 1);
  });
});

describe('parseTraversal strategies', () => {
  test('withStrategies takes bare names, calls with configuration and new', () => {
    const b = parseTraversal("g.withStrategies(ReadOnlyStrategy, SubgraphStrategy(vertices: __.has('age'), checkAdjacentVertices: false), new PartitionStrategy(partitionKey: '_p', readPartitions: ['a'])).V()");
    assert.deepEqual(b.source[0]!.args, [
      new StrategySpec('ReadOnlyStrategy', new Map()),
      new StrategySpec('SubgraphStrategy', new Map<string, Argument>([['vertices', new Bytecode([], [{ op: 'has', args: ['age'] }])], ['checkAdjacentVertices', false]])),
      new StrategySpec('PartitionStrategy', new Map<string, Argument>([['partitionKey', '_p'], ['readPartitions', ['a']]])),
    ]);
  });
  test('withoutStrategies takes class names', () => {
    assert.deepEqual(parseTraversal('g.withoutStrategies(CountStrategy, LazyBarrierStrategy).V()').source[0]!.args, [
      new StrategySpec('CountStrategy', new Map()), new StrategySpec('LazyBarrierStrategy', new Map()),
    ]);
  });
  test('new and class names outside withStrategies are refused', () => {
    syntaxErrorAt('g.V(new Foo())', 1, 9, /Java classes are not supported: found 'new Foo'/);
    syntaxErrorAt('g.V(ReadOnlyStrategy)', 1, 5, /Variable 'ReadOnlyStrategy' is not defined/);
    syntaxErrorAt('g.V(System.exit(0))', 1, 5, /Java classes are not supported: found 'System.exit'/);
    syntaxErrorAt('g.V(java.lang.Runtime)', 1, 5, /Java classes are not supported/);
  });
  test('a named argument outside a strategy is refused', () => {
    syntaxErrorAt('g.V().has(name: 1)', 1, 11, /only strategies take name: value arguments/);
  });
});

describe('parseTraversal variables', () => {
  test('a bound name becomes its value, wherever it stands', () => {
    const bindings = new Map<string, unknown>([['vid', 1], ['p', new Predicate('P', 'gt', [2])], ['m', new Map([['a', 1]])]]);
    const b = parseTraversal('g.V(vid).has("age", p).mergeV(m).inject([vid, 2])', { bindings });
    assert.deepEqual(b.steps.map((s) => s.args), [[1], ['age', new Predicate('P', 'gt', [2])], [new Map([['a', 1]])], [[1, 2]]]);
  });
  test('an unbound name is a syntax error at its position', () => {
    syntaxErrorAt('g.V(x)', 1, 5, /^Variable 'x' is not defined at line 1, column 5$/);
    syntaxErrorAt('g.V().\n  has("a", xx1)', 2, 12, /Variable 'xx1' is not defined/);
  });
  test('enum names win over bindings, as keywords do in Gremlin.g4', () => {
    assert.deepEqual(parseTraversal('g.V().order().by(desc)', { bindings: new Map([['desc', 1]]) }).steps[2]!.args, [new EnumValue('Order', 'desc')]);
  });
});

describe('parseTraversal errors', () => {
  test('report what was found and what was expected, with line and column', () => {
    syntaxErrorAt('g.V().out(,)', 1, 11, /^Unexpected ',': expected/);
    syntaxErrorAt('g.V(1', 1, 6, /^Unexpected end of input: expected/);
    syntaxErrorAt('g.V() out()', 1, 7, /^Unexpected 'out': expected '.' followed by a step/);
    syntaxErrorAt("g.V().has('name)", 1, 11, /^Unexpected end of string: expected a closing '/);
    syntaxErrorAt('g.V().out(#)', 1, 11, /^Unexpected character '#'/);
  });
  test('a traversal must start with g and have a step', () => {
    syntaxErrorAt('__.out()', 1, 1, /expected a traversal starting with g/);
    syntaxErrorAt('g', 1, 1, /expected a spawn step/);
    syntaxErrorAt('out()', 1, 1, /expected a traversal starting with g/);
  });
  test('a step name without parentheses, a bare __ and g inside an argument are refused', () => {
    syntaxErrorAt('g.V().out', 1, 7, /expected a step call such as out\(\)/);
    syntaxErrorAt('g.V().map(__)', 1, 11, /expected a step such as __.out\(\)/);
    syntaxErrorAt('g.V().map(g.V())', 1, 11, /use __ to start an anonymous traversal/);
  });
  test('a terminal method is refused by parseTraversal', () => {
    syntaxErrorAt('g.V().toList()', 1, 7, /Unexpected terminal method 'toList\(\)'/);
  });
  test('closures are refused', () => {
    syntaxErrorAt('g.V().filter{ it.get() }', 1, 13, /Closures are not supported/);
    syntaxErrorAt('g.V().map({ x -> x })', 1, 11, /Closures are not supported/);
    syntaxErrorAt('g.V().map({it})', 1, 11, /Closures are not supported/);
  });
});
