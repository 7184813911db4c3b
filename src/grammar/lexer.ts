/**
 * The Gremlin lexer: one Chevrotain Lexer instance, built once, and a `tokenize` function that
 * turns lexing errors and the Groovy features we refuse (closures, annotations) into
 * {@link GremlinSyntaxError}s that carry line and column.
 * @module
 */
import { Lexer, type IToken } from 'chevrotain';
import { GremlinSyntaxError } from '../errors.js';
import { QUERY_LIMITS, textTooLong, tooDeep } from '../engine/index.js';
import { allTokens, Arrow, At, BindingLookup, Identifier, LBrace, LBrack, LParen, RBrace, RBrack, RParen } from './gremlin-tokens.js';

const gremlinLexer = new Lexer(allTokens, { positionTracking: 'full', ensureOptimizations: false });

/**
 * The tokens of a text, without white space and comments.
 */
interface TokenizedText {
  readonly tokens: IToken[];
}

/**
 * Splits Gremlin or Groovy text into tokens.
 *
 * @throws GremlinSyntaxError for a character that starts no token, a closure arrow or an annotation;
 * LimitError QUERY_TOO_LARGE or QUERY_TOO_DEEP past the limits of docs/limits.md.
 */
export function tokenize(text: string): TokenizedText {
  if (text.length > QUERY_LIMITS.maxTextLength) throw textTooLong(text.length);
  const result = gremlinLexer.tokenize(text);
  const lexError = result.errors[0];
  if (lexError !== undefined) {
    const position = { line: lexError.line ?? 1, column: lexError.column ?? 1 };
    const found = text.charAt(lexError.offset);
    if (found === '"' || found === "'") {
      throw new GremlinSyntaxError(`Unexpected end of string: expected a closing ${found} for the string that starts here`, position);
    }
    throw new GremlinSyntaxError(`Unexpected character ${quoteImage(found)}: ${describeBadText(found)}`, position);
  }
  rejectGroovyOnly(result.tokens);
  return { tokens: result.tokens.map(bindingName) };
}

/** A `this.binding.'<name>'` token as the identifier `<name>`; any other token as it is. */
function bindingName(token: IToken): IToken {
  if (token.tokenType !== BindingLookup) return token;
  const quote = token.image.search(/['"]/);
  return { ...token, image: token.image.slice(quote + 1, -1), tokenType: Identifier, tokenTypeIdx: Identifier.tokenTypeIdx! };
}

function describeBadText(found: string): string {
  if (/^[0-9]/.test(found)) return 'expected a number such as 1, 1.5, 2l or 0x1F';
  if (/^[-+*/%<>!=&|?~^]/.test(found)) return 'operators are not supported, only Gremlin steps, literals and method calls';
  return 'expected a name, a literal or punctuation of the Gremlin language';
}

const OPENING = new Set([LParen, LBrack, LBrace]);
const CLOSING = new Set([RParen, RBrack, RBrace]);

/** Refuses closures and annotations, and brackets nested past the limit, before the recursive parser runs. */
function rejectGroovyOnly(tokens: readonly IToken[]): void {
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (OPENING.has(token.tokenType) && ++depth > QUERY_LIMITS.maxNestingDepth) {
      const { line, column } = tokenPosition(token);
      throw tooDeep(` at line ${line}, column ${column}`);
    }
    if (CLOSING.has(token.tokenType)) depth--;
    if (token.tokenType === Arrow) {
      const brace = findOpeningBrace(tokens, i) ?? token;
      throw new GremlinSyntaxError("Closures are not supported: found '->' of a Groovy closure", tokenPosition(brace));
    }
    if (token.tokenType === At) {
      throw new GremlinSyntaxError("Annotations are not supported: found '@'", tokenPosition(token));
    }
  }
}

function findOpeningBrace(tokens: readonly IToken[], from: number): IToken | undefined {
  for (let j = from - 1; j >= 0; j--) {
    if (tokens[j]!.tokenType === LBrace) return tokens[j];
  }
  return undefined;
}

/**
 * The 1-based line and column of a token.
 */
export function tokenPosition(token: IToken): { line: number; column: number } {
  return { line: token.startLine ?? 1, column: token.startColumn ?? 1 };
}

/**
 * A token image quoted for an error message, or `end of input`.
 */
export function quoteImage(image: string): string {
  if (image === '') return 'end of input';
  const short = image.length > 40 ? `${image.slice(0, 37)}...` : image;
  return `'${short.replace(/\n/g, '\\n')}'`;
}
