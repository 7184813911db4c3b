/**
 * The one JSON module: `jsonValue` and its options, and `graph.gremlin`'s `json` results, which
 * convert the engine's values to JSON in one walk and must equal `jsonValue` of the plain
 * results in every mode.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ArgumentError, HUGEGRAPH_JSON, jsonValue, PlainMap, TypedNumber, Uuid, type JsonOptions } from '../../src/index.js';
import { openModern, RESULT_KIND_QUERIES } from './modern-graph.js';

const MODES: readonly JsonOptions[] = [{}, HUGEGRAPH_JSON, { longs: 'number', dates: 'epoch' }, { longs: 'string', dates: 'hugegraph' }];

test('jsonValue writes longs beyond 2^53 and dates as its options say, and safe numbers as numbers in every mode', () => {
  const big = 2n ** 60n + 1n;
  assert.equal(jsonValue(big), String(big));
  assert.equal(jsonValue(big, { longs: 'bigint' }), big);
  assert.equal(jsonValue(big, { longs: 'number' }), Number(big));
  for (const mode of MODES) {
    assert.equal(jsonValue(new TypedNumber('long', 6n), mode), 6);
    assert.equal(jsonValue(-7n, mode), -7);
  }
  const date = new Date(Date.UTC(1999, 11, 31, 23, 59, 58, 7));
  assert.equal(jsonValue(date), '1999-12-31T23:59:58.007Z');
  assert.equal(jsonValue(date, { dates: 'hugegraph' }), '1999-12-31 23:59:58.007');
  assert.equal(jsonValue(date, { dates: 'epoch' }), date.getTime());
  assert.deepEqual(jsonValue(new PlainMap<unknown, unknown>([['u', new Uuid('0a')], [1, new Set([Uint8Array.of(1, 2)])], ['gone', undefined]])), { u: '0a', 1: ['AQI='], gone: null });
});

test('jsonValue refuses unknown modes with ArgumentError INVALID_ARGUMENT', () => {
  assert.throws(() => jsonValue(1, { longs: 'hex' } as unknown as JsonOptions), (e: unknown) => e instanceof ArgumentError && e.code === 'INVALID_ARGUMENT');
  assert.throws(() => jsonValue(1, { dates: 'unix' } as unknown as JsonOptions), (e: unknown) => e instanceof ArgumentError && e.code === 'INVALID_ARGUMENT');
});

test("graph.gremlin's json results are jsonValue of its plain results, for every result kind and mode", async () => {
  const { db, graph } = await openModern();
  try {
    const queries = [...RESULT_KIND_QUERIES, 'g.V().valueMap(true)', 'g.V().count()', 'g.inject(9007199254740993L, 1.5d, 2.50m)'];
    for (const mode of MODES) {
      for (const query of queries) {
        const plain = await graph.gremlin(query);
        assert.deepEqual(await graph.gremlin(query, { json: mode }), jsonValue(plain, mode), `${query} ${JSON.stringify(mode)}`);
      }
    }
  } finally {
    await db.close();
  }
});

test("graph.gremlin refuses bad json options and json together with types", async () => {
  const { db, graph } = await openModern();
  try {
    const invalid = (e: unknown): boolean => e instanceof ArgumentError && e.code === 'INVALID_ARGUMENT';
    await assert.rejects(graph.gremlin('g.V()', { json: { dates: 'local' } as unknown as JsonOptions }), invalid);
    await assert.rejects(graph.gremlin('g.V()', { json: 'yes' as unknown as JsonOptions }), invalid);
    await assert.rejects(graph.gremlin('g.V()', { json: {}, types: 'java' }), invalid);
  } finally {
    await db.close();
  }
});
