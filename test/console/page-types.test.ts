/**
 * The page's source (src/console-web/page, browser code with DOM types) is bundled by esbuild,
 * which does not type-check, and lies outside tsconfig.json's program: this test type-checks it
 * with its own tsconfig, as strictly as the rest of the project.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { repoRoot } from '../repo-root.js';

test('the console page type-checks under src/console-web/page/tsconfig.json', () => {
  const path = join(repoRoot(), 'src', 'console-web', 'page', 'tsconfig.json');
  const config = ts.readConfigFile(path, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(path));
  assert.ok(parsed.fileNames.some((file) => file.endsWith('console-main.ts')));
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  const problems = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file === undefined ? '' : `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: `;
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
  assert.deepEqual(problems, []);
});
