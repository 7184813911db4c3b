/**
 * Ids and property values have documented caps (docs/limits.md), enforced in the store so that
 * the library, REST and Gremlin refuse alike, with a 400 and HugeGraph's error body over REST:
 * a string vertex id (primary-key or customized) of at most 16 KiB of UTF-8, as HugeGraph caps
 * ids; a TEXT or BLOB value of at most 1 MiB; an OBJECT value nested at most 64 levels.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LimitError, open } from '../../src/index.js';
import { testServer } from './helpers.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';

test('REST: a 15 MB primary-key id, a 17 KiB one, a 17 KiB customized id and a 2 MiB text are 400s; 16 KiB ids and 1 MiB texts are stored', async () => {
  const server = await testServer({ bodyLimit: 64 * 1024 * 1024 });
  try {
    for (const [path, body] of [
      ['propertykeys', { name: 'name', data_type: 'TEXT' }],
      ['propertykeys', { name: 'note', data_type: 'TEXT' }],
      ['vertexlabels', { name: 'person', id_strategy: 'PRIMARY_KEY', properties: ['name', 'note'], primary_keys: ['name'], nullable_keys: ['note'] }],
      ['vertexlabels', { name: 'doc', id_strategy: 'CUSTOMIZE_STRING', properties: ['note'], nullable_keys: ['note'] }],
    ] as const) {
      assert.ok((await server.call('POST', `${G}/schema/${path}`, body)).status < 300);
    }
    const refused = async (body: unknown, message: RegExp): Promise<void> => {
      const res = await server.call('POST', `${G}/graph/vertices`, body);
      assert.equal(res.status, 400, res.text.slice(0, 300));
      assert.deepEqual(Object.keys(res.json), ['exception', 'message', 'cause']);
      assert.match(res.json.exception, /LimitExceedException/);
      assert.match(res.json.message, message);
    };
    await refused({ label: 'person', properties: { name: 'x'.repeat(15 * 1024 * 1024) } }, /TEXT value holds at most 1048576 characters/);
    await refused({ label: 'person', properties: { name: 'x'.repeat(17 * 1024) } }, /The max length of vertex id is 16384, but got 17410/);
    await refused({ label: 'person', properties: { name: 'é'.repeat(9000) } }, /The max length of vertex id is 16384, but got 1800\d/);
    await refused({ label: 'doc', id: 'd'.repeat(17 * 1024), properties: {} }, /The max length of vertex id is 16384, but got 17408/);
    await refused({ label: 'doc', id: 'd1', properties: { note: 'n'.repeat(2 * 1024 * 1024) } }, /at most 1048576 characters, but got 2097152/);
    const batch = await server.call('POST', `${G}/graph/vertices/batch`, [{ label: 'person', properties: { name: 'ok' } }, { label: 'person', properties: { name: 'y'.repeat(17 * 1024) } }]);
    assert.equal(batch.status, 400, batch.text.slice(0, 300));
    const fits = await server.call('POST', `${G}/graph/vertices`, { label: 'person', properties: { name: 'z'.repeat(16 * 1024 - 2), note: 'n'.repeat(1024 * 1024) } });
    assert.equal(fits.status, 201, fits.text.slice(0, 300));
    const doc = await server.call('POST', `${G}/graph/vertices`, { label: 'doc', id: 'd'.repeat(16 * 1024), properties: {} });
    assert.equal(doc.status, 201, doc.text.slice(0, 300));
    const read = await server.call('GET', `${G}/graph/vertices/${encodeURIComponent(`"${'d'.repeat(16 * 1024)}"`)}`);
    assert.equal(read.status, 200, read.text.slice(0, 300));
    assert.equal(read.json.id, 'd'.repeat(16 * 1024));
    const count = await server.call('POST', '/gremlin', { gremlin: 'g.V().count()' });
    assert.deepEqual(count.json.result.data, [2]);
  } finally {
    await server.close();
  }
});

test('the library and Gremlin refuse the same: ID_TOO_LONG and PROPERTY_VALUE_TOO_LARGE, an OBJECT value nested past 64 levels too', async () => {
  const db = await open();
  try {
    const graph = await db.createGraph('g', { 'schema.auto_create': true });
    const tooLarge = (code: string) => (e: unknown) => e instanceof LimitError && e.code === code;
    await assert.rejects(graph.addVertex('item', {}, { id: 'i'.repeat(20_000) }), tooLarge('ID_TOO_LONG'));
    await assert.rejects(graph.addVertex('item', { text: 't'.repeat(1024 * 1024 + 1) }), tooLarge('PROPERTY_VALUE_TOO_LARGE'));
    await assert.rejects(graph.gremlin('g.addV(\'item\').property(\'text\', x)', { bindings: { x: 't'.repeat(1024 * 1024 + 1) } }), tooLarge('PROPERTY_VALUE_TOO_LARGE'));
    await assert.rejects(graph.addVertex('item', { blob: new Uint8Array(1024 * 1024 + 1) }), tooLarge('PROPERTY_VALUE_TOO_LARGE'));
    await graph.schema().propertyKey('doc').asObject().ifNotExist().create();
    let deep = new Map<string, unknown>([['a', 1]]);
    for (let i = 1; i < 64; i++) deep = new Map([['a', deep]]);
    await graph.addVertex('item', { doc: deep as never });
    await graph.gremlin("g.addV('item').property('doc', x)", { bindings: { x: deep } });
    await assert.rejects(graph.gremlin("g.addV('item').property('doc', x)", { bindings: { x: new Map([['a', deep]]) } }), tooLarge('PROPERTY_VALUE_TOO_LARGE'));
    assert.deepEqual(await graph.gremlin('g.V().count()'), [2]);
  } finally {
    await db.close();
  }
});
