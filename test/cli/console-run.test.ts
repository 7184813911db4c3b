import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { open } from '../../src/index.js';
import { runConsole } from '../../src/cli/console/index.js';

async function consoleRun(text: string, options: { readonly dataPath: string; readonly graph?: string }): Promise<{ status: number; out: string; err: string }> {
  const input = new PassThrough();
  const output = new PassThrough();
  const errorOutput = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  output.on('data', (c: Buffer) => out.push(c.toString('utf8')));
  errorOutput.on('data', (c: Buffer) => err.push(c.toString('utf8')));
  input.end(text);
  const status = await runConsole({ ...options, input, output, errorOutput, interactive: false });
  return { status, out: out.join(''), err: err.join('') };
}

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'quiver-console-run-'));
  try {
    await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('runConsole creates the default graph in auto-create mode and lists it', async () => {
  await withDir(async (dir) => {
    const run = await consoleRun(':graphs\n', { dataPath: dir });
    assert.deepEqual(run, { status: 0, out: '* hugegraph\n', err: '' });
    const db = await open({ path: dir });
    try {
      assert.equal(db.graph('hugegraph').config['schema.auto_create'], true);
    } finally {
      await db.close();
    }
    await assert.rejects(stat(join(dir, '.quiver_history')), { code: 'ENOENT' });
  });
});

test('runConsole opens a named graph, prints its schema and reports a missing graph on :use', async () => {
  await withDir(async (dir) => {
    const db = await open({ path: dir });
    try {
      const graph = await db.createGraph('people');
      await graph.schema().propertyKey('name').asText().ifNotExist().create();
    } finally {
      await db.close();
    }
    const run = await consoleRun(':schema\n:use nope\n:graphs\n', { dataPath: dir, graph: 'people' });
    assert.equal(run.status, 1);
    assert.match(run.out, /propertyKey\('name'\)/);
    assert.equal(run.err, "Error: Graph 'nope' does not exist (GRAPH_NOT_FOUND)\nin the statement starting at input line 2\n");
  });
});

test('runConsole reports a database it cannot open with status 1', async () => {
  await withDir(async (dir) => {
    const db = await open({ path: dir });
    try {
      const run = await consoleRun(':graphs\n', { dataPath: dir });
      assert.equal(run.status, 1);
      assert.match(run.err, /^Error: .+ \([A-Z_]+\)\n$/);
    } finally {
      await db.close();
    }
  });
});

test('runConsole runs piped Gremlin on the durable graph, keeping data across runs', async () => {
  await withDir(async (dir) => {
    const first = await consoleRun("g.addV('person').property('name','marko').property('age',29)\ng.addV('person').property('name','vadas').iterate()\n", { dataPath: dir });
    assert.equal(first.status, 0, first.err);
    assert.match(first.out, /^id +\| label +\| name +\| age\n/);
    assert.match(first.out, /\| person \| \[?marko\]? +\| \[?29\]?\n$/);
    const second = await consoleRun("g.V().count()\ng.V().order().by('name').values('name')\n:json\ng.V().has('name','marko').valueMap()\n", { dataPath: dir });
    assert.equal(second.status, 0, second.err);
    assert.equal(second.out, '==>2\n==>marko\n==>vadas\njson output on\n{"name":["marko"],"age":[29]}\n');
  });
});

test('runConsole stops piped Gremlin at a syntax error with status 1 and a caret on stderr', async () => {
  await withDir(async (dir) => {
    const run = await consoleRun("g.addV('person')\ng.V().foo)\ng.addV('person')\n", { dataPath: dir });
    assert.equal(run.status, 1);
    const [first, line, caret] = run.err.split('\n');
    assert.match(first!, /^Syntax error at 1:10: .*\(GREMLIN_SYNTAX\)$/);
    assert.equal(line, 'g.V().foo)');
    assert.equal(caret, '         ^');
    const count = await consoleRun('g.V().count()\n', { dataPath: dir });
    assert.equal(count.out, '==>1\n');
  });
});

test('runConsole explains a traversal with the plan after the strategies', async () => {
  await withDir(async (dir) => {
    const run = await consoleRun(":explain g.V().has('name','marko').out()\n:explain g.V(\n", { dataPath: dir });
    assert.equal(run.status, 1);
    assert.match(run.out, /out|OUT/);
    assert.match(run.err, /^Syntax error at 1:5: /);
    assert.doesNotMatch(run.err, /end of input: the statement is not complete/);
  });
});
