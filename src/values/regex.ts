/**
 * Regular expressions supplied by queries and configuration, run on RE2 (the re2js port):
 * matching takes time linear in the input, whatever the pattern. Patterns that need a
 * backtracking engine (backreferences, lookaround, atomic groups, possessive quantifiers) and
 * Java-only escapes are refused with REGEX_UNSUPPORTED naming the feature; any other pattern
 * RE2 cannot parse is REGEX_INVALID.
 * @module
 */
import { RE2JS, RE2JSSyntaxException } from 're2js';
import { ArgumentError } from '../errors.js';

/**
 * A compiled linear-time pattern.
 */
export interface LinearRegex {
  /** The pattern text as given. */
  readonly source: string;
  /** Whether the pattern matches somewhere in `text` (Java's `Matcher.find()`). */
  test(text: string): boolean;
  /** Whether the pattern matches all of `text` (Java's `String.matches()`). */
  matches(text: string): boolean;
}

/**
 * Options of {@link compileRegex}.
 */
export interface RegexOptions {
  /** `.` also matches line terminators (Java's DOTALL, JavaScript's `s` flag). */
  readonly dotAll?: boolean;
  /** What the pattern is for, named in error messages; default `regular expression`. */
  readonly what?: string;
}

/**
 * Recently compiled patterns by flags and source: a predicate is checked when it is built and
 * compiled again when its step first runs, and where() may rebuild predicates per traverser.
 * Compiled RE2 programs hold no match state, so they are shared.
 */
const recent = new Map<string, RE2JS>();
const RECENT_LIMIT = 256;

/** Escapes that Java's Pattern has and RE2 has not (RE2's own escapes parse as usual). */
const JAVA_ESCAPES: Readonly<Record<string, string>> = {
  u: '\\uXXXX escapes',
  c: '\\cX control escapes',
  e: '\\e escapes',
  G: '\\G anchors',
  Z: '\\Z anchors',
  R: '\\R linebreak classes',
  X: '\\X grapheme classes',
  h: '\\h classes',
  H: '\\H classes',
  V: '\\V classes',
  N: '\\N{name} escapes',
  k: 'backreferences',
};

/** The backtracking feature an RE2 syntax error points at, if it is one. */
function unsupportedFeature(error: string, input: string): string | undefined {
  if (input.startsWith('(?=')) return 'lookaheads';
  if (input.startsWith('(?!')) return 'negative lookaheads';
  if (input.startsWith('(?<=')) return 'lookbehinds';
  if (input.startsWith('(?<!')) return 'negative lookbehinds';
  if (input.startsWith('(?>')) return 'atomic groups';
  if (/^\(\?[-imsU]*[dux]/.test(input)) return "Java's d, u and x inline flags";
  if (error === 'invalid nested repetition operator' && input.endsWith('+')) return 'possessive quantifiers';
  if (error === 'invalid escape sequence' && input.startsWith('\\')) {
    const letter = input.charAt(1);
    if (letter >= '1' && letter <= '9') return 'backreferences';
    return JAVA_ESCAPES[letter];
  }
  return undefined;
}

/** Patterns are quoted in messages up to this many characters. */
const QUOTED_LENGTH = 200;

function refusal(pattern: string, what: string, cause: Error): ArgumentError {
  const source = pattern.length > QUOTED_LENGTH ? `${pattern.slice(0, QUOTED_LENGTH)}…` : pattern;
  const error = cause instanceof RE2JSSyntaxException ? cause.error : cause.message;
  const input = cause instanceof RE2JSSyntaxException ? (cause.input ?? '') : '';
  const feature = unsupportedFeature(error, input);
  if (feature !== undefined) {
    return new ArgumentError('REGEX_UNSUPPORTED', `Unsupported ${what} '${source}': ${feature} are not supported (patterns use RE2 syntax and match in linear time)`, { cause });
  }
  return new ArgumentError('REGEX_INVALID', `Invalid ${what} '${source}': ${error}${input === '' || input.length > QUOTED_LENGTH ? '' : ` at \`${input}\``}`, { cause });
}

/**
 * Compiles a pattern in RE2 syntax for linear-time matching. Throws an ArgumentError with code
 * REGEX_UNSUPPORTED (naming the feature) for backreferences, lookaround, atomic groups,
 * possessive quantifiers and Java-only escapes, and REGEX_INVALID for other syntax errors.
 */
export function compileRegex(source: string, options: RegexOptions = {}): LinearRegex {
  const flags = options.dotAll === true ? RE2JS.DOTALL : 0;
  const key = `${flags}:${source}`;
  let re = recent.get(key);
  if (re === undefined) {
    try {
      re = RE2JS.compile(source, flags);
    } catch (cause) {
      if (cause instanceof Error) throw refusal(source, options.what ?? 'regular expression', cause);
      throw cause;
    }
    if (recent.size >= RECENT_LIMIT) recent.clear();
    recent.set(key, re);
  }
  const compiled = re;
  return {
    source,
    test: (text) => compiled.test(text),
    matches: (text) => compiled.testExact(text),
  };
}
