import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QuiverError, open, schemaToGroovy, type Graph } from '../../src/index.js';
import { CREATE_TIME_KEY } from '../../src/storage/index.js';

/** Every builder method schemaToGroovy can print, with user data of every JSON shape. */
const RICH_SCHEMA = `
graph.schema().propertyKey('name').asText().ifNotExist().create()
graph.schema().propertyKey('age').asInt().valueSingle().userdata('note', 'a\\\\b').userdata('n', 2).create()
graph.schema().propertyKey('born').asDate().create()
graph.schema().propertyKey('tags').asText().valueSet().userdata('meta', ['k': [1, 'x', true, null], 'deep': ['a': 1.5]]).create()
graph.schema().propertyKey('weight').asDouble().valueList().create()
graph.schema().propertyKey("it's").asLong().create()
graph.schema().propertyKey('blob').asBlob().create()
graph.schema().propertyKey('uuid').asUUID().create()
graph.schema().propertyKey('flag').asBoolean().create()
graph.schema().propertyKey('b').asByte().create()
graph.schema().propertyKey('f').asFloat().create()
graph.schema().propertyKey('o').asObject().create()
graph.schema().vertexLabel('person').usePrimaryKeyId().properties('name', 'age', 'born').primaryKeys('name').nullableKeys('age', 'born').enableLabelIndex(true).create()
graph.schema().vertexLabel('software').useCustomizeStringId().properties('name').create()
graph.schema().vertexLabel('event').useCustomizeUuidId().properties('born', "it's").nullableKeys("it's").ttl(500).ttlStartTime('born').enableLabelIndex(false).create()
graph.schema().vertexLabel('num').useCustomizeNumberId().create()
graph.schema().vertexLabel('auto').useAutomaticId().userdata('flag', true).create()
graph.schema().edgeLabel('knows').sourceLabel('person').targetLabel('person').singleTime().properties('weight').nullableKeys('weight').create()
graph.schema().edgeLabel('rated').sourceLabel('person').targetLabel('software').multiTimes().properties('born', 'weight').sortKeys('born').nullableKeys('weight').ttl(1000L).create()
graph.schema().indexLabel('personByAge').onV('person').by('age').range().create()
graph.schema().indexLabel('personByBorn').onV('person').by('born').secondary().create()
graph.schema().indexLabel('ratedByWeight').onE('rated').by('weight').shard().create()
graph.schema().indexLabel('softwareByName').onV('software').by('name').search().create()
graph.schema().indexLabel('eventUnique').onV('event').by('born').unique().create()
`;

/** A catalog's JSON without creation times: a replay creates its elements anew, at a new time. */
function withoutCreateTimes(graph: Graph): unknown {
  return JSON.parse(JSON.stringify(graph.catalog().toJSON(), (key, value: unknown) => (key === CREATE_TIME_KEY ? undefined : value)));
}

test('schemaToGroovy replayed through graph.gremlin() into a fresh graph gives the same catalog JSON', async () => {
  const db = await open();
  const original = await db.createGraph('original');
  await original.gremlin(RICH_SCHEMA);
  await original.schema().vertexLabel('auto').userdata('later', 'x').append();
  const copy = await db.createGraph('copy');
  await copy.gremlin(schemaToGroovy(original.catalog()));
  const json = withoutCreateTimes(original);
  assert.deepEqual(withoutCreateTimes(copy), json);
  assert.equal(JSON.stringify(json).includes(CREATE_TIME_KEY), false);
  assert.equal(original.catalog().propertyKeys().every((k) => k.userData[CREATE_TIME_KEY] !== undefined), true);
  await db.close();
});

test('Graph.gremlin runs everything schemaToGroovy prints and recreates the same schema', async () => {
  const db = await open();
  const original = await db.createGraph('original');
  await original.gremlin(RICH_SCHEMA);
  const groovy = schemaToGroovy(original.catalog());
  for (const method of ['asText', 'asInt', 'asDate', 'asLong', 'asBlob', 'asUUID', 'asBoolean', 'asByte', 'asFloat', 'asDouble', 'asObject', 'valueSingle',
    'valueSet', 'valueList', 'usePrimaryKeyId', 'useCustomizeStringId', 'useCustomizeUuidId', 'useCustomizeNumberId', 'useAutomaticId', 'properties', 'primaryKeys',
    'nullableKeys', 'enableLabelIndex', 'ttl', 'ttlStartTime', 'userdata', 'sourceLabel', 'targetLabel', 'singleTime', 'multiTimes', 'sortKeys', 'onV', 'onE', 'by',
    'range', 'secondary', 'shard', 'search', 'unique', 'ifNotExist', 'create']) {
    assert.ok(groovy.includes(`.${method}(`), `schemaToGroovy printed no ${method}()`);
  }
  const copy = await db.createGraph('copy');
  await copy.gremlin(groovy);
  assert.equal(schemaToGroovy(copy.catalog()), groovy);
  await copy.gremlin(groovy);
  assert.equal(schemaToGroovy(copy.catalog()), groovy);
  await db.close();
});

test('Graph.gremlin refuses Object.prototype and private builder methods with UNSUPPORTED_METHOD and runs nothing', async () => {
  const db = await open();
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  await graph.gremlin("def a = graph.addVertex('p')\na.addEdge('e', a, 'k', 1)");
  const schemaBefore = schemaToGroovy(graph.catalog());
  const names = [...Object.getOwnPropertyNames(Object.prototype), 'checkUpdate', 'common', 'createOptions', 'refuse', 'once', 'kindName', 'missing', 'ops', 'reader'];
  for (const name of names) {
    const elements = name === 'toString' ? [] : ['g.V().next()', 'g.E().next()'];
    for (const chain of ['graph.schema()', "graph.schema().propertyKey('k')", "graph.schema().vertexLabel('v')", "graph.schema().edgeLabel('e')",
      "graph.schema().indexLabel('i')", 'graph', ...elements]) {
      const text = `${chain}.${name}()`;
      await assert.rejects(graph.gremlin(text), (e: unknown) => {
        assert.ok(e instanceof QuiverError, `${text}: ${String(e)}`);
        assert.ok(e.code === 'UNSUPPORTED_METHOD' || e.code === 'GREMLIN_SYNTAX', `${text}: ${e.code} ${e.message}`);
        assert.ok(e.message.includes(name) && /line 1, column \d+/.test(e.message), `${text}: ${e.message}`);
        return true;
      });
    }
    await assert.rejects(graph.gremlin(`g.${name}()`), (e: unknown) => e instanceof QuiverError && e.code === 'UNKNOWN_STEP' && e.message.includes(name));
  }
  assert.equal(schemaToGroovy(graph.catalog()), schemaBefore);
  assert.deepEqual((await graph.gremlin('g.V().count().next()')).map(String), ['1']);
  assert.match(String((await graph.gremlin('g.V().next().toString()'))[0]), /^v\[/, 'toString() is on the allow-list of every value');
  await db.close();
});
