/**
 * Groovy's GStrings in scripts: a double-quoted string with `${expression}` or `$name.path`
 * parts. The lexer keeps the whole string one token; here its text is split into literal
 * pieces (escapes decoded as in any string) and interpolations, each parsed as an expression
 * of its own at its place in the script, so errors name the right line and column.
 *
 * Scripts also carry gremlin-lang, where `$` means nothing (TinkerPop's own tests write
 * `"...MatchStep$CountMatchAlgorithm"`), so `$name` interpolates only a name the script knows
 * (a variable, a binding or a graph name) and any other `$` stays text; `${...}` always
 * interpolates. In gremlin-lang proper a double-quoted string is plain text.
 * @module
 */
import type { CstNode, IToken } from 'chevrotain';
import { GremlinSyntaxError } from '../errors.js';
import { nodes } from './cst.js';
import { interpolationEnd } from './gremlin-tokens.js';
import { tokenize, tokenPosition } from './lexer.js';
import { stringValue } from './literals.js';
import { parseTokens } from './parser.js';
import { syntaxError } from './syntax-errors.js';

/** An interpolation: the genericLiteral of its expression. */
interface Interpolation {
  readonly expression: CstNode;
}

/**
 * Whether a string token is a GString: double-quoted, with a `$` that no backslash escapes.
 */
export function isGString(token: IToken): boolean {
  const image = token.image;
  if (token.tokenType.name !== 'StringLiteral' || image.charCodeAt(0) !== 0x22 || !image.includes('$')) return false;
  for (let i = 1; i < image.length - 1; i++) {
    const c = image.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x24) return true;
  }
  return false;
}

const PATH = /\$([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)/y;

/**
 * The parts of a GString token: literal text and parsed interpolations, in order.
 *
 * @throws GremlinSyntaxError for an interpolation that does not close or does not parse as one
 * expression, or a bad escape.
 */
export function gstringParts(token: IToken, known: (name: string) => boolean): Array<string | Interpolation> {
  const image = token.image;
  const parts: Array<string | Interpolation> = [];
  let literalFrom = 1;
  const flush = (end: number): void => {
    if (end > literalFrom) parts.push(stringValue({ ...token, image: `"${image.slice(literalFrom, end)}"` }));
  };
  for (let i = 1; i < image.length - 1; i++) {
    const c = image.charCodeAt(i);
    if (c === 0x5c) {
      i++;
      continue;
    }
    if (c !== 0x24) continue;
    PATH.lastIndex = i;
    const path = PATH.exec(image);
    const name = path?.[1]!.split('.')[0];
    if (image.charCodeAt(i + 1) !== 0x7b && (name === undefined || !known(name))) continue;
    flush(i);
    if (path === null) {
      const end = interpolationEnd(image, i + 1);
      if (end === undefined || end > image.length - 1) throw new GremlinSyntaxError("Unexpected end of string: expected '}' closing '${'", positionIn(token, i));
      parts.push({ expression: parseInterpolation(image.slice(i + 2, end - 1), positionIn(token, i + 2), token) });
      i = end - 1;
    } else {
      parts.push({ expression: parseInterpolation(path[1]!, positionIn(token, i + 1), token) });
      i += path[0].length - 1;
    }
    literalFrom = i + 1;
  }
  flush(image.length - 1);
  return parts;
}

/** Line and column of the character at `index` of a token's image. */
function positionIn(token: IToken, index: number): { line: number; column: number } {
  const start = tokenPosition(token);
  const before = token.image.slice(0, index);
  const newline = before.lastIndexOf('\n');
  if (newline < 0) return { line: start.line, column: start.column + index };
  return { line: start.line + before.split('\n').length - 1, column: index - newline };
}

/** Parses the text of an interpolation, placed at its line and column so that positions in errors are those of the script. */
function parseInterpolation(code: string, at: { line: number; column: number }, token: IToken): CstNode {
  if (code.trim() === '') throw new GremlinSyntaxError("Unexpected '}': expected an expression in '${}'", at);
  const text = '\n'.repeat(at.line - 1) + ' '.repeat(at.column - 1) + code;
  const { tokens } = tokenize(text);
  const { cst, errors } = parseTokens(tokens, { rule: 'query' });
  const error = errors[0];
  if (error !== undefined) throw syntaxError(error, { text, tokens });
  const expression = nodes(cst, 'genericLiteral')[0];
  if (expression === undefined) throw new GremlinSyntaxError(`Invalid interpolation in ${token.image.slice(0, 40)}`, at);
  return expression;
}
