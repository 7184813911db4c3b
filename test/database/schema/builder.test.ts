import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NotFoundError, QuiverError } from '../../../src/errors.js';
import { SchemaBuilder, schemaOperations, type SchemaOperations } from '../../../src/database/graph/schema/index.js';
import { SchemaCatalog, type SchemaChange } from '../../../src/storage/schema/index.js';
import { newCatalog } from '../../storage/schema/helpers.js';

/** SchemaOperations over a catalog that also logs every change, as a database would. */
function loggingOperations(catalog: SchemaCatalog, log: SchemaChange[]): SchemaOperations {
  return schemaOperations(async (mutate) => {
    const result = mutate(catalog);
    if (result.change) log.push(result.change);
    return result;
  });
}

function setup(): { schema: SchemaBuilder; catalog: SchemaCatalog; log: SchemaChange[] } {
  const { catalog } = newCatalog();
  const log: SchemaChange[] = [];
  return { schema: new SchemaBuilder(loggingOperations(catalog, log), catalog), catalog, log };
}

async function rejectsCode(promise: Promise<unknown> | (() => unknown), code: string): Promise<void> {
  await assert.rejects(async () => (typeof promise === 'function' ? promise() : promise), (e: unknown) => e instanceof QuiverError && e.code === code);
}

describe('SchemaBuilder property keys', () => {
  it('creates keys of every data type and cardinality', async () => {
    const { schema, catalog } = setup();
    await schema.propertyKey('t').asText().create();
    await schema.propertyKey('i').asInt().create();
    await schema.propertyKey('l').asLong().create();
    await schema.propertyKey('d').asDouble().create();
    await schema.propertyKey('f').asFloat().create();
    await schema.propertyKey('b').asBoolean().create();
    await schema.propertyKey('y').asByte().create();
    await schema.propertyKey('dt').asDate().create();
    await schema.propertyKey('u').asUUID().create();
    await schema.propertyKey('bl').asBlob().valueSingle().create();
    await schema.propertyKey('li').asInt().valueList().create();
    await schema.propertyKey('se').asText().valueSet().userdata('owner', 'ops').create();
    assert.deepEqual(catalog.propertyKeys().map((k) => k.dataType), ['TEXT', 'INT', 'LONG', 'DOUBLE', 'FLOAT', 'BOOLEAN', 'BYTE', 'DATE', 'UUID', 'BLOB', 'INT', 'TEXT']);
    assert.deepEqual(catalog.propertyKeys().slice(-3).map((k) => k.cardinality), ['SINGLE', 'LIST', 'SET']);
    assert.equal(schema.getPropertyKey('se').userData['owner'], 'ops');
  });

  it('returns the existing key with ifNotExist and logs no change', async () => {
    const { schema, log } = setup();
    const a = await schema.propertyKey('age').asInt().create();
    const b = await schema.propertyKey('age').asInt().ifNotExist().create();
    assert.equal(a, b);
    assert.equal(log.length, 1);
    await rejectsCode(schema.propertyKey('age').asInt().create(), 'SCHEMA_EXISTS');
  });

  it('appends and eliminates user data and refuses a type change on update', async () => {
    const { schema } = setup();
    await schema.propertyKey('age').asInt().create();
    assert.equal((await schema.propertyKey('age').userData({ unit: 'y' }).append()).userData['unit'], 'y');
    assert.equal((await schema.propertyKey('age').userdata('unit', 'y').eliminate()).userData['unit'], undefined);
    await rejectsCode(() => schema.propertyKey('age').asLong().append(), 'SCHEMA_FIELD_IMMUTABLE');
    await rejectsCode(() => schema.propertyKey('age').valueList().eliminate(), 'SCHEMA_FIELD_IMMUTABLE');
  });

  it('renames and removes keys', async () => {
    const { schema, catalog } = setup();
    await schema.propertyKey('age').asInt().create();
    await schema.renamePropertyKey('age', 'years');
    assert.deepEqual((await schema.propertyKey('years').remove()).propertyKeys, ['years']);
    assert.equal(catalog.propertyKeys().length, 0);
  });
});

describe('SchemaBuilder labels', () => {
  it('builds the HugeGraph example schema', async () => {
    const { schema, catalog } = setup();
    await schema.propertyKey('name').asText().ifNotExist().create();
    await schema.propertyKey('age').asInt().ifNotExist().create();
    await schema.propertyKey('born').asDate().ifNotExist().create();
    await schema.propertyKey('weight').asDouble().ifNotExist().create();
    const person = await schema.vertexLabel('person').properties('name', 'age', 'born').primaryKeys('name')
      .nullableKeys('age', 'born').enableLabelIndex(true).ttl(1000).ttlStartTime('born').userdata('x', 1).ifNotExist().create();
    assert.deepEqual([person.idStrategy, person.enableLabelIndex, person.ttl, person.ttlStartTime], ['PRIMARY_KEY', true, 1000, 'born']);
    const knows = await schema.edgeLabel('knows').link('person', 'person').multiTimes().properties('weight', 'born')
      .sortKeys('born').nullableKeys('weight').create();
    assert.deepEqual([knows.frequency, knows.sortKeys, knows.sourceLabel], ['MULTIPLE', ['born'], 'person']);
    const likes = await schema.edgeLabel('likes').sourceLabel('person').targetLabel('person').singleTime().create();
    assert.equal(likes.frequency, 'SINGLE');
    const idx = await schema.indexLabel('personByAge').onV('person').by('age').range().create();
    assert.equal(idx.indexType, 'RANGE_INT');
    assert.equal((await schema.indexLabel('knowsByWeight').onE('knows').by('weight').secondary().create()).baseType, 'EDGE_LABEL');
    assert.deepEqual(catalog.vertexLabel('person')?.indexLabels, ['personByAge']);
  });

  it('uses every id strategy and refuses a second, different one', async () => {
    const { schema } = setup();
    assert.equal((await schema.vertexLabel('a').useAutomaticId().create()).idStrategy, 'AUTOMATIC');
    assert.equal((await schema.vertexLabel('b').useCustomizeStringId().create()).idStrategy, 'CUSTOMIZE_STRING');
    assert.equal((await schema.vertexLabel('c').useCustomizeNumberId().create()).idStrategy, 'CUSTOMIZE_NUMBER');
    assert.equal((await schema.vertexLabel('d').useCustomizeUuidId().create()).idStrategy, 'CUSTOMIZE_UUID');
    await rejectsCode(() => schema.vertexLabel('e').usePrimaryKeyId().create(), 'PRIMARY_KEYS_REQUIRED');
    assert.throws(() => schema.vertexLabel('f').useAutomaticId().useCustomizeUuidId(), (e: unknown) => e instanceof QuiverError && e.code === 'ID_STRATEGY_CHANGED');
    assert.throws(() => schema.vertexLabel('f').primaryKeys('a').primaryKeys('b'), (e: unknown) => e instanceof QuiverError && e.code === 'SCHEMA_FIELD_ASSIGNED');
  });

  it('appends nullable properties and refuses stable fields on update', async () => {
    const { schema } = setup();
    await schema.propertyKey('name').create();
    await schema.propertyKey('city').create();
    await schema.vertexLabel('person').properties('name').primaryKeys('name').create();
    const v = await schema.vertexLabel('person').properties('city').nullableKeys('city').userdata('k', 'v').append();
    assert.deepEqual([v.properties, v.nullableKeys, v.userData['k']], [['name', 'city'], ['city'], 'v']);
    assert.deepEqual((await schema.vertexLabel('person').nullableKeys('city').eliminate()).nullableKeys, []);
    await rejectsCode(() => schema.vertexLabel('person').primaryKeys('city').append(), 'SCHEMA_FIELD_IMMUTABLE');
    await rejectsCode(() => schema.vertexLabel('person').useAutomaticId().append(), 'SCHEMA_FIELD_IMMUTABLE');
    await rejectsCode(() => schema.vertexLabel('person').enableLabelIndex(true).append(), 'SCHEMA_FIELD_IMMUTABLE');
    await rejectsCode(() => schema.vertexLabel('person').properties('city').eliminate(), 'ELIMINATE_PROPERTIES');
    await schema.edgeLabel('e').link('person', 'person').create();
    await rejectsCode(() => schema.edgeLabel('e').sourceLabel('person').append(), 'SCHEMA_FIELD_IMMUTABLE');
    await rejectsCode(() => schema.edgeLabel('e').multiTimes().append(), 'SCHEMA_FIELD_IMMUTABLE');
    assert.equal((await schema.edgeLabel('e').userdata('z', 2).append()).userData['z'], 2);
  });

  it('removes labels and index labels and reports what went', async () => {
    const { schema, catalog } = setup();
    await schema.propertyKey('age').asInt().create();
    await schema.vertexLabel('person').properties('age').nullableKeys('age').create();
    await schema.indexLabel('byAge').onV('person').by('age').create();
    assert.equal((await schema.indexLabel('byAge').userdata('a', 1).append()).userData['a'], 1);
    assert.equal((await schema.indexLabel('byAge').userdata('a', 1).eliminate()).userData['a'], undefined);
    await rejectsCode(() => schema.indexLabel('byAge').by('age').append(), 'SCHEMA_FIELD_IMMUTABLE');
    assert.equal((await schema.indexLabel('byAge').rebuild()).name, 'byAge');
    assert.equal((await schema.vertexLabel('person').rebuildIndex()).name, 'person');
    await rejectsCode(() => schema.indexLabel('ghost').rebuild(), 'INDEX_LABEL_NOT_FOUND');
    const removed = await schema.vertexLabel('person').remove();
    assert.deepEqual([removed.vertexLabels, removed.indexLabels], [['person'], ['byAge']]);
    assert.equal(catalog.indexLabels().length, 0);
  });

  it('requires a base label and fields for an index label', async () => {
    const { schema } = setup();
    await rejectsCode(() => schema.indexLabel('x').by('a').create(), 'INDEX_BASE_REQUIRED');
    assert.throws(() => schema.indexLabel('x').by(), (e: unknown) => e instanceof QuiverError && e.code === 'INDEX_FIELDS_EMPTY');
  });

  it('passes an explicit id through, which the catalog allows only when restoring', async () => {
    const { schema } = setup();
    await rejectsCode(() => schema.propertyKey('a').id(5).create(), 'SCHEMA_ID_NOT_ALLOWED');
    assert.throws(() => schema.propertyKey('a').id(0), (e: unknown) => e instanceof QuiverError && e.code === 'SCHEMA_ID_INVALID');
  });
});

describe('SchemaBuilder getters', () => {
  it('return records in id order and throw NotFoundError for missing names', async () => {
    const { schema } = setup();
    await schema.propertyKey('b').create();
    await schema.propertyKey('a').create();
    assert.deepEqual(schema.getPropertyKeys().map((k) => k.name), ['b', 'a']);
    assert.deepEqual([schema.getVertexLabels(), schema.getEdgeLabels(), schema.getIndexLabels()], [[], [], []]);
    assert.throws(() => schema.getVertexLabel('x'), (e: unknown) => e instanceof NotFoundError && e.message === "The vertex label with name 'x' does not exist");
    assert.throws(() => schema.getPropertyKey('x'), (e: unknown) => e instanceof NotFoundError && e.code === 'PROPERTY_KEY_NOT_FOUND');
    assert.throws(() => schema.getEdgeLabel('x'), NotFoundError);
    assert.throws(() => schema.getIndexLabel('x'), NotFoundError);
  });

  it('log changes that replay into an equal catalog', async () => {
    const { schema, catalog, log } = setup();
    await schema.propertyKey('name').create();
    await schema.vertexLabel('person').properties('name').primaryKeys('name').create();
    await schema.vertexLabel('person').ifNotExist().properties('name').primaryKeys('name').create();
    const replay = new SchemaCatalog();
    for (const change of log) replay.apply(change);
    assert.deepEqual(replay.toJSON(), catalog.toJSON());
    assert.equal(log.length, 2);
  });
});
