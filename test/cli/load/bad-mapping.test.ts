/**
 * Bad mapping files and options fail before anything is loaded, with an error that names the
 * file, the JSON path and what is wrong; options hugegraph-loader has and `quiver load` does not
 * carry out are refused by name.
 * @module
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { ArgumentError, UnsupportedError } from '../../../src/index.js';
import { parseMapping } from '../../../src/cli/load/mapping.js';
import { cleanUp, load, SCHEMA } from './load-helpers.js';

after(cleanUp);

function refused(text: string, pattern: RegExp, kind: typeof ArgumentError | typeof UnsupportedError = ArgumentError): void {
  assert.throws(() => parseMapping(text, 'struct.json'), (e: unknown) => {
    assert.ok(e instanceof kind, String(e));
    assert.match(e.message, /'struct.json'/);
    assert.match(e.message, pattern);
    return true;
  });
}

const input = (extra: object = {}): object => ({ type: 'FILE', path: 'p.csv', ...extra });
const v2 = (struct: object): string => JSON.stringify({ version: '2.0', structs: [{ id: '1', input: input(), vertices: [{ label: 'person' }], ...struct }] });

test('parseMapping refuses text that is not JSON, an unknown version and unknown keys', () => {
  refused('{"vertices": [', /not JSON/);
  refused('{"version": "3.0"}', /version: expected "1.0" or "2.0"/);
  refused(v2({ vertexes: [] }), /structs\[0\]\.vertexes: unknown key/);
  refused(JSON.stringify({ vertices: [{ label: 'person', input: input({ pth: 'x' }) }] }), /vertices\[0\]\.input\.pth: unknown key/);
});

test('parseMapping names a missing or wrongly typed value by its JSON path', () => {
  refused(JSON.stringify({ version: '2.0', structs: [] }), /structs: expected a non-empty array/);
  refused(v2({ vertices: [{}] }), /structs\[0\]\.vertices\[0\]\.label: is required/);
  refused(v2({ input: { type: 'FILE' } }), /structs\[0\]\.input\.path: is required/);
  refused(v2({ vertices: [], edges: [] }), /at least one vertex or edge mapping/);
  refused(v2({ edges: [{ label: 'knows', target: ['b'] }], vertices: [] }), /edges\[0\]\.source: an edge mapping needs at least one source field/);
  refused(v2({ vertices: [{ label: 'person', selected: ['a'], ignored: ['b'] }] }), /selected and ignored cannot both be given/);
  refused(v2({ input: input({ header: ['a', 'a'] }) }), /header: 'a' is given twice/);
  refused(v2({ input: input({ header: ['a'] }), vertices: [{ label: 'person', field_mapping: { b: 'name' } }] }), /field_mapping field 'b' is not in the input's header/);
});

test('parseMapping refuses a delimiter that does not fit the format, an unknown charset and a bad regex', () => {
  refused(v2({ input: input({ format: 'CSV', delimiter: ';' }) }), /delimiter of a CSV input must be ','/);
  refused(v2({ input: input({ charset: 'klingon' }) }), /unknown charset 'klingon'/);
  refused(v2({ input: input({ skipped_line: { regex: '(' } }) }), /skipped_line\.regex: not a regular expression/);
});

test('parseMapping refuses what quiver load does not carry out, by name', () => {
  refused(v2({ input: { type: 'HDFS', path: 'x' } }), /input type 'HDFS' is not supported/, UnsupportedError);
  refused(v2({ input: input({ compression: 'GZIP' }) }), /compression is not supported/, UnsupportedError);
  refused(v2({ input: input({ format: 'ORC' }) }), /format 'ORC' is not supported/, UnsupportedError);
  refused(v2({ vertices: [{ label: 'person', unfold: true }] }), /unfold is not supported/, UnsupportedError);
  refused(v2({ vertices: [{ label: 'person', update_strategies: { age: 'SUM' } }] }), /update_strategies is not supported/, UnsupportedError);
});

test('parseMapping accepts the defaults hugegraph-loader writes when it converts a mapping to 2.0', () => {
  const mapping = parseMapping(JSON.stringify({
    version: '2.0',
    structs: [{
      id: '1', skip: false,
      input: {
        type: 'FILE', path: 'users.dat', file_filter: { extensions: ['*'] }, dir_filter: { include_regex: '', exclude_regex: '' }, format: 'TEXT', delimiter: '::',
        date_format: 'yyyy-MM-dd HH:mm:ss', extra_date_formats: [], time_zone: 'GMT+8', skipped_line: { regex: '(^#|^//).*|' }, compression: 'NONE', batch_size: 500,
        header: ['UserID', 'Gender'], charset: 'UTF-8', list_format: null, split_count: 0,
      },
      vertices: [{ label: 'user', skip: false, id: null, unfold: false, field_mapping: { UserID: 'id' }, value_mapping: {}, selected: [], ignored: ['Gender'], null_values: [''], update_strategies: {} }],
      edges: [],
    }],
  }), 'struct.json');
  assert.equal(mapping.structs[0]!.input.delimiter, '::');
  assert.equal(mapping.structs[0]!.input.zoneOffsetMinutes, 480);
});

test('a mapping that does not fit the graph schema fails before loading, naming the mapping', async () => {
  const files = { 'p.csv': 'name,sid\nmarko,1\n', 'schema.groovy': SCHEMA };
  const attempt = (mapping: object): Promise<unknown> => load({ ...files, 'struct.json': JSON.stringify({ version: '2.0', structs: [{ id: '1', input: input(), ...mapping }] }) });
  await assert.rejects(attempt({ vertices: [{ label: 'robot' }] }), /structs\[0\]\.vertices\[0\]\.label: vertex label 'robot' does not exist in the graph/);
  await assert.rejects(attempt({ vertices: [{ label: 'software' }] }), /vertex label 'software' has id strategy CUSTOMIZE_NUMBER: the mapping must name its id field/);
  await assert.rejects(attempt({ vertices: [{ label: 'person', id: 'sid' }] }), /structs\[0\]\.vertices\[0\]\.id: vertex label 'person' has id strategy PRIMARY_KEY: its ids cannot come from a field/);
  await assert.rejects(attempt({ edges: [{ label: 'knows', source: ['name'], target: ['sid'] }] }), /edges\[0\]\.target: fields \[sid\] map to \[sid\], but the primary keys of vertex label 'person' are \[name\]/);
  await assert.rejects(attempt({ edges: [{ label: 'likes', source: ['name'], target: ['sid'] }] }), /edge label 'likes' does not exist/);
});

test('quiver load refuses a missing input, a missing mapping file and both or neither of --data and --url', async () => {
  await assert.rejects(load({ 'struct.json': v2({}), 'schema.groovy': SCHEMA }), (e: unknown) => e instanceof ArgumentError && e.code === 'LOAD_INPUT' && /Cannot read input 'p.csv'/.test(e.message));
  await assert.rejects(load({}), (e: unknown) => e instanceof ArgumentError && e.code === 'LOAD_MAPPING' && /Cannot read mapping file/.test(e.message));
  await assert.rejects(load({ 'struct.json': v2({}) }, { url: 'http://127.0.0.1:1' }), /give exactly one of --data DIR and --url URL/);
  await assert.rejects(load({ 'struct.json': v2({}) }, { graph: 'a/b/c' }), /Invalid --graph 'a\/b\/c'/);
});
