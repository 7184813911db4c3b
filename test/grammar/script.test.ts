import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { Bytecode, EnumValue, TypedNumber, type ScriptExpr, type ScriptStatement } from '../../src/engine/index.js';
import { GremlinSyntaxError, PlanError } from '../../src/errors.js';
import { parseScript, VariableRef } from '../../src/grammar/index.js';

/** A ScriptExpr without positions, for comparison. */
function strip(expr: ScriptExpr): unknown {
  switch (expr.kind) {
    case 'call':
      return { call: expr.method, target: strip(expr.target), args: expr.args.map(strip) };
    case 'list':
      return { list: expr.items.map(strip) };
    case 'map':
      return { map: expr.entries.map(([k, v]) => [strip(k), strip(v)]) };
    case 'traversal':
      return { traversal: expr.source, steps: expr.bytecode.steps.map((s) => s.op), terminal: expr.terminal?.op };
    case 'literal':
      return { literal: expr.value };
    case 'variable':
      return { variable: expr.name };
    case 'property':
      return { property: expr.name, target: strip(expr.target) };
    default:
      return { other: expr.kind };
  }
}

function exprOf(statement: ScriptStatement): ScriptExpr {
  assert.ok(statement.kind !== 'if');
  return statement.expr;
}

function scriptErrorAt(text: string, line: number, column: number, message: RegExp): void {
  assert.throws(() => parseScript(text), (e: unknown) => {
    assert.ok(e instanceof GremlinSyntaxError, `expected GremlinSyntaxError, got ${String(e)}`);
    assert.deepEqual([e.line, e.column], [line, column], e.message);
    assert.match(e.message, message);
    return true;
  });
}

describe('parseScript statements', () => {
  test('statements are separated by new lines or semicolons', () => {
    const script = parseScript("def a = 1\nb = 'x'; g.V().count()\n\n;g.E().toList()");
    assert.equal(script.statements.length, 4);
    assert.deepEqual(script.statements[0], { kind: 'assign', name: 'a', declare: true, expr: { kind: 'literal', value: 1, position: { line: 1, column: 9 } } });
    assert.equal(script.statements[1]!.kind, 'assign');
    assert.deepEqual(strip(exprOf(script.statements[2]!)), { traversal: 'g', steps: ['V', 'count'], terminal: undefined });
    assert.deepEqual(strip(exprOf(script.statements[3]!)), { traversal: 'g', steps: ['E'], terminal: 'toList' });
  });
  test('two statements on one line need a semicolon', () => {
    scriptErrorAt('a = 1 b = 2', 1, 7, /expected ';' or a new line between statements/);
  });
  test('an empty script has no statements', () => {
    assert.deepEqual(parseScript('  // nothing\n').statements, []);
  });
});

describe('parseScript expressions', () => {
  test('graph.addVertex and v.addEdge are calls on variables', () => {
    const script = parseScript("v = graph.addVertex(T.label, 'person', 'name', 'marko')\nw = graph.addVertex('software')\nv.addEdge('knows', w, 'weight', 0.5)");
    assert.deepEqual(strip(exprOf(script.statements[0]!)), {
      call: 'addVertex', target: { variable: 'graph' },
      args: [{ literal: new EnumValue('T', 'label') }, { literal: 'person' }, { literal: 'name' }, { literal: 'marko' }],
    });
    assert.deepEqual(strip(exprOf(script.statements[2]!)), {
      call: 'addEdge', target: { variable: 'v' },
      args: [{ literal: 'knows' }, { variable: 'w' }, { literal: 'weight' }, { literal: new TypedNumber('bigdecimal', '0.5') }],
    });
  });
  test('the schema builder chain is nested calls', () => {
    const expr = exprOf(parseScript("graph.schema().propertyKey('name').asText().ifNotExist().create()").statements[0]!);
    assert.deepEqual(strip(expr), {
      call: 'create', args: [], target: { call: 'ifNotExist', args: [], target: { call: 'asText', args: [], target: {
        call: 'propertyKey', args: [{ literal: 'name' }], target: { call: 'schema', args: [], target: { variable: 'graph' } },
      } } },
    });
  });
  test('terminal methods end a traversal, and later calls apply to its result', () => {
    const [first, second] = parseScript("g.V().hasNext()\ng.V(1).next().value('name')").statements.map(exprOf);
    assert.deepEqual(strip(first!), { traversal: 'g', steps: ['V'], terminal: 'hasNext' });
    assert.deepEqual(strip(second!), { call: 'value', target: { traversal: 'g', steps: ['V'], terminal: 'next' }, args: [{ literal: 'name' }] });
  });
  test('graph.traversal() and variables holding a source spawn traversals', () => {
    const script = parseScript("graph.traversal().V().toList()\nt = g.withSack(1)\nt.V().sack()");
    assert.deepEqual(strip(exprOf(script.statements[0]!)), { traversal: 'graph', steps: ['V'], terminal: 'toList' });
    const last = exprOf(script.statements[2]!);
    assert.ok(last.kind === 'traversal');
    assert.equal(last.source, 'g');
    assert.deepEqual(last.bytecode.source, [{ op: 'withSack', args: [1] }]);
  });
  test('a script variable inside a traversal becomes a VariableRef, a binding its value', () => {
    const script = parseScript("v = graph.addVertex('person')\ng.V(v).out(label1)", { bindings: new Map([['label1', 'knows']]) });
    const last = exprOf(script.statements[1]!);
    assert.ok(last.kind === 'traversal');
    assert.deepEqual(last.bytecode.steps, [{ op: 'V', args: [new VariableRef('v')] }, { op: 'out', args: ['knows'] }]);
  });
  test('lists and maps holding variables are list and map expressions', () => {
    const script = parseScript("a = 1\n[a, 2]\n[k: a]\n[1, __.out()]");
    assert.deepEqual(strip(exprOf(script.statements[1]!)), { list: [{ variable: 'a' }, { literal: 2 }] });
    assert.deepEqual(strip(exprOf(script.statements[2]!)), { map: [[{ literal: 'k' }, { variable: 'a' }]] });
    assert.deepEqual(strip(exprOf(script.statements[3]!)), { literal: [1, new Bytecode([], [{ op: 'out', args: [] }])] });
  });
});

describe('parseScript refuses what is not in the subset', () => {
  test('closures', () => {
    scriptErrorAt('g.V().filter { it -> true }', 1, 14, /Closures are not supported/);
    scriptErrorAt('g.V().each{ println it }', 1, 11, /Closures are not supported/);
  });
  test('Java classes, new and this', () => {
    scriptErrorAt('System.exit(0)', 1, 1, /Java classes are not supported: found 'System.exit'/);
    scriptErrorAt("Class.forName('x')", 1, 1, /Java classes are not supported/);
    scriptErrorAt('x = java.lang.Runtime', 1, 5, /Java classes are not supported/);
    scriptErrorAt('new File("/etc/passwd")', 1, 5, /Java classes are not supported: found 'new File'/);
    scriptErrorAt('this.binding', 1, 1, /Java classes are not supported/);
  });
  test('free function calls such as evaluate', () => {
    scriptErrorAt("evaluate('1')", 1, 1, /Unsupported call 'evaluate\(...\)'.*closures and Java classes are not supported/);
  });
  test('annotations and unknown variables', () => {
    scriptErrorAt('@Grab x', 1, 1, /Annotations are not supported/);
  });
  test('an undefined variable is an unknown variable (PlanError UNKNOWN_VARIABLE), not a syntax error', () => {
    for (const text of ['y.foo()', 'g.V(y)', 'x']) {
      assert.throws(() => parseScript(text), (e: unknown) => e instanceof PlanError && e.code === 'UNKNOWN_VARIABLE' && /^Unknown variable '[xy]' at line 1, column \d+$/.test(e.message));
    }
  });
  test('property access without parentheses is a property of a map, and .class or .metaClass are refused', () => {
    assert.deepEqual(strip(exprOf(parseScript('v = g.V().next()\nv.id').statements[1]!)), { property: 'id', target: { variable: 'v' } });
    scriptErrorAt('v = [:]\nv.class', 2, 3, /Java classes are not supported: found '.class'/);
    scriptErrorAt("'x'.metaClass.foo", 1, 5, /Java classes are not supported: found '.metaClass'/);
  });
});

describe('parseScript on a repeated text', () => {
  test('each call gets the values of its own bindings and its own plan objects', () => {
    const text = "g.V(vid).has('name', name).out(label1).toList()";
    const parseWith = (vid: number, name: string): ScriptExpr => {
      const script = parseScript(text, { bindings: new Map<string, unknown>([['vid', vid], ['name', name], ['label1', 'knows']]) });
      return exprOf(script.statements[0]!);
    };
    const first = parseWith(1, 'marko');
    const second = parseWith(2, 'vadas');
    assert.ok(first.kind === 'traversal' && second.kind === 'traversal');
    assert.deepEqual(first.bytecode.steps[0], { op: 'V', args: [1] });
    assert.deepEqual(second.bytecode.steps[0], { op: 'V', args: [2] });
    assert.deepEqual(second.bytecode.steps[1], { op: 'has', args: ['name', 'vadas'] });
    assert.notEqual(first.bytecode, second.bytecode);
  });
  test('an unbound name is refused again on the second call, and a syntax error stays an error', () => {
    const text = 'g.V(missing).count()';
    assert.equal(exprOf(parseScript(text, { bindings: new Map([['missing', 7]]) }).statements[0]!).kind, 'traversal');
    assert.throws(() => parseScript(text), (e: unknown) => e instanceof PlanError && /Unknown variable 'missing'/.test(e.message));
    scriptErrorAt('g.V(.count()', 1, 5, /./);
    scriptErrorAt('g.V(.count()', 1, 5, /./);
  });
  test('a script variable name declared by one call is not assumed by the next', () => {
    const text = 'g.V(v).count()';
    assert.equal(exprOf(parseScript(text, { variables: ['v'] }).statements[0]!).kind, 'traversal');
    assert.throws(() => parseScript(text), (e: unknown) => e instanceof PlanError && /Unknown variable 'v'/.test(e.message));
  });
});

describe('parseScript cache', () => {
  test('parseScript returns the same Script for a repeated text with equal scalar bindings', () => {
    const text = 'g.V(x).out().count()';
    const one = parseScript(text, { bindings: new Map([['x', 1]]) });
    assert.equal(parseScript(text, { bindings: new Map([['x', 1]]) }), one);
    assert.notEqual(parseScript(text, { bindings: new Map([['x', '1']]) }), one, 'a string binding is another key than a number');
    assert.notEqual(parseScript(text, { bindings: new Map([['x', 4]]) }), one);
    assert.deepEqual(parseScript(text, { bindings: new Map([['x', 4]]) }), parseScript(text.replace('x', '4')));
  });

  test('parseScript visits afresh when the call names session variables or binds a non-scalar', () => {
    const text = 'g.V(v).count()';
    assert.notEqual(parseScript(text, { variables: ['v'] }), parseScript(text, { variables: ['v'] }));
    const ids = new Map([['v', [1, 2]]]);
    assert.notEqual(parseScript(text, { bindings: ids }), parseScript(text, { bindings: ids }));
  });
});

describe('parseScript binds the names a resolver knows', () => {
  const resolver = (name: string): 'graph' | 'traversal' | undefined => (name === 'hugegraph' || name === 'DEFAULT-hugegraph' ? 'graph' : name === '__g_hugegraph' ? 'traversal' : undefined);
  test('graph names and traversal sources become variables, listed in the script', () => {
    const script = parseScript("hugegraph.traversal().V().count()\n__g_hugegraph.V().has('name', 'hugegraph')\nhugegraph.addVertex(T.label, 'person')", { graphNames: resolver });
    assert.deepEqual(script.statements.map((s) => strip(exprOf(s))), [
      { traversal: 'hugegraph', steps: ['V', 'count'], terminal: undefined },
      { traversal: '__g_hugegraph', steps: ['V', 'has'], terminal: undefined },
      { call: 'addVertex', target: { variable: 'hugegraph' }, args: [{ literal: new EnumValue('T', 'label') }, { literal: 'person' }] },
    ]);
    assert.deepEqual([...(script.graphNames ?? [])], [['hugegraph', 'graph'], ['__g_hugegraph', 'traversal']]);
  });
  test("this.binding.'<name>' is the name, in either quotes and with spaces", () => {
    const script = parseScript("this.binding.'DEFAULT-hugegraph'.traversal().V()\nthis . binding . \"__g_hugegraph\".E()", { graphNames: resolver });
    assert.deepEqual(script.statements.map((s) => strip(exprOf(s))), [
      { traversal: 'DEFAULT-hugegraph', steps: ['V'], terminal: undefined },
      { traversal: '__g_hugegraph', steps: ['E'], terminal: undefined },
    ]);
    assert.deepEqual(strip(exprOf(parseScript("x = 1; this.binding.'x'").statements[1]!)), { variable: 'x' });
  });
  test('a variable or binding of the same name wins, and without a resolver the name is unknown', () => {
    assert.equal(parseScript('hugegraph = g; hugegraph.V()', { graphNames: resolver }).graphNames, undefined);
    assert.equal(parseScript('hugegraph.V()', { graphNames: resolver, bindings: new Map([['hugegraph', 1]]) }).graphNames, undefined);
    assert.throws(() => parseScript('hugegraph.traversal().V()'), (e: unknown) => e instanceof PlanError && e.code === 'UNKNOWN_VARIABLE');
  });
});
