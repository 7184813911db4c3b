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
 *
 * {@link DEFERRED} holds the exports that fail the rule in files other engineers are reshaping
 * right now (issue 8: typed plan params and step helpers in src/engine/{steps,compiler,run,
 * runtime,services,strategies}). Unexporting them beside that work would turn its imports of
 * them into compile errors after the merge, so they are listed instead. The list only shrinks:
 * an entry that is used again, or gone, fails the test until it is deleted, and nothing may be
 * added to it.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { repoRoot } from './repo-root.js';

function program(): ts.Program {
  const root = repoRoot();
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return ts.createProgram(parsed.fileNames, { ...parsed.options, noEmit: true });
}

/** The declaration a (possibly aliased) symbol stands for. */
function target(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** Every export of the module a specifier names, as declarations. */
function allExportsOf(checker: ts.TypeChecker, specifier: ts.Node): ts.Symbol[] {
  const module = checker.getSymbolAtLocation(specifier);
  return module === undefined ? [] : checker.getExportsOfModule(module).map((s) => target(checker, s));
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
        if (symbol !== undefined) used.add(target(checker, symbol));
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
  const prog = program();
  const checker = prog.getTypeChecker();
  const files = prog.getSourceFiles().filter((f) => !f.isDeclarationFile && f.fileName.startsWith(root));
  const used = importedSymbols(checker, files);
  const index = prog.getSourceFile(join(src, 'index.ts'))!;
  for (const s of checker.getExportsOfModule(checker.getSymbolAtLocation(index)!)) used.add(target(checker, s));
  const out: string[] = [];
  for (const file of files.filter((f) => f.fileName.startsWith(src + '/'))) {
    const module = checker.getSymbolAtLocation(file);
    if (module === undefined) continue;
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = target(checker, exported);
      const decl = symbol.declarations?.find((d) => d.getSourceFile() === file);
      if (decl === undefined || used.has(symbol)) continue;
      out.push(`${relative(root, file.fileName)} ${exported.name}`);
    }
  }
  return out.sort();
}

/** Unused exports left to the engineers reshaping their files (see the module comment); only shrinks. */
const DEFERRED: Readonly<Record<string, readonly string[]>> = {
  'src/engine/compiler/compile.ts': ['resolveArgument'],
  'src/engine/compiler/explain.ts': ['explainBytecode'],
  'src/engine/run/execute.ts': ['cloneSack'],
  'src/engine/runtime/memory-budget.ts': ['defaultMemoryLimit'],
  'src/engine/runtime/side-effects.ts': ['isAccumulator'],
  'src/engine/services/index.ts': ['tinkerServices'],
  'src/engine/services/service-registry.ts': ['DIRECTORY_SERVICE', 'ServiceType'],
  'src/engine/steps/args.ts': ['integer', 'tokenStep'],
  'src/engine/steps/branch/match-pattern.ts': ['matchStartLabel'],
  'src/engine/steps/filter/has-step.ts': ['PreparedCondition', 'holds', 'prepare'],
  'src/engine/steps/filter/range-step.ts': ['rangeLocal'],
  'src/engine/steps/map/accessor-step.ts': ['access'],
  'src/engine/steps/map/function-table.ts': ['FunctionSpec'],
  'src/engine/steps/map/order-step.ts': ['comparator', 'sortItems'],
  'src/engine/steps/map/property-map-step.ts': ['DIRECTION_IN', 'DIRECTION_OUT', 'T_ID', 'T_KEY', 'T_LABEL', 'T_VALUE'],
  'src/engine/steps/map/reduce-step.ts': ['reduceValues'],
  'src/engine/steps/step-def.ts': ['StepCategory'],
  'src/engine/strategies/strategy.ts': ['StrategyContext'],
};

test('every export of src/ is imported by another file or is public API', () => {
  const unused = unusedExports();
  const deferred = new Set(Object.entries(DEFERRED).flatMap(([file, names]) => names.map((n) => `${file} ${n}`)));
  assert.deepEqual(unused.filter((u) => !deferred.has(u)), [], 'unexport these (or import them where they are needed)');
  assert.deepEqual([...deferred].filter((d) => !unused.includes(d)), [], 'used again or gone: delete these from DEFERRED');
});
