import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import fc from 'fast-check';
import { GremlinSyntaxError } from '../../src/errors.js';
import { parseScript, parseTraversal } from '../../src/grammar/index.js';
import { FEATURES_DIR, readCorpus } from './corpus.js';

const corpus = readCorpus(FEATURES_DIR).slice(0, 400);
const ALPHABET = [...'g.V()__,[]{}:;="\'\\ \n0123456789abcdefxlLnm-+_$#@>PT'];

/** Parses with both entry points; only a GremlinSyntaxError may escape, within a time bound. */
function parsesOrSyntaxError(text: string, bindings: ReadonlyMap<string, unknown>): void {
  for (const parse of [parseTraversal, parseScript]) {
    const started = performance.now();
    try {
      parse(text, { bindings });
    } catch (error) {
      if (!(error instanceof GremlinSyntaxError)) throw new Error(`Non-syntax error for ${JSON.stringify(text)}: ${String(error)}`);
      assert.ok(error.line >= 1 && error.column >= 1, `bad position in ${error.message}`);
    }
    assert.ok(performance.now() - started < 1000, `parsing took too long for ${JSON.stringify(text)}`);
  }
}

const mutation = fc.record({
  index: fc.nat({ max: corpus.length - 1 }),
  edits: fc.array(
    fc.record({ kind: fc.constantFrom('delete', 'insert', 'swap'), at: fc.nat(), char: fc.constantFrom(...ALPHABET) }),
    { minLength: 1, maxLength: 4 },
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

test('parseTraversal and parseScript either parse random text or throw GremlinSyntaxError', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...ALPHABET), { maxLength: 60 }).map((chars) => chars.join('')), (text) => parsesOrSyntaxError(text, new Map())),
    { numRuns: 3000 },
  );
  fc.assert(fc.property(fc.string({ maxLength: 40 }), (text) => parsesOrSyntaxError(text, new Map())), { numRuns: 1000 });
});

test('mutated corpus traversals either parse or throw GremlinSyntaxError', () => {
  fc.assert(
    fc.property(mutation, ({ index, edits }) => {
      const c = corpus[index]!;
      parsesOrSyntaxError(mutate(c.text, edits), c.bindings);
    }),
    { numRuns: 4000 },
  );
});
