import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import fc from 'fast-check';
import { ALPHABET, mutate, mutationOf } from './mutations.js';
import { ArgumentError, GremlinSyntaxError, PlanError } from '../../src/errors.js';
import { parseScript, parseTraversal } from '../../src/grammar/index.js';
import { FEATURES_DIR, readCorpus, scriptMethodCorpus } from './corpus.js';

const corpus = [...readCorpus(FEATURES_DIR).slice(0, 400), ...scriptMethodCorpus()];

/**
 * Parses with both entry points; only a GremlinSyntaxError may escape (or, from a script, the
 * PlanError UNKNOWN_VARIABLE of a name nothing defines, or the ArgumentError of a pattern
 * literal that is not valid RE2, REGEX_INVALID or REGEX_UNSUPPORTED), within a time bound.
 */
function parsesOrSyntaxError(text: string, bindings: ReadonlyMap<string, unknown>): void {
  for (const parse of [parseTraversal, parseScript]) {
    const started = performance.now();
    try {
      parse(text, { bindings });
    } catch (error) {
      if (parse === parseScript && error instanceof PlanError && error.code === 'UNKNOWN_VARIABLE') continue;
      if (error instanceof ArgumentError && (error.code === 'REGEX_INVALID' || error.code === 'REGEX_UNSUPPORTED')) continue;
      if (!(error instanceof GremlinSyntaxError)) throw new Error(`Non-syntax error for ${JSON.stringify(text)}: ${String(error)}`);
      assert.ok(error.line >= 1 && error.column >= 1, `bad position in ${error.message}`);
    }
    assert.ok(performance.now() - started < 1000, `parsing took too long for ${JSON.stringify(text)}`);
  }
}

const mutation = mutationOf(corpus.length, { minEdits: 1, maxEdits: 4 });

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
