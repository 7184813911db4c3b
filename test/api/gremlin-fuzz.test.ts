import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { mutate, mutationOf } from '../grammar/mutations.js';
import { QuiverError, open, type Graph } from '../../src/index.js';
import { FEATURES_DIR, readCorpus } from '../grammar/corpus.js';
import { loadGraphson } from '../tck/graphson.js';
import { sharedPath } from '../shared-dir.js';

const corpus = readCorpus(FEATURES_DIR);

const mutation = mutationOf(corpus.length, { minEdits: 0, maxEdits: 3 });

/** Runs the text; only a QuiverError may come out, and the call must finish. */
async function runsOrFailsTyped(graph: Graph, text: string, bindings: ReadonlyMap<string, unknown>): Promise<void> {
  try {
    await graph.gremlin(text, { bindings: Object.fromEntries(bindings), timeoutMs: 2000 });
  } catch (error) {
    assert.ok(error instanceof QuiverError, `untyped ${String(error)} for ${JSON.stringify(text)}`);
  }
}

test('Graph.gremlin either runs corpus traversals, intact or mutated, or rejects with a QuiverError', async () => {
  const db = await open();
  const graph = await db.createGraph('modern', { 'schema.auto_create': true });
  await loadGraphson(graph, readFileSync(join(sharedPath('tinkerpop', 'data'), 'tinkerpop-modern-v3.json'), 'utf8'));
  await fc.assert(
    fc.asyncProperty(mutation, async ({ index, edits }) => {
      const c = corpus[index]!;
      await runsOrFailsTyped(graph, mutate(c.text, edits), c.bindings);
    }),
    { numRuns: 1000 },
  );
  await db.close();
});
