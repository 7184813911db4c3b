/**
 * asBool() and asNumber() with TinkerPop 3.8's conversions and error messages.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { TypedNumber } from '../../values/index.js';
import { parseDecimal } from '../semantics/decimal.js';
import { formatValue } from '../semantics/format.js';
import { INTEGER_RANGES, isNumber, makeNumber, numberKind, toBigInt, toDouble, type GremlinNumber, type NumberKind } from '../semantics/numbers.js';
import { javaClassName } from './lists.js';

/**
 * asBool(): numbers are true unless zero or NaN; strings `true`/`false` in any case;
 * booleans as they are. Anything else throws ArgumentError `CANNOT_PARSE`.
 */
export function asBool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (isNumber(v)) {
    const d = toDouble(v);
    return !(d === 0 || Number.isNaN(d));
  }
  if (typeof v === 'string') {
    const lower = v.toLowerCase();
    if (lower === 'true' || lower === 'false') return lower === 'true';
  }
  throw new ArgumentError('CANNOT_PARSE', `Can't parse ${formatValue(v)} as Boolean.`);
}

const TARGETS: Readonly<Record<string, NumberKind | 'number'>> = {
  BYTE: 'byte',
  SHORT: 'short',
  INT: 'int',
  LONG: 'long',
  BIGINT: 'biginteger',
  FLOAT: 'float',
  DOUBLE: 'double',
  BIGDECIMAL: 'bigdecimal',
  NUMBER: 'number',
};

const JAVA_NAMES: Readonly<Record<NumberKind, string>> = {
  byte: 'Byte',
  short: 'Short',
  int: 'Integer',
  long: 'Long',
  float: 'Float',
  double: 'Double',
  biginteger: 'BigInteger',
  bigdecimal: 'BigDecimal',
};

function parseNumber(text: string): GremlinNumber {
  const t = text.trim();
  const fail = (): never => {
    throw new ArgumentError('CANNOT_PARSE', `Can't parse string '${text}' as number.`);
  };
  const hex = /^([+-]?)(?:0[xX]|#)([0-9a-fA-F]+)$/.exec(t);
  if (hex !== null) return integerOf(BigInt('0x' + (hex[2] as string)) * (hex[1] === '-' ? -1n : 1n));
  if (/^[+-]?\d+$/.test(t)) return integerOf(BigInt(t));
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[dDfF]?$/.test(t)) return makeNumber('double', Number(t.replace(/[dDfF]$/, '')));
  if (/^[+-]?(Infinity|NaN)$/.test(t)) return makeNumber('double', Number(t));
  return fail();
}

function integerOf(b: bigint): GremlinNumber {
  for (const [kind, lo, hi] of INTEGER_RANGES.slice(2)) if (b >= lo && b <= hi) return makeNumber(kind, b);
  return makeNumber('biginteger', b);
}

function overflow(from: GremlinNumber, to: NumberKind): never {
  const source = JAVA_NAMES[numberKind(from) as NumberKind];
  throw new ArgumentError('NUMBER_OVERFLOW', `Can't convert number of type ${source} to ${JAVA_NAMES[to]} due to overflow.`);
}

function castNumber(n: GremlinNumber, to: NumberKind): GremlinNumber {
  const from = numberKind(n) as NumberKind;
  if (from === to) return n;
  switch (to) {
    case 'float': {
      const d = toDouble(n);
      if (Number.isFinite(d) && !Number.isFinite(Math.fround(d))) overflow(n, to);
      return makeNumber('float', d);
    }
    case 'double':
      return makeNumber('double', toDouble(n));
    case 'bigdecimal':
      return new TypedNumber('bigdecimal', typeof n !== 'number' && typeof n.value === 'string' ? n.value : parseDecimal(String(typeof n === 'number' ? n : n.value)).toString());
    default: {
      if (!Number.isFinite(toDouble(n)) && typeof n !== 'number' && typeof n.value === 'number') overflow(n, to);
      const b = toBigInt(n);
      const range = INTEGER_RANGES.find(([k]) => k === to);
      if (range !== undefined && (b < range[1] || b > range[2])) overflow(n, to);
      return makeNumber(to, b);
    }
  }
}

/**
 * asNumber(): numbers as they are, text parsed (decimal, `0x` hex, with a decimal point as a
 * Double), dates as epoch milliseconds (Long); with a GType target (`'INT'`, `'BYTE'`,
 * `'DOUBLE'`...) the number is converted, truncating toward zero and failing on overflow.
 * Null stays null.
 */
export function asNumber(v: unknown, target?: string): unknown {
  const kind = target === undefined ? undefined : TARGETS[target];
  if (target !== undefined && kind === undefined) {
    throw new ArgumentError('NUMBER_TYPE_TOKEN', `asNumber() requires a numeric type token, got ${target}`);
  }
  if (v === null || v === undefined) return null;
  let n: GremlinNumber;
  if (isNumber(v)) n = v;
  else if (typeof v === 'string') n = parseNumber(v);
  else if (v instanceof Date) n = makeNumber('long', BigInt(v.getTime()));
  else throw new ArgumentError('CANNOT_PARSE', `Can't parse type ${javaClassName(v)} as number.`);
  return kind === undefined || kind === 'number' ? n : castNumber(n, kind);
}
