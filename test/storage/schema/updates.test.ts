import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SchemaCatalog } from '../../../src/storage/schema/index.js';
import type { SchemaChange } from '../../../src/storage/schema/index.js';
import { modernCatalog, newCatalog, throwsCode } from './helpers.js';

describe('SchemaCatalog append and eliminate', () => {
  it('adds and removes user data on every kind', () => {
    const catalog = modernCatalog();
    catalog.createIndexLabel({ name: 'personByAge', baseType: 'VERTEX_LABEL', baseValue: 'person', fields: ['age'] });
    assert.equal(catalog.appendPropertyKey('age', { userData: { unit: 'year' } }).record.userData['unit'], 'year');
    assert.equal(catalog.eliminatePropertyKey('age', { userData: { unit: '' } }).record.userData['unit'], undefined);
    assert.equal(catalog.appendVertexLabel('person', { userData: { a: 1 } }).record.userData['a'], 1);
    assert.equal(catalog.eliminateVertexLabel('person', { userData: { a: 1 } }).record.userData['a'], undefined);
    assert.equal(catalog.appendEdgeLabel('knows', { userData: { b: true } }).record.userData['b'], true);
    assert.equal(catalog.eliminateEdgeLabel('knows', { userData: { b: true } }).record.userData['b'], undefined);
    assert.equal(catalog.appendIndexLabel('personByAge', { userData: { c: 'x' } }).record.userData['c'], 'x');
    assert.equal(catalog.eliminateIndexLabel('personByAge', { userData: { c: 'x' } }).record.userData['c'], undefined);
    assert.ok(catalog.propertyKey('age')?.userData['~create_time']);
  });

  it('appends properties only when they are nullable', () => {
    const catalog = modernCatalog();
    catalog.createPropertyKey({ name: 'city' });
    const e = throwsCode(() => catalog.appendVertexLabel('person', { properties: ['city'] }), 'APPENDED_PROPERTY_NOT_NULLABLE');
    assert.match(e.message, /^The new added properties: \[city\] must be nullable/);
    const v = catalog.appendVertexLabel('person', { properties: ['city'], nullableKeys: ['city'] }).record;
    assert.deepEqual(v.properties, ['name', 'age', 'born', 'tags', 'city']);
    assert.ok(v.nullableKeys.includes('city'));
    const edge = catalog.appendEdgeLabel('knows', { properties: ['city'], nullableKeys: ['city'] }).record;
    assert.deepEqual(edge.properties, ['weight', 'city']);
  });

  it('refuses nullable primary keys, foreign nullable keys and undefined keys on append', () => {
    const catalog = modernCatalog();
    throwsCode(() => catalog.appendVertexLabel('person', { nullableKeys: ['name'] }), 'NULLABLE_PRIMARY_KEY');
    throwsCode(() => catalog.appendVertexLabel('person', { nullableKeys: ['lang'] }), 'NULLABLE_KEY_NOT_IN_PROPERTIES');
    throwsCode(() => catalog.appendVertexLabel('person', { properties: ['ghost'], nullableKeys: ['ghost'] }), 'UNDEFINED_PROPERTY_KEY');
  });

  it('removes nullable keys on eliminate and refuses keys that are not nullable', () => {
    const catalog = modernCatalog();
    assert.deepEqual(catalog.eliminateVertexLabel('person', { nullableKeys: ['age'] }).record.nullableKeys, ['born', 'tags']);
    throwsCode(() => catalog.eliminateVertexLabel('person', { nullableKeys: ['name'] }), 'NULLABLE_KEY_NOT_FOUND');
    assert.deepEqual(catalog.eliminateEdgeLabel('knows', { nullableKeys: ['weight'] }).record.nullableKeys, []);
  });

  it('fails with NotFoundError when updating a missing element', () => {
    const catalog = modernCatalog();
    const e = throwsCode(() => catalog.appendVertexLabel('ghost', {}), 'VERTEX_LABEL_NOT_FOUND', 'not-found');
    assert.equal(e.message, "Can't update vertex label 'ghost' since it doesn't exist");
    throwsCode(() => catalog.appendPropertyKey('ghost', {}), 'PROPERTY_KEY_NOT_FOUND');
    throwsCode(() => catalog.eliminateEdgeLabel('ghost', {}), 'EDGE_LABEL_NOT_FOUND');
    throwsCode(() => catalog.appendIndexLabel('ghost', {}), 'INDEX_LABEL_NOT_FOUND');
  });
});

describe('SchemaCatalog.renamePropertyKey', () => {
  it('renames the key in every label and index that references it', () => {
    const catalog = modernCatalog();
    catalog.createVertexLabel({ name: 'event', properties: ['born', 'name'], nullableKeys: ['name'], ttl: 5, ttlStartTime: 'born' });
    catalog.createEdgeLabel({ name: 'rated', sourceLabel: 'person', targetLabel: 'software', frequency: 'MULTIPLE', properties: ['born'], sortKeys: ['born'] });
    catalog.createIndexLabel({ name: 'personByBorn', baseType: 'VERTEX_LABEL', baseValue: 'person', indexType: 'RANGE', fields: ['born'] });
    const id = catalog.propertyKey('born')?.id;
    const result = catalog.renamePropertyKey('born', 'birth');
    assert.deepEqual(result.change, { op: 'updatePropertyKey', name: 'born', record: result.record });
    assert.equal(catalog.propertyKey('born'), undefined);
    assert.equal(catalog.propertyKey('birth')?.id, id);
    assert.ok(catalog.vertexLabel('person')?.properties.includes('birth'));
    assert.ok(catalog.vertexLabel('person')?.nullableKeys.includes('birth'));
    assert.equal(catalog.vertexLabel('event')?.ttlStartTime, 'birth');
    assert.deepEqual(catalog.edgeLabel('rated')?.sortKeys, ['birth']);
    assert.deepEqual(catalog.indexLabel('personByBorn')?.fields, ['birth']);
  });

  it('renames primary keys and refuses an existing or illegal new name', () => {
    const catalog = modernCatalog();
    catalog.renamePropertyKey('name', 'title');
    assert.deepEqual(catalog.vertexLabel('person')?.primaryKeys, ['title']);
    throwsCode(() => catalog.renamePropertyKey('title', 'age'), 'SCHEMA_EXISTS');
    throwsCode(() => catalog.renamePropertyKey('title', '~x'), 'SCHEMA_NAME_ILLEGAL');
    throwsCode(() => catalog.renamePropertyKey('ghost', 'x'), 'PROPERTY_KEY_NOT_FOUND');
  });
});

describe('SchemaCatalog removal', () => {
  it('refuses to remove a property key in use and removes an unused one', () => {
    const catalog = modernCatalog();
    const e = throwsCode(() => catalog.removePropertyKey('weight'), 'PROPERTY_KEY_IN_USE', 'schema');
    assert.match(e.message, /edge label 'knows'/);
    catalog.createPropertyKey({ name: 'spare' });
    assert.deepEqual(catalog.removePropertyKey('spare').removed.propertyKeys, ['spare']);
    assert.equal(catalog.propertyKey('spare'), undefined);
    throwsCode(() => catalog.removePropertyKey('spare'), 'PROPERTY_KEY_NOT_FOUND', 'not-found');
  });

  it('refuses to remove a vertex label linked by an edge label, naming it', () => {
    const catalog = modernCatalog();
    const e = throwsCode(() => catalog.removeVertexLabel('software'), 'VERTEX_LABEL_IN_USE');
    assert.match(e.message, /'created'/);
  });

  it('removes a label with its index labels', () => {
    const catalog = modernCatalog();
    catalog.createIndexLabel({ name: 'createdByWeight', baseType: 'EDGE_LABEL', baseValue: 'created', indexType: 'RANGE', fields: ['weight'] });
    catalog.createIndexLabel({ name: 'softwareByLang', baseType: 'VERTEX_LABEL', baseValue: 'software', fields: ['lang'] });
    const edge = catalog.removeEdgeLabel('created');
    assert.deepEqual(edge.removed, { propertyKeys: [], vertexLabels: [], edgeLabels: ['created'], indexLabels: ['createdByWeight'] });
    const vertex = catalog.removeVertexLabel('software');
    assert.deepEqual(vertex.removed.indexLabels, ['softwareByLang']);
    assert.deepEqual(catalog.indexLabels(), []);
    throwsCode(() => catalog.removeEdgeLabel('created'), 'EDGE_LABEL_NOT_FOUND');
  });

  it('removes an index label from its base label', () => {
    const catalog = modernCatalog();
    catalog.createIndexLabel({ name: 'personByAge', baseType: 'VERTEX_LABEL', baseValue: 'person', fields: ['age'] });
    assert.deepEqual(catalog.removeIndexLabel('personByAge').change, { op: 'removeIndexLabel', name: 'personByAge' });
    assert.deepEqual(catalog.vertexLabel('person')?.indexLabels, []);
    throwsCode(() => catalog.removeIndexLabel('personByAge'), 'INDEX_LABEL_NOT_FOUND');
  });
});

describe('SchemaCatalog.apply and toJSON', () => {
  it('replays returned changes into an equal catalog, through JSON text', () => {
    const { catalog } = newCatalog();
    const changes: SchemaChange[] = [];
    const keep = <R extends { change?: SchemaChange }>(r: R): R => { if (r.change) changes.push(r.change); return r; };
    keep(catalog.createPropertyKey({ name: 'name' }));
    keep(catalog.createPropertyKey({ name: 'age', dataType: 'int' }));
    keep(catalog.createVertexLabel({ name: 'person', properties: ['name', 'age'], primaryKeys: ['name'], nullableKeys: ['age'] }));
    keep(catalog.createIndexLabel({ name: 'byAge', baseType: 'VERTEX_LABEL', baseValue: 'person', fields: ['age'] }));
    keep(catalog.createIndexLabel({ name: 'byAgeRange', baseType: 'VERTEX_LABEL', baseValue: 'person', indexType: 'RANGE', fields: ['age'] }));
    keep(catalog.renamePropertyKey('age', 'years'));
    const replayed = new SchemaCatalog();
    for (const c of changes) replayed.apply(JSON.parse(JSON.stringify(c)) as SchemaChange);
    assert.deepEqual(replayed.toJSON(), catalog.toJSON());
    const restored = SchemaCatalog.fromJSON(JSON.parse(JSON.stringify(catalog.toJSON())));
    assert.deepEqual(JSON.stringify(restored.toJSON()), JSON.stringify(catalog.toJSON()));
    assert.equal(restored.createPropertyKey({ name: 'x' }).record.id, 3);
  });

  it('refuses an inconsistent change', () => {
    const catalog = modernCatalog();
    throwsCode(() => catalog.apply({ op: 'removeVertexLabel', name: 'ghost' }), 'SCHEMA_CHANGE_INCONSISTENT');
    const name = catalog.propertyKey('name');
    assert.ok(name);
    throwsCode(() => catalog.apply({ op: 'createPropertyKey', record: name }), 'SCHEMA_CHANGE_INCONSISTENT');
  });

  it('hands out frozen records', () => {
    const catalog = modernCatalog();
    assert.ok(Object.isFrozen(catalog.vertexLabel('person')));
    assert.ok(Object.isFrozen(catalog.vertexLabel('person')?.properties));
  });
});

describe('SchemaCatalog.apply atomicity', () => {
  it('leaves the catalog unchanged when a change fails half way', () => {
    const catalog = modernCatalog();
    catalog.createIndexLabel({ name: 'personByAge', baseType: 'VERTEX_LABEL', baseValue: 'person', fields: ['age'] });
    const before = JSON.stringify(catalog.toJSON());
    const record = { id: 9, name: 'bad', baseType: 'VERTEX_LABEL' as const, baseValue: 'ghost', indexType: 'SECONDARY' as const, fields: ['age'], status: 'CREATED' as const, userData: {} };
    throwsCode(() => catalog.apply({ op: 'createIndexLabel', record, replaced: ['personByAge'] }), 'SCHEMA_CHANGE_INCONSISTENT');
    assert.equal(JSON.stringify(catalog.toJSON()), before);
  });
});
