/**
 * The Gremlin lexer: one Chevrotain Lexer instance, built once, and a `tokenize` function that
 * turns lexing errors and the Groovy features we refuse (closures, annotations) into
 * {@link GremlinSyntaxError}s that carry line and column.
 * @module
 */
import { Lexer, type IToken } from 'chevrotain';
import { GremlinSyntaxError } from '../errors.js';
import { QUERY_LIMITS, textTooLong, tooDeep } from '../engine/index.js';
import { allTokens, Arrow, At, BindingLookup, Colon, Identifier, LBrace, LBrack, LParen, Minus, Plus, Question, RBrace, RBrack, RParen } from './gremlin-tokens.js';

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
  return { tokens: splitSigns(result.tokens.map(bindingName)) };
}

/** Tokens after which a sign is a binary operator: they end an operand. */
const OPERAND_ENDS: ReadonlySet<string> = new Set([
  'Identifier', 'IntegerLiteral', 'FloatingPointLiteral', 'StringLiteral', 'BooleanLiteral', 'NullLiteral', 'NaNLiteral',
  'SignedInfLiteral', 'RParen', 'RBrack', 'TraversalRoot', 'AnonTraversalRoot',
]);

const SIGNED_NUMBERS: ReadonlySet<string> = new Set(['IntegerLiteral', 'FloatingPointLiteral', 'SignedInfLiteral']);

/**
 * Splits the sign off a signed number that follows an operand on the same line: `x -1` and
 * `1-1` are subtractions, as in Groovy, whose numbers have no sign. Elsewhere (`g.V(-1)`,
 * `[1, -2]`, a new line starting with `-1`) the sign stays part of the number, as in
 * Gremlin.g4.
 */
function splitSigns(tokens: IToken[]): IToken[] {
  let out: IToken[] | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const previous = tokens[i - 1];
    const sign = token.image.charAt(0);
    const split = previous !== undefined && SIGNED_NUMBERS.has(token.tokenType.name) && (sign === '-' || sign === '+') &&
      OPERAND_ENDS.has(previous.tokenType.name) && previous.endLine === token.startLine;
    if (!split) {
      out?.push(token);
      continue;
    }
    out ??= tokens.slice(0, i);
    const type = sign === '-' ? Minus : Plus;
    const column = token.startColumn ?? 1;
    out.push({ ...token, image: sign, endOffset: token.startOffset, endLine: token.startLine, endColumn: column, tokenType: type, tokenTypeIdx: type.tokenTypeIdx! });
    out.push({ ...token, image: token.image.slice(1), startOffset: token.startOffset + 1, startColumn: column + 1 });
  }
  return out ?? tokens;
}

/** A `this.binding.'<name>'` token as the identifier `<name>`; any other token as it is. */
function bindingName(token: IToken): IToken {
  if (token.tokenType !== BindingLookup) return token;
  const quote = token.image.search(/['"]/);
  return { ...token, image: token.image.slice(quote + 1, -1), tokenType: Identifier, tokenTypeIdx: Identifier.tokenTypeIdx! };
}

function describeBadText(found: string): string {
  if (/^[0-9]/.test(found)) return 'expected a number such as 1, 1.5, 2l or 0x1F';
  if (/^[&|~^]/.test(found)) return "this operator is not supported: a script has + - * / % ** == != < <= > >= <=> && || ! in ?: and ? :";
  return 'expected a name, a literal or punctuation of the Gremlin language';
}

const OPENING = new Set([LParen, LBrack, LBrace]);
const CLOSING = new Set([RParen, RBrack, RBrace]);

/**
 * Refuses closures and annotations, and brackets nested past the limit, before the recursive
 * parser runs. The middle of a ternary (`a ? b : c`) nests like a bracket until its `:` at the
 * same bracket depth, so `a ? b ? c ? ...` counts against the same limit.
 */
function rejectGroovyOnly(tokens: readonly IToken[]): void {
  let depth = 0;
  const ternaries: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const type = token.tokenType;
    if ((OPENING.has(type) && ++depth + ternaries.length > QUERY_LIMITS.maxNestingDepth) || (type === Question && depth + ternaries.push(depth) > QUERY_LIMITS.maxNestingDepth)) {
      const { line, column } = tokenPosition(token);
      throw tooDeep(` at line ${line}, column ${column}`);
    }
    if (CLOSING.has(type)) depth--;
    if (type === Colon && ternaries[ternaries.length - 1] === depth) ternaries.pop();
    if (type === Arrow) {
      const brace = findOpeningBrace(tokens, i) ?? token;
      throw new GremlinSyntaxError("Closures are not supported: found '->' of a Groovy closure", tokenPosition(brace));
    }
    if (type === At) {
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
