/**
 * JSON text with exact big integers, both ways: HugeGraph writes a long beyond ±(2^53 - 1) (an
 * AUTOMATIC vertex id, a LONG property value, a Gremlin count) as a JSON number literal, and
 * its clients send them back the same way. Node 20 has neither `JSON.rawJSON` nor the source
 * text in a reviver, so the REST layer writes and reads such literals itself, and only when a
 * value or a body holds one: everything else goes through the native JSON functions.
 *
 * Results are shaped by the library's one JSON module (`jsonValue` with {@link HUGEGRAPH_JSON}:
 * longs kept exact, dates as `yyyy-MM-dd HH:mm:ss.SSS`); {@link restJsonText} and
 * {@link vertexJsonText} are its text with fast paths for the common element records.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { HUGEGRAPH_JSON, jsonValue } from '../index.js';
import type { VertexView } from '../index.js';

/**
 * The JSON text of `value`: what JSON.stringify writes, except that a bigint is written as its
 * exact decimal digits (a JSON number), where JSON.stringify throws. A value without bigints is
 * written by JSON.stringify itself.
 */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    // JSON.stringify refuses a bigint (and a cycle, which the walk below refuses again) with a TypeError.
    if (!(error instanceof TypeError)) throw error;
    return bigJsonText(value) ?? 'undefined';
  }
}

/**
 * The JSON text of `value` written by this module's own walk (what {@link jsonText} falls back
 * to): JSON.stringify's text, with a bigint as its exact decimal digits; undefined where
 * JSON.stringify answers undefined (undefined, a function, a symbol).
 */
export function bigJsonText(value: unknown): string | undefined {
  return writeJson(value, '');
}

/**
 * True when `text[start..end)` can stand inside JSON quotes as it is: no control character,
 * quote, backslash or surrogate (a lone surrogate is what JSON.stringify escapes).
 */
export function verbatimInJson(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return false;
  }
  return true;
}

/**
 * JSON text of a string: quoted as it is unless a character needs escaping, which
 * JSON.stringify then does.
 */
function jsonString(text: string): string {
  return verbatimInJson(text, 0, text.length) ? `"${text}"` : JSON.stringify(text);
}

/**
 * JSON text of a JSON leaf value (string, number, boolean, null) as JSON.stringify writes it;
 * undefined for anything else.
 */
function jsonLeaf(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return value === null ? 'null' : undefined;
  }
}

/** JSON text of `value` under `key` as JSON.stringify writes it, bigints as digits; undefined where JSON.stringify omits the value. */
function writeJson(input: unknown, key: string): string | undefined {
  let value = input;
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON(key: string): unknown }).toJSON(key);
  }
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return jsonLeaf(value);
  if (Array.isArray(value)) return `[${value.map((item: unknown, i) => writeJson(item, String(i)) ?? 'null').join(',')}]`;
  const members: string[] = [];
  for (const [k, v] of Object.entries(value as object)) {
    const text = writeJson(v, k);
    if (text !== undefined) members.push(`${jsonString(k)}:${text}`);
  }
  return `{${members.join(',')}}`;
}

/** A run of 16 or more digits: the only text in which an integer literal beyond 2^53 can hide. */
const LONG_DIGITS = /\d{16}/;

/**
 * The body text with every integer literal outside strings that a double cannot hold exactly
 * replaced by a string literal `"<marker><digits>"`; undefined when there is none (or when the
 * text needs no marking at all: no run of 16 digits). The scan only tracks strings and number
 * tokens, so malformed JSON is left for JSON.parse to refuse.
 */
export function markLongs(text: string, marker: string): string | undefined {
  if (!LONG_DIGITS.test(text)) return undefined;
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i++;
      while (i < text.length && text.charCodeAt(i) !== 0x22) i += text.charCodeAt(i) === 0x5c /* \ */ ? 2 : 1;
      i++;
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      const token = /-?\d*(\.\d*)?([eE][+-]?\d*)?/y;
      token.lastIndex = i;
      const match = token.exec(text)!;
      const end = i + Math.max(match[0].length, 1);
      const literal = text.slice(i, end);
      if (match[1] === undefined && match[2] === undefined && /^-?[1-9]\d{15,}$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        out += `${text.slice(copied, i)}"${marker}${literal}"`;
        copied = end;
      }
      i = end;
    } else {
      i++;
    }
  }
  return copied === 0 ? undefined : out + text.slice(copied);
}

/**
 * `value` (parsed from {@link markLongs}' text) with every string `<marker><digits>` turned
 * back into the bigint of its digits, in place in arrays and objects.
 */
export function unmarkLongs(value: unknown, marker: string): unknown {
  if (typeof value === 'string') return value.startsWith(marker) ? BigInt(value.slice(marker.length)) : value;
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = unmarkLongs(record[key], marker);
  return value;
}

/**
 * An ajv keyword (`"x-bigint": true`) that accepts a bigint: a long beyond 2^53 read from a
 * request body by {@link markLongs}, where a schema accepts integers.
 */
export const BIGINT_KEYWORD = {
  keyword: 'x-bigint',
  schemaType: 'boolean',
  validate: (accepts: boolean, data: unknown): boolean => !accepts || typeof data === 'bigint',
} as const;

/**
 * Most levels of `{` and `[` a JSON request body may nest (docs/limits.md): HugeGraph's bodies
 * nest a few levels; the limit keeps every recursive walk over a body (validation, values,
 * user data) far from the stack's end.
 */
export const MAX_JSON_DEPTH = 100;

/**
 * Whether a JSON text nests `{` and `[` deeper than `limit` levels (brackets inside strings do
 * not count). A text too short to nest that deep is not scanned; strings are skipped by
 * `indexOf`, so a scan costs about one step per structural character.
 */
export function nestsDeeper(text: string, limit: number): boolean {
  if (text.length <= 2 * limit) return false;
  let depth = 0;
  for (let i = 0, n = text.length; i < n; i++) {
    const c = text.charCodeAt(i);
    // Most characters are none of " [ ] { }: one range test skips them.
    if (c > 125 || (c > 93 && c < 123) || (c > 34 && c < 91) || c < 34) continue;
    if (c === 34) {
      // The closing quote is one not preceded by an odd run of backslashes.
      let end = text.indexOf('"', i + 1);
      while (end > 0 && text.charCodeAt(end - 1) === 92) {
        let slashes = 1;
        while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end < 0) return false;
      i = end;
    } else if (c === 123 || c === 91) {
      if (++depth > limit) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/**
 * JSON.parse that reads integer literals a double cannot hold as exact bigints (through
 * {@link exactLongsText}); throws JSON.parse's SyntaxError on bad text, and SyntaxError too on
 * a text nested deeper than {@link MAX_JSON_DEPTH}.
 */
export function parseExact(text: string): unknown {
  if (nestsDeeper(text, MAX_JSON_DEPTH)) throw new SyntaxError(`JSON nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`);
  const exact = exactLongsText(text);
  return exact === undefined ? JSON.parse(text) : exact.restore(JSON.parse(exact.text));
}

/**
 * A JSON text prepared for an exact read: its long literals marked with a fresh random marker
 * (made only for a text with a run of 16 digits), and `restore`, which turns the marks of the
 * parsed value back into bigints; undefined when the text holds no such literal and is read as
 * it is.
 */
export function exactLongsText(text: string): { readonly text: string; restore(value: unknown): unknown } | undefined {
  if (!LONG_DIGITS.test(text)) return undefined;
  const marker = `long:${randomUUID()}:`;
  const marked = markLongs(text, marker);
  return marked === undefined ? undefined : { text: marked, restore: (value) => unmarkLongs(value, marker) };
}

/**
 * A library value as the JSON HugeGraph writes: the one JSON shape (`jsonValue`) with
 * {@link HUGEGRAPH_JSON}, a long beyond ±(2^53 - 1) kept as a bigint that {@link jsonText}
 * writes as exact digits.
 */
export function restJson(value: unknown): unknown {
  return jsonValue(value, HUGEGRAPH_JSON);
}

/**
 * True when JSON.stringify already writes `value` as {@link restJson} would shape it: strings,
 * numbers, booleans and null, in arrays and plain objects (no dates, typed numbers, UUIDs,
 * maps, sets, bytes, bigints, undefined members or toJSON methods).
 */
function shapedAlready(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return true;
    case 'object':
      break;
    default:
      return false;
  }
  if (Array.isArray(value)) return value.every(shapedAlready);
  const proto: unknown = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || Object.hasOwn(value as object, 'toJSON')) return false;
  for (const key in value as object) if (!Object.hasOwn(value as object, key) || !shapedAlready((value as Record<string, unknown>)[key])) return false;
  return true;
}

/**
 * The JSON text of `restJson(value)`. A value that is plain JSON already (the common element
 * record) is written as it is, without the shaped copy.
 */
export function restJsonText(value: unknown): string {
  return shapedAlready(value) ? JSON.stringify(value) : jsonText(restJson(value));
}

/**
 * The JSON text of a vertex view (`restJsonText(vertex)`), written field by field when its id
 * and every property value are JSON leaves (the common case) and through {@link restJsonText}
 * otherwise: about half the cost of walking the view and then stringifying it.
 */
export function vertexJsonText(vertex: VertexView): string {
  const properties = vertex.properties;
  const id = typeof vertex.id === 'bigint' ? undefined : jsonLeaf(vertex.id);
  if (id === undefined || Object.getPrototypeOf(properties) !== Object.prototype || Object.hasOwn(properties, 'toJSON')) return restJsonText(vertex);
  let out = `{"id":${id},"label":${jsonString(vertex.label)},"type":"vertex","properties":{`;
  let first = true;
  for (const key in properties) {
    const value = Object.hasOwn(properties, key) ? jsonLeaf(properties[key]) : undefined;
    if (value === undefined) return restJsonText(vertex);
    out += first ? `${jsonString(key)}:${value}` : `,${jsonString(key)}:${value}`;
    first = false;
  }
  return `${out}}}`;
}
