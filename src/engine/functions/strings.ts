/**
 * The string steps of TinkerPop 3.8 as pure functions, with TinkerPop's error messages:
 * concat, asString, length, toLower, toUpper, trim, lTrim, rTrim, replace, split, substring,
 * format and reverse.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { Path } from '../path-tree.js';
import { formatValue } from '../semantics/format.js';

/**
 * Options of the string steps that accept a scope.
 */
export interface ScopeOptions {
  /** `Scope.local`: a list of strings is processed element by element. */
  readonly local?: boolean;
}

function stringStep<T>(name: string, fn: (s: string) => T): (v: unknown, options?: ScopeOptions) => unknown {
  return (v, options = {}) => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'string') return fn(v);
    if (options.local === true && Array.isArray(v)) {
      return v.map((x: unknown) => {
        if (x === null || x === undefined) return null;
        if (typeof x === 'string') return fn(x);
        throw new ArgumentError('STRING_STEP_ARGUMENT', `The ${name}(local) step can only take string or list of strings`);
      });
    }
    const message = options.local === true ? `The ${name}(local) step can only take string or list of strings` : `The ${name}() step can only take string as argument`;
    throw new ArgumentError('STRING_STEP_ARGUMENT', message);
  };
}

/** Java's Character.isWhitespace, which String.strip() uses (no-break spaces excluded). */
const WS = '[\\t\\n\\u000B\\f\\r\\u001C-\\u001F \\u1680\\u2000-\\u2006\\u2008-\\u200A\\u2028\\u2029\\u205F\\u3000]';
const LEADING = new RegExp(`^${WS}+`, 'u');
const TRAILING = new RegExp(`${WS}+$`, 'u');

/**
 * Length of a string as an Integer (UTF-16 units, as Java); null stays null.
 */
export const length = stringStep('length', (s) => s.length);

/**
 * Lower-case text; null stays null.
 */
export const toLower = stringStep('toLower', (s) => s.toLowerCase());

/**
 * Upper-case text; null stays null.
 */
export const toUpper = stringStep('toUpper', (s) => s.toUpperCase());

/**
 * Text without leading and trailing whitespace (Java's `strip`, ideographic space included).
 */
export const trim = stringStep('trim', (s) => s.replace(LEADING, '').replace(TRAILING, ''));

/**
 * Text without leading whitespace.
 */
export const lTrim = stringStep('lTrim', (s) => s.replace(LEADING, ''));

/**
 * Text without trailing whitespace.
 */
export const rTrim = stringStep('rTrim', (s) => s.replace(TRAILING, ''));

/**
 * concat(): the incoming string followed by the arguments; nulls count as empty, and the
 * result is null only when every part is null.
 */
export function concat(incoming: unknown, parts: readonly unknown[]): string | null {
  if (incoming !== null && incoming !== undefined && typeof incoming !== 'string') {
    throw new ArgumentError('STRING_STEP_ARGUMENT', 'String concat() can only take string as argument');
  }
  const present = [incoming, ...parts].filter((p) => p !== null && p !== undefined);
  return present.length === 0 ? null : present.map(formatValue).join('');
}

/**
 * asString(): Java-like text of any value. With `local`, each item of a list, set or path is
 * converted. A null (also inside a local collection) throws ArgumentError `CANNOT_PARSE`, as
 * TinkerPop 3.8 does.
 */
export function asString(v: unknown, options: ScopeOptions = {}): unknown {
  const text = (x: unknown): string => {
    if (x === null || x === undefined) throw new ArgumentError('CANNOT_PARSE', "Can't parse null as String.");
    return formatValue(x);
  };
  if (options.local === true && (Array.isArray(v) || v instanceof Set || v instanceof Path)) {
    return (v instanceof Path ? [...v.objects] : [...(v as Iterable<unknown>)]).map(text);
  }
  return text(v);
}

/**
 * replace(): every occurrence of `search` replaced; null stays null. A null argument or an
 * empty `search` leaves the string as it is, as TinkerPop's ReplaceGlobalStep does.
 */
export function replace(v: unknown, options: { search: string | null; replacement: string | null }): unknown {
  const { search, replacement } = options;
  return stringStep('replace', (s) => (search === null || search === '' || replacement === null ? s : s.split(search).join(replacement)))(v);
}

/**
 * split(): pieces between separators; a null separator splits on runs of whitespace and an
 * empty one into characters. Null stays null.
 */
export function split(v: unknown, separator: string | null): unknown {
  return stringStep('split', (s) => {
    if (separator === null) return s.split(new RegExp(`${WS}+`, 'u')).filter((p) => p.length > 0);
    if (separator === '') return [...s];
    return s.split(separator);
  })(v);
}

/**
 * substring(start, end?): negative indexes count from the end; out-of-range indexes are
 * clamped, and an end before the start gives the empty string. Null stays null.
 */
export function substring(v: unknown, options: { start: number; end?: number }): unknown {
  return stringStep('substring', (s) => {
    const at = (i: number): number => Math.min(Math.max(i < 0 ? s.length + i : i, 0), s.length);
    const from = at(options.start);
    const to = options.end === undefined ? s.length : at(options.end);
    return to <= from ? '' : s.slice(from, to);
  })(v);
}

/**
 * format(): fill `%{name}` placeholders through `lookup`, left to right; undefined when a
 * name has no value or its value is null (TinkerPop's FormatStep then filters the traverser).
 * A placeholder preceded by `%` (`%%{name}`) is literal text. `lookup` is called once per
 * placeholder, in order, so positional placeholders (`%{_}`) can count their calls.
 */
export function formatString(template: string, lookup: (name: string) => unknown): string | undefined {
  let out = '';
  let last = 0;
  for (const m of template.matchAll(/(?<!%)%\{(.*?)\}/g)) {
    const value = lookup(m[1] ?? '');
    if (value === undefined || value === null) return undefined;
    out += template.slice(last, m.index) + formatValue(value);
    last = m.index + m[0].length;
  }
  return out + template.slice(last);
}

/**
 * reverse(): a string reversed, a list, set or path as a reversed list; other values
 * (numbers, null) unchanged.
 */
export function reverse(v: unknown): unknown {
  if (typeof v === 'string') return [...v].reverse().join('');
  if (Array.isArray(v)) return [...(v as unknown[])].reverse();
  if (v instanceof Set) return [...(v as Set<unknown>)].reverse();
  if (v instanceof Path) return [...v.objects].reverse();
  return v;
}
