import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { QuiverError, open, type Graph } from '../../src/index.js';
import { FEATURES_DIR, readCorpus } from '../grammar/corpus.js';
import { loadGraphson } from '../tck/graphson.js';
import { sharedPath } from '../shared-dir.js';

const corpus = readCorpus(FEATURES_DIR);
const ALPHABET = [...'g.V()__,[]{}:;="\'\\ \n0123456789abcdefxlLnm-+_$#@>PT'];

const mutation = fc.record({
  index: fc.nat({ max: corpus.length - 1 }),
  edits: fc.array(
    fc.record({ kind: fc.constantFrom('delete', 'insert', 'swap'), at: fc.nat(), char: fc.constantFrom(...ALPHABET) }),
    { minLength: 0, maxLength: 3 },
  ),
});

function mutate(text: string, edits: ReadonlyArray<{ kind: string; at: number; char: string }>): string {
  let out = text;
  for (const edit of edits) {
    const at = out.length === 0 ? 0 : edit.at % out.length;
    if (edit.kind === 'delete') out = out.slice(0, at) + out.slice(at + 1);
    else if (edit.kind === 'insert') out = out.slice(0, at) + edit.char + out.slice(at);
    else if (at + 1 < out.length) out = out.slice(0, at) + out[at + 1]! + out[at]! + out.slice(at + 2);
  }
  return out;
}

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
