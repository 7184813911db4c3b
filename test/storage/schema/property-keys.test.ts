import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatSchemaDate, SchemaCatalog } from '../../../src/storage/schema/index.js';
import type { DataTypeInput } from '../../../src/storage/schema/index.js';
import { FIXED_NOW, modernCatalog, newCatalog, throwsCode } from './helpers.js';

describe('SchemaCatalog.createPropertyKey', () => {
  it('maps every spec data type name to its stored type', () => {
    const { catalog } = newCatalog();
    const cases: [DataTypeInput, string][] = [
      ['bool', 'BOOLEAN'], ['byte', 'BYTE'], ['int', 'INT'], ['long', 'LONG'], ['float', 'FLOAT'], ['double', 'DOUBLE'],
      ['string', 'TEXT'], ['text', 'TEXT'], ['date', 'DATE'], ['uuid', 'UUID'], ['blob', 'BLOB'], ['BOOLEAN', 'BOOLEAN'],
    ];
    cases.forEach(([input, stored], i) => {
      assert.equal(catalog.createPropertyKey({ name: `k${i}`, dataType: input }).record.dataType, stored);
    });
  });

  it('defaults to TEXT and SINGLE and accepts list and set cardinality', () => {
    const { catalog } = newCatalog();
    const k = catalog.createPropertyKey({ name: 'a' }).record;
    assert.deepEqual([k.dataType, k.cardinality, k.status, k.aggregateType, k.writeType], ['TEXT', 'SINGLE', 'CREATED', 'NONE', 'OLTP']);
    assert.equal(catalog.createPropertyKey({ name: 'b', cardinality: 'list' }).record.cardinality, 'LIST');
    assert.equal(catalog.createPropertyKey({ name: 'c', cardinality: 'SET' }).record.cardinality, 'SET');
  });

  it('rejects unknown data types and cardinalities', () => {
    const { catalog } = newCatalog();
    throwsCode(() => catalog.createPropertyKey({ name: 'a', dataType: 'short' as DataTypeInput }), 'INVALID_DATA_TYPE', 'argument');
    throwsCode(() => catalog.createPropertyKey({ name: 'a', cardinality: 'bag' as 'list' }), 'INVALID_CARDINALITY', 'argument');
  });

  it('assigns ids from 1 per kind and records ~create_time', () => {
    const catalog = modernCatalog();
    assert.deepEqual(catalog.propertyKeys().map((k) => k.id), [1, 2, 3, 4, 5, 6]);
    assert.deepEqual(catalog.vertexLabels().map((v) => v.id), [1, 2]);
    assert.deepEqual(catalog.edgeLabels().map((e) => e.id), [1, 2]);
    assert.equal(catalog.propertyKey('name')?.userData['~create_time'], '2024-01-02 03:04:05.678');
    assert.equal(formatSchemaDate(FIXED_NOW), '2024-01-02 03:04:05.678');
    assert.equal(catalog.propertyKeyById(2)?.name, 'age');
  });

  it('refuses a second key of the same name with a HugeGraph message', () => {
    const { catalog } = newCatalog();
    catalog.createPropertyKey({ name: 'name' });
    const e = throwsCode(() => catalog.createPropertyKey({ name: 'name' }), 'SCHEMA_EXISTS', 'conflict');
    assert.equal(e.message, "The property key 'name' has existed");
  });

  it('returns the existing key for ifNotExist when the definition is equal, and fails otherwise', () => {
    const { catalog } = newCatalog();
    const first = catalog.createPropertyKey({ name: 'age', dataType: 'int' });
    const again = catalog.createPropertyKey({ name: 'age', dataType: 'INT' }, { ifNotExist: true });
    assert.equal(again.change, undefined);
    assert.equal(again.record, first.record);
    throwsCode(() => catalog.createPropertyKey({ name: 'age', dataType: 'long' }, { ifNotExist: true }), 'SCHEMA_EXISTS');
    assert.equal(catalog.propertyKeys().length, 1);
  });

  it('allows the same name for a property key, a vertex label and an edge label', () => {
    const { catalog } = newCatalog();
    catalog.createPropertyKey({ name: 'x' });
    catalog.createVertexLabel({ name: 'x' });
    catalog.createEdgeLabel({ name: 'x', sourceLabel: 'x', targetLabel: 'x' });
    assert.equal(catalog.edgeLabel('x')?.sourceLabel, 'x');
  });
});

describe('SchemaCatalog names', () => {
  it('rejects empty names, illegal names and id separator characters', () => {
    const { catalog } = newCatalog();
    throwsCode(() => catalog.createPropertyKey({ name: '' }), 'SCHEMA_NAME_EMPTY', 'argument');
    assert.equal(throwsCode(() => catalog.createPropertyKey({ name: 'name ' }), 'SCHEMA_NAME_ILLEGAL').message, "Illegal schema name 'name '");
    throwsCode(() => catalog.createVertexLabel({ name: '~hidden' }), 'SCHEMA_NAME_ILLEGAL');
    throwsCode(() => catalog.createEdgeLabel({ name: 'a:b', sourceLabel: 'x', targetLabel: 'x' }), 'SCHEMA_NAME_CHARACTER');
    throwsCode(() => catalog.createPropertyKey({ name: 'a>b' }), 'SCHEMA_NAME_CHARACTER');
    throwsCode(() => catalog.createPropertyKey({ name: 'x'.repeat(256) }), 'SCHEMA_NAME_TOO_LONG');
    assert.equal(catalog.createPropertyKey({ name: 'in ner' }).record.name, 'in ner');
  });

  it('uses the configured illegal name pattern as a whole-name match', () => {
    const { catalog } = newCatalog({ illegalNameRegex: 'bad.*' });
    throwsCode(() => catalog.createPropertyKey({ name: 'badge' }), 'SCHEMA_NAME_ILLEGAL');
    assert.equal(catalog.createPropertyKey({ name: 'not bad ' }).record.name, 'not bad ');
    assert.equal(catalog.createPropertyKey({ name: '~ok' }).record.name, '~ok');
  });

  it('rejects an invalid illegal name pattern', () => {
    throwsCode(() => new SchemaCatalog({ illegalNameRegex: '(' }), 'SCHEMA_ILLEGAL_NAME_REGEX');
  });
});

describe('SchemaCatalog explicit ids', () => {
  it('refuses an explicit id outside RESTORING mode, MERGING included', () => {
    const { catalog, setMode } = newCatalog();
    throwsCode(() => catalog.createPropertyKey({ name: 'a', id: 7 }), 'SCHEMA_ID_NOT_ALLOWED', 'argument');
    setMode('MERGING');
    throwsCode(() => catalog.createVertexLabel({ name: 'v', id: 7 }), 'SCHEMA_ID_NOT_ALLOWED');
    setMode('LOADING');
    throwsCode(() => catalog.createPropertyKey({ name: 'a', id: 7 }), 'SCHEMA_ID_NOT_ALLOWED');
  });

  it('requires an unused positive id in RESTORING mode and moves the counter past it', () => {
    const { catalog, setMode } = newCatalog();
    setMode('RESTORING');
    throwsCode(() => catalog.createPropertyKey({ name: 'a' }), 'SCHEMA_ID_REQUIRED');
    throwsCode(() => catalog.createPropertyKey({ name: 'a', id: -1 }), 'SCHEMA_ID_INVALID');
    assert.equal(catalog.createPropertyKey({ name: 'a', id: 7 }).record.id, 7);
    throwsCode(() => catalog.createPropertyKey({ name: 'b', id: 7 }), 'SCHEMA_ID_EXISTS', 'conflict');
    setMode('NONE');
    assert.equal(catalog.createPropertyKey({ name: 'c' }).record.id, 8);
    assert.equal(catalog.toJSON().nextIds.propertyKey, 9);
    assert.equal(catalog.toJSON().nextIds.vertexLabel, 1);
  });
});

describe('SchemaCatalog user data', () => {
  it('keeps JSON user data and rejects null and non-JSON values', () => {
    const { catalog } = newCatalog();
    const k = catalog.createPropertyKey({ name: 'a', userData: { owner: 'ops', n: 3, nested: { list: [1, 'x'] } } }).record;
    assert.deepEqual(k.userData, { owner: 'ops', n: 3, nested: { list: [1, 'x'] }, '~create_time': '2024-01-02 03:04:05.678' });
    throwsCode(() => catalog.createPropertyKey({ name: 'b', userData: { x: null } }), 'USER_DATA_NULL');
    throwsCode(() => catalog.createPropertyKey({ name: 'b', userData: { x: new Date() } }), 'USER_DATA_VALUE');
  });

  it('keeps a ~create_time given by the caller', () => {
    const { catalog } = newCatalog();
    const k = catalog.createPropertyKey({ name: 'a', userData: { '~create_time': '2020-01-01 00:00:00.000' } }).record;
    assert.equal(k.userData['~create_time'], '2020-01-01 00:00:00.000');
  });
});
