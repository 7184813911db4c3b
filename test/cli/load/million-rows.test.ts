/**
 * A generated CSV of 1,000,000 person rows, 1% of them bad (a non-number age, a missing field),
 * and 100,000 edges, 1% of them to a vertex that does not exist, load into a data directory:
 * exactly the bad rows are in the error file with their line numbers and reasons, and every
 * other row is in the graph.
 * @module
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanUp, loadDir, workDir } from './load-helpers.js';

after(cleanUp);

const ROWS = 1_000_000;
const EDGES = 100_000;

/** Writes `rows` lines made by `line` (numbered from 0) after a header, in chunks. */
function writeLines(path: string, header: string, rows: number, line: (i: number) => string): void {
  writeFileSync(path, `${header}\n`);
  for (let start = 0; start < rows; start += 100_000) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(rows, start + 100_000); i++) lines.push(line(i));
    writeFileSync(path, `${lines.join('\n')}\n`, { flag: 'a' });
  }
}

const badAge = (i: number): boolean => i % 200 === 17;
const missingField = (i: number): boolean => i % 200 === 91;
const ghost = (i: number): boolean => i % 100 === 5;
/** Edge i's ends: a good person each (or a ghost target for 1% of them). */
const good = (i: number): number => {
  let p = i;
  while (badAge(p) || missingField(p)) p++;
  return p;
};

test('a 1M-row CSV with 1% bad rows loads with those rows in the error file and the rest present', { timeout: 600_000 }, async () => {
  const dir = workDir({
    'schema.groovy': [
      'schema.propertyKey("name").asText().ifNotExist().create()',
      'schema.propertyKey("age").asInt().ifNotExist().create()',
      'schema.propertyKey("city").asText().ifNotExist().create()',
      'schema.vertexLabel("person").properties("name", "age", "city").primaryKeys("name").ifNotExist().create()',
      'schema.edgeLabel("knows").sourceLabel("person").targetLabel("person").ifNotExist().create()',
    ].join('\n'),
    'struct.json': JSON.stringify({
      version: '2.0',
      structs: [
        { id: 'people', input: { type: 'FILE', path: 'people.csv', format: 'CSV' }, vertices: [{ label: 'person' }] },
        { id: 'knows', input: { type: 'FILE', path: 'knows.csv', format: 'CSV' }, edges: [{ label: 'knows', source: ['from'], target: ['to'], field_mapping: { from: 'name', to: 'name' } }] },
      ],
    }),
  });
  writeLines(join(dir, 'people.csv'), 'name,age,city', ROWS, (i) => (badAge(i) ? `p${i},unknown,c${i % 97}` : missingField(i) ? `p${i},${i % 90}` : `p${i},${i % 90},c${i % 97}`));
  writeLines(join(dir, 'knows.csv'), 'from,to', EDGES, (i) => `p${good(i)},${ghost(i) ? `ghost${i}` : `p${good(i * 7 + 1)}`}`);
  const loaded = await loadDir(dir, { maxParseErrors: ROWS, maxInsertErrors: ROWS });
  const badRows = ROWS / 100;
  const badEdges = EDGES / 100;
  assert.equal(loaded.result.stopped, undefined);
  assert.equal(loaded.errors.length, badRows + badEdges);
  const parse = loaded.errors.filter((l) => l.split('\t')[1] === 'parse');
  assert.equal(parse.length, badRows);
  // Row i of people.csv is on line i + 2 (after the header).
  assert.deepEqual(parse.slice(0, 2).map((l) => l.split('\t').slice(0, 4).join('|').replace(/^.*\//, '')), [
    "people.csv:19|parse|person|value \"unknown\" of property 'age' is not a valid INT",
    'people.csv:93|parse|person|expected 3 fields (name, age, city) but got 2',
  ]);
  const insert = loaded.errors.filter((l) => l.split('\t')[1] === 'insert');
  assert.equal(insert.length, badEdges);
  assert.match(insert[0]!, /knows\.csv:7\tinsert\tknows\tCannot create edge: vertex '1:ghost5' does not exist/);
  assert.deepEqual(await loaded.query('g.V().count()'), [ROWS - badRows]);
  assert.deepEqual(await loaded.query('g.E().count()'), [EDGES - badEdges]);
  assert.deepEqual(await loaded.query("g.V('1:p999999').values('age')"), [999999 % 90]);
  assert.deepEqual(await loaded.query("g.V('1:p17', '1:p91').count()"), [0]);
});
