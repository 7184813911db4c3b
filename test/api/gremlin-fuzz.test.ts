import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { mutate, mutationOf } from '../grammar/mutations.js';
import { QuiverError, open, schemaToGroovy, type Graph } from '../../src/index.js';
import { FEATURES_DIR, HIDDEN_BUILDER_NAMES, OBJECT_PROTOTYPE_NAMES, SCRIPT_TARGETS, readCorpus, scriptMethodCorpus } from '../grammar/corpus.js';
import { loadGraphson } from '../tck/graphson.js';
import { sharedPath } from '../shared-dir.js';

const corpus = [...readCorpus(FEATURES_DIR), ...scriptMethodCorpus()];

const mutation = mutationOf(corpus.length, { minEdits: 0, maxEdits: 3 });

/** Runs the text; only a QuiverError may come out, and the call must finish. */
async function runsOrFailsTyped(graph: Graph, text: string, bindings: ReadonlyMap<string, unknown>): Promise<void> {
  try {
    await graph.gremlin(text, { bindings: Object.fromEntries(bindings), timeoutMs: 2000 });
  } catch (error) {
    assert.ok(error instanceof QuiverError, `untyped ${String(error)} for ${JSON.stringify(text)}`);
  }
}

async function modern(): Promise<{ graph: Graph; close: () => Promise<void> }> {
  const db = await open();
  const graph = await db.createGraph('modern', { 'schema.auto_create': true });
  await loadGraphson(graph, readFileSync(join(sharedPath('tinkerpop', 'data'), 'tinkerpop-modern-v3.json'), 'utf8'));
  return { graph, close: () => db.close() };
}

/** What a script could have changed: the schema and the element counts. */
async function state(graph: Graph): Promise<string> {
  const counts = await graph.gremlin('[g.V().count().next(), g.E().count().next()]');
  return `${schemaToGroovy(graph.catalog())}${counts.map(String).join(',')}`;
}

test('Graph.gremlin either runs corpus traversals, intact or mutated, or rejects with a QuiverError', async () => {
  const { graph, close } = await modern();
  await fc.assert(
    fc.asyncProperty(mutation, async ({ index, edits }) => {
      const c = corpus[index]!;
      await runsOrFailsTyped(graph, mutate(c.text, edits), c.bindings);
    }),
    { numRuns: 1000 },
  );
  await close();
});

const ARGUMENTS = ["'x'", '1', '2L', '-1', 'true', 'null', '[1, 2]', "['a': 1]", '1.5d', "datetime('2020-01-01T00:00:00Z')", 'T.label', '__.out()', 'P.gt(1)', "'person'", "'age'"];
const argumentList = fc.array(fc.constantFrom(...ARGUMENTS), { maxLength: 3 }).map((args) => `(${args.join(', ')})`);
const forbidden = fc.constantFrom(...OBJECT_PROTOTYPE_NAMES, ...HIDDEN_BUILDER_NAMES);

test('Graph.gremlin refuses a forbidden method anywhere in a graph or schema chain before anything runs', async () => {
  const { graph, close } = await modern();
  await fc.assert(
    fc.asyncProperty(fc.nat({ max: SCRIPT_TARGETS.length - 1 }), fc.array(fc.nat(), { maxLength: 4 }), forbidden, argumentList, async (t, picks, name, args) => {
      const target = SCRIPT_TARGETS[t]!;
      const before = target.calls.length === 0 ? [] : picks.map((p) => target.calls[p % target.calls.length]!);
      const text = [target.text, ...before, `${name}${args}`, 'create()'].join('.');
      const was = await state(graph);
      await assert.rejects(graph.gremlin(text), (e: unknown) => {
        assert.ok(e instanceof QuiverError, `untyped ${String(e)} for ${text}`);
        return true;
      });
      assert.equal(await state(graph), was, `${text} changed the graph`);
    }),
    { numRuns: 300 },
  );
  await close();
});

test('Graph.gremlin either runs builder and element methods with random arguments or rejects with a QuiverError', async () => {
  const { graph, close } = await modern();
  const names = [...new Set(SCRIPT_TARGETS.flatMap((t) => t.calls.map((c) => c.slice(0, c.indexOf('(')))))];
  const methods = [...names, 'create', 'append', 'eliminate', 'remove', 'rebuild', 'rebuildIndex', 'value', 'values', 'property', 'properties', 'keys', 'id', 'label',
    'addEdge', 'addVertex', 'outVertex', 'inVertex', 'schema', 'traversal', 'renamePropertyKey', 'getPropertyKey', 'getVertexLabels', 'userData', 'link', 'ttl'];
  const call = fc.tuple(fc.constantFrom(...methods), argumentList).map(([m, a]) => `${m}${a}`);
  await fc.assert(
    fc.asyncProperty(fc.nat({ max: SCRIPT_TARGETS.length - 1 }), fc.array(call, { minLength: 1, maxLength: 4 }), async (t, calls) => {
      await runsOrFailsTyped(graph, [SCRIPT_TARGETS[t]!.text, ...calls].join('.'), new Map());
    }),
    { numRuns: 600 },
  );
  await close();
});
