/**
 * TSDoc rules of src/: every exported declaration has a TSDoc comment, and `@example` sections
 * sit only on the public API (what src/index.ts exports, and the public members of its classes
 * and interfaces), where they help a reader of the API docs; test/docs checks that they compile.
 * @module
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { repoRoot } from './repo-root.js';
import { projectProgram, publicDeclarations } from './ts-program.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Exported top-level declarations of a file with no TSDoc comment before them (overloads share the first one's). */
function undocumentedExports(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const missing: string[] = [];
  let previousFunction: string | undefined;
  for (const statement of source.statements) {
    const functionName = ts.isFunctionDeclaration(statement) ? statement.name?.text : undefined;
    const isLaterOverload = functionName !== undefined && functionName === previousFunction;
    previousFunction = functionName;
    if (isLaterOverload || ts.isExportDeclaration(statement)) continue;
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const leading = statement.getFullText().slice(0, statement.getLeadingTriviaWidth());
    if (!leading.includes('/**')) missing.push(`${path}:${source.getLineAndCharacterOfPosition(statement.getStart()).line + 1}`);
  }
  return missing;
}

test('every exported declaration in src has a TSDoc comment', () => {
  const root = repoRoot();
  const missing = sourceFiles(join(root, 'src')).flatMap(undocumentedExports).map((p) => relative(root, p));
  assert.deepEqual(missing, []);
});

/** The TSDoc comments written right before a node (the parser keeps them on the node it documents). */
const ownDocs = (node: ts.Node): readonly ts.JSDoc[] => (node as ts.Node & { readonly jsDoc?: readonly ts.JSDoc[] }).jsDoc ?? [];

test('@example sections sit only on the public API', () => {
  const root = repoRoot();
  const program = projectProgram();
  const api = new Set(publicDeclarations(program, program.getTypeChecker()));
  const isPublic = (node: ts.Node): boolean => api.has(node) || (ts.isVariableStatement(node) && node.declarationList.declarations.some((d) => api.has(d)));
  const misplaced: string[] = [];
  for (const file of program.getSourceFiles().filter((f) => f.fileName.startsWith(join(root, 'src') + '/'))) {
    const visit = (node: ts.Node): void => {
      const examples = ownDocs(node).flatMap((doc) => doc.tags ?? []).filter((tag) => tag.tagName.text === 'example');
      if (examples.length > 0 && !isPublic(node)) {
        misplaced.push(`${relative(root, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  assert.deepEqual(misplaced, [], 'an @example here documents no public API: remove it (the TSDoc text stays)');
});
