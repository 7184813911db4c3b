/**
 * A small BigDecimal: an unscaled `bigint` and a decimal scale, with Java's rules for the
 * scale of sums, products and quotients.
 * @module
 */
import { ArgumentError } from '../../errors.js';

/**
 * An exact decimal number `unscaled × 10^-scale`, as Java's BigDecimal.
 */
export class Decimal {
  constructor(
    readonly unscaled: bigint,
    readonly scale: number,
  ) {}

  /** Plain decimal text: `10.5`, `-0.001`, `1200`. */
  toString(): string {
    const negative = this.unscaled < 0n;
    const digits = (negative ? -this.unscaled : this.unscaled).toString();
    const sign = negative ? '-' : '';
    if (this.scale <= 0) return sign + digits + '0'.repeat(-this.scale);
    const padded = digits.padStart(this.scale + 1, '0');
    return `${sign}${padded.slice(0, padded.length - this.scale)}.${padded.slice(padded.length - this.scale)}`;
  }

  /** Nearest double. */
  toNumber(): number {
    return Number(this.toString());
  }
}

const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Parse decimal text (`12.5`, `-3`, `1.0E+10`) as Java's `new BigDecimal(text)` does.
 */
export function parseDecimal(text: string): Decimal {
  const m = DECIMAL_PATTERN.exec(text.trim());
  const whole = m?.[2] ?? '';
  const fraction = m?.[3] ?? '';
  if (m === null || whole.length + fraction.length === 0) {
    throw new ArgumentError('DECIMAL_FORMAT', `Cannot parse decimal: '${text}' is not a decimal number`);
  }
  const unscaled = BigInt(whole + fraction || '0') * (m[1] === '-' ? -1n : 1n);
  return new Decimal(unscaled, fraction.length - Number(m[4] ?? '0'));
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

function rescale(d: Decimal, scale: number): bigint {
  return d.unscaled * pow10(scale - d.scale);
}

/**
 * Sum with the larger of the two scales.
 */
export function decimalAdd(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return new Decimal(rescale(a, scale) + rescale(b, scale), scale);
}

/**
 * Difference with the larger of the two scales.
 */
export function decimalSub(a: Decimal, b: Decimal): Decimal {
  return decimalAdd(a, new Decimal(-b.unscaled, b.scale));
}

/**
 * Product, with the sum of the scales.
 */
export function decimalMul(a: Decimal, b: Decimal): Decimal {
  return new Decimal(a.unscaled * b.unscaled, a.scale + b.scale);
}

/**
 * Sign of `a - b`: -1, 0 or 1, by value (scale ignored).
 */
export function decimalCompare(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale);
  const y = rescale(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * `numerator / denominator` rounded half-up (away from zero at the half) to an integer, as
 * Java's RoundingMode.HALF_UP.
 */
export function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const magnitude = 2n * (n % d) >= d ? n / d + 1n : n / d;
  return negative ? -magnitude : magnitude;
}

/**
 * Quotient: exact when the decimal expansion ends (preferring the scale `a.scale - b.scale`),
 * otherwise rounded half-up at the scale `max(a.scale, b.scale, 10)`, as TinkerPop's
 * NumberHelper does. Division by zero throws ArgumentError `DIVISION_BY_ZERO`.
 */
export function decimalDiv(a: Decimal, b: Decimal): Decimal {
  if (b.unscaled === 0n) throw new ArgumentError('DIVISION_BY_ZERO', 'Arithmetic failed: division by zero');
  const preferred = a.scale - b.scale;
  for (let k = 0; k <= 64; k++) {
    const numerator = a.unscaled * pow10(k);
    if (numerator % b.unscaled === 0n) return new Decimal(numerator / b.unscaled, preferred + k);
  }
  const scale = Math.max(a.scale, b.scale, 10);
  const shift = scale - preferred;
  const numerator = shift >= 0 ? a.unscaled * pow10(shift) : a.unscaled;
  const denominator = shift >= 0 ? b.unscaled : b.unscaled * pow10(-shift);
  return new Decimal(roundHalfUp(numerator, denominator), scale);
}
