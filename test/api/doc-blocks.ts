/**
 * Runs the library code blocks of README.md and docs/*.md as written: the ```ts / ```js blocks
 * that import from 'quiverdb', unless the line before the fence is `<!-- not-run -->`. A block
 * is transpiled with the TypeScript compiler API, its `quiverdb` import pointed at the built
 * dist/src/index.js, and run by node in a fresh directory. A statement whose line ends in a
 * comment stating a result is checked against it:
 * - a literal (`// ['marko']`, `// 4, a number`, `// '[{"id":...}]'`): deep strict equality with
 *   the statement's value (an expression statement) or first declared name (a declaration);
 * - a name and a literal (`// id '1:marko'`): that field of the value;
 * - an object with shorthand names (`// { id, label, type: 'vertex', properties }`): the value
 *   has every name, and equals every `key: literal`.
 * Other comments are prose and are not checked.
 * @module
 */
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { repoRoot } from '../repo-root.js';

/**
 * One runnable code block of a markdown file.
 *
 * @example
 * ```ts
 * const b: DocBlock = { file: 'README.md', line: 48, code: "import { open } from 'quiverdb';" };
 * ```
 */
export interface DocBlock {
  readonly file: string;
  /** 1-based line of the block's first code line. */
  readonly line: number;
  readonly code: string;
}

/**
 * The library code blocks of README.md and docs/*.md.
 *
 * @example
 * ```ts
 * for (const block of docBlocks()) await runDocBlock(block, dir);
 * ```
 */
export function docBlocks(): DocBlock[] {
  const root = repoRoot();
  const files = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
  const out: DocBlock[] = [];
  for (const file of files) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      const open = /^```(ts|js|typescript|javascript)\s*$/.exec(lines[i] ?? '');
      if (open === null) continue;
      const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
      const code = lines.slice(i + 1, end).join('\n');
      const before = lines.slice(0, i).reverse().find((l) => l.trim() !== '');
      if (/from\s+['"]quiverdb['"]/.test(code) && before?.trim() !== '<!-- not-run -->') out.push({ file, line: i + 2, code });
      i = end;
    }
  }
  return out;
}

/** A stated result: the JS text of a check object for the prelude's `__check`. */
function expectation(comment: string): string | undefined {
  const text = comment.replace(/^\/\/\s*/, '');
  const field = /^([A-Za-z_$][\w$]*)\s+(?=['"[{\d-])/.exec(text);
  const literal = leadingLiteral(field === null ? text : text.slice(field[0].length));
  if (literal === undefined) return undefined;
  const fieldPart = field === null ? '' : `field: ${JSON.stringify(field[1])}, `;
  const shape = shapeOf(literal);
  if (shape !== undefined) return `{ ${fieldPart}${shape} }`;
  return `{ ${fieldPart}expected: (${literal}) }`;
}

/** The literal at the start of `text` (a string, number, boolean, null, array or object), if any. */
function leadingLiteral(text: string): string | undefined {
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, true, ts.LanguageVariant.Standard, text);
  const first = scanner.scan();
  const simple = [ts.SyntaxKind.StringLiteral, ts.SyntaxKind.NumericLiteral, ts.SyntaxKind.TrueKeyword, ts.SyntaxKind.FalseKeyword, ts.SyntaxKind.NullKeyword];
  if (simple.includes(first)) return text.slice(0, scanner.getTokenEnd());
  if (first === ts.SyntaxKind.MinusToken) return scanner.scan() === ts.SyntaxKind.NumericLiteral ? text.slice(0, scanner.getTokenEnd()) : undefined;
  if (first !== ts.SyntaxKind.OpenBracketToken && first !== ts.SyntaxKind.OpenBraceToken) return undefined;
  let depth = 1;
  while (depth > 0) {
    const k = scanner.scan();
    if (k === ts.SyntaxKind.EndOfFileToken) return undefined;
    if (k === ts.SyntaxKind.OpenBracketToken || k === ts.SyntaxKind.OpenBraceToken) depth++;
    if (k === ts.SyntaxKind.CloseBracketToken || k === ts.SyntaxKind.CloseBraceToken) depth--;
  }
  return text.slice(0, scanner.getTokenEnd());
}

/** For an object literal with shorthand names: `keys: [...], values: {...}`; otherwise undefined. */
function shapeOf(literal: string): string | undefined {
  const sf = ts.createSourceFile('c.ts', `(${literal})`, ts.ScriptTarget.ES2022, true);
  const stmt = sf.statements[0];
  if (stmt === undefined || !ts.isExpressionStatement(stmt) || !ts.isParenthesizedExpression(stmt.expression)) return undefined;
  const obj = stmt.expression.expression;
  if (!ts.isObjectLiteralExpression(obj) || !obj.properties.some(ts.isShorthandPropertyAssignment)) return undefined;
  const keys = obj.properties.map((p) => p.name?.getText(sf) ?? '');
  const values = obj.properties.filter(ts.isPropertyAssignment).map((p) => `${p.name.getText(sf)}: ${p.initializer.getText(sf)}`);
  return `keys: ${JSON.stringify(keys)}, values: { ${values.join(', ')} }`;
}

const PRELUDE = `import { deepStrictEqual as __eq, ok as __ok } from 'node:assert';
let __checks = 0;
function __check(line, actual, spec) {
  const value = spec.field === undefined ? actual : actual?.[spec.field];
  const where = 'line ' + line;
  if (spec.keys !== undefined) {
    for (const k of spec.keys) __ok(value !== null && typeof value === 'object' && k in value, where + ': no ' + k + ' in ' + String(value));
    for (const [k, v] of Object.entries(spec.values)) __eq(value[k], v, where + ': ' + k);
  } else __eq(value, spec.expected, where);
  __checks++;
}
`;

/**
 * A block as a runnable ES module with its checks, and the number of checks it holds.
 *
 * @example
 * ```ts
 * const { module, checks } = instrument(block, 'file:///repo/dist/src/index.js');
 * ```
 */
export function instrument(block: DocBlock, library: string): { module: string; checks: number } {
  const sf = ts.createSourceFile('block.ts', block.code, ts.ScriptTarget.ES2022, true);
  const edits: { at: number; end: number; text: string }[] = [];
  for (const stmt of sf.statements) {
    const comment = ts.getTrailingCommentRanges(block.code, stmt.end)?.[0];
    if (comment === undefined) continue;
    const spec = expectation(block.code.slice(comment.pos, comment.end));
    if (spec === undefined) continue;
    const line = block.line + sf.getLineAndCharacterOfPosition(stmt.getStart(sf)).line;
    if (ts.isExpressionStatement(stmt)) {
      edits.push({ at: stmt.getStart(sf), end: stmt.end, text: `__check(${line}, ${stmt.expression.getText(sf)}, ${spec});` });
    } else if (ts.isVariableStatement(stmt)) {
      const name = stmt.declarationList.declarations[0]?.name;
      const first = name === undefined ? undefined : ts.isIdentifier(name) ? name : ts.isArrayBindingPattern(name) ? name.elements[0] : undefined;
      if (first === undefined || ts.isOmittedExpression(first)) continue;
      edits.push({ at: stmt.end, end: stmt.end, text: ` __check(${line}, ${first.getText(sf)}, ${spec});` });
    }
  }
  let code = block.code;
  for (const e of edits.sort((a, b) => b.at - a.at)) code = code.slice(0, e.at) + e.text + code.slice(e.end);
  code = code.replace(/from\s+['"]quiverdb['"]/g, `from ${JSON.stringify(library)}`);
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  return { module: `${PRELUDE}${js}\nconsole.log(JSON.stringify({ checks: __checks }));\n`, checks: edits.length };
}

/**
 * Runs a block in `dir` (its working directory) and returns how many stated results it checked;
 * a failed check or any error rejects with node's output.
 *
 * @example
 * ```ts
 * const { ran, checks } = await runDocBlock(block, dir);
 * ```
 */
export async function runDocBlock(block: DocBlock, dir: string): Promise<{ ran: number; checks: number }> {
  const library = pathToFileURL(join(repoRoot(), 'dist', 'src', 'index.js')).href;
  const { module, checks } = instrument(block, library);
  const file = join(dir, 'block.mjs');
  writeFileSync(file, module);
  const { stdout } = await promisify(execFile)(process.execPath, [file], { cwd: dir, timeout: 60_000 }).catch((e: { stderr?: string }) => {
    throw new Error(`${block.file}:${block.line}: the block failed\n${e.stderr ?? String(e)}`);
  });
  const last = stdout.trim().split('\n').pop() ?? '{}';
  return { ran: (JSON.parse(last) as { checks: number }).checks, checks };
}
