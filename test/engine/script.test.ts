import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bytecode, EnumValue } from '../../src/engine/bytecode.js';
import type { Argument } from '../../src/engine/bytecode.js';
import type { Script, ScriptExpr } from '../../src/engine/script.js';
import { runScript } from '../../src/engine/script-runner/run-script.js';
import type { ScriptHost } from '../../src/engine/script-runner/host.js';
import { Vertex } from '../../src/engine/elements.js';
import { VariableRef } from '../../src/engine/index.js';
import type { GraphWriter } from '../../src/engine/port.js';
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

class FakeSchema {
  readonly calls: string[] = [];
  propertyKey(name: string): this {
    this.calls.push(`propertyKey:${name}`);
    return this;
  }
  asText(): this {
    this.calls.push('asText');
    return this;
  }
  async create(): Promise<string> {
    this.calls.push('create');
    return 'created';
  }
}

function host(graph: ReferenceGraph, schema = new FakeSchema()): ScriptHost {
  return { context: () => ({ source: graph, write: <T>(fn: (w: GraphWriter) => T): T => graph.write(fn) }), schema: () => schema };
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
  const schema = new FakeSchema();
  const expr = call(call(call(call(v('graph'), 'schema'), 'propertyKey', lit('name')), 'asText'), 'create');
  assert.deepEqual(await runScript({ statements: [{ kind: 'expression', expr }] }, host(new ReferenceGraph(), schema)), ['created']);
  assert.deepEqual(schema.calls, ['propertyKey:name', 'asText', 'create']);
});

test('runScript refuses unknown methods naming the method and position', async () => {
  const expr = call(v('graph'), 'close');
  await assert.rejects(runScript({ statements: [{ kind: 'expression', expr }] }, host(new ReferenceGraph())), {
    code: 'UNSUPPORTED_METHOD',
    message: 'Unsupported method: close() at line 2, column 7',
  });
});
