/**
 * The request runner: `graph.gremlin()` takes text, a parsed script or bytecode as one
 * request; the fluent terminals start their traversals through it and convert their results
 * from the view the traversal read; a server's graph names are bound as script variables.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bytecode, open, openServerState, PlanError, Predicate, VariableRef } from '../../src/index.js';
import type { Graph } from '../../src/index.js';

async function people(): Promise<{ graph: Graph; close: () => Promise<void> }> {
  const db = await open();
  const graph = await db.createGraph('g');
  await graph.schema().propertyKey('name').asText().ifNotExist().create();
  await graph.schema().propertyKey('age').asInt().ifNotExist().create();
  await graph.schema().vertexLabel('person').properties('name', 'age').primaryKeys('name').nullableKeys('age').ifNotExist().create();
  await graph.addVertices([{ label: 'person', properties: { name: 'marko', age: 29 } }, { label: 'person', properties: { name: 'josh', age: 32 } }]);
  return { graph, close: () => db.close() };
}

test('graph.gremlin(bytecode) runs the traversal as one request, variables taken from the bindings', async () => {
  const { graph, close } = await people();
  const bytecode = new Bytecode([], [{ op: 'V', args: [] }, { op: 'has', args: ['person', 'age', new Predicate('P', 'gt', [new VariableRef('min')])] }, { op: 'values', args: ['name'] }]);
  assert.deepEqual(await graph.gremlin(bytecode, { bindings: { min: 30 } }), ['josh']);
  assert.deepEqual(await graph.gremlin(graph.traversal().V().has('name', 'marko').values('age').bytecode), [29]);
  const [count] = await graph.gremlin(new Bytecode([], [{ op: 'V', args: [] }, { op: 'count', args: [] }]));
  assert.equal(count, 2);
  // A failing request undoes every write it made, bytecode included.
  const failing = new Bytecode([], [{ op: 'addV', args: ['person'] }, { op: 'property', args: ['name', 'peter'] }, { op: 'V', args: [] }, { op: 'fail', args: [] }]);
  await assert.rejects(graph.gremlin(failing));
  assert.equal(await graph.getVertex('1:peter'), undefined);
  await assert.rejects(graph.gremlin(new Bytecode([], [{ op: 'V', args: [new VariableRef('nobody')] }])), (e: unknown) => e instanceof PlanError && e.code === 'UNKNOWN_VARIABLE');
  await close();
});

test('graph.gremlin(script) runs a parsed script; anything else is refused as before', async () => {
  const { graph, close } = await people();
  const script = { statements: [{ kind: 'expression' as const, expr: { kind: 'traversal' as const, source: 'g', bytecode: new Bytecode([], [{ op: 'V', args: [] }, { op: 'count', args: [] }]), position: { line: 1, column: 1 } } }] };
  assert.deepEqual(await graph.gremlin(script), [2]);
  await assert.rejects(graph.gremlin(42 as never), /Invalid Gremlin script/);
  await close();
});

test('a fluent traversal converts its results from the view it read, and lets it go when its terminal ends', async () => {
  const { graph, close } = await people();
  const traversal = graph.traversal().V().hasLabel('person').order().by('name');
  assert.equal(await traversal.hasNext(), true);
  // Written after the traversal started: its results still show the graph it read.
  await graph.updateVertexProperties('1:josh', { age: 33 });
  await graph.removeVertex('1:marko');
  const found = (await traversal.toList()) as Array<{ properties: Record<string, Array<{ value: unknown }>> }>;
  const value = (v: (typeof found)[number], key: string): unknown => v.properties[key]?.[0]?.value;
  assert.deepEqual(found.map((v) => [value(v, 'name'), value(v, 'age')]), [['josh', 32], ['marko', 29]]);
  // The view is released: a Gremlin request can hold the graph's transaction and commit.
  await graph.gremlin("graph.addVertex(T.label, 'person', 'name', 'peter')");
  assert.deepEqual(await graph.traversal().V().values('name').toList(), ['josh', 'peter']);
  await close();
});

test("a server binds graph names, traversal sources, aliases and this.binding.'<name>' as script variables, parsing the text once", async () => {
  const { state } = await openServerState({ adminPassword: 'secret1' });
  const graph = state.graph('DEFAULT', 'hugegraph');
  await graph.schema().propertyKey('name').asText().ifNotExist().create();
  await graph.schema().vertexLabel('person').properties('name').primaryKeys('name').ifNotExist().create();
  await graph.addVertex('person', { name: 'marko' });
  const texts = [
    'hugegraph.traversal().V().count()',
    '__g_hugegraph.V().count()',
    "this.binding.'DEFAULT-hugegraph'.traversal().V().count()",
    'this.binding."__g_DEFAULT-hugegraph".V().count()',
  ];
  for (const gremlin of texts) {
    const parsed = state.parseGremlin({ gremlin });
    assert.deepEqual([parsed.space, parsed.graph], ['DEFAULT', 'hugegraph'], gremlin);
    assert.deepEqual(await state.graph(parsed.space, parsed.graph).gremlin(parsed.script), [1], gremlin);
  }
  const aliased = state.parseGremlin({ gremlin: "people.V().has('name', 'hugegraph').count()", aliases: { people: '__g_hugegraph' } });
  assert.deepEqual([...(aliased.script.graphNames ?? [])], [['people', 'traversal']]);
  assert.deepEqual(await graph.gremlin(aliased.script), [0]);
  assert.throws(() => state.parseGremlin({ gremlin: 'g.V()', aliases: { x: 'nograph' } }), (e: unknown) => e instanceof Error && /Invalid alias 'x'/.test(e.message));
  await state.close();
});
