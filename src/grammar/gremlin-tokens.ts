/**
 * Token types of the Gremlin language and of the Groovy subset, after the lexer rules of
 * TinkerPop's Gremlin.g4. Keywords take `longer_alt: Identifier`, because step names and
 * map keys may start with a keyword (`newer`, `graphs`, `nullable`).
 * @module
 */
import { createToken, Lexer, type CustomPatternMatcherReturn, type TokenType } from 'chevrotain';

/**
 * Identifiers: step names, variables, enum constants, class names and map keys.
 */
export const Identifier = createToken({ name: 'Identifier', pattern: /[A-Za-z_$][A-Za-z0-9_$]*/, label: 'a name' });

/**
 * `this.binding.'<name>'` (or with double quotes): Groovy's lookup of a binding whose name is
 * no identifier, such as `DEFAULT-hugegraph` (hugegraph-notes §6.1). The lexer hands it on as
 * the {@link Identifier} `<name>`.
 */
export const BindingLookup = createToken({
  name: 'BindingLookup',
  pattern: /this\s*\.\s*binding\s*\.\s*(?:'[^'\\\n]+'|"[^"\\$\n]+")/,
  line_breaks: true,
  label: "this.binding.'name'",
});

function keyword(name: string, word: string): TokenType {
  return createToken({ name, pattern: new RegExp(word), longer_alt: Identifier, label: `'${word}'` });
}

/**
 * The traversal source root `g`.
 */
export const TraversalRoot = keyword('TraversalRoot', 'g');
/**
 * The anonymous traversal root `__`.
 */
export const AnonTraversalRoot = keyword('AnonTraversalRoot', '__');
/**
 * `new`, allowed only before a strategy or vertex class name.
 */
export const New = keyword('New', 'new');
/**
 * `def`, the Groovy variable declaration keyword.
 */
export const Def = keyword('Def', 'def');
/**
 * `if`, the Groovy conditional statement.
 */
export const If = keyword('If', 'if');
/**
 * `else`, the other branch of an `if` statement.
 */
export const Else = keyword('Else', 'else');
/**
 * `true` or `false`.
 */
export const BooleanLiteral = createToken({ name: 'BooleanLiteral', pattern: /true|false/, longer_alt: Identifier, label: 'a boolean' });
/**
 * `null`.
 */
export const NullLiteral = keyword('NullLiteral', 'null');
/**
 * `NaN`.
 */
export const NaNLiteral = keyword('NaNLiteral', 'NaN');
/**
 * `Infinity`, `+Infinity` or `-Infinity`.
 */
export const SignedInfLiteral = createToken({ name: 'SignedInfLiteral', pattern: /[+-]?Infinity/, longer_alt: Identifier, label: 'Infinity' });
/**
 * Floating point numbers: `1.0`, `-2.5e3`, `1d`, `1f`, `1.5m`.
 */
export const FloatingPointLiteral = createToken({
  name: 'FloatingPointLiteral',
  pattern: /[+-]?\d(?:[\d_]*\d)?(?:\.\d(?:[\d_]*\d)?(?:[eE][+-]?\d+)?[fFdDmM]?|[eE][+-]?\d+[fFdDmM]?|[fFdDmM])(?![A-Za-z0-9_$])/,
  label: 'a number',
});
/**
 * Integer numbers, decimal, hex (`0x1F`) or octal (`017`), with an optional suffix b s i l n.
 */
export const IntegerLiteral = createToken({
  name: 'IntegerLiteral',
  pattern: /[+-]?(?:0[xX][0-9a-fA-F](?:[0-9a-fA-F_]*[0-9a-fA-F])?|\d(?:[\d_]*\d)?)[bBsSnNiIlL]?(?![A-Za-z0-9_$])/,
  label: 'a number',
});
/**
 * String literals in single or double quotes, with Java escapes.
 */
export const StringLiteral = createToken({
  name: 'StringLiteral',
  pattern: { exec: matchStringLiteral },
  start_chars_hint: ['"', "'"],
  line_breaks: true,
  label: 'a string',
});

/**
 * Scans a quoted string with escapes at `offset` in one loop. A regular expression such as
 * `'(?:[^'\\]|\\.)*'` keeps one backtracking entry per character or escape in V8 and overflows
 * the stack on literals of a few megabytes, so strings are matched by hand. A double-quoted
 * string may hold Groovy interpolations `${...}` with strings of their own inside; when those do
 * not close, the string ends at its first unescaped double quote, as before interpolation.
 */
function matchStringLiteral(text: string, offset: number): CustomPatternMatcherReturn | null {
  const quote = text.charCodeAt(offset);
  if (quote !== 0x22 && quote !== 0x27) return null;
  const end = quote === 0x22 ? interpolatedStringEnd(text, offset) : undefined;
  if (end !== undefined) return [text.slice(offset, end)];
  for (let i = offset + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === quote) return [text.slice(offset, i + 1)];
  }
  return null;
}

/** Deepest nesting of strings inside `${...}` that the lexer follows. */
const MAX_INTERPOLATION_DEPTH = 32;

/**
 * The end (exclusive) of the double-quoted string at `offset`, following `${...}` parts with
 * their own braces and quoted strings; undefined when it does not close.
 */
function interpolatedStringEnd(text: string, offset: number): number | undefined {
  return scanNested(text, offset + 1, text.charCodeAt(offset));
}

/**
 * The end (exclusive) of the interpolation whose `{` is at `offset` in a GString: after the
 * `}` that closes it, following braces and quoted strings inside; undefined when it does not close.
 */
export function interpolationEnd(text: string, offset: number): number | undefined {
  return scanNested(text, offset + 1, -1);
}

/**
 * Scans from `from` until the frame `first` and every frame opened after it close. A frame is
 * a quote character (inside a string) or -1 - brace depth (inside `${...}`). Iterative, at most
 * {@link MAX_INTERPOLATION_DEPTH} frames deep.
 */
function scanNested(text: string, from: number, first: number): number | undefined {
  const frames: number[] = [first];
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const top = frames[frames.length - 1]!;
    let closed = false;
    if (top >= 0) {
      if (c === 0x5c) i++;
      else if (c === top) closed = true;
      else if (top === 0x22 && c === 0x24 && text.charCodeAt(i + 1) === 0x7b) {
        if (frames.length >= MAX_INTERPOLATION_DEPTH) return undefined;
        frames.push(-1);
        i++;
      }
    } else if (c === 0x22 || c === 0x27) {
      if (frames.length >= MAX_INTERPOLATION_DEPTH) return undefined;
      frames.push(c);
    } else if (c === 0x7b) frames[frames.length - 1] = top - 1;
    else if (c === 0x7d) {
      if (top === -1) closed = true;
      else frames[frames.length - 1] = top + 1;
    }
    if (closed) {
      frames.pop();
      if (frames.length === 0) return i + 1;
    }
  }
  return undefined;
}

function punctuation(name: string, pattern: RegExp, image: string): TokenType {
  return createToken({ name, pattern, label: `'${image}'` });
}

/** `(` */
export const LParen = punctuation('LParen', /\(/, '(');
/** `)` */
export const RParen = punctuation('RParen', /\)/, ')');
/** `[` */
export const LBrack = punctuation('LBrack', /\[/, '[');
/** `]` */
export const RBrack = punctuation('RBrack', /\]/, ']');
/** `{` */
export const LBrace = punctuation('LBrace', /\{/, '{');
/** `}` */
export const RBrace = punctuation('RBrace', /\}/, '}');
/** `,` */
export const Comma = punctuation('Comma', /,/, ',');
/** `.` */
export const Dot = punctuation('Dot', /\./, '.');
/** `:` */
export const Colon = punctuation('Colon', /:/, ':');
/** `;` */
export const Semi = punctuation('Semi', /;/, ';');
/** `=` (assignment in scripts) */
export const Equals = punctuation('Equals', /=(?!=)/, '=');

/**
 * Groovy's binary operators of the script subset, as one token category: the expression
 * visitor reads the operator from the image.
 */
export const BinaryOperator = createToken({ name: 'BinaryOperator', pattern: Lexer.NA, label: 'an operator' });

function operator(name: string, pattern: RegExp, image: string): TokenType {
  return createToken({ name, pattern, label: `'${image}'`, categories: [BinaryOperator] });
}

/** `<=>` */
export const Spaceship = operator('Spaceship', /<=>/, '<=>');
/** `<=` */
export const LessEquals = operator('LessEquals', /<=/, '<=');
/** `>=` */
export const GreaterEquals = operator('GreaterEquals', />=/, '>=');
/** `<` */
export const Less = operator('Less', /</, '<');
/** `>` */
export const Greater = operator('Greater', />/, '>');
/** `==` */
export const EqualEquals = operator('EqualEquals', /==/, '==');
/** `!=` */
export const NotEquals = operator('NotEquals', /!=/, '!=');
/** `&&` */
export const AndAnd = operator('AndAnd', /&&/, '&&');
/** `||` */
export const OrOr = operator('OrOr', /\|\|/, '||');
/** `**` */
export const Power = operator('Power', /\*\*/, '**');
/** `*` */
export const Star = operator('Star', /\*/, '*');
/** `/` */
export const Slash = operator('Slash', /\//, '/');
/** `%` */
export const Percent = operator('Percent', /%/, '%');
/** `+`, binary or unary. */
export const Plus = operator('Plus', /\+/, '+');
/** `-`, binary or unary. */
export const Minus = operator('Minus', /-/, '-');
/** `!`, Groovy's not. */
export const Bang = punctuation('Bang', /!/, '!');
/** `?.`, safe navigation. */
export const SafeDot = punctuation('SafeDot', /\?\./, '?.');
/** `?:`, the Elvis operator. */
export const Elvis = punctuation('Elvis', /\?:/, '?:');
/** `?`, the ternary operator. */
export const Question = punctuation('Question', /\?/, '?');
/**
 * `->`, the closure arrow. It exists only so that closures get a clear error.
 */
export const Arrow = punctuation('Arrow', /->/, '->');
/**
 * `@`, Groovy annotations. It exists only so that annotations get a clear error.
 */
export const At = punctuation('At', /@/, '@');

/**
 * White space, skipped.
 */
export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n\f]+/, group: Lexer.SKIPPED, line_breaks: true });
/**
 * `// ...` and `/* ... *\/` comments, skipped.
 */
export const Comment = createToken({ name: 'Comment', pattern: /\/\/[^\n\r]*|\/\*[\s\S]*?\*\//, group: Lexer.SKIPPED, line_breaks: true });

/**
 * All token types, in matching order: keywords and numbers before identifiers.
 */
export const allTokens: TokenType[] = [
  WhiteSpace,
  Comment,
  StringLiteral,
  FloatingPointLiteral,
  IntegerLiteral,
  SignedInfLiteral,
  Arrow,
  TraversalRoot,
  AnonTraversalRoot,
  New,
  Def,
  If,
  Else,
  BindingLookup,
  BooleanLiteral,
  NullLiteral,
  NaNLiteral,
  Identifier,
  LParen,
  RParen,
  LBrack,
  RBrack,
  LBrace,
  RBrace,
  Comma,
  Dot,
  Colon,
  Semi,
  Spaceship,
  LessEquals,
  GreaterEquals,
  Less,
  Greater,
  EqualEquals,
  NotEquals,
  Equals,
  AndAnd,
  OrOr,
  Power,
  Star,
  Slash,
  Percent,
  Plus,
  Minus,
  Bang,
  SafeDot,
  Elvis,
  Question,
  BinaryOperator,
  At,
];
