/**
 * A small JSON reader that keeps the source text of numbers, so that `1` (an Integer) and
 * `1.0` (a Double) stay distinct in `m[{...}]` notation, and that keeps object entries in
 * order. `JSON.parse` loses both.
 * @module
 */
import { ArgumentError } from '../../src/errors.js';

/**
 * A JSON value with numbers kept as their text.
 *
 * @example
 * ```ts
 * const v: JsonValue = { kind: 'number', text: '1.0' };
 * ```
 */
export type JsonValue =
  | null
  | boolean
  | string
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'array'; readonly items: readonly JsonValue[] }
  | { readonly kind: 'object'; readonly entries: ReadonlyArray<readonly [string, JsonValue]> };

class Reader {
  pos = 0;
  constructor(readonly text: string) {}

  fail(detail: string): ArgumentError {
    return new ArgumentError('TCK_NOTATION', `Cannot parse JSON in notation: ${detail} at offset ${this.pos} of '${this.text}'`);
  }

  skip(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos]!)) this.pos++;
  }

  expect(ch: string): void {
    this.skip();
    if (this.text[this.pos] !== ch) throw this.fail(`expected '${ch}'`);
    this.pos++;
  }

  value(): JsonValue {
    this.skip();
    const ch = this.text[this.pos];
    if (ch === '{') return this.object();
    if (ch === '[') return this.array();
    if (ch === '"') return this.string();
    for (const [word, v] of [['null', null], ['true', true], ['false', false]] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return v;
      }
    }
    const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.pos));
    if (m === null) throw this.fail('unexpected character');
    this.pos += m[0].length;
    return { kind: 'number', text: m[0] };
  }

  object(): JsonValue {
    this.expect('{');
    const entries: Array<readonly [string, JsonValue]> = [];
    this.skip();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return { kind: 'object', entries };
    }
    for (;;) {
      this.skip();
      const key = this.string();
      this.expect(':');
      entries.push([key, this.value()]);
      this.skip();
      if (this.text[this.pos] === ',') this.pos++;
      else break;
    }
    this.expect('}');
    return { kind: 'object', entries };
  }

  array(): JsonValue {
    this.expect('[');
    const items: JsonValue[] = [];
    this.skip();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return { kind: 'array', items };
    }
    for (;;) {
      items.push(this.value());
      this.skip();
      if (this.text[this.pos] === ',') this.pos++;
      else break;
    }
    this.expect(']');
    return { kind: 'array', items };
  }

  string(): string {
    if (this.text[this.pos] !== '"') throw this.fail('expected a string');
    let end = this.pos + 1;
    while (end < this.text.length && this.text[end] !== '"') end += this.text[end] === '\\' ? 2 : 1;
    if (end >= this.text.length) throw this.fail('the string is not closed');
    const raw = this.text.slice(this.pos, end + 1);
    this.pos = end + 1;
    return JSON.parse(raw) as string;
  }
}

/**
 * Parses JSON text, keeping number texts and entry order.
 *
 * @example
 * ```ts
 * parseJsonText('{"a": 1.0}');   // { kind: 'object', entries: [['a', { kind: 'number', text: '1.0' }]] }
 * ```
 */
export function parseJsonText(text: string): JsonValue {
  const reader = new Reader(text);
  const value = reader.value();
  reader.skip();
  if (reader.pos !== text.length) throw reader.fail('trailing text');
  return value;
}
