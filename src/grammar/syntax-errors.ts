/**
 * Turns Chevrotain recognition errors into readable {@link GremlinSyntaxError}s that say what
 * was found, what was expected, and where.
 * @module
 */
import type { IRecognitionException, IToken } from 'chevrotain';
import { GremlinSyntaxError } from '../errors.js';
import { quoteImage } from './lexer.js';

const EXPECTED_BY_RULE: Readonly<Record<string, string>> = {
  query: 'a traversal starting with g',
  queryList: 'a statement',
  statement: 'a statement',
  genericLiteral: 'an argument',
  argument: 'an argument',
  parenthesized: 'an argument',
  mapEntry: 'a map entry such as key: value',
  genericLiteralCollection: "a list item, a map entry or ']'",
  genericLiteralSet: "a set item or '}'",
  chainedTraversal: 'a step name',
  traversalMethod: 'a step name',
  traversalStrategy: 'a strategy class name',
  configuration: 'a configuration value',
  genericLiteralVarargs: "an argument or ')'",
  operand: 'a value after the operator',
  operatorTail: 'a value after the operator',
  postfix: "a name after '.', or an index",
  ifStatement: "'(' and a condition after 'if'",
  branch: 'a statement or a block',
  block: "a statement or '}'",
};

/**
 * Converts the first parser error into a GremlinSyntaxError.
 */
export function syntaxError(error: IRecognitionException, options: { text: string; tokens: readonly IToken[] }): GremlinSyntaxError {
  const token = error.token;
  const brace = openBraceBefore(options.tokens, token);
  if (brace !== undefined) {
    return new GremlinSyntaxError(`Closures are not supported: found '{' that does not start a set literal`, { line: brace.startLine ?? 1, column: brace.startColumn ?? 1 });
  }
  const statement = unsupportedStatement(options.tokens, token);
  if (statement !== undefined) return groovyStatementError(statement);
  const index = options.tokens.indexOf(token);
  const previous = index > 0 ? options.tokens[index - 1] : undefined;
  const atEnd = token.tokenType.name === 'EOF' || Number.isNaN(token.startOffset);
  const position = atEnd ? endOf(options.text) : { line: token.startLine ?? 1, column: token.startColumn ?? 1 };
  const found = atEnd ? 'end of input' : quoteImage(token.image);
  if (!atEnd && token.tokenType.name === 'LBrace' && previous !== undefined && /^(Identifier|RParen)$/.test(previous.tokenType.name)) {
    return new GremlinSyntaxError(`Closures are not supported: found '{' after ${quoteImage(previous.image)}`, position);
  }
  return new GremlinSyntaxError(`Unexpected ${found}: expected ${expectation(error)}`, position);
}

/**
 * The error for a Groovy statement keyword (`for`, `while`, `try`...) outside the script subset.
 */
export function groovyStatementError(keyword: IToken): GremlinSyntaxError {
  return new GremlinSyntaxError(
    `Unsupported Groovy statement '${keyword.image}': a script has def, assignments, if/else and expressions, no loops, try/catch or classes`,
    { line: keyword.startLine ?? 1, column: keyword.startColumn ?? 1 },
  );
}

/** Groovy statements outside the script subset. */
export const GROOVY_STATEMENTS: ReadonlySet<string> = new Set(['for', 'while', 'do', 'switch', 'try', 'catch', 'finally', 'throw', 'class', 'import', 'assert', 'synchronized']);

/** A Groovy statement keyword before the token where the parser failed, used as a statement (not after a dot). */
function unsupportedStatement(tokens: readonly IToken[], failed: IToken): IToken | undefined {
  for (let i = 0; i < tokens.length && tokens[i] !== failed; i++) {
    const token = tokens[i]!;
    const before = tokens[i - 1]?.tokenType.name;
    if (token.tokenType.name === 'Identifier' && GROOVY_STATEMENTS.has(token.image) && before !== 'Dot' && before !== 'SafeDot') return token;
  }
  return undefined;
}

/** The innermost `{` still open where the parser failed, unless it opens the block of an `if` or `else`. */
function openBraceBefore(tokens: readonly IToken[], failed: IToken): IToken | undefined {
  const open: Array<{ readonly token: IToken; readonly block: boolean }> = [];
  const parens: number[] = [];
  const ifParens = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === failed) break;
    const type = token.tokenType.name;
    if (type === 'LParen') {
      if (tokens[i - 1]?.tokenType.name === 'If') ifParens.add(i);
      parens.push(i);
    } else if (type === 'RParen') {
      const opening = parens.pop();
      if (opening !== undefined && ifParens.has(opening)) ifParens.add(i);
    } else if (type === 'LBrace') {
      const before = tokens[i - 1];
      open.push({ token, block: before !== undefined && (before.tokenType.name === 'Else' || (before.tokenType.name === 'RParen' && ifParens.has(i - 1))) });
    } else if (type === 'RBrace') open.pop();
  }
  const innermost = open[open.length - 1];
  return innermost === undefined || innermost.block ? undefined : innermost.token;
}

function expectation(error: IRecognitionException): string {
  const stack = error.context.ruleStack;
  const rule = stack[stack.length - 1] ?? 'query';
  if (error.name === 'NotAllInputParsedException') {
    return rule === 'queryList' ? "';' or a new line between statements" : "'.' followed by a step, or the end of the traversal";
  }
  if (error.name === 'MismatchedTokenException') {
    const expected = /-->\s*(.*?)\s*<--/.exec(error.message)?.[1];
    if (expected !== undefined) return expected === "')'" && rule === 'genericLiteralVarargs' ? "',' or ')'" : expected;
  }
  return EXPECTED_BY_RULE[rule] ?? 'valid Gremlin';
}

function endOf(text: string): { line: number; column: number } {
  const lines = text.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}
