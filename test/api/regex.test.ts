/**
 * Patterns from queries and graph configuration run on RE2: catastrophic patterns answer at once,
 * and patterns that need backtracking are refused before the query runs.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QuiverError, TextP, open } from '../../src/index.js';
import type { Graph } from '../../src/index.js';

const LONG = `${'a'.repeat(34)}!`;

async function withGraph(body: (graph: Graph) => Promise<void>, config: Record<string, unknown> = {}): Promise<void> {
  const db = await open();
  try {
    await body(await db.createGraph('g', { 'schema.auto_create': true, ...config }));
  } finally {
    await db.close();
  }
}

function code(expected: string, message?: RegExp): (e: unknown) => boolean {
  return (e) => e instanceof QuiverError && e.code === expected && (message === undefined || message.test(e.message));
}

test("TextP.regex('(a+)+$') against 35 characters answers correctly instead of backtracking", async () => {
  await withGraph(async (graph) => {
    await graph.gremlin(`g.addV('p').property('name', '${LONG}').addV('p').property('name', 'aaa')`);
    assert.deepEqual(await graph.gremlin("g.V().has('name', TextP.regex('(a+)+$')).values('name')", { timeoutMs: 5000 }), ['aaa']);
    assert.deepEqual(await graph.gremlin("g.V().has('name', TextP.notRegex('(a+)+$')).values('name')", { timeoutMs: 5000 }), [LONG]);
    assert.deepEqual(await graph.traversal().V().has('name', TextP.regex('^(a|aa)+!$')).values('name').toList(), [LONG]);
  });
});

test('TextP.regex keeps find() semantics: the pattern may match anywhere in the value', async () => {
  await withGraph(async (graph) => {
    await graph.gremlin("g.addV('p').property('name', 'marko').addV('p').property('name', 'josh')");
    assert.deepEqual(await graph.gremlin("g.V().has('name', TextP.regex('ar')).values('name')"), ['marko']);
    assert.deepEqual(await graph.gremlin("g.V().has('name', TextP.regex('^j.*h$')).values('name')"), ['josh']);
  });
});

test('TextP.regex refuses backreferences and lookaround even on an empty graph', async () => {
  await withGraph(async (graph) => {
    await assert.rejects(graph.gremlin("g.V().has('name', TextP.regex('(a)\\\\1'))"), code('REGEX_UNSUPPORTED', /backreferences/));
    await assert.rejects(graph.gremlin("g.V().has('name', TextP.notRegex('a(?=b)'))"), code('REGEX_UNSUPPORTED', /lookaheads/));
    await assert.rejects(graph.gremlin("g.V().has('name', TextP.regex('['))"), code('REGEX_INVALID', /TextP\.regex\(\) pattern '\['/));
    assert.throws(() => TextP.regex('(?<=a)b'), code('REGEX_UNSUPPORTED', /lookbehinds/));
  });
});

test('tinker.search runs its term and regex on RE2', async () => {
  await withGraph(async (graph) => {
    await graph.gremlin(`g.addV('p').property('name', '${LONG}').addV('p').property('name', 'line\\none')`);
    assert.deepEqual(await graph.gremlin("g.call('tinker.search', [regex: '(a+)+']).element().values('name')"), []);
    assert.deepEqual(await graph.gremlin("g.call('tinker.search', [regex: '(a+)+!']).element().values('name')"), [LONG]);
    assert.deepEqual(await graph.gremlin("g.call('tinker.search', [search: 'e.o']).element().values('name')"), ['line\none']);
    await assert.rejects(graph.gremlin("g.call('tinker.search', [regex: '(a)\\\\1'])"), code('REGEX_UNSUPPORTED', /tinker\.search regex/));
  });
});

test('schema.illegal_name_regex runs on RE2 and refuses what RE2 cannot run', async () => {
  await withGraph(
    async (graph) => {
      await assert.rejects(graph.gremlin(`graph.schema().propertyKey('${'a'.repeat(40)}b').create()`), code('SCHEMA_NAME_ILLEGAL'));
      await graph.gremlin(`graph.schema().propertyKey('${'a'.repeat(40)}').create()`);
    },
    { 'schema.illegal_name_regex': '(a+)+b' },
  );
  const db = await open();
  try {
    await assert.rejects(db.createGraph('h', { 'schema.illegal_name_regex': '(?!x).*' }), code('INVALID_CONFIG_VALUE', /negative lookaheads/));
  } finally {
    await db.close();
  }
});
