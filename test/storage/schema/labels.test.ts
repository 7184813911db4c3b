import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { modernCatalog, newCatalog, throwsCode } from './helpers.js';

describe('SchemaCatalog.createVertexLabel', () => {
  it('resolves DEFAULT to PRIMARY_KEY with primary keys and to AUTOMATIC without', () => {
    const catalog = modernCatalog();
    assert.equal(catalog.vertexLabel('person')?.idStrategy, 'PRIMARY_KEY');
    assert.equal(catalog.createVertexLabel({ name: 'thing', properties: ['name'] }).record.idStrategy, 'AUTOMATIC');
  });

  it('accepts every explicit id strategy without primary keys', () => {
    const catalog = modernCatalog();
    for (const s of ['AUTOMATIC', 'CUSTOMIZE_STRING', 'CUSTOMIZE_NUMBER', 'CUSTOMIZE_UUID'] as const) {
      assert.equal(catalog.createVertexLabel({ name: s.toLowerCase(), idStrategy: s }).record.idStrategy, s);
    }
  });

  it('requires primary keys for PRIMARY_KEY and forbids them otherwise', () => {
    const catalog = modernCatalog();
    const e = throwsCode(() => catalog.createVertexLabel({ name: 'v', idStrategy: 'PRIMARY_KEY', properties: ['name'] }), 'PRIMARY_KEYS_REQUIRED', 'argument');
    assert.match(e.message, /^The primary keys can't be empty when using PRIMARY_KEY id strategy/);
    throwsCode(() => catalog.createVertexLabel({ name: 'v', idStrategy: 'AUTOMATIC', properties: ['name'], primaryKeys: ['name'] }), 'PRIMARY_KEYS_NOT_ALLOWED');
    throwsCode(() => catalog.createVertexLabel({ name: 'v', idStrategy: 'CUSTOMIZE_UUID', properties: ['name'], primaryKeys: ['name'] }), 'PRIMARY_KEYS_NOT_ALLOWED');
  });

  it('requires primary keys to be non-nullable properties of the label, without duplicates', () => {
    const catalog = modernCatalog();
    throwsCode(() => catalog.createVertexLabel({ name: 'v', properties: ['age'], primaryKeys: ['name'] }), 'PRIMARY_KEY_NOT_IN_PROPERTIES');
    throwsCode(() => catalog.createVertexLabel({ name: 'v', properties: ['name'], primaryKeys: ['name'], nullableKeys: ['name'] }), 'NULLABLE_PRIMARY_KEY');
    throwsCode(() => catalog.createVertexLabel({ name: 'v', properties: ['name'], primaryKeys: ['name', 'name'] }), 'SCHEMA_DUPLICATE_KEYS');
  });

  it('refuses undefined property keys', () => {
    const catalog = modernCatalog();
    const e = throwsCode(() => catalog.createVertexLabel({ name: 'v', properties: ['nope'] }), 'UNDEFINED_PROPERTY_KEY', 'schema');
    assert.equal(e.message, "Undefined property key: 'nope'");
    throwsCode(() => catalog.createVertexLabel({ name: 'v', properties: ['name'], nullableKeys: ['nope'] }), 'UNDEFINED_PROPERTY_KEY');
  });

  it('requires nullable keys to be properties of the label', () => {
    const catalog = modernCatalog();
    throwsCode(() => catalog.createVertexLabel({ name: 'v', properties: ['name'], nullableKeys: ['age'] }), 'NULLABLE_KEY_NOT_IN_PROPERTIES');
  });

  it('checks ttl and ttl start time', () => {
    const catalog = modernCatalog();
    throwsCode(() => catalog.createVertexLabel({ name: 'v', ttl: -1 }), 'INVALID_TTL');
    throwsCode(() => catalog.createVertexLabel({ name: 'v', properties: ['born'], ttlStartTime: 'born' }), 'TTL_START_TIME_WITHOUT_TTL');
    throwsCode(() => catalog.createVertexLabel({ name: 'v', properties: ['name'], ttl: 10, ttlStartTime: 'born' }), 'TTL_START_TIME_NOT_IN_PROPERTIES');
    const e = throwsCode(() => catalog.createVertexLabel({ name: 'v', properties: ['age'], ttl: 10, ttlStartTime: 'age' }), 'TTL_START_TIME_NOT_DATE');
    assert.match(e.message, /age\(INT\)/);
    const ok = catalog.createVertexLabel({ name: 'v', properties: ['born'], nullableKeys: ['born'], ttl: 10, ttlStartTime: 'born', enableLabelIndex: true }).record;
    assert.deepEqual([ok.ttl, ok.ttlStartTime, ok.enableLabelIndex], [10, 'born', true]);
  });

  it('defaults enable_label_index to false and keeps lists de-duplicated', () => {
    const catalog = modernCatalog();
    const v = catalog.createVertexLabel({ name: 'v', properties: ['name', 'name', 'age'], nullableKeys: ['age'] }).record;
    assert.equal(v.enableLabelIndex, false);
    assert.deepEqual(v.properties, ['name', 'age']);
  });

  it('returns the existing label for ifNotExist when equal and fails when it differs', () => {
    const catalog = modernCatalog();
    const spec = { name: 'person', properties: ['age', 'name', 'born', 'tags'], primaryKeys: ['name'], nullableKeys: ['age', 'born', 'tags'] };
    const again = catalog.createVertexLabel(spec, { ifNotExist: true });
    assert.equal(again.change, undefined);
    assert.equal(again.record.id, 1);
    throwsCode(() => catalog.createVertexLabel({ ...spec, nullableKeys: ['age'] }, { ifNotExist: true }), 'SCHEMA_EXISTS');
    assert.equal(throwsCode(() => catalog.createVertexLabel(spec), 'SCHEMA_EXISTS').message, "The vertex label 'person' has existed");
  });
});

describe('SchemaCatalog.createEdgeLabel', () => {
  it('requires existing source and target vertex labels', () => {
    const catalog = modernCatalog();
    throwsCode(() => catalog.createEdgeLabel({ name: 'e', sourceLabel: '', targetLabel: 'person' }), 'EDGE_LABEL_LINK_REQUIRED');
    const e = throwsCode(() => catalog.createEdgeLabel({ name: 'e', sourceLabel: 'ghost', targetLabel: 'person' }), 'UNDEFINED_VERTEX_LABEL', 'schema');
    assert.match(e.message, /^Undefined vertex label: 'ghost'/);
    throwsCode(() => catalog.createEdgeLabel({ name: 'e', sourceLabel: 'person', targetLabel: 'ghost' }), 'UNDEFINED_VERTEX_LABEL');
  });

  it('defaults to SINGLE and refuses sort keys there', () => {
    const catalog = modernCatalog();
    assert.equal(catalog.edgeLabel('knows')?.frequency, 'SINGLE');
    throwsCode(() => catalog.createEdgeLabel({ name: 'e', sourceLabel: 'person', targetLabel: 'person', properties: ['born'], sortKeys: ['born'] }), 'SORT_KEYS_NOT_ALLOWED');
  });

  it('requires non-nullable sort keys among the properties for MULTIPLE', () => {
    const catalog = modernCatalog();
    throwsCode(() => catalog.createEdgeLabel({ name: 'e', sourceLabel: 'person', targetLabel: 'person', frequency: 'MULTIPLE' }), 'SORT_KEYS_REQUIRED');
    throwsCode(() => catalog.createEdgeLabel({ name: 'e', sourceLabel: 'person', targetLabel: 'person', frequency: 'MULTIPLE', properties: ['weight'], sortKeys: ['born'] }), 'SORT_KEY_NOT_IN_PROPERTIES');
    throwsCode(() => catalog.createEdgeLabel({ name: 'e', sourceLabel: 'person', targetLabel: 'person', frequency: 'MULTIPLE', properties: ['born'], sortKeys: ['born'], nullableKeys: ['born'] }), 'NULLABLE_SORT_KEY');
    const ok = catalog.createEdgeLabel({ name: 'e', sourceLabel: 'person', targetLabel: 'software', frequency: 'MULTIPLE', properties: ['born', 'weight'], sortKeys: ['born'], nullableKeys: ['weight'] }).record;
    assert.deepEqual([ok.frequency, ok.sortKeys, ok.sourceLabel, ok.targetLabel], ['MULTIPLE', ['born'], 'person', 'software']);
  });

  it('limits the edge ttl to the vertex labels ttl', () => {
    const catalog = modernCatalog();
    catalog.createVertexLabel({ name: 'short', ttl: 100 });
    throwsCode(() => catalog.createEdgeLabel({ name: 'e', sourceLabel: 'short', targetLabel: 'person', ttl: 200 }), 'EDGE_TTL_EXCEEDS_VERTEX_TTL');
    assert.equal(catalog.createEdgeLabel({ name: 'e', sourceLabel: 'short', targetLabel: 'person', ttl: 50 }).record.ttl, 50);
  });

  it('returns the existing label for ifNotExist only when the link is the same', () => {
    const catalog = modernCatalog();
    const spec = { name: 'knows', sourceLabel: 'person', targetLabel: 'person', properties: ['weight'], nullableKeys: ['weight'] };
    assert.equal(catalog.createEdgeLabel(spec, { ifNotExist: true }).change, undefined);
    throwsCode(() => catalog.createEdgeLabel({ ...spec, targetLabel: 'software' }, { ifNotExist: true }), 'SCHEMA_EXISTS');
  });

  it('gives edge labels their own id sequence', () => {
    const { catalog } = newCatalog();
    catalog.createVertexLabel({ name: 'a' });
    catalog.createVertexLabel({ name: 'b' });
    assert.equal(catalog.createEdgeLabel({ name: 'ab', sourceLabel: 'a', targetLabel: 'b' }).record.id, 1);
    assert.equal(catalog.edgeLabelById(1)?.name, 'ab');
  });
});
