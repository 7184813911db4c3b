import { test } from 'node:test';
import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import fc from 'fast-check';
import { ArgumentError, UnsupportedError } from '../../src/errors.js';
import { GRAPH_CONFIG_KEYS, resolveGraphConfig, validateGraphName } from '../../src/database/graph/config.js';
import type { GraphConfigInput } from '../../src/database/graph/config.js';

const INT_MAX = 2 ** 31 - 1;

/** Integer keys with their [min, max) ranges, as spec Part A 2.3 states them. */
const INT_RANGES: ReadonlyArray<readonly [string, number, number, number]> = [
  ['rate_limit.write', 0, INT_MAX, 0],
  ['rate_limit.read', 0, INT_MAX, 0],
  ['task.input_size_limit', 0, 1024 * 1024 * 1024, 10 * 1024 * 1024],
  ['task.result_size_limit', 0, 1024 * 1024 * 1024, 10 * 1024 * 1024],
  ['vertex.tx_capacity', 500, 1000000, 10000],
  ['edge.tx_capacity', 500, 1000000, 10000],
  ['vertex.cache_expire', 0, INT_MAX, 600],
  ['edge.cache_expire', 0, INT_MAX, 600],
  ['graph.virtual_graph_batch_buffer_size', 0, 65535, 0],
  ['graph.virtual_graph_batch_size', 0, 65535, 50],
  ['graph.virtual_graph_batch_time_ms', 0, INT_MAX, 100],
  ['graph.virtual_graph_vertex_init_capacity', 0, INT_MAX, 1000000],
  ['graph.virtual_graph_edge_init_capacity', 0, INT_MAX, 10000],
];

const LONG_KEYS: ReadonlyArray<readonly [string, number]> = [
  ['task.wait_timeout', 10],
  ['schema.cache_capacity', 10000],
  ['vertex.cache_capacity', 10000000],
  ['edge.cache_capacity', 1000000],
  ['graph.virtual_graph_vertex_max_size', 100000000],
  ['graph.virtual_graph_vertex_expire', 6000],
  ['graph.virtual_graph_edge_max_size', 1000000],
  ['graph.virtual_graph_edge_expire', 6000],
];

const BOOLEAN_KEYS = ['vertex.check_customized_id_exist', 'graph.virtual_graph_enable', 'schema.auto_create'];

function rejects(input: Record<string, unknown>, code: string, pattern?: RegExp): void {
  assert.throws(
    () => resolveGraphConfig('g', input as GraphConfigInput),
    (error: unknown) => error instanceof ArgumentError && error.code === code && (pattern === undefined || pattern.test(error.message)),
  );
}

test('resolveGraphConfig fills every key of Part A 2.3 with its default', () => {
  const config = resolveGraphConfig('g');
  assert.deepEqual(Object.keys(config).sort(), [...GRAPH_CONFIG_KEYS].sort());
  assert.equal(GRAPH_CONFIG_KEYS.length, 33);
  assert.equal(config.backend, 'hstore');
  assert.equal(config.serializer, 'binary');
  assert.equal(config.store, 'g');
  assert.equal(config['task.scheduler_type'], 'local');
  assert.equal(config['schema.init_template'], null);
  assert.equal(config['schema.illegal_name_regex'], '.*\\s+$|~.*');
  assert.equal(config['search.text_analyzer'], 'jieba');
  assert.equal(config['search.text_analyzer_mode'], 'INDEX');
  assert.equal(config['graph.virtual_graph_batcher_task_threads'], Math.max(4, Math.floor(availableParallelism() / 2)));
  for (const [key, , , fallback] of INT_RANGES) assert.equal(config[key as keyof typeof config], fallback, key);
  for (const [key, fallback] of LONG_KEYS) assert.equal(config[key as keyof typeof config], fallback, key);
  for (const key of BOOLEAN_KEYS) assert.equal(config[key as keyof typeof config], false, key);
});

test('resolveGraphConfig accepts both ends of every int range and rejects just outside', () => {
  for (const [key, min, max] of INT_RANGES) {
    assert.equal(resolveGraphConfig('g', { [key]: min })[key as 'rate_limit.read'], min, key);
    assert.equal(resolveGraphConfig('g', { [key]: max - 1 })[key as 'rate_limit.read'], max - 1, key);
    rejects({ [key]: min - 1 }, 'INVALID_CONFIG_VALUE', new RegExp(`'${key.replace('.', '\\.')}'`));
    rejects({ [key]: max }, 'INVALID_CONFIG_VALUE');
    rejects({ [key]: 1.5 }, 'INVALID_CONFIG_VALUE');
    rejects({ [key]: 'many' }, 'INVALID_CONFIG_VALUE');
  }
});

test('resolveGraphConfig takes long keys as numbers, bigints or decimal strings in [0, 2^63-1)', () => {
  for (const [key] of LONG_KEYS) {
    assert.equal(resolveGraphConfig('g', { [key]: 2n ** 40n })[key as 'task.wait_timeout'], 2 ** 40);
    assert.equal(resolveGraphConfig('g', { [key]: '7' })[key as 'task.wait_timeout'], 7);
    rejects({ [key]: -1 }, 'INVALID_CONFIG_VALUE');
    rejects({ [key]: 2n ** 63n - 1n }, 'INVALID_CONFIG_VALUE');
  }
});

test('resolveGraphConfig takes booleans or their text and rejects anything else', () => {
  for (const key of BOOLEAN_KEYS) {
    assert.equal(resolveGraphConfig('g', { [key]: true })[key as 'schema.auto_create'], true);
    assert.equal(resolveGraphConfig('g', { [key]: 'false' })[key as 'schema.auto_create'], false);
    rejects({ [key]: 1 }, 'INVALID_CONFIG_VALUE', /expected true or false/);
  }
});

test('resolveGraphConfig checks the fixed string keys', () => {
  rejects({ backend: 'rocksdb' }, 'INVALID_CONFIG_VALUE', /one of hstore/);
  rejects({ serializer: 'text' }, 'INVALID_CONFIG_VALUE');
  rejects({ store: 'other' }, 'INVALID_CONFIG_VALUE', /the graph name 'g'/);
  assert.equal(resolveGraphConfig('g', { store: 'g' }).store, 'g');
  assert.equal(resolveGraphConfig('g', { 'task.scheduler_type': 'etcd' })['task.scheduler_type'], 'etcd');
  rejects({ 'task.scheduler_type': 'cron' }, 'INVALID_CONFIG_VALUE');
  rejects({ 'schema.illegal_name_regex': '(' }, 'INVALID_CONFIG_VALUE', /schema\.illegal_name_regex/);
  assert.equal(resolveGraphConfig('g', { 'schema.illegal_name_regex': '^x' })['schema.illegal_name_regex'], '^x');
});

test('resolveGraphConfig validates the analyzer mode against the analyzer', () => {
  assert.equal(resolveGraphConfig('g', { 'search.text_analyzer': 'ansj' })['search.text_analyzer_mode'], 'BaseAnalysis');
  assert.equal(resolveGraphConfig('g', { 'search.text_analyzer': 'ikanalyzer', 'search.text_analyzer_mode': 'max_word' })['search.text_analyzer_mode'], 'max_word');
  assert.equal(resolveGraphConfig('g', { 'search.text_analyzer': 'smartcn' })['search.text_analyzer_mode'], '');
  rejects({ 'search.text_analyzer': 'jieba', 'search.text_analyzer_mode': 'smart' }, 'INVALID_CONFIG_VALUE', /SEARCH, INDEX for analyzer jieba/);
  rejects({ 'search.text_analyzer': 'lucene' }, 'INVALID_CONFIG_VALUE');
});

test('resolveGraphConfig bounds batcher threads by the CPU count', () => {
  const max = Math.max(4, availableParallelism() * 2);
  assert.equal(resolveGraphConfig('g', { 'graph.virtual_graph_batcher_task_threads': max })['graph.virtual_graph_batcher_task_threads'], max);
  rejects({ 'graph.virtual_graph_batcher_task_threads': max + 1 }, 'INVALID_CONFIG_VALUE');
  rejects({ 'graph.virtual_graph_batcher_task_threads': 0 }, 'INVALID_CONFIG_VALUE');
});

test('resolveGraphConfig rejects unknown keys and names the accepted ones', () => {
  rejects({ 'vertex.tx_capacty': 1000 }, 'UNKNOWN_CONFIG_KEY', /Unknown config key 'vertex\.tx_capacty': accepted keys are backend/);
});

test('resolveGraphConfig refuses schema templates loudly', () => {
  assert.throws(() => resolveGraphConfig('g', { 'schema.init_template': 'social' }), UnsupportedError);
});

test('resolveGraphConfig keeps any valid tx capacity it is given', () => {
  fc.assert(
    fc.property(fc.integer({ min: 500, max: 999999 }), fc.integer({ min: 500, max: 999999 }), (v, e) => {
      const config = resolveGraphConfig('g', { 'vertex.tx_capacity': v, 'edge.tx_capacity': String(e) });
      return config['vertex.tx_capacity'] === v && config['edge.tx_capacity'] === e;
    }),
  );
});

test('validateGraphName accepts lowercase names and rejects paths, capitals and long names', () => {
  for (const ok of ['g', 'hugegraph', 'graph_1', 'a'.repeat(48)]) validateGraphName(ok);
  for (const bad of ['', '1g', 'G', '../etc', 'a b', 'a-b', 'a'.repeat(49), '.dropped']) {
    assert.throws(() => validateGraphName(bad), (e: unknown) => e instanceof ArgumentError && e.code === 'INVALID_GRAPH_NAME', bad);
  }
});
