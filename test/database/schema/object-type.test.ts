import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { catalogOperations, SchemaBuilder, schemaToGroovy } from '../../../src/database/graph/schema/index.js';
import { parseDataType, type SchemaCatalog } from '../../../src/storage/schema/index.js';
import { newCatalog, throwsCode } from '../../storage/schema/helpers.js';

function withObjectKey(): SchemaCatalog {
  const { catalog } = newCatalog();
  catalog.createPropertyKey({ name: 'name', dataType: 'text' });
  catalog.createPropertyKey({ name: 'doc', dataType: 'object' });
  catalog.createVertexLabel({ name: 'data', properties: ['name', 'doc'], nullableKeys: ['doc'] });
  return catalog;
}

describe('the OBJECT data type', () => {
  it('parseDataType accepts object in any case', () => {
    assert.equal(parseDataType('object'), 'OBJECT');
    assert.equal(parseDataType('OBJECT'), 'OBJECT');
  });

  it('SchemaBuilder asObject creates an OBJECT key and schemaToGroovy writes it back', async () => {
    const { catalog } = newCatalog();
    const schema = new SchemaBuilder(catalogOperations(catalog), catalog);
    const key = await schema.propertyKey('doc').asObject().valueList().create();
    assert.equal(key.dataType, 'OBJECT');
    assert.equal(key.cardinality, 'LIST');
    assert.match(schemaToGroovy(catalog), /propertyKey\('doc'\)\.asObject\(\)\.valueList\(\)/);
  });

  it('an OBJECT key cannot be an index field', () => {
    const catalog = withObjectKey();
    for (const indexType of ['SECONDARY', 'UNIQUE', 'SHARD', 'RANGE', 'SEARCH'] as const) {
      throwsCode(() => catalog.createIndexLabel({ name: `by_doc_${indexType}`, baseType: 'VERTEX_LABEL', baseValue: 'data', indexType, fields: ['doc'] }), 'INDEX_OBJECT_FIELD', 'argument');
    }
    throwsCode(() => catalog.createIndexLabel({ name: 'by_both', baseType: 'VERTEX_LABEL', baseValue: 'data', fields: ['name', 'doc'] }), 'INDEX_OBJECT_FIELD');
  });

  it('an OBJECT key cannot be a primary key or a sort key', () => {
    const catalog = withObjectKey();
    throwsCode(() => catalog.createVertexLabel({ name: 'doc_holder', properties: ['doc'], primaryKeys: ['doc'] }), 'PRIMARY_KEY_OBJECT', 'argument');
    throwsCode(
      () => catalog.createEdgeLabel({ name: 'refers', sourceLabel: 'data', targetLabel: 'data', frequency: 'MULTIPLE', properties: ['doc'], sortKeys: ['doc'] }),
      'SORT_KEY_OBJECT',
      'argument',
    );
    assert.equal(catalog.createVertexLabel({ name: 'doc_holder', properties: ['name', 'doc'], primaryKeys: ['name'], nullableKeys: ['doc'] }).record.idStrategy, 'PRIMARY_KEY');
  });
});
