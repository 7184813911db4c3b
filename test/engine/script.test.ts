import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bytecode, EnumValue } from '../../src/engine/bytecode.js';
import type { Argument } from '../../src/engine/bytecode.js';
import type { Script, ScriptExpr } from '../../src/engine/script.js';
import { runScript } from '../../src/engine/script-runner/run-script.js';
import type { ScriptHost } from '../../src/engine/script-runner/host.js';
import { Vertex } from '../../src/engine/elements.js';
import { TypedNumber, VariableRef } from '../../src/engine/index.js';
import { catalogOperations, SchemaBuilder } from '../../src/database/graph/schema/index.js';
import { SchemaCatalog } from '../../src/storage/schema/index.js';
import type { GraphWriter } from '../../src/port/index.js';
import { ReferenceGraph, modern } from './reference-source.js';

const at = { line: 1, column: 1 };
const v = (name: string): ScriptExpr => ({ kind: 'variable', name, position: at });
const lit = (value: Argument): ScriptExpr => ({ kind: 'literal', value, position: at });
const call = (target: ScriptExpr, method: string, ...args: ScriptExpr[]): ScriptExpr => ({ kind: 'call', target, method, args, position: { line: 2, column: 7 } });
const trav = (steps: [string, ...Argument[]][], terminal?: 'next' | 'toList'): ScriptExpr => ({
  kind: 'traversal',
  source: 'g',
  bytecode: new Bytecode([], steps.map(([op, ...args]) => ({ op, args }))),
  terminal: terminal === undefined ? undefined : { op: terminal, args: [] },
  position: at,
});

function host(graph: ReferenceGraph, schema = newSchema().schema): ScriptHost {
  return { context: () => ({ source: graph, write: <T>(fn: (w: GraphWriter) => T): T => graph.write(fn) }), schema: () => schema };
}

function newSchema(): { schema: SchemaBuilder; catalog: SchemaCatalog } {
  const catalog = new SchemaCatalog();
  return { schema: new SchemaBuilder(catalogOperations(catalog), catalog), catalog };
}

test('runScript returns the last traversal results', async () => {
  const script: Script = { statements: [{ kind: 'expression', expr: trav([['V'], ['has', 'name', 'marko'], ['values', 'age']]) }] };
  assert.deepEqual(await runScript(script, host(modern())), [29]);
});

test('runScript adds vertices and edges through graph and vertex methods', async () => {
  const graph = new ReferenceGraph();
  const script: Script = {
    statements: [
      { kind: 'assign', name: 'a', declare: true, expr: call(v('graph'), 'addVertex', lit(new EnumValue('T', 'label')), lit('person'), lit('name'), lit('marko')) },
      { kind: 'assign', name: 'b', declare: true, expr: call(v('graph'), 'addVertex', lit(new EnumValue('T', 'label')), lit('person'), lit('name'), lit('vadas')) },
      { kind: 'expression', expr: call(v('a'), 'addEdge', lit('knows'), v('b'), lit('weight'), lit(0.5)) },
      { kind: 'expression', expr: trav([['V', new VariableRef('a')], ['out', 'knows'], ['values', 'name']]) },
    ],
  };
  assert.deepEqual(await runScript(script, host(graph)), ['vadas']);
});

test('runScript reads element getters', async () => {
  const script: Script = {
    statements: [
      { kind: 'assign', name: 'm', declare: true, expr: trav([['V', 1]], 'next') },
      { kind: 'expression', expr: call(v('m'), 'value', lit('name')) },
    ],
  };
  assert.deepEqual(await runScript(script, host(modern())), ['marko']);
  const label = await runScript({ statements: [{ kind: 'expression', expr: call(trav([['V', 2]], 'next'), 'label') }] }, host(modern()));
  assert.deepEqual(label, ['person']);
  const got = await runScript({ statements: [{ kind: 'expression', expr: trav([['V', 1]], 'next') }] }, host(modern()));
  assert.ok(got[0] instanceof Vertex);
});

test('runScript delegates schema chains to the host builder', async () => {
  const { schema, catalog } = newSchema();
  const expr = call(call(call(call(v('graph'), 'schema'), 'propertyKey', lit('name')), 'asInt'), 'create');
  const [record] = await runScript({ statements: [{ kind: 'expression', expr }] }, host(new ReferenceGraph(), schema));
  assert.equal((record as { name: string }).name, 'name');
  assert.equal(catalog.propertyKey('name')?.dataType, 'INT');
});

test('runScript refuses schema builder methods outside the allow-list before anything runs', async () => {
  const { schema, catalog } = newSchema();
  const run = (expr: ScriptExpr): Promise<unknown[]> => runScript({ statements: [{ kind: 'expression', expr }] }, host(new ReferenceGraph(), schema));
  const key = call(call(v('graph'), 'schema'), 'propertyKey', lit('age'));
  for (const name of ['constructor', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'toString', '__proto__', 'missing', 'checkUpdate', 'common', 'createOptions', 'ops']) {
    await assert.rejects(run(call(key, name, lit('x'))), { code: 'UNSUPPORTED_METHOD', message: `Unsupported method: ${name}() on property key builder at line 2, column 7` });
    await assert.rejects(run(call(call(v('graph'), 'schema'), name)), { code: 'UNSUPPORTED_METHOD' });
  }
  assert.deepEqual(catalog.propertyKeys(), []);
});

test('runScript checks the arity and kinds of schema builder arguments', async () => {
  const { schema, catalog } = newSchema();
  const run = (expr: ScriptExpr): Promise<unknown[]> => runScript({ statements: [{ kind: 'expression', expr }] }, host(new ReferenceGraph(), schema));
  const label = call(call(v('graph'), 'schema'), 'vertexLabel', lit('person'));
  await assert.rejects(run(call(label, 'enableLabelIndex', lit('yes'))), {
    code: 'SCRIPT_ARGUMENTS', message: 'Cannot call enableLabelIndex() on vertex label builder: argument 1 must be a boolean but got a string at line 2, column 7',
  });
  await assert.rejects(run(call(call(v('graph'), 'schema'), 'propertyKey')), { code: 'SCRIPT_ARGUMENTS', message: /expected 1 argument but got 0/ });
  await assert.rejects(run(call(label, 'ifNotExist', lit(1))), { code: 'SCRIPT_ARGUMENTS', message: /expected 0 arguments but got 1/ });
  await run(call(call(call(label, 'ttl', lit(new TypedNumber('long', 5000n))), 'userdata', lit('tags'), lit(new Map([['a', 1]]))), 'create'));
  assert.equal(catalog.vertexLabel('person')?.ttl, 5000);
  assert.deepEqual(catalog.vertexLabel('person')?.userData['tags'], { a: 1 });
});

test('runScript refuses graph, source and element methods outside the allow-list', async () => {
  const graph = modern();
  const run = (expr: ScriptExpr): Promise<unknown[]> => runScript({ statements: [{ kind: 'expression', expr }] }, host(graph));
  for (const name of ['constructor', 'valueOf', 'hasOwnProperty', 'toString', 'slot', 'outV']) {
    if (name !== 'toString') {
      await assert.rejects(run(call(trav([['V', 1]], 'next'), name)), { code: 'UNSUPPORTED_METHOD', message: `Unsupported method: ${name}() on vertex at line 2, column 7` });
    }
    await assert.rejects(run(call(v('graph'), name)), { code: 'UNSUPPORTED_METHOD', message: `Unsupported method: ${name}() on graph at line 2, column 7` });
    await assert.rejects(run(call(v('g'), name)), { code: 'UNSUPPORTED_METHOD', message: `Unsupported method: ${name}() on traversal source at line 2, column 7` });
  }
  await assert.rejects(run(call(trav([['V', 1]], 'next'), 'value')), { code: 'SCRIPT_ARGUMENTS', message: /value\(\) on vertex: expected 1 argument but got 0/ });
  await assert.rejects(run(call(trav([['V', 1]], 'next'), 'addEdge', lit('knows'), lit(2))), { code: 'SCRIPT_ARGUMENTS', message: /argument 2 must be a vertex but got a number/ });
  await assert.rejects(run(call(trav([['V', 1]], 'next'), 'property', lit('a'), lit(1), lit(2))), { code: 'SCRIPT_ARGUMENTS', message: /expected 1 to 2 arguments but got 3/ });
  assert.deepEqual(await run(call(trav([['V', 1]], 'next'), 'value', lit('name'))), ['marko']);
  assert.deepEqual(await run(call(trav([['V', 1]], 'next'), 'toString')), ['v[1]'], 'toString() is on the allow-list of every value');
});

test('runScript refuses unknown methods naming the method and position', async () => {
  const expr = call(v('graph'), 'close');
  await assert.rejects(runScript({ statements: [{ kind: 'expression', expr }] }, host(new ReferenceGraph())), {
    code: 'UNSUPPORTED_METHOD',
    message: 'Unsupported method: close() on graph at line 2, column 7',
  });
});
