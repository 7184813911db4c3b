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

/** The innermost `{` still open where the parser failed, if any. */
function openBraceBefore(tokens: readonly IToken[], failed: IToken): IToken | undefined {
  const open: IToken[] = [];
  for (const token of tokens) {
    if (token === failed) break;
    if (token.tokenType.name === 'LBrace') open.push(token);
    else if (token.tokenType.name === 'RBrace') open.pop();
  }
  return open[open.length - 1];
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
