/**
 * Date steps: asDate(), dateAdd() and dateDiff(). Dates are JS `Date` values (instants),
 * standing for Java's OffsetDateTime.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { TypedNumber } from '../../values/index.js';
import { formatValue } from '../semantics/format.js';
import { makeNumber, numberKind, toBigInt, type GremlinNumber } from '../semantics/numbers.js';

/**
 * Units of dateAdd (TinkerPop's DT enum).
 */
export type DateUnit = 'second' | 'minute' | 'hour' | 'day';

const UNIT_MS: Readonly<Record<DateUnit, number>> = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

const ISO = /^(\d{4,})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/;

function cannotParse(v: unknown): never {
  throw new ArgumentError('CANNOT_PARSE', `Can't parse ${formatValue(v)} as Date.`);
}

function parseIso(text: string): Date {
  const m = ISO.exec(text.trim());
  if (m === null) return cannotParse(text);
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const millis = Number(((frac ?? '') + '000').slice(0, 3));
  let time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), millis);
  if (zone !== undefined && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    time -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0')) * 60_000;
  }
  const date = new Date(time);
  if (Number.isNaN(date.getTime()) || Number(mo) > 12 || Number(d) > 31) return cannotParse(text);
  return date;
}

/**
 * asDate(): a date as it is, ISO 8601 text (with an offset, `Z`, or none for UTC), or an
 * integral number of epoch milliseconds. Anything else throws ArgumentError `CANNOT_PARSE`.
 */
export function asDate(v: unknown): Date {
  if (v instanceof Date) return v;
  if (typeof v === 'string') return parseIso(v);
  const kind = numberKind(v);
  if (kind === 'int' || kind === 'long' || kind === 'short' || kind === 'byte' || kind === 'biginteger') {
    return inRange(new Date(Number(toBigInt(v as GremlinNumber))), 'asDate()');
  }
  return cannotParse(v);
}

/** The date, or ArgumentError DATE_OUT_OF_RANGE when it is past the ±8.64e15 ms a Date holds. */
function inRange(date: Date, step: string): Date {
  if (Number.isNaN(date.getTime())) {
    throw new ArgumentError('DATE_OUT_OF_RANGE', `The ${step} step failed: the date is out of range (at most 8.64e15 ms from the epoch)`);
  }
  return date;
}

/**
 * dateAdd(unit, amount): the date moved by a whole number of units.
 */
export function dateAdd(date: unknown, options: { unit: DateUnit; amount: number | GremlinNumber }): Date {
  if (!(date instanceof Date)) {
    throw new ArgumentError('DATE_STEP_ARGUMENT', `The dateAdd() step can only take date as argument: got ${formatValue(date)}`);
  }
  const amount = typeof options.amount === 'number' ? options.amount : Number(toBigInt(options.amount));
  return inRange(new Date(date.getTime() + amount * UNIT_MS[options.unit]), 'dateAdd()');
}

/**
 * dateDiff(other): whole seconds from `other` to `date` as a Long (`date - other`); a null
 * `other` counts as the epoch.
 */
export function dateDiff(date: unknown, other: unknown): TypedNumber {
  if (!(date instanceof Date)) {
    throw new ArgumentError('DATE_STEP_ARGUMENT', `The dateDiff() step can only take date as argument: got ${formatValue(date)}`);
  }
  if (other !== null && other !== undefined && !(other instanceof Date)) {
    throw new ArgumentError('DATE_STEP_ARGUMENT', `The dateDiff() step can only take date as argument: got ${formatValue(other)}`);
  }
  const base = other instanceof Date ? other.getTime() : 0;
  return makeNumber('long', BigInt(Math.trunc((date.getTime() - base) / 1000))) as TypedNumber;
}
