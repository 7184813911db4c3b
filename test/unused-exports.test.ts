/**
 * No export of src/ is used only inside its own file. The rule, checked with the TypeScript
 * compiler API on the project's own program (src/, test/ and bench/, as tsconfig.json lists
 * them):
 * - an export of a src/ file is used when another file imports it: a named or default import
 *   (`import type` included), reached directly or through any chain of re-exports (an index.ts
 *   barrel), from src/, test/ or bench/. Tests and benchmarks count: a symbol exported so that
 *   a test can reach it is part of the file's contract;
 * - a namespace import (`import * as ns`) or a dynamic `import()` of a file uses every export
 *   of that file;
 * - everything src/index.ts exports (aliases resolved) is the public API and used by definition;
 * - a re-export alone is not a use: a barrel entry that nobody imports does not keep its
 *   declaration exported.
 * A declaration that fails the rule loses its `export` (or, if nothing in its file uses it
 * either, is deleted).
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { repoRoot } from './repo-root.js';
import { aliasTarget, projectProgram } from './ts-program.js';

/** Every export of the module a specifier names, as declarations. */
function allExportsOf(checker: ts.TypeChecker, specifier: ts.Node): ts.Symbol[] {
  const module = checker.getSymbolAtLocation(specifier);
  return module === undefined ? [] : checker.getExportsOfModule(module).map((s) => aliasTarget(checker, s));
}

/** The declarations other files import, in any of the ways the module comment lists. */
function importedSymbols(checker: ts.TypeChecker, files: readonly ts.SourceFile[]): Set<ts.Symbol> {
  const used = new Set<ts.Symbol>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const names: ts.Identifier[] = [];
      if (clause?.name !== undefined) names.push(clause.name);
      const bindings = clause?.namedBindings;
      if (bindings !== undefined && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((e) => e.name));
      if (bindings !== undefined && ts.isNamespaceImport(bindings)) for (const s of allExportsOf(checker, node.moduleSpecifier)) used.add(s);
      for (const name of names) {
        const symbol = checker.getSymbolAtLocation(name);
        if (symbol !== undefined) used.add(aliasTarget(checker, symbol));
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] !== undefined) {
      for (const s of allExportsOf(checker, node.arguments[0])) used.add(s);
    }
    ts.forEachChild(node, visit);
  };
  for (const file of files) visit(file);
  return used;
}

/** `file name` of every export of src/ that no other file imports and the public API does not hold. */
function unusedExports(): string[] {
  const root = repoRoot();
  const src = join(root, 'src');
  const prog = projectProgram();
  const checker = prog.getTypeChecker();
  const files = prog.getSourceFiles().filter((f) => !f.isDeclarationFile && f.fileName.startsWith(root));
  const used = importedSymbols(checker, files);
  const index = prog.getSourceFile(join(src, 'index.ts'))!;
  for (const s of checker.getExportsOfModule(checker.getSymbolAtLocation(index)!)) used.add(aliasTarget(checker, s));
  const out: string[] = [];
  for (const file of files.filter((f) => f.fileName.startsWith(src + '/'))) {
    const module = checker.getSymbolAtLocation(file);
    if (module === undefined) continue;
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = aliasTarget(checker, exported);
      const decl = symbol.declarations?.find((d) => d.getSourceFile() === file);
      if (decl === undefined || used.has(symbol)) continue;
      out.push(`${relative(root, file.fileName)} ${exported.name}`);
    }
  }
  return out.sort();
}

test('every export of src/ is imported by another file or is public API', () => {
  assert.deepEqual(unusedExports(), [], 'unexport these (or import them where they are needed)');
});
