/**
 * Groovy expressions through `/gremlin` and `jobs/gremlin`: HugeGraph's answer shape, exact
 * longs past 2^53, the exception classes Groovy fails with, and every code-execution probe
 * refused with a 400 and HugeGraph's error body, the graph unchanged.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testServer, waitForTask, type TestServer } from './helpers.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';
const JSON_HEADERS = { 'content-type': 'application/json' };

async function groovyServer(): Promise<TestServer> {
  const server = await testServer();
  const graph = server.state.graph('DEFAULT', 'hugegraph');
  await graph.gremlin(`
graph.schema().propertyKey('name').asText().ifNotExist().create()
graph.schema().propertyKey('age').asInt().ifNotExist().create()
graph.schema().vertexLabel('person').properties('name', 'age').primaryKeys('name').nullableKeys('age').ifNotExist().create()
graph.addVertex(T.label, 'person', 'name', 'marko', 'age', 29)
graph.addVertex(T.label, 'person', 'name', 'josh', 'age', 32)`);
  return server;
}

test('/gremlin answers Groovy expressions in HugeGraph\'s reply shape, longs past 2^53 as exact JSON numbers', async () => {
  const server = await groovyServer();
  try {
    const cases: ReadonlyArray<readonly [unknown, string]> = [
      [{ gremlin: '1 + 2' }, '[3]'],
      [{ gremlin: 'x * 2', bindings: { x: 21 } }, '[42]'],
      [{ gremlin: '"hello ${name}, " + name.size()', bindings: { name: 'marko' } }, '["hello marko, 5"]'],
      [{ gremlin: 'g.V().count().next() + 1' }, '[3]'],
      [{ gremlin: 'def n = g.V().count().next(); n * 2' }, '[4]'],
      [{ gremlin: "g.V().has('name', who).values('age').next() > 30 ? 'old' : 'young'", bindings: { who: 'josh' } }, '["old"]'],
      [{ gremlin: "if (g.V().has('name', 'nobody').hasNext()) { 'found' } else { 'none' }" }, '["none"]'],
      [{ gremlin: '1 / 3' }, '[0.3333333333]'],
      [{ gremlin: '[a: 1, b: [2, 3]]' }, '[{"a":1,"b":[2,3]}]'],
      [{ gremlin: '[1, 2, 3][-1]' }, '[3]'],
      [{ gremlin: '9007199254740993L + 0' }, '[9007199254740993]'],
      [{ gremlin: 'g.V().count().next() * 9000000000000000000L' }, '[-446744073709551616]'],
      [{ gremlin: "hugegraph.traversal().V().values('age').toList().sum()" }, '[61]'],
    ];
    for (const [body, data] of cases) {
      const res = await server.call('POST', '/gremlin', body);
      assert.equal(res.status, 200, `${JSON.stringify(body)} -> ${res.text}`);
      assert.match(res.text, /^\{"requestId":"[0-9a-f-]{36}","status":\{"message":"","code":200,"attributes":\{\}\},"result":\{"data":/);
      assert.equal(res.text.slice(res.text.indexOf('"data":') + 7, res.text.indexOf(',"meta"')), data, JSON.stringify(body));
    }
    const exact = await server.call('POST', '/gremlin', '{"gremlin":"big + 1","bindings":{"big":9007199254740993}}', JSON_HEADERS);
    assert.equal(exact.status, 200, exact.text);
    assert.match(exact.text, /"data":\[9007199254740994\]/);
    const get = await server.call('GET', `/gremlin?gremlin=${encodeURIComponent('x > 1 ? "yes" : "no"')}&bindings=${encodeURIComponent('{"x":2}')}`);
    assert.equal(get.status, 200, get.text);
    assert.deepEqual(get.json.result.data, ['yes']);
  } finally {
    await server.close();
  }
});

test('jobs/gremlin runs Groovy expressions and keeps their value as the task result', async () => {
  const server = await groovyServer();
  try {
    const submitted = await server.call('POST', `${G}/jobs/gremlin`, { gremlin: "def n = g.V().count().next()\n\"people: ${n + 1}\"", bindings: {}, language: 'gremlin-groovy', aliases: {} });
    assert.equal(submitted.status, 201, submitted.text);
    const task = await waitForTask(server, `${G}/tasks/${String(submitted.json.task_id)}`, (status) => status === 'success' || status === 'failed');
    assert.equal(task['task_status'], 'success', JSON.stringify(task));
    assert.equal(task['task_result'], '["people: 3"]');
  } finally {
    await server.close();
  }
});

test('/gremlin answers a failing Groovy expression with 400 and the exception Groovy throws', async () => {
  const server = await groovyServer();
  try {
    const cases: ReadonlyArray<readonly [string, string, RegExp]> = [
      ['1 / 0', 'java.lang.ArithmeticException', /^Division by zero$/],
      ['5 % 0', 'java.lang.ArithmeticException', /^\/ by zero$/],
      ['m = null; m.size()', 'java.lang.NullPointerException', /Cannot invoke method size\(\) on null object/],
      ['true + 1', 'groovy.lang.MissingMethodException', /No signature of method: java.lang.Boolean.plus\(\)/],
      ["'a' < 1", 'java.lang.IllegalArgumentException', /Cannot compare java.lang.String with value 'a' and java.lang.Integer with value '1'/],
      ['g.V().next().name', 'groovy.lang.MissingPropertyException', /only maps have properties/],
      ['nobody + 1', 'groovy.lang.MissingPropertyException', /^No such property: nobody for class: Script1$/],
      ['1 +', 'org.codehaus.groovy.control.MultipleCompilationErrorsException', /expected a value after the operator/],
    ];
    for (const [gremlin, exception, message] of cases) {
      const res = await server.call('POST', '/gremlin', { gremlin });
      assert.equal(res.status, 400, `${gremlin} -> ${res.text}`);
      assert.deepEqual(Object.keys(res.json), ['exception', 'message', 'cause'], gremlin);
      assert.equal(res.json.exception, exception, `${gremlin} -> ${res.text}`);
      assert.equal(res.json.cause, `[${exception}]`, gremlin);
      assert.match(res.json.message, message, gremlin);
    }
  } finally {
    await server.close();
  }
});

/**
 * Ways a Groovy script could run code or reach Java classes, the JavaScript runtime or the file
 * system, each alone and hidden in the new expression forms (GStrings, operators, ternaries,
 * indexes, if blocks).
 */
const PROBES: readonly string[] = [
  'System.exit(0)',
  "Runtime.getRuntime().exec('id')",
  "java.lang.Runtime.getRuntime().exec('id')",
  "Class.forName('java.lang.Runtime')",
  "''.class",
  "''.getClass()",
  "''.class.forName('java.lang.Runtime')",
  "'x'.metaClass",
  'x = [:]; x.metaClass',
  '1.class',
  'g.V().next().getClass()',
  'graph.getClass()',
  'graph.schema().getClass()',
  "Eval.me('1 + 1')",
  "evaluate('1 + 1')",
  "new GroovyShell().evaluate('1')",
  "new File('/etc/passwd').text",
  "new File('/etc/passwd')",
  "'id'.execute()",
  "['id'].execute()",
  "'id'.execute().text",
  "@Grab('org.foo:bar:1') import foo",
  '{ -> 1 }()',
  "[1, 2].each { println it }",
  "def f = { x -> x }",
  "g.V().map { it.get().getClass() }",
  "this.class",
  "this.getClass()",
  "this.binding",
  "Thread.sleep(1000)",
  "sleep(1000)",
  "println 'x'",
  "'x'.invokeMethod('execute', null)",
  "'x'.&execute",
  "x = 'id'; x.execute()",
  'x.constructor',
  "''.constructor.constructor('return process')()",
  '[].__proto__',
  '[:].prototype',
  "'a'.valueOf()",
  "'a'.toString.call()",
  '"${System.exit(0)}"',
  '"${Runtime.getRuntime().exec(\'id\')}"',
  '"${\'id\'.execute()}"',
  '"$x.class"',
  '"${x.getClass()}"',
  "1 + System.exit(0)",
  "true ? System.exit(0) : 1",
  "null ?: Class.forName('x')",
  "[System.exit(0)][0]",
  "[:]['x'].execute()",
  "if (true) { System.exit(0) }",
  "if (Class.forName('x')) { 1 }",
  "'ls' as String[]",
  "(1..3).each { }",
  "Math.random()",
  "g.V().has('name', ''.getClass().getName())",
  "g.V().has('name', \"${new File('x')}\")",
  "g.inject(1).sideEffect { System.exit(0) }",
];

test('/gremlin refuses every code-execution probe with 400 and HugeGraph\'s error body, and changes nothing', async () => {
  const server = await groovyServer();
  try {
    const graph = server.state.graph('DEFAULT', 'hugegraph');
    const before = JSON.stringify(await graph.gremlin('g.V().valueMap()'));
    for (const probe of PROBES) {
      const res = await server.call('POST', '/gremlin', { gremlin: `g.addV('person').property('name', 'probe').iterate()\n${probe}`, bindings: { x: 'id' } });
      assert.equal(res.status, 400, `${probe} -> ${res.status} ${res.text}`);
      assert.deepEqual(Object.keys(res.json ?? {}), ['exception', 'message', 'cause'], `${probe} -> ${res.text}`);
      assert.equal(typeof res.json.exception, 'string', probe);
      assert.doesNotMatch(res.json.message, /is not a function|Cannot read properties|undefined/, `${probe} -> ${res.text}`);
    }
    assert.equal(JSON.stringify(await graph.gremlin('g.V().valueMap()')), before);
  } finally {
    await server.close();
  }
});
