/**
 * The typed value notation of the TinkerPop feature files (FORMAT.md §4): `d[1].l`,
 * `v[marko]`, `e[marko-knows->vadas].id`, `l[...]`, `s[...]`, `m[{...}]`, `p[...]`, `t[id]`,
 * `D[OUT]`, `M[onCreate]`, `dt[...]`, `uuid[...]`, `str[...]` and the rest.
 *
 * Parsing gives a {@link Notated} value in which graph elements are still named references
 * (`v[marko]`); {@link resolveNotated} replaces them with element ids found in a graph.
 * Tokens are matched against the whole trimmed text (anchored), `str[` first.
 * @module
 */
import { ArgumentError } from '../../src/errors.js';
import { EnumValue, TypedNumber, Uuid, type ElementId, type NumericType } from '../../src/engine/index.js';
import { parseJsonText, type JsonValue } from './json-text.js';

/**
 * Which part of a referenced element a notation asks for: the element, its id, or its id as text.
 *
 * @example
 * ```ts
 * const part: ElementPart = 'sid';   // from v[marko].sid
 * ```
 */
export type ElementPart = 'element' | 'id' | 'sid';

/**
 * A value written in the notation, before or after element resolution.
 *
 * @example
 * ```ts
 * const n: Notated = { kind: 'list', items: [new TypedNumber('long', 1n), 'marko'] };
 * ```
 */
export type Notated =
  | null
  | boolean
  | number
  | string
  | TypedNumber
  | Uuid
  | Date
  | Uint8Array
  | EnumValue
  | { readonly kind: 'vertexRef'; readonly name: string; readonly part: ElementPart }
  | { readonly kind: 'edgeRef'; readonly out: string; readonly label: string; readonly in: string; readonly part: ElementPart }
  | { readonly kind: 'vertexPropertyRef'; readonly vertex: string; readonly key: string; readonly value: Notated }
  | { readonly kind: 'element'; readonly type: 'vertex' | 'edge' | 'vertexProperty'; readonly id: ElementId }
  | { readonly kind: 'property'; readonly key: string; readonly value: Notated }
  | { readonly kind: 'list'; readonly items: readonly Notated[] }
  | { readonly kind: 'set'; readonly items: readonly Notated[] }
  | { readonly kind: 'path'; readonly items: readonly Notated[] }
  | { readonly kind: 'map'; readonly entries: ReadonlyArray<readonly [Notated, Notated]> }
  | { readonly kind: 'char'; readonly value: string }
  | { readonly kind: 'duration'; readonly seconds: bigint; readonly nanos: number; readonly negative: boolean };

function fail(text: string, detail: string): ArgumentError {
  return new ArgumentError('TCK_NOTATION', `Cannot parse notation '${text}': ${detail}`);
}

/**
 * Splits the inside of `l[...]`/`s[...]` on commas that are not nested in brackets or braces.
 *
 * @example
 * ```ts
 * splitTopLevel('a,l[b,c],d');   // ['a', 'l[b,c]', 'd']
 * ```
 */
export function splitTopLevel(text: string): string[] {
  if (text.trim() === '') return [];
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '[' || ch === '{') depth++;
    else if (ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

function integerFromText(text: string): number | TypedNumber {
  const big = BigInt(text);
  if (big >= -(2n ** 31n) && big < 2n ** 31n) return Number(big);
  if (big >= -(2n ** 63n) && big < 2n ** 63n) return new TypedNumber('long', big);
  return new TypedNumber('biginteger', big);
}

function typedNumber(text: string, suffix: string, whole: string): number | TypedNumber {
  const asNumber = Number(text);
  if (suffix !== 'm' && Number.isNaN(asNumber)) throw fail(whole, `'${text}' is not a number`);
  switch (suffix) {
    case 'i':
      if (!Number.isInteger(asNumber)) throw fail(whole, `'${text}' is not an integer`);
      return asNumber;
    case 'b':
      return new TypedNumber('byte', asNumber);
    case 's':
      return new TypedNumber('short', asNumber);
    case 'l':
      return new TypedNumber('long', BigInt(text));
    case 'n':
      return new TypedNumber('biginteger', BigInt(text));
    case 'f':
      return new TypedNumber('float', asNumber);
    case 'd':
      return new TypedNumber('double', asNumber);
    default:
      return new TypedNumber('bigdecimal', text);
  }
}

function fromJson(value: JsonValue, whole: string): Notated {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'string') return parseNotation(value);
  if (value.kind === 'number') {
    return /^-?\d+$/.test(value.text) ? integerFromText(value.text) : new TypedNumber('double', Number(value.text));
  }
  if (value.kind === 'array') return { kind: 'list', items: value.items.map((v) => fromJson(v, whole)) };
  return { kind: 'map', entries: value.entries.map(([k, v]) => [parseNotation(k), fromJson(v, whole)] as const) };
}

function decodeBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

type Rule = readonly [RegExp, (m: RegExpExecArray, whole: string) => Notated];

const T_NAMES = new Set(['id', 'label', 'key', 'value']);
const MERGE_NAMES = new Set(['onCreate', 'onMatch', 'outV', 'inV']);
const DIRECTIONS: Readonly<Record<string, string>> = { OUT: 'OUT', IN: 'IN', BOTH: 'BOTH', from: 'OUT', to: 'IN' };

const RULES: readonly Rule[] = [
  [/^str\[([\s\S]*)\]$/, (m) => m[1]!],
  [/^null$/, () => null],
  [/^true$/, () => true],
  [/^false$/, () => false],
  [/^d\[(NaN|Infinity|-Infinity)\]$/, (m) => new TypedNumber('double', Number(m[1]))],
  [/^d\[(.+)\]\.([bsilfdmn])$/, (m, whole) => typedNumber(m[1]!, m[2]!, whole)],
  [/^v\[(.+)\]\.(id|sid)$/, (m) => ({ kind: 'vertexRef', name: m[1]!, part: m[2] as ElementPart })],
  [/^v\[(.+)\]$/, (m) => ({ kind: 'vertexRef', name: m[1]!, part: 'element' })],
  [/^e\[(.+)-(.+)->(.+)\]\.(id|sid)$/, (m) => ({ kind: 'edgeRef', out: m[1]!, label: m[2]!, in: m[3]!, part: m[4] as ElementPart })],
  [/^e\[(.+)-(.+)->(.+)\]$/, (m) => ({ kind: 'edgeRef', out: m[1]!, label: m[2]!, in: m[3]!, part: 'element' })],
  [/^vp\[(.+?)-(.+?)->([\s\S]*)\]$/, (m) => ({ kind: 'vertexPropertyRef', vertex: m[1]!, key: m[2]!, value: parseNotation(m[3]!) })],
  [/^prop\[([^,]*),([\s\S]*)\]$/, (m) => ({ kind: 'property', key: m[1]!, value: parseNotation(m[2]!) })],
  [/^p\[([\s\S]*)\]$/, (m) => ({ kind: 'path', items: m[1]!.trim() === '' ? [] : m[1]!.split(',').map((s) => parseNotation(s)) })],
  [/^l\[([\s\S]*)\]$/, (m) => ({ kind: 'list', items: splitTopLevel(m[1]!).map((s) => parseNotation(s)) })],
  [/^s\[([\s\S]*)\]$/, (m) => ({ kind: 'set', items: splitTopLevel(m[1]!).map((s) => parseNotation(s)) })],
  [/^m\[([\s\S]*)\]$/, (m, whole) => {
    const json = parseJsonText(m[1]!);
    if (json === null || typeof json !== 'object' || json.kind !== 'object') throw fail(whole, 'a map needs a JSON object');
    return fromJson(json, whole);
  }],
  [/^t\[(\w+)\]$/, (m, whole) => {
    if (!T_NAMES.has(m[1]!)) throw fail(whole, `unknown T constant '${m[1]}'`);
    return new EnumValue('T', m[1]!);
  }],
  [/^D\[(\w+)\]$/, (m, whole) => {
    const name = DIRECTIONS[m[1]!];
    if (name === undefined) throw fail(whole, `unknown Direction '${m[1]}'`);
    return new EnumValue('Direction', name);
  }],
  [/^M\[(\w+)\]$/, (m, whole) => {
    if (!MERGE_NAMES.has(m[1]!)) throw fail(whole, `unknown Merge constant '${m[1]}'`);
    return new EnumValue('Merge', m[1]!);
  }],
  [/^dt\[(.+)\]$/, (m, whole) => {
    const date = new Date(m[1]!);
    if (Number.isNaN(date.getTime())) throw fail(whole, 'not an ISO-8601 date-time');
    return date;
  }],
  [/^uuid\[([0-9a-fA-F-]{36})\]$/, (m) => new Uuid(m[1]!.toLowerCase())],
  [/^char\[([\s\S])\]$/, (m) => ({ kind: 'char', value: m[1]! })],
  [/^dur\[(\d+),(\d+)(,false)?\]$/, (m) => ({ kind: 'duration', seconds: BigInt(m[1]!), nanos: Number(m[2]), negative: m[3] !== undefined })],
  [/^bin\[([A-Za-z0-9+/=]*)\]$/, (m) => decodeBase64(m[1]!)],
];

/**
 * Parses one value of the notation. Text that is not a token is a plain string.
 *
 * @example
 * ```ts
 * parseNotation('d[29].i');            // 29
 * parseNotation('d[6].l');             // TypedNumber('long', 6n)
 * parseNotation('v[marko].id');        // { kind: 'vertexRef', name: 'marko', part: 'id' }
 * parseNotation('str[  spaced ]');     // '  spaced '
 * ```
 */
export function parseNotation(text: string): Notated {
  const trimmed = text.trim();
  for (const [pattern, build] of RULES) {
    const m = pattern.exec(trimmed);
    if (m !== null) return build(m, trimmed);
  }
  return trimmed;
}

/**
 * Finds graph elements by the names the notation uses (the `name` property of vertices).
 *
 * @example
 * ```ts
 * const r: ElementResolver = { vertexId: () => 1, edgeId: () => 7, vertexPropertyId: () => 0 };
 * ```
 */
export interface ElementResolver {
  vertexId(name: string): ElementId;
  edgeId(ref: { readonly out: string; readonly label: string; readonly in: string }): ElementId;
  vertexPropertyId(ref: { readonly vertex: string; readonly key: string; readonly value: Notated }): ElementId;
}

function part(id: ElementId, type: 'vertex' | 'edge', which: ElementPart): Notated {
  if (which === 'id') return id;
  if (which === 'sid') return String(id);
  return { kind: 'element', type, id };
}

/**
 * Replaces every element reference with what it names: an `element` value, an id, or an id
 * as a string.
 *
 * @example
 * ```ts
 * resolveNotated(parseNotation('l[v[marko].id]'), resolver);   // { kind: 'list', items: [1] }
 * ```
 */
export function resolveNotated(value: Notated, resolver: ElementResolver): Notated {
  if (value === null || typeof value !== 'object' || !('kind' in value)) return value;
  switch (value.kind) {
    case 'vertexRef':
      return part(resolver.vertexId(value.name), 'vertex', value.part);
    case 'edgeRef':
      return part(resolver.edgeId(value), 'edge', value.part);
    case 'vertexPropertyRef': {
      const inner = resolveNotated(value.value, resolver);
      return { kind: 'element', type: 'vertexProperty', id: resolver.vertexPropertyId({ vertex: value.vertex, key: value.key, value: inner }) };
    }
    case 'property':
      return { kind: 'property', key: value.key, value: resolveNotated(value.value, resolver) };
    case 'list':
    case 'set':
    case 'path':
      return { kind: value.kind, items: value.items.map((v) => resolveNotated(v, resolver)) };
    case 'map':
      return { kind: 'map', entries: value.entries.map(([k, v]) => [resolveNotated(k, resolver), resolveNotated(v, resolver)] as const) };
    default:
      return value;
  }
}

/**
 * The notation's (and gremlin-lang's) suffix of each Java numeric type.
 *
 * @example
 * ```ts
 * NUMBER_SUFFIX.long;   // 'l', as in d[6].l and 6l
 * ```
 */
export const NUMBER_SUFFIX: Readonly<Record<NumericType, string>> = { byte: 'b', short: 's', long: 'l', biginteger: 'n', float: 'f', double: 'd', bigdecimal: 'm' };

function numberLiteral(n: TypedNumber): string {
  if (n.type === 'double' && typeof n.value === 'number' && !Number.isFinite(n.value)) return String(n.value);
  return `${String(n.value)}${NUMBER_SUFFIX[n.type]}`;
}

/**
 * Writes a resolved value as gremlin-lang source text (literal mode, used for side effects).
 *
 * @example
 * ```ts
 * toGremlinLiteral(parseNotation('m[{"t[label]": "knows", "weight": "d[0.5].d"}]'));
 * // '[T.label: "knows", "weight": 0.5d]'
 * ```
 */
export function toGremlinLiteral(value: Notated): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (value instanceof TypedNumber) return numberLiteral(value);
  if (value instanceof Uuid) return `UUID(${JSON.stringify(value.text)})`;
  if (value instanceof Date) return `datetime(${JSON.stringify(value.toISOString())})`;
  if (value instanceof Uint8Array) return `Binary(${JSON.stringify(Buffer.from(value).toString('base64'))})`;
  if (value instanceof EnumValue) return `${value.type}.${value.name}`;
  switch (value.kind) {
    case 'list':
    case 'path':
      return `[${value.items.map(toGremlinLiteral).join(', ')}]`;
    case 'set':
      return `{${value.items.map(toGremlinLiteral).join(', ')}}`;
    case 'map':
      return value.entries.length === 0 ? '[:]' : `[${value.entries.map(([k, v]) => `${toGremlinLiteral(k)}: ${toGremlinLiteral(v)}`).join(', ')}]`;
    case 'char':
      return `${JSON.stringify(value.value)}c`;
    case 'duration':
      return `Duration(${value.seconds}, ${value.nanos}${value.negative ? ', false' : ''})`;
    default:
      throw new ArgumentError('TCK_NOTATION', `Cannot write notation as a Gremlin literal: ${value.kind} values have no literal form`);
  }
}
