import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectErrorCodes, readErrorTables, renderErrorsDoc, undocumentedCodes } from '../../src/cli/errors-doc.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

test('collectErrorCodes finds thrown codes and codes fixed inside error classes, not in comments', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-codes-'));
  mkdirSync(join(dir, 'a'));
  writeFileSync(
    join(dir, 'a', 'x.ts'),
    "throw new NotFoundError('THING_GONE', 'x');\nthrow new ArgumentError(\n  'BAD_THING', 'y');\n/** new ArgumentError('IN_DOC', 'z') */\n// new ArgumentError('IN_LINE_COMMENT', 'z')\n",
  );
  writeFileSync(join(dir, 'e.ts'), "super('syntax', 'BUILT_IN', message);");
  const codes = collectErrorCodes(dir);
  assert.deepEqual([...codes.keys()].sort(), ['BAD_THING', 'BUILT_IN', 'THING_GONE']);
  assert.deepEqual(codes.get('THING_GONE'), ['a/x.ts']);
});

test('readErrorTables reads code rows and skips headers and prose', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-tables-'));
  writeFileSync(join(dir, 'b.md'), '# B\n\n| code | kind | meaning |\n|---|---|---|\n| `X_ONE` | argument | First |\n| Y_TWO | storage | Second, with a | pipe |\n');
  writeFileSync(join(dir, 'a.md'), '| Z | argument | single letters are not codes |\n| A_CODE | schema | Alpha |\n');
  const rows = readErrorTables(dir);
  assert.deepEqual(rows.map((r) => [r.area, r.code, r.kind]), [['a', 'A_CODE', 'schema'], ['b', 'X_ONE', 'argument'], ['b', 'Y_TWO', 'storage']]);
  assert.equal(rows[2]!.meaning, 'Second, with a | pipe');
  const text = renderErrorsDoc(rows);
  assert.ok(text.indexOf('## a') < text.indexOf('## b'));
  assert.match(text, /\| X_ONE \| argument \| First \|/);
  assert.deepEqual(undocumentedCodes(new Map([['A_CODE', []], ['MISSING', ['f.ts']]]), rows), ['MISSING']);
});

test('docs/errors.md is the assembly of docs/errors/*.md (run npm run errors-doc)', () => {
  const expected = renderErrorsDoc(readErrorTables(join(ROOT, 'docs/errors')));
  assert.equal(readFileSync(join(ROOT, 'docs/errors.md'), 'utf8'), expected);
});

test('docs/errors.md lists every error code used in src', () => {
  const rows = readErrorTables(join(ROOT, 'docs/errors'));
  assert.deepEqual(undocumentedCodes(collectErrorCodes(join(ROOT, 'src')), rows), []);
});
