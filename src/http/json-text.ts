/**
 * JSON text with exact big integers, both ways: HugeGraph writes a long beyond ±(2^53 - 1) (an
 * AUTOMATIC vertex id, a LONG property value, a Gremlin count) as a JSON number literal, and
 * its clients send them back the same way. Node 20 has neither `JSON.rawJSON` nor the source
 * text in a reviver, so the REST layer writes and reads such literals itself, and only when a
 * value or a body holds one: everything else goes through the native JSON functions.
 * @module
 */

/**
 * The JSON text of `value`: what JSON.stringify writes, except that a bigint is written as its
 * exact decimal digits (a JSON number), where JSON.stringify throws. A value without bigints is
 * written by JSON.stringify itself.
 *
 * @example
 * ```ts
 * jsonText({ id: 1190728523124310016n, label: 'auto' }); // '{"id":1190728523124310016,"label":"auto"}'
 * jsonText([1, 'a']); // '[1,"a"]'
 * ```
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
 *
 * @example
 * ```ts
 * bigJsonText([2n ** 60n, 'a', undefined]); // '[1152921504606846976,"a",null]'
 * ```
 */
export function bigJsonText(value: unknown): string | undefined {
  return writeJson(value, '');
}

/** JSON text of `value` under `key` as JSON.stringify writes it, bigints as digits; undefined where JSON.stringify omits the value. */
function writeJson(input: unknown, key: string): string | undefined {
  let value = input;
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON(key: string): unknown }).toJSON(key);
  }
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map((item: unknown, i) => writeJson(item, String(i)) ?? 'null').join(',')}]`;
  const members: string[] = [];
  for (const [k, v] of Object.entries(value as object)) {
    const text = writeJson(v, k);
    if (text !== undefined) members.push(`${JSON.stringify(k)}:${text}`);
  }
  return `{${members.join(',')}}`;
}
