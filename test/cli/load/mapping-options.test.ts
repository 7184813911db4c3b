/**
 * Each option of a hugegraph-loader mapping that `quiver load` carries out, on a small input
 * loaded into a data directory: header, delimiter, charset, skipped_line, null_values,
 * field_mapping, value_mapping, selected, ignored, id, source/target, date_format and its
 * extras, time_zone, list_format, skip, file_filter, both mapping versions, and the error file.
 * @module
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { load, SCHEMA, cleanUp } from './load-helpers.js';

after(cleanUp);

type Json = Record<string, unknown>;

function struct(input: Json, mappings: { vertices?: Json[]; edges?: Json[] }): string {
  return JSON.stringify({ version: '2.0', structs: [{ id: '1', input: { type: 'FILE', ...input }, ...mappings }] });
}

const people = (q: string): string => `g.V().hasLabel('person').order().by('name').${q}`;

test('a CSV header given in the mapping names the fields, and without it the first line is the header', async () => {
  const given = await load({ 'p.csv': 'marko,29\nvadas,27\n', 'struct.json': struct({ path: 'p.csv', format: 'CSV', header: ['name', 'age'] }, { vertices: [{ label: 'person' }] }), 'schema.groovy': SCHEMA });
  assert.deepEqual(await given.query(people("values('age')")), [29, 27]);
  const first = await load({ 'p.csv': 'age,name\n29,marko\n', 'struct.json': struct({ path: 'p.csv', format: 'CSV' }, { vertices: [{ label: 'person' }] }), 'schema.groovy': SCHEMA });
  assert.deepEqual(await first.query(people("values('age')")), [29]);
});

test('TEXT inputs split on their delimiter, a tab unless given (TSV)', async () => {
  const tsv = await load({ 'p.tsv': 'name\tcity\nmarko\tBeijing, China\n', 'struct.json': struct({ path: 'p.tsv', format: 'TEXT' }, { vertices: [{ label: 'person' }] }), 'schema.groovy': SCHEMA });
  assert.deepEqual(await tsv.query(people("values('city')")), ['Beijing, China']);
  const piped = await load({ 'p.txt': 'name|city\nmarko|Beijing\n', 'struct.json': struct({ path: 'p.txt', format: 'TEXT', delimiter: '|' }, { vertices: [{ label: 'person' }] }), 'schema.groovy': SCHEMA });
  assert.deepEqual(await piped.query(people("values('city')")), ['Beijing']);
});

test('JSON inputs hold one object per line, their values kept as JSON typed them', async () => {
  const loaded = await load({ 'p.json': '{"name":"marko","age":29,"vip":true}\n{"name":"vadas","age":"27"}\n', 'struct.json': struct({ path: 'p.json', format: 'JSON' }, { vertices: [{ label: 'person' }] }), 'schema.groovy': SCHEMA });
  assert.deepEqual(await loaded.query(people("values('age')")), [29, 27]);
  assert.deepEqual(await loaded.query(people("values('vip')")), [true]);
});

test('charset decodes the input (GBK here)', async () => {
  const gbk = Uint8Array.from([0x6e, 0x61, 0x6d, 0x65, 0x2c, 0x63, 0x69, 0x74, 0x79, 0x0a, 0x6d, 0x2c, 0xb1, 0xb1, 0xbe, 0xa9, 0x0a]);
  const loaded = await load({ 'p.csv': gbk, 'struct.json': struct({ path: 'p.csv', format: 'CSV', charset: 'GBK' }, { vertices: [{ label: 'person' }] }), 'schema.groovy': SCHEMA });
  assert.deepEqual(await loaded.query(people("values('city')")), ['北京']);
});

test('skipped_line drops whole matching lines; by default comments and empty lines', async () => {
  const byDefault = await load({ 'p.csv': 'name\n# note\n\nmarko\n// x\n', 'struct.json': struct({ path: 'p.csv' }, { vertices: [{ label: 'person' }] }), 'schema.groovy': SCHEMA });
  assert.deepEqual(await byDefault.query(people("values('name')")), ['marko']);
  const custom = await load({ 'p.csv': 'name\nSKIP me\nmarko\n', 'struct.json': struct({ path: 'p.csv', skipped_line: { regex: 'SKIP.*' } }, { vertices: [{ label: 'person' }] }), 'schema.groovy': SCHEMA });
  assert.deepEqual(await custom.query(people("values('name')")), ['marko']);
});

test('null_values leave the property out; the empty string is the null value unless null_values is given', async () => {
  const loaded = await load({ 'p.csv': 'name,age,city\nmarko,NULL,none\nvadas,27,\n', 'struct.json': struct({ path: 'p.csv' }, { vertices: [{ label: 'person', null_values: ['NULL', 'none'] }] }), 'schema.groovy': SCHEMA });
  assert.deepEqual(await loaded.query(people("map(properties('age','city').value().fold())")), [[], [27, '']]);
  const byDefault = await load({ 'p.csv': 'name,age\nmarko,\n', 'struct.json': struct({ path: 'p.csv' }, { vertices: [{ label: 'person' }] }), 'schema.groovy': SCHEMA });
  assert.deepEqual(await byDefault.query(people("properties('age').count()")), [0]);
});

test('field_mapping renames fields to property keys, and value_mapping renames raw values', async () => {
  const loaded = await load({
    'p.csv': 'n,a,c\nmarko,29,BJ\nvadas,27,SH\n',
    'struct.json': struct({ path: 'p.csv' }, { vertices: [{ label: 'person', field_mapping: { n: 'name', a: 'age', c: 'city' }, value_mapping: { c: { BJ: 'Beijing' } } }] }),
    'schema.groovy': SCHEMA,
  });
  assert.deepEqual(await loaded.query(people("values('city')")), ['Beijing', 'SH']);
});

test('selected keeps only the named fields and ignored drops the named ones', async () => {
  const files = { 'p.csv': 'name,age,city\nmarko,29,Beijing\n', 'schema.groovy': SCHEMA };
  const selected = await load({ ...files, 'struct.json': struct({ path: 'p.csv' }, { vertices: [{ label: 'person', selected: ['name', 'city'] }] }) });
  assert.deepEqual(await selected.query(people('properties().key()')), ['name', 'city']);
  const ignored = await load({ ...files, 'struct.json': struct({ path: 'p.csv' }, { vertices: [{ label: 'person', ignored: ['city'] }] }) });
  assert.deepEqual(await ignored.query(people('properties().key()')), ['name', 'age']);
});

test('id names the field of a customised id, and source and target name the ends by primary key or id', async () => {
  const loaded = await load({
    's.csv': 'sid,name\n10,lop\n',
    'p.csv': 'name\nmarko\nvadas\n',
    'k.csv': 'from,to,w,sw\nmarko,vadas,0.5,10\n',
    'struct.json': JSON.stringify({
      version: '2.0',
      structs: [
        { id: 's', input: { type: 'FILE', path: 's.csv' }, vertices: [{ label: 'software', id: 'sid' }] },
        { id: 'p', input: { type: 'FILE', path: 'p.csv' }, vertices: [{ label: 'person' }] },
        {
          id: 'k', input: { type: 'FILE', path: 'k.csv' },
          edges: [
            { label: 'knows', source: ['from'], target: ['to'], field_mapping: { from: 'name', to: 'name', w: 'weight' }, ignored: ['sw'] },
            { label: 'created', source: ['from'], target: ['sw'], field_mapping: { from: 'name' }, selected: [] , ignored: ['w', 'to'] },
          ],
        },
      ],
    }),
    'schema.groovy': SCHEMA,
  });
  assert.deepEqual(loaded.errors, []);
  assert.deepEqual(await loaded.query("g.V(10).values('name')"), ['lop']);
  assert.deepEqual(await loaded.query("g.V('1:marko').outE('knows').values('weight')"), [0.5]);
  assert.deepEqual(await loaded.query("g.V('1:marko').out('created').id()"), [10]);
});

test('date_format, extra_date_formats and time_zone read DATE values; epoch milliseconds are dates too', async () => {
  const loaded = await load({
    'p.csv': 'name,born\na,2020-01-02 03:04:05\nb,20200102\nc,1577934245000\n',
    'struct.json': struct({ path: 'p.csv', extra_date_formats: ['yyyyMMdd'], time_zone: 'GMT+0' }, { vertices: [{ label: 'person' }] }),
    'schema.groovy': SCHEMA,
  });
  const born = (await loaded.query(people("values('born')"))) as Date[];
  assert.deepEqual(born.map((d) => d.toISOString()), ['2020-01-02T03:04:05.000Z', '2020-01-02T00:00:00.000Z', '2020-01-02T03:04:05.000Z']);
  const beijing = await load({ 'p.csv': 'name,born\na,2020-01-02\n', 'struct.json': struct({ path: 'p.csv', date_format: 'yyyy-MM-dd' }, { vertices: [{ label: 'person' }] }), 'schema.groovy': SCHEMA });
  assert.deepEqual(((await beijing.query(people("values('born')"))) as Date[]).map((d) => d.toISOString()), ['2020-01-01T16:00:00.000Z']);
});

test('list_format splits a LIST value; without it elements are split on |', async () => {
  const given = await load({ 'p.txt': 'name\ttags\nmarko\t[a,b]\n', 'struct.json': struct({ path: 'p.txt', format: 'TEXT', list_format: { start_symbol: '[', end_symbol: ']', elem_delimiter: ',' } }, { vertices: [{ label: 'person' }] }), 'schema.groovy': SCHEMA });
  assert.deepEqual(await given.query(people("values('tags')")), ['a', 'b']);
  const byDefault = await load({ 'p.csv': 'name,tags\nmarko,x|y\n', 'struct.json': struct({ path: 'p.csv' }, { vertices: [{ label: 'person' }] }), 'schema.groovy': SCHEMA });
  assert.deepEqual(await byDefault.query(people("values('tags')")), ['x', 'y']);
});

test('skip leaves a mapping or a struct out, and a directory input reads the files file_filter keeps', async () => {
  const loaded = await load({
    'p.csv': 'name\nmarko\n',
    'struct.json': struct({ path: '.', file_filter: { extensions: ['csv'] }, header: ['name'] }, { vertices: [{ label: 'person' }, { label: 'software', skip: true }] }),
    'schema.groovy': SCHEMA,
  });
  assert.deepEqual(await loaded.query(people("values('name')")), ['marko', 'name']);
});

test('a 1.0 mapping loads as the 2.0 mapping it converts to', async () => {
  const files = { 'p.csv': 'name,age\nmarko,29\n', 'k.csv': 'a,b\nmarko,marko\n', 'schema.groovy': SCHEMA };
  const v1 = await load({ ...files, 'struct.json': JSON.stringify({ vertices: [{ label: 'person', input: { type: 'file', path: 'p.csv' } }], edges: [{ label: 'knows', source: ['a'], target: ['b'], field_mapping: { a: 'name', b: 'name' }, input: { type: 'file', path: 'k.csv' } }] }) });
  const v2 = await load({
    ...files,
    'struct.json': JSON.stringify({
      version: '2.0',
      structs: [
        { id: '1', input: { type: 'FILE', path: 'p.csv' }, vertices: [{ label: 'person' }] },
        { id: '2', input: { type: 'FILE', path: 'k.csv' }, edges: [{ label: 'knows', source: ['a'], target: ['b'], field_mapping: { a: 'name', b: 'name' } }] },
      ],
    }),
  });
  const graph = "g.E().project('o','i').by(outV().id()).by(inV().id())";
  assert.deepEqual(await v1.query(graph), await v2.query(graph));
  assert.equal((await v1.query('g.E().count()'))[0], 1);
});

test('rows that fail go to the error file with their line, phase, label and reason; the rest load', async () => {
  const loaded = await load({
    'p.csv': 'name,age\nmarko,29\nvadas,old\njosh\npeter,35\n',
    'k.csv': 'a,b\nmarko,peter\nmarko,nobody\n',
    'struct.json': JSON.stringify({
      version: '2.0',
      structs: [
        { id: 'p', input: { type: 'FILE', path: 'p.csv' }, vertices: [{ label: 'person' }] },
        { id: 'k', input: { type: 'FILE', path: 'k.csv' }, edges: [{ label: 'knows', source: ['a'], target: ['b'], field_mapping: { a: 'name', b: 'name' } }] },
      ],
    }),
    'schema.groovy': SCHEMA,
  });
  assert.deepEqual(loaded.errors.map((l) => l.split('\t').slice(0, 3).join(' ').replace(/^.*\//, '')), ['p.csv:3 parse person', 'p.csv:4 parse person', 'k.csv:3 insert knows']);
  assert.match(loaded.errors[0]!, /value "old" of property 'age' is not a valid INT\tvadas,old$/);
  assert.match(loaded.errors[1]!, /expected 2 fields \(name, age\) but got 1/);
  assert.match(loaded.errors[2]!, /vertex '1:nobody' does not exist/);
  assert.deepEqual(await loaded.query(people("values('name')")), ['marko', 'peter']);
  assert.equal(loaded.result.stopped, undefined);
});

test('past --max-parse-errors or --max-insert-errors the load stops and says why', async () => {
  const files = { 'p.csv': 'name,age\na,x\nb,y\nc,3\n', 'struct.json': struct({ path: 'p.csv' }, { vertices: [{ label: 'person' }] }), 'schema.groovy': SCHEMA };
  const stopped = await load(files, { maxParseErrors: 1 });
  assert.match(stopped.result.stopped ?? '', /more than 1 parse errors/);
  assert.ok(stopped.printed.some((l) => l.startsWith('load stopped:')));
  const edges = await load({
    'k.csv': 'a,b\nx,y\nz,w\n',
    'struct.json': struct({ path: 'k.csv' }, { edges: [{ label: 'knows', source: ['a'], target: ['b'], field_mapping: { a: 'name', b: 'name' } }] }),
    'schema.groovy': SCHEMA,
  }, { maxInsertErrors: 1 });
  assert.match(edges.result.stopped ?? '', /more than 1 insert errors/);
});
