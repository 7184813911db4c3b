/**
 * The project's TypeScript program and its public API, for the tests that read the source with
 * the compiler API (unused exports, TSDoc, documentation examples).
 * @module
 */
import { join } from 'node:path';
import ts from 'typescript';
import { repoRoot } from './repo-root.js';

/**
 * The program of src/, test/ and bench/ as tsconfig.json lists them, without emitting.
 *
 * @example
 * ```ts
 * const checker = projectProgram().getTypeChecker();
 * ```
 */
export function projectProgram(): ts.Program {
  const root = repoRoot();
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return ts.createProgram(parsed.fileNames, { ...parsed.options, noEmit: true });
}

/** The declaration a (possibly aliased) symbol stands for. */
export function aliasTarget(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** A class or interface with its members that are neither private nor protected; else the declaration alone. */
function withMembers(decl: ts.Declaration): ts.Node[] {
  const hidden = ts.ModifierFlags.Private | ts.ModifierFlags.Protected;
  if (ts.isClassDeclaration(decl) || ts.isInterfaceDeclaration(decl)) {
    return [decl, ...decl.members.filter((m) => (ts.getCombinedModifierFlags(m) & hidden) === 0 && !(m.name !== undefined && ts.isPrivateIdentifier(m.name)))];
  }
  return [decl];
}

/**
 * The public API's declarations: everything src/index.ts exports (aliases resolved), with the
 * public members of its classes and interfaces, in the order of the exports.
 *
 * @example
 * ```ts
 * const program = projectProgram();
 * const api = publicDeclarations(program, program.getTypeChecker());
 * ```
 */
export function publicDeclarations(program: ts.Program, checker: ts.TypeChecker): ts.Node[] {
  const index = program.getSourceFile(join(repoRoot(), 'src', 'index.ts'))!;
  const nodes = new Set<ts.Node>();
  for (const symbol of checker.getExportsOfModule(checker.getSymbolAtLocation(index)!)) {
    for (const node of (aliasTarget(checker, symbol).declarations ?? []).flatMap(withMembers)) nodes.add(node);
  }
  return [...nodes];
}
