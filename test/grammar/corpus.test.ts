import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { GremlinSyntaxError } from '../../src/errors.js';
import { parseTraversal } from '../../src/grammar/index.js';
import { FEATURES_DIR, readCorpus } from './corpus.js';

test('parseTraversal parses every traversal, initializer and count text of the TinkerPop feature files', () => {
  const cases = readCorpus(FEATURES_DIR);
  assert.ok(cases.length > 1000, `expected the feature corpus, found ${cases.length} texts`);
  const failures: string[] = [];
  let parsed = 0;
  let expectedErrors = 0;
  for (const c of cases) {
    try {
      const bytecode = parseTraversal(c.text, { bindings: c.bindings });
      assert.ok(bytecode.steps.length > 0);
      parsed++;
    } catch (error) {
      if (!(error instanceof GremlinSyntaxError)) throw error;
      if (c.expectsError) expectedErrors++;
      else failures.push(`${c.file}:${c.line}: ${error.message}\n    ${c.text.replace(/\n/g, '\n    ')}`);
    }
  }
  console.log(`corpus: ${cases.length} texts, ${parsed} parsed, ${expectedErrors} rejected where the scenario expects an error, ${failures.length} failed`);
  assert.deepEqual(failures, []);
});
