import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SchemaCatalog } from '../../../src/storage/schema/index.js';
import { modernCatalog, throwsCode } from './helpers.js';

function withKeys(): SchemaCatalog {
  const catalog = modernCatalog();
  catalog.createPropertyKey({ name: 'b', dataType: 'byte' });
  catalog.createPropertyKey({ name: 'l', dataType: 'long' });
  catalog.createPropertyKey({ name: 'f', dataType: 'float' });
  catalog.createPropertyKey({ name: 'city', dataType: 'text' });
  catalog.createPropertyKey({ name: 'nums', dataType: 'int', cardinality: 'list' });
  catalog.createVertexLabel({
    name: 'item', properties: ['age', 'b', 'l', 'f', 'weight', 'born', 'city', 'name', 'nums'],
    nullableKeys: ['age', 'b', 'l', 'f', 'weight', 'born', 'city', 'name', 'nums'],
  });
  return catalog;
}

describe('SchemaCatalog.createIndexLabel', () => {
  it('resolves RANGE by the field data type', () => {
    const catalog = withKeys();
    const cases: [string, string][] = [['age', 'RANGE_INT'], ['b', 'RANGE_INT'], ['l', 'RANGE_LONG'], ['born', 'RANGE_LONG'], ['f', 'RANGE_FLOAT'], ['weight', 'RANGE_DOUBLE']];
    for (const [field, type] of cases) {
      assert.equal(catalog.createIndexLabel({ name: `by_${field}`, baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'RANGE', fields: [field] }).record.indexType, type);
    }
  });

  it('requires one single-cardinality numeric or date field for RANGE', () => {
    const catalog = withKeys();
    throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'RANGE', fields: ['age', 'l'] }), 'INDEX_RANGE_FIELDS');
    throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'RANGE', fields: ['city'] }), 'INDEX_RANGE_TYPE');
    throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'RANGE', fields: ['nums'] }), 'INDEX_RANGE_CARDINALITY');
  });

  it('requires exactly one TEXT field for SEARCH', () => {
    const catalog = withKeys();
    throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'SEARCH', fields: ['age'] }), 'INDEX_SEARCH_TYPE');
    throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'SEARCH', fields: ['city', 'name'] }), 'INDEX_SEARCH_FIELDS');
    assert.equal(catalog.createIndexLabel({ name: 'x', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'SEARCH', fields: ['city'] }).record.indexType, 'SEARCH');
  });

  it('requires fields that are properties of the base label', () => {
    const catalog = withKeys();
    throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'VERTEX_LABEL', baseValue: 'software', fields: ['age'] }), 'INDEX_FIELD_NOT_IN_PROPERTIES');
    throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'VERTEX_LABEL', baseValue: 'item', fields: ['ghost'] }), 'UNDEFINED_PROPERTY_KEY');
    throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'VERTEX_LABEL', baseValue: 'item', fields: [] }), 'INDEX_FIELDS_EMPTY');
    throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'VERTEX_LABEL', baseValue: 'item', fields: ['age', 'age'] }), 'SCHEMA_DUPLICATE_KEYS');
    throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'VERTEX_LABEL', baseValue: 'item', fields: ['nums', 'age'] }), 'INDEX_UNION_CARDINALITY');
  });

  it('requires an existing base label of the given type', () => {
    const catalog = withKeys();
    throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'VERTEX_LABEL', baseValue: 'knows', fields: ['weight'] }), 'UNDEFINED_VERTEX_LABEL');
    throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'EDGE_LABEL', baseValue: 'person', fields: ['weight'] }), 'UNDEFINED_EDGE_LABEL');
    throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'LABEL' as 'EDGE_LABEL', baseValue: 'person', fields: ['weight'] }), 'INVALID_BASE_TYPE');
    const e = catalog.createIndexLabel({ name: 'knowsByWeight', baseType: 'EDGE_LABEL', baseValue: 'knows', indexType: 'RANGE', fields: ['weight'] }).record;
    assert.equal(e.indexType, 'RANGE_DOUBLE');
    assert.deepEqual(catalog.edgeLabel('knows')?.indexLabels, ['knowsByWeight']);
  });

  it('rejects SECONDARY, UNIQUE and string SHARD indexes covering all primary keys', () => {
    const catalog = withKeys();
    const e = throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'VERTEX_LABEL', baseValue: 'person', fields: ['name'] }), 'INDEX_ON_PRIMARY_KEYS');
    assert.match(e.message, /^No need to build index on properties \[name\]/);
    throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'VERTEX_LABEL', baseValue: 'person', indexType: 'UNIQUE', fields: ['name', 'age'] }), 'INDEX_ON_PRIMARY_KEYS');
    throwsCode(() => catalog.createIndexLabel({ name: 'x', baseType: 'VERTEX_LABEL', baseValue: 'person', indexType: 'SHARD', fields: ['name'] }), 'INDEX_ON_PRIMARY_KEYS');
    assert.equal(catalog.createIndexLabel({ name: 'personByAge', baseType: 'VERTEX_LABEL', baseValue: 'person', fields: ['age'] }).record.indexType, 'SECONDARY');
  });

  it('records index labels in the base label and indexLabelsOf', () => {
    const catalog = withKeys();
    catalog.createIndexLabel({ name: 'i1', baseType: 'VERTEX_LABEL', baseValue: 'item', fields: ['city'] });
    catalog.createIndexLabel({ name: 'i2', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'RANGE', fields: ['age'] });
    assert.deepEqual(catalog.vertexLabel('item')?.indexLabels, ['i1', 'i2']);
    assert.deepEqual(catalog.indexLabelsOf('VERTEX_LABEL', 'item').map((i) => i.id), [1, 2]);
    assert.deepEqual(catalog.indexLabelsOf('EDGE_LABEL', 'item'), []);
  });

  it('refuses a repeated index that is a prefix of an existing compatible one', () => {
    const catalog = withKeys();
    catalog.createIndexLabel({ name: 'byCityName', baseType: 'VERTEX_LABEL', baseValue: 'item', fields: ['city', 'name'] });
    const e = throwsCode(() => catalog.createIndexLabel({ name: 'byCity', baseType: 'VERTEX_LABEL', baseValue: 'item', fields: ['city'] }), 'INDEX_REPEATED');
    assert.match(e.message, /^Repeated new index label byCity\(SECONDARY\) with fields \[city\] due to existed index label byCityName\(SECONDARY\)/);
    catalog.createIndexLabel({ name: 'ageRange', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'RANGE', fields: ['age'] });
    throwsCode(() => catalog.createIndexLabel({ name: 'ageSecondary', baseType: 'VERTEX_LABEL', baseValue: 'item', fields: ['age'] }), 'INDEX_REPEATED');
    throwsCode(() => catalog.createIndexLabel({ name: 'ageRange2', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'RANGE', fields: ['age'] }), 'INDEX_REPEATED');
    assert.equal(catalog.createIndexLabel({ name: 'citySearch', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'SEARCH', fields: ['city'] }).record.indexType, 'SEARCH');
  });

  it('replaces an existing index whose fields the new one extends', () => {
    const catalog = withKeys();
    catalog.createIndexLabel({ name: 'byCity', baseType: 'VERTEX_LABEL', baseValue: 'item', fields: ['city'] });
    catalog.createIndexLabel({ name: 'ageSecondary', baseType: 'VERTEX_LABEL', baseValue: 'item', fields: ['age'] });
    const result = catalog.createIndexLabel({ name: 'byCityName', baseType: 'VERTEX_LABEL', baseValue: 'item', fields: ['city', 'name'] });
    assert.deepEqual(result.change?.op === 'createIndexLabel' ? result.change.replaced : undefined, ['byCity']);
    assert.equal(catalog.indexLabel('byCity'), undefined);
    const range = catalog.createIndexLabel({ name: 'ageRange', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'RANGE', fields: ['age'] });
    assert.deepEqual(range.change?.op === 'createIndexLabel' ? range.change.replaced : undefined, ['ageSecondary']);
    assert.deepEqual(catalog.vertexLabel('item')?.indexLabels, ['byCityName', 'ageRange']);
  });

  it('treats UNIQUE by subsets rather than prefixes', () => {
    const catalog = withKeys();
    catalog.createIndexLabel({ name: 'u1', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'UNIQUE', fields: ['city'] });
    throwsCode(() => catalog.createIndexLabel({ name: 'u2', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'UNIQUE', fields: ['name', 'city'] }), 'INDEX_REPEATED');
    const r = catalog.createIndexLabel({ name: 'u3', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'UNIQUE', fields: ['age'] });
    assert.deepEqual(r.change?.op === 'createIndexLabel' ? r.change.replaced : undefined, []);
  });

  it('returns the existing index for ifNotExist when equal, RANGE included', () => {
    const catalog = withKeys();
    catalog.createIndexLabel({ name: 'ageRange', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'RANGE', fields: ['age'] });
    const again = catalog.createIndexLabel({ name: 'ageRange', baseType: 'VERTEX_LABEL', baseValue: 'item', indexType: 'RANGE', fields: ['age'] }, { ifNotExist: true });
    assert.equal(again.change, undefined);
    throwsCode(() => catalog.createIndexLabel({ name: 'ageRange', baseType: 'VERTEX_LABEL', baseValue: 'item', fields: ['age'] }, { ifNotExist: true }), 'SCHEMA_EXISTS');
    assert.equal(throwsCode(() => catalog.createIndexLabel({ name: 'ageRange', baseType: 'VERTEX_LABEL', baseValue: 'item', fields: ['l'] }), 'SCHEMA_EXISTS').message, "The index label 'ageRange' has existed");
  });
});
