/**
 * Collects the documentation examples that users read and type-checks them against the real
 * source, in one virtual TypeScript program:
 * - the ```ts blocks of the `@example` tags of the public API: every declaration that
 *   src/index.ts exports (aliases resolved), and the members of exported classes and
 *   interfaces;
 * - the ```ts / ```js blocks of README.md and docs/*.md (all of them, marked `<!-- not-run -->`
 *   or not: a fragment that is not run must still compile).
 *
 * How a block is wrapped, so that a short example needs no boilerplate:
 * - it becomes its own module (a virtual file beside src/), so blocks never see each other's
 *   names and may use top-level `await`;
 * - 'quiverdb' resolves to src/index.ts;
 * - the first line imports from 'quiverdb' every public name the block does not declare or
 *   import itself (except `process`, which would hide node's global), so an example may name
 *   `P`, `Graph` or `SchemaBuilder` without importing it;
 * - {@link AMBIENT} declares the context every example may assume: `db` (an open Database),
 *   `graph` (one of its graphs) and `g` (its traversal source). Anything else an example uses
 *   it declares itself, with `declare const name: Type;` as its first line.
 * @module
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { repoRoot } from '../repo-root.js';
import { publicDeclarations } from '../ts-program.js';

/**
 * One code block of the documentation, with where it was found.
 *
 * @example
 * ```ts
 * const block: ExampleBlock = { where: 'src/index.ts:210', code: 'await open();' };
 * ```
 */
export interface ExampleBlock {
  /** `file:line` of the block's first code line. */
  readonly where: string;
  readonly code: string;
}

/** The context every example may assume without declaring it. */
const AMBIENT = `declare const db: import('quiverdb').Database;
declare const graph: import('quiverdb').Graph;
declare const g: import('quiverdb').GraphTraversalSource;
`;

/** Public names never imported implicitly, because they would hide a global a block may use. */
const NOT_IMPLICIT = new Set(['process']);

const FENCE = /^\s*```(ts|js|typescript|javascript)\s*$/;

/** The fenced TypeScript/JavaScript blocks of a text, with the 0-based line of each one's first code line. */
function fencedBlocks(text: string): { line: number; code: string }[] {
  const lines = text.split('\n');
  const out: { line: number; code: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!FENCE.test(lines[i] ?? '')) continue;
    const end = lines.findIndex((l, j) => j > i && l.trim().startsWith('```'));
    out.push({ line: i + 1, code: lines.slice(i + 1, end < 0 ? undefined : end).join('\n') });
    if (end < 0) break;
    i = end;
  }
  return out;
}

/**
 * The code blocks of README.md and docs/*.md.
 *
 * @example
 * ```ts
 * markdownBlocks().length;
 * ```
 */
export function markdownBlocks(): ExampleBlock[] {
  const root = repoRoot();
  const files = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
  return files.flatMap((file) =>
    fencedBlocks(readFileSync(join(root, file), 'utf8')).map((b) => ({ where: `${file}:${b.line + 1}`, code: b.code })));
}

function compilerOptions(): ts.CompilerOptions {
  const root = repoRoot();
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  // Each snippet gets one implicit value import of every public name, types included, which
  // verbatimModuleSyntax would reject; the snippets are what a user writes, not project modules.
  return { ...parsed.options, noEmit: true, declaration: false, sourceMap: false, verbatimModuleSyntax: false };
}

/** The ```ts blocks of the `@example` tags of one declaration. */
function examplesOf(node: ts.Node): ExampleBlock[] {
  const sf = node.getSourceFile();
  const out: ExampleBlock[] = [];
  for (const tag of ts.getJSDocTags(node)) {
    if (tag.tagName.text !== 'example' || (tag.parent.parent !== node && !ts.isVariableStatement(tag.parent.parent))) continue;
    const comment = ts.getTextOfJSDocComment(tag.comment) ?? '';
    const tagLine = sf.getLineAndCharacterOfPosition(tag.getStart(sf)).line;
    for (const b of fencedBlocks(comment)) {
      out.push({ where: `${relative(repoRoot(), sf.fileName)}:${tagLine + b.line + 1}`, code: b.code });
    }
  }
  return out;
}

/** Top-level names a block declares or imports. */
function declaredNames(code: string): Set<string> {
  const sf = ts.createSourceFile('block.ts', code, ts.ScriptTarget.ES2022, true);
  const names = new Set<string>();
  const bind = (name: ts.BindingName): void => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const e of name.elements) if (!ts.isOmittedExpression(e)) bind(e.name);
  };
  for (const stmt of sf.statements) {
    if (ts.isImportDeclaration(stmt)) {
      const clause = stmt.importClause;
      if (clause?.name !== undefined) names.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings !== undefined && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
      if (bindings !== undefined && ts.isNamedImports(bindings)) for (const e of bindings.elements) names.add(e.name.text);
    } else if (ts.isVariableStatement(stmt)) {
      for (const d of stmt.declarationList.declarations) bind(d.name);
    } else if ((ts.isFunctionDeclaration(stmt) || ts.isClassDeclaration(stmt) || ts.isInterfaceDeclaration(stmt)
      || ts.isTypeAliasDeclaration(stmt) || ts.isEnumDeclaration(stmt)) && stmt.name !== undefined) {
      names.add(stmt.name.text);
    }
  }
  return names;
}

/**
 * Type-checks the public API's `@example` blocks and the given extra blocks; returns one
 * message per error (`where: message`), empty when every block compiles, and how many blocks
 * were checked.
 *
 * @example
 * ```ts
 * const { errors } = checkExamples(markdownBlocks());
 * ```
 */
export function checkExamples(extra: readonly ExampleBlock[]): { errors: string[]; blocks: number } {
  const root = repoRoot();
  const index = join(root, 'src', 'index.ts');
  const options = compilerOptions();
  const base = ts.createProgram([index], options);
  const checker = base.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(base.getSourceFile(index)!)!;
  const exported = checker.getExportsOfModule(moduleSymbol);
  const blocks = [...publicDeclarations(base, checker).flatMap(examplesOf), ...extra];
  const publicNames = exported.map((s) => s.name).filter((n) => !NOT_IMPLICIT.has(n));

  const dir = join(root, 'doc-examples');
  const files = new Map<string, { text: string; block: ExampleBlock }>();
  blocks.forEach((block, i) => {
    const own = declaredNames(block.code);
    const implicit = publicNames.filter((n) => !own.has(n));
    const text = `import { ${implicit.join(', ')} } from 'quiverdb';\n${block.code}\nexport {};\n`;
    files.set(join(dir, `example-${i}.mts`), { text, block });
  });
  const ambient = join(dir, 'ambient.d.ts');
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError, create) => {
    const text = name === ambient ? AMBIENT : files.get(name)?.text;
    return text === undefined ? getSourceFile(name, language, onError, create) : ts.createSourceFile(name, text, language, true);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === ambient || files.has(name) || fileExists(name);
  host.resolveModuleNameLiterals = (literals, containing, redirect, opts, file) => literals.map((literal) => {
    if (literal.text === 'quiverdb') return { resolvedModule: { resolvedFileName: index, extension: ts.Extension.Ts, isExternalLibraryImport: false } };
    return ts.resolveModuleName(literal.text, containing, opts, host, undefined, redirect, file.impliedNodeFormat);
  });
  const program = ts.createProgram({ rootNames: [index, ambient, ...files.keys()], options, host, oldProgram: base });
  const errors: string[] = [];
  for (const [name, { block }] of files) {
    const sf = program.getSourceFile(name)!;
    for (const d of [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]) {
      const line = d.start === undefined ? 0 : sf.getLineAndCharacterOfPosition(d.start).line - 1;
      const [file, first] = block.where.split(/:(?=\d+$)/);
      errors.push(`${file}:${Number(first) + line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    }
  }
  return { errors, blocks: blocks.length };
}
