import { test } from 'node:test';
import assert from 'node:assert/strict';
import { schemaToGroovy } from '../../../src/index.js';
import type { GraphPolicy } from '../../../src/index.js';
import { SchemaCatalog } from '../../../src/storage/index.js';
import { ADULTS_POLICY, rejection, rule, withPeople } from './people.js';

/** READ on the key `name`, the vertex label `person` and every index label; no edge label. */
const PERSON_SCHEMA: GraphPolicy = { grants: { READ: [rule('PROPERTY_KEY', 'name'), rule('VERTEX_LABEL', 'person'), rule('INDEX_LABEL'), rule('VERTEX', 'person')] } };

test('withPolicy: catalog() shows the schema elements READ covers, an index label only with its base label, and stays one snapshot until the schema changes', () =>
  withPeople(async ({ graph }) => {
    const h = graph.withPolicy(PERSON_SCHEMA);
    const c = h.catalog();
    assert.deepEqual(c.propertyKeys().map((k) => k.name), ['name']);
    assert.deepEqual(c.vertexLabels().map((l) => l.name), ['person']);
    assert.deepEqual(c.edgeLabels(), []);
    assert.deepEqual(c.indexLabels().map((i) => i.name), ['personByAge']);
    assert.equal(c.propertyKey('age'), undefined);
    assert.equal(c.propertyKeyById(graph.catalog().propertyKey('age')!.id), undefined);
    assert.equal(c.edgeLabel('knows'), undefined);
    assert.equal(c.indexLabel('knowsByWeight'), undefined, 'its base label is hidden');
    assert.deepEqual(c.indexLabelsOf('VERTEX_LABEL', 'person').map((i) => i.name), ['personByAge']);
    assert.deepEqual(c.indexLabelsOf('EDGE_LABEL', 'knows'), []);
    assert.equal(c.vertexLabel('person'), graph.catalog().vertexLabel('person'), 'records of visible elements are shown as they are');
    assert.equal(h.catalog(), c, 'the same snapshot until the schema changes');
    const json = c.toJSON();
    assert.deepEqual([json.propertyKeys.length, json.vertexLabels.length, json.edgeLabels.length, json.indexLabels.length], [1, 1, 0, 1]);
    assert.deepEqual(SchemaCatalog.fromJSON(json).indexLabels().map((i) => i.name), ['personByAge'], 'a filtered schema is a whole one');
    assert.match(schemaToGroovy(c), /personByAge/);
    await graph.schema().propertyKey('nick').asText().create();
    assert.notEqual(h.catalog(), c);
    assert.equal(graph.withPolicy({ grants: { READ: [rule('SCHEMA')] } }).catalog().edgeLabels().length, 2, 'SCHEMA covers every schema type');
    assert.equal(graph.withPolicy({ grants: { READ: [rule('ALL')] } }).catalog(), graph.catalog(), 'a policy that shows the whole schema hands out the graph own snapshot');
    assert.deepEqual(graph.withPolicy({ grants: {} }).catalog().propertyKeys(), []);
  }));

test("withPolicy: the schema builder's getters and index status read the schema as the policy shows it", () =>
  withPeople(async ({ graph }) => {
    const h = graph.withPolicy(PERSON_SCHEMA);
    assert.equal(h.schema().getVertexLabel('person').name, 'person');
    const hidden = await rejection(Promise.resolve().then(() => h.schema().getEdgeLabel('knows')), 'EDGE_LABEL_NOT_FOUND');
    const missing = await rejection(Promise.resolve().then(() => h.schema().getEdgeLabel('nope')), 'EDGE_LABEL_NOT_FOUND');
    assert.equal(hidden.message.replace('knows', 'X'), missing.message.replace('nope', 'X'));
    assert.deepEqual(h.schema().getPropertyKeys().map((k) => k.name), ['name']);
    assert.equal(h.indexStatus('knowsByWeight'), undefined);
    assert.equal(h.indexBuilding('knowsByWeight'), false);
  }));

test('withPolicy: schema changes need WRITE to create or update and DELETE to remove the element, and a hidden one is missing', () =>
  withPeople(async ({ graph }) => {
    const h = graph.withPolicy({ grants: { READ: [rule('SCHEMA', 'person'), rule('PROPERTY_KEY')], WRITE: [rule('PROPERTY_KEY'), rule('VERTEX_LABEL', 'person')], DELETE: [rule('PROPERTY_KEY', 'nick')] } });
    await h.schema().propertyKey('nick').asText().create();
    const denied = await rejection(h.schema().vertexLabel('robot').properties('name').primaryKeys('name').create(), 'PERMISSION_DENIED');
    assert.equal(denied.message, "Permission denied: the request needs WRITE on VERTEX_LABEL 'robot'");
    await h.schema().vertexLabel('person').properties('nick').nullableKeys('nick').append();
    assert.deepEqual(graph.catalog().vertexLabel('person')?.properties, ['name', 'age', 'nick']);
    const hidden = await rejection(h.schema().vertexLabel('software').userdata('a', 1).append(), 'VERTEX_LABEL_NOT_FOUND');
    const missing = await rejection(graph.schema().vertexLabel('nothing').userdata('a', 1).append(), 'VERTEX_LABEL_NOT_FOUND');
    assert.equal(hidden.message.replace('software', 'X'), missing.message.replace('nothing', 'X'));
    await rejection(h.schemaOperations().removePropertyKey('weight'), 'PERMISSION_DENIED');
    const hiddenRemoval = await rejection(h.schemaOperations().removeEdgeLabel('knows'), 'EDGE_LABEL_NOT_FOUND');
    const missingRemoval = await rejection(graph.schemaOperations().removeEdgeLabel('nothing'), 'EDGE_LABEL_NOT_FOUND');
    assert.equal(hiddenRemoval.message.replace('knows', 'X'), missingRemoval.message.replace('nothing', 'X'));
    const nickOnly = graph.withPolicy({ grants: { READ: [rule('PROPERTY_KEY')], WRITE: [rule('PROPERTY_KEY', 'nick')] } });
    assert.match((await rejection(nickOnly.schema().renamePropertyKey('nick', 'alias'), 'PERMISSION_DENIED')).message, /WRITE on PROPERTY_KEY 'alias'/);
    const renamer = graph.withPolicy({ grants: { READ: [rule('PROPERTY_KEY')], WRITE: [rule('PROPERTY_KEY', 'nick'), rule('PROPERTY_KEY', 'alias')] } });
    await renamer.schema().renamePropertyKey('nick', 'alias');
    assert.equal(graph.catalog().propertyKey('alias')?.dataType, 'TEXT');
    assert.ok(graph.catalog().edgeLabel('knows') !== undefined && graph.catalog().vertexLabel('robot') === undefined);
  }));

test('withPolicy: index builds need WRITE on the index label, and a hidden index label is missing', () =>
  withPeople(async ({ graph }) => {
    const reader = graph.withPolicy(ADULTS_POLICY);
    await rejection(reader.buildIndex('personByAge', { restart: true }), 'PERMISSION_DENIED');
    const hidden = await rejection(graph.withPolicy(PERSON_SCHEMA).buildIndex('knowsByWeight'), 'SCHEMA_NOT_FOUND');
    const missing = await rejection(graph.buildIndex('nothing'), 'SCHEMA_NOT_FOUND');
    assert.equal(hidden.message.replace('knowsByWeight', 'X'), missing.message.replace('nothing', 'X'));
    const builder = graph.withPolicy({ grants: { READ: [rule('SCHEMA')], WRITE: [rule('INDEX_LABEL', 'personByAge')] } });
    assert.equal(await builder.buildIndex('personByAge', { restart: true }), 7);
    const created = await rejection(builder.schema().indexLabel('personByName2').onV('person').by('age').secondary().create(), 'PERMISSION_DENIED');
    assert.match(created.message, /WRITE on INDEX_LABEL 'personByName2'/);
  }));
