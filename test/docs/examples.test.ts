import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkExamples, markdownBlocks } from './examples.js';

test('every @example of the public API and every code block of README.md and docs/ type-checks', () => {
  const { errors, blocks } = checkExamples(markdownBlocks());
  assert.ok(blocks > 100, `only ${blocks} blocks found`);
  assert.deepEqual(errors, []);
});

test('checkExamples reports a block that does not type-check, at its line', () => {
  const { errors } = checkExamples([{ where: 'x.md:10', code: "const n: number = 1;\nconst s: string = n;\ngraph.addVertex('person', {});" }]);
  assert.ok(errors.some((e) => e.startsWith("x.md:11: Type 'number' is not assignable to type 'string'")), errors.join('\n'));
  assert.ok(!errors.some((e) => e.startsWith('x.md:12')), errors.join('\n'));
});
