/**
 * Date steps: asDate(), dateAdd() and dateDiff(). Dates are JS `Date` values (instants),
 * standing for Java's OffsetDateTime.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { TypedNumber } from '../../values/index.js';
import { formatValue } from '../semantics/format.js';
import { typeOfValue } from '../semantics/gtypes.js';
import { makeNumber, numberKind, toBigInt, type GremlinNumber } from '../semantics/numbers.js';

/**
 * Units of dateAdd (TinkerPop's DT enum).
 */
export type DateUnit = 'second' | 'minute' | 'hour' | 'day';

const UNIT_MS: Readonly<Record<DateUnit, number>> = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/**
 * The forms TinkerPop's DatetimeHelper parses (letters in any case): `2023-08`, `2023-08-02`,
 * `2023-08-02T10:15`, with seconds and a fraction, and an offset `Z`, `+16`, `+1600`,
 * `+16:00`, `+160000` or `+16:00:00` (none means UTC). A space may stand for the `T`.
 */
const ISO = /^(\d{4,})-(\d{1,2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)?$/i;

function cannotParse(v: unknown): never {
  throw new ArgumentError('CANNOT_PARSE', `Can't parse ${formatValue(v)} as OffsetDateTime.`);
}

/**
 * The instant an ISO-8601 text names, as TinkerPop's `datetime()` and asDate() read it, or
 * undefined when the text is not such a date (`2023-08` is 2023-08-01T00:00:00Z).
 */
export function parseDatetime(text: string): Date | undefined {
  const m = ISO.exec(text.trim());
  if (m === null) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const [month, day, hour, minute, second] = [Number(mo), Number(d ?? 1), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0)];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  const millis = Number(((frac ?? '') + '000').slice(0, 3));
  let time = Date.UTC(Number(y), month - 1, day, hour, minute, second, millis);
  if (new Date(time).getUTCDate() !== day) return undefined;
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replaceAll(':', '');
    time -= sign * ((Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0')) * 60 + Number(digits.slice(4, 6) || '0')) * 1000;
  }
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * asDate(): a date as it is, ISO 8601 text (with an offset, `Z`, or none for UTC), or an
 * integral number of epoch milliseconds. Anything else throws ArgumentError `CANNOT_PARSE`.
 */
export function asDate(v: unknown): Date {
  if (v instanceof Date) return v;
  if (typeof v === 'string') return parseDatetime(v) ?? cannotParse(v);
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
    throw new ArgumentError('DATE_STEP_ARGUMENT', `dateAdd() accept only OffsetDateTime or Date (deprecated): got ${formatValue(date)}`);
  }
  const amount = typeof options.amount === 'number' ? options.amount : Number(toBigInt(options.amount));
  return inRange(new Date(date.getTime() + amount * UNIT_MS[options.unit]), 'dateAdd()');
}

/**
 * dateDiff(other): milliseconds from `other` to `date` as a Long (`date - other`), as in
 * TinkerPop 3.8; a null `other` counts as the epoch.
 */
export function dateDiff(date: unknown, other: unknown): TypedNumber {
  if (!(date instanceof Date)) {
    throw new ArgumentError('DATE_STEP_ARGUMENT', `DateDiff can only take OffsetDateTime or Date (deprecated) as argument, encountered ${typeOfValue(date)}`);
  }
  if (other !== null && other !== undefined && !(other instanceof Date)) {
    throw new ArgumentError('DATE_STEP_ARGUMENT', `DateDiff can only take OffsetDateTime or Date (deprecated) as argument, encountered ${typeOfValue(other)}`);
  }
  const base = other instanceof Date ? other.getTime() : 0;
  return makeNumber('long', BigInt(date.getTime() - base)) as TypedNumber;
}
