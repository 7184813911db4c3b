import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './repo-root.js';
import ts from 'typescript';


function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Exported top-level declarations of a file whose leading comment has no `@example` (overloads share the first one's). */
function undocumentedExports(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const missing: string[] = [];
  let previousFunction: string | undefined;
  for (const statement of source.statements) {
    const functionName = ts.isFunctionDeclaration(statement) ? statement.name?.text : undefined;
    const isLaterOverload = functionName !== undefined && functionName === previousFunction;
    previousFunction = functionName;
    if (isLaterOverload) continue;
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const leading = statement.getFullText().slice(0, statement.getLeadingTriviaWidth());
    if (!leading.includes('@example')) missing.push(`${path}:${source.getLineAndCharacterOfPosition(statement.getStart()).line + 1}`);
  }
  return missing;
}

test('every exported declaration in src has TSDoc with an @example', () => {
  const root = repoRoot();
  const missing = sourceFiles(join(root, 'src')).flatMap(undocumentedExports).map((p) => relative(root, p));
  assert.deepEqual(missing, []);
});
