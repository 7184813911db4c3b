import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ArgumentError, coversType, open, RESOURCE_TYPES } from '../../../src/index.js';
import type { Database, Graph, GraphPolicy, ResourceRule } from '../../../src/index.js';
import { CompiledPolicy, type LabelAccess } from '../../../src/database/graph/access/compiled-policy.js';

/** Runs `body` on a new graph with keys of several types and one `item` vertex per given property set. */
async function withItems(items: ReadonlyArray<Record<string, unknown>>, body: (graph: Graph) => Promise<void>): Promise<void> {
  const db = await open({ ttlSweepMs: 0 });
  try {
    await body(await itemGraph(db, items));
  } finally {
    await db.close();
  }
}

async function itemGraph(db: Database, items: ReadonlyArray<Record<string, unknown>>): Promise<Graph> {
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  const schema = graph.schema();
  await schema.propertyKey('age').asInt().create();
  await schema.propertyKey('score').asDouble().create();
  await schema.propertyKey('big').asLong().create();
  await schema.propertyKey('born').asDate().create();
  await schema.propertyKey('name').asText().create();
  for (const properties of items) await graph.addVertex('item', properties as never);
  return graph;
}

function grants(...rules: ResourceRule[]): GraphPolicy {
  return { grants: { READ: rules } };
}

/** The slots of `item` vertices whose READ test passes, through a read view. */
function passing(graph: Graph, access: LabelAccess): number[] {
  const view = graph.openReadView();
  try {
    return [...view.source.vertexSlots('item')].filter((slot) => (typeof access === 'boolean' ? access : access(view.source, slot)));
  } finally {
    view.release();
  }
}

const VERTEX_LABELS: ResourceRule = { type: 'VERTEX_LABEL', label: '*', properties: null };

test('coversType: a type covers itself, SCHEMA the four schema types, ALL elements and schema, ROOT everything', () => {
  for (const type of RESOURCE_TYPES) {
    assert.equal(coversType(type, type), true);
    assert.equal(coversType('ROOT', type), true);
  }
  for (const type of ['PROPERTY_KEY', 'VERTEX_LABEL', 'EDGE_LABEL', 'INDEX_LABEL'] as const) assert.equal(coversType('SCHEMA', type), true);
  assert.equal(coversType('SCHEMA', 'VERTEX'), false);
  for (const type of ['VERTEX', 'EDGE', 'VERTEX_AGGR', 'EDGE_AGGR', 'SCHEMA', 'GREMLIN', 'VERTEX_LABEL'] as const) assert.equal(coversType('ALL', type), true);
  for (const type of ['GRANT', 'USER_GROUP', 'TARGET', 'ROOT'] as const) assert.equal(coversType('ALL', type), false);
  assert.equal(coversType('VERTEX', 'EDGE'), false);
  assert.equal(coversType('VERTEX_LABEL', 'VERTEX'), false);
});

test('CompiledPolicy.covers matches a covering type and the label * or the name; coversEvery needs the label *', () =>
  withItems([], async (graph) => {
    const policy = new CompiledPolicy({ grants: { READ: [{ type: 'SCHEMA', label: 'person', properties: null }], EXECUTE: [{ type: 'ALL', label: 'x', properties: null }] } }, graph.catalog());
    assert.equal(policy.covers('READ', { type: 'VERTEX_LABEL', name: 'person' }), true);
    assert.equal(policy.covers('READ', { type: 'INDEX_LABEL', name: 'person' }), true);
    assert.equal(policy.covers('READ', { type: 'VERTEX_LABEL', name: 'software' }), false);
    assert.equal(policy.covers('READ', { type: 'VERTEX', name: 'person' }), false);
    assert.equal(policy.covers('WRITE', { type: 'VERTEX_LABEL', name: 'person' }), false, 'another permission');
    assert.equal(policy.covers('EXECUTE', { type: 'GREMLIN' }), true, 'a resource without a name: any label');
    assert.equal(policy.coversEvery('READ', 'VERTEX_LABEL'), false);
    assert.equal(new CompiledPolicy(grants({ type: 'ROOT', label: '*', properties: null }), graph.catalog()).coversEvery('READ', 'PROPERTY_KEY'), true);
  }));

test('labelAccess: READ needs the label covered too; a rule without conditions covers the label whole, label * covers every label', () =>
  withItems([], async (graph) => {
    const catalog = graph.catalog();
    const vertexOnly = new CompiledPolicy(grants({ type: 'VERTEX', label: '*', properties: null }), catalog);
    assert.equal(vertexOnly.labelAccess('READ', { kind: 'vertex', label: 'item' }), false, 'no READ on the vertex label');
    const both = new CompiledPolicy(grants({ type: 'VERTEX', label: 'item', properties: null }, VERTEX_LABELS), catalog);
    assert.equal(both.labelAccess('READ', { kind: 'vertex', label: 'item' }), true);
    assert.equal(both.labelAccess('READ', { kind: 'vertex', label: 'other' }), false);
    assert.equal(both.labelAccess('READ', { kind: 'edge', label: 'item' }), false, 'a VERTEX rule covers no edge');
    const all = new CompiledPolicy({ grants: { WRITE: [{ type: 'ALL', label: '*', properties: null }] } }, catalog);
    assert.equal(all.labelAccess('WRITE', { kind: 'edge', label: 'knows' }), true, 'WRITE needs no label rule');
    assert.equal(all.coversEveryElement('WRITE', 'vertex'), true);
    assert.equal(both.coversEveryElement('READ', 'vertex'), false);
    const star = new CompiledPolicy(grants({ type: 'VERTEX', label: '*', properties: { '*': '*' } }, VERTEX_LABELS), catalog);
    assert.equal(star.labelAccess('READ', { kind: 'vertex', label: 'item' }), true, "properties { '*': '*' } means any");
  }));

test('labelAccess: property conditions hold together (AND), rules are alternatives (OR), and a missing key fails its condition', () =>
  withItems([{ age: 10, name: 'a' }, { age: 20, name: 'b' }, { age: 30 }, { name: 'c' }], async (graph) => {
    const policy = new CompiledPolicy(
      grants(
        { type: 'VERTEX', label: 'item', properties: { age: 'P.gte(18)', name: 'b' } },
        { type: 'VERTEX', label: 'item', properties: { name: 'P.within("a","c")' } },
        VERTEX_LABELS,
      ),
      graph.catalog(),
    );
    const view = graph.openReadView();
    const slots = [...view.source.vertexSlots('item')];
    view.release();
    assert.deepEqual(passing(graph, policy.labelAccess('READ', { kind: 'vertex', label: 'item' })), [slots[0], slots[1], slots[3]]);
  }));

test("labelAccess: a literal is converted to its key's data type before it is compared, and one that does not convert holds for nothing", () =>
  withItems([{ score: 18, big: 5, born: new Date('2001-02-03T00:00:00Z'), name: '7' }], async (graph) => {
    const catalog = graph.catalog();
    const holds = (properties: ResourceRule['properties']): boolean => passing(graph, new CompiledPolicy(grants({ type: 'VERTEX', label: 'item', properties }, VERTEX_LABELS), catalog).labelAccess('READ', { kind: 'vertex', label: 'item' })).length === 1;
    assert.equal(holds({ score: 18 }), true, 'an int literal against a DOUBLE key');
    assert.equal(holds({ big: 5 }), true, 'against a LONG key');
    assert.equal(holds({ born: '2001-02-03T00:00:00Z' }), true, 'a text literal against a DATE key');
    assert.equal(holds({ born: 'P.lt("2001-02-04T00:00:00Z")' }), true, 'predicate values are converted too');
    assert.equal(holds({ name: 7 }), false, 'a number against a TEXT key does not convert: no match');
    assert.equal(holds({ name: '7' }), true);
    assert.equal(holds({ score: 'P.between(17.5, 18.5)' }), true);
    assert.equal(holds({ score: 'P.gt(18)' }), false);
  }));

test('a policy is compiled again for a property key re-created with another data type', () =>
  withItems([], async (graph) => {
    await graph.schema().propertyKey('code').asText().create();
    await graph.schema().vertexLabel('item').properties('code').nullableKeys('code').create();
    const h = graph.withPolicy(grants({ type: 'VERTEX', label: 'item', properties: { code: 5 } }, VERTEX_LABELS));
    await graph.addVertex('item', { code: '5' });
    assert.equal((await h.vertices()).vertices.length, 0, '5 is no TEXT value');
    await graph.schemaOperations().removeVertexLabel('item');
    await graph.schemaOperations().removePropertyKey('code');
    await graph.schema().propertyKey('code').asInt().create();
    await graph.schema().vertexLabel('item').properties('code').nullableKeys('code').create();
    await graph.addVertex('item', { code: 5 });
    assert.equal((await h.vertices()).vertices.length, 1);
  }));

test('a malformed policy is refused with the argument that is wrong', () =>
  withItems([], async (graph) => {
    const refused = (policy: unknown, pattern: RegExp): void => {
      assert.throws(() => graph.withPolicy(policy as GraphPolicy), (e: unknown) => e instanceof ArgumentError && pattern.test(e.message));
    };
    refused(undefined, /graph policy: expected grants/);
    refused({}, /expected grants/);
    refused({ grants: [] }, /graph policy grants: expected an object/);
    refused({ grants: { LOOK: [] } }, /permission 'LOOK'/);
    refused({ grants: { READ: {} } }, /READ grants: expected an array/);
    refused({ grants: { READ: [{ type: 'NODE', label: '*' }] } }, /READ rule 0 type/);
    refused({ grants: { READ: [{ type: 'VERTEX', label: 3 }] } }, /READ rule 0 label/);
    refused({ grants: { READ: [{ type: 'VERTEX', properties: { age: {} } }] } }, /property 'age'/);
    refused({ grants: { READ: [{ type: 'VERTEX', properties: { age: 'P.older(3)' } }] } }, /unknown operator 'older'/);
    refused({ unrestricted: 'yes', grants: {} }, /unrestricted: expected a boolean/);
    assert.ok(graph.withPolicy({ grants: { READ: [{ type: 'VERTEX' } as ResourceRule] } }), 'an absent label is *');
  }));
