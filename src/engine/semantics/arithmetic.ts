/**
 * Java arithmetic with TinkerPop 3.8's NumberHelper rules: operands are promoted to their
 * highest common kind; an integer result that overflows its kind is promoted along
 * byte → short → int → long and fails past long; a float result that overflows becomes a
 * double; BigInteger and BigDecimal are exact.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { decimalAdd, decimalDiv, decimalMul, decimalSub, Decimal } from './decimal.js';
import {
  commonKind,
  INTEGER_RANGES,
  isNumber,
  makeNumber,
  numberKind,
  toBigInt,
  toDecimal,
  toDouble,
  compareNumbers,
  isNaNNumber,
  promoteTo,
  type GremlinNumber,
  type NumberKind,
} from './numbers.js';

interface Operation {
  readonly name: string;
  readonly integer: (a: bigint, b: bigint) => bigint;
  readonly floating: (a: number, b: number) => number;
  readonly decimal: (a: Decimal, b: Decimal) => Decimal;
}

function decimalMod(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  const x = a.unscaled * 10n ** BigInt(scale - a.scale);
  const y = b.unscaled * 10n ** BigInt(scale - b.scale);
  return new Decimal(x % y, scale);
}

function divisionByZero(): never {
  throw new ArgumentError('DIVISION_BY_ZERO', 'Arithmetic failed: / by zero');
}

const OPERATIONS = {
  add: { name: 'add', integer: (a, b) => a + b, floating: (a, b) => a + b, decimal: decimalAdd },
  sub: { name: 'sub', integer: (a, b) => a - b, floating: (a, b) => a - b, decimal: decimalSub },
  mul: { name: 'mul', integer: (a, b) => a * b, floating: (a, b) => a * b, decimal: decimalMul },
  div: {
    name: 'div',
    integer: (a, b) => (b === 0n ? divisionByZero() : a / b),
    floating: (a, b) => a / b,
    decimal: decimalDiv,
  },
  mod: {
    name: 'mod',
    integer: (a, b) => (b === 0n ? divisionByZero() : a % b),
    floating: (a, b) => a % b,
    decimal: (a, b) => (b.unscaled === 0n ? divisionByZero() : decimalMod(a, b)),
  },
} satisfies Record<string, Operation>;

function requireNumber(v: unknown, operation: string): GremlinNumber {
  if (isNumber(v)) return v;
  throw new ArgumentError('NOT_A_NUMBER', `Cannot ${operation} values: ${String(v)} is not a number`);
}

function fitInteger(kind: NumberKind, result: bigint): GremlinNumber {
  const start = INTEGER_RANGES.findIndex(([k]) => k === kind);
  for (const [k, lo, hi] of INTEGER_RANGES.slice(start)) {
    if (result >= lo && result <= hi) return makeNumber(k, result);
  }
  throw new ArgumentError('ARITHMETIC_OVERFLOW', `Arithmetic failed: long overflow of ${result}`);
}

function apply(op: Operation, left: unknown, right: unknown): GremlinNumber {
  const a = requireNumber(left, op.name);
  const b = requireNumber(right, op.name);
  const kind = commonKind(numberKind(a) as NumberKind, numberKind(b) as NumberKind);
  switch (kind) {
    case 'bigdecimal':
      return makeNumber('bigdecimal', op.decimal(toDecimal(a), toDecimal(b)));
    case 'biginteger':
      return makeNumber('biginteger', op.integer(toBigInt(a), toBigInt(b)));
    case 'double':
      return makeNumber('double', op.floating(toDouble(a), toDouble(b)));
    case 'float': {
      const exact = op.floating(toDouble(a), toDouble(b));
      const single = Math.fround(exact);
      return Number.isFinite(exact) && !Number.isFinite(single) ? makeNumber('double', exact) : makeNumber('float', single);
    }
    default:
      return fitInteger(kind, op.integer(toBigInt(a), toBigInt(b)));
  }
}

/**
 * `a + b` with Java promotion (NumberHelper.add).
 */
export function add(a: unknown, b: unknown): GremlinNumber {
  return apply(OPERATIONS.add, a, b);
}

/**
 * `a - b` with Java promotion.
 */
export function sub(a: unknown, b: unknown): GremlinNumber {
  return apply(OPERATIONS.sub, a, b);
}

/**
 * `a * b` with Java promotion.
 */
export function mul(a: unknown, b: unknown): GremlinNumber {
  return apply(OPERATIONS.mul, a, b);
}

/**
 * `a / b`: integer division for integer kinds (ArgumentError `DIVISION_BY_ZERO` on zero),
 * IEEE division for floating kinds. With `floating: true` (as mean() uses), integer kinds
 * divide as doubles and BigInteger as BigDecimal.
 */
export function div(a: unknown, b: unknown, options: { floating?: boolean } = {}): GremlinNumber {
  if (options.floating === true) {
    const x = requireNumber(a, 'div');
    const y = requireNumber(b, 'div');
    const kind = commonKind(numberKind(x) as NumberKind, numberKind(y) as NumberKind);
    if (kind === 'biginteger' || kind === 'bigdecimal') return makeNumber('bigdecimal', decimalDiv(toDecimal(x), toDecimal(y)));
    if (kind !== 'float') return makeNumber('double', toDouble(x) / toDouble(y));
  }
  return apply(OPERATIONS.div, a, b);
}

/**
 * `a % b` with Java semantics: the result takes the sign of the dividend.
 */
export function mod(a: unknown, b: unknown): GremlinNumber {
  return apply(OPERATIONS.mod, a, b);
}

/**
 * `-a`, keeping the kind (promoted when negating the smallest value of an integer kind).
 */
export function neg(a: unknown): GremlinNumber {
  const x = requireNumber(a, 'negate');
  const kind = numberKind(x) as NumberKind;
  return apply(OPERATIONS.sub, makeNumber(kind, kind === 'bigdecimal' ? new Decimal(0n, 0) : kind === 'float' || kind === 'double' ? -0 : 0n), x);
}

/**
 * The smaller or larger of two numbers (`pick` says whether the left one wins a comparison) in
 * their highest common kind, as TinkerPop 3.8's NumberHelper.min/max: min(1, 2.0d) is 1.0d. A
 * NaN loses to any other number.
 */
export function numberExtreme(a: GremlinNumber, b: GremlinNumber, pick: (c: number) => boolean): GremlinNumber {
  if (isNaNNumber(a) || isNaNNumber(b)) return isNaNNumber(a) ? b : a;
  const winner = pick(compareNumbers(a, b)) ? a : b;
  return promoteTo(winner, commonKind(numberKind(a) as NumberKind, numberKind(b) as NumberKind));
}

/**
 * The smaller of two numbers in their highest common kind (NumberHelper.min); NaN loses.
 */
export function numberMin(a: unknown, b: unknown): GremlinNumber {
  return numberExtreme(requireNumber(a, 'min'), requireNumber(b, 'min'), (c) => c <= 0);
}

/**
 * The larger of two numbers in their highest common kind (NumberHelper.max); NaN loses.
 */
export function numberMax(a: unknown, b: unknown): GremlinNumber {
  return numberExtreme(requireNumber(a, 'max'), requireNumber(b, 'max'), (c) => c >= 0);
}
