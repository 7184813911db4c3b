import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TypedNumber } from '../../../src/values/index.js';
import { asBool, asDate, asNumber, dateAdd, dateDiff } from '../../../src/engine/functions/index.js';
import { QuiverError } from '../../../src/errors.js';

function throwsMessage(fn: () => unknown, text: string): void {
  assert.throws(fn, (e: unknown) => e instanceof QuiverError && e.message.includes(text), text);
}
const d = (n: number): TypedNumber => new TypedNumber('double', n);

test('asBool follows the AsBool feature', () => {
  assert.deepEqual([1, d(3.14), -1, 0, d(-0), d(NaN), true, false, 'true', 'tRUe'].map(asBool), [true, true, true, false, false, false, true, false, true, true]);
  assert.equal(asBool(new TypedNumber('long', 0n)), false);
  throwsMessage(() => asBool(null), "Can't parse null as Boolean.");
  throwsMessage(() => asBool('hello'), "Can't parse hello as Boolean.");
  throwsMessage(() => asBool([1, 2]), "Can't parse");
});

test('asNumber follows the AsNumber feature', () => {
  assert.deepEqual(asNumber(new TypedNumber('byte', 5)), new TypedNumber('byte', 5));
  assert.equal(asNumber('5'), 5);
  assert.deepEqual(asNumber('0x5'), 5);
  assert.deepEqual(asNumber('3000000000'), new TypedNumber('long', 3000000000n));
  assert.deepEqual(asNumber('2.5'), d(2.5));
  assert.equal(asNumber(d(5.43), 'INT'), 5);
  assert.equal(asNumber(d(5.67), 'INT'), 5);
  assert.deepEqual(asNumber(5, 'LONG'), new TypedNumber('long', 5n));
  assert.deepEqual(asNumber(12, 'BYTE'), new TypedNumber('byte', 12));
  assert.deepEqual(asNumber('5', 'BYTE'), new TypedNumber('byte', 5));
  assert.deepEqual(asNumber('29', 'DOUBLE'), d(29));
  assert.deepEqual(asNumber(99, 'BIGDECIMAL'), new TypedNumber('bigdecimal', '99'));
  assert.equal(asNumber(null, 'INT'), null);
  assert.deepEqual(asNumber(new Date(1596326400000)), new TypedNumber('long', 1596326400000n));
  throwsMessage(() => asNumber('test'), "Can't parse string 'test' as number.");
  throwsMessage(() => asNumber([1, 2, 3, 4]), "Can't parse type ArrayList as number.");
  throwsMessage(() => asNumber(32768, 'SHORT'), "Can't convert number of type Integer to Short due to overflow.");
  throwsMessage(() => asNumber(300, 'BYTE'), "Can't convert number of type Integer to Byte due to overflow.");
  throwsMessage(() => asNumber(32768, 'VERTEX'), 'asNumber() requires a numeric type token, got VERTEX');
  throwsMessage(() => asNumber('1,000', 'BIGINT'), "Can't parse string '1,000' as number.");
});

test('asDate follows the AsDate feature', () => {
  assert.equal(asDate('2023-08-02T00:00:00Z').toISOString(), '2023-08-02T00:00:00.000Z');
  assert.equal(asDate('2023-08-02T00:00:00-07:00').toISOString(), '2023-08-02T07:00:00.000Z');
  assert.equal(asDate('2020-08-02').toISOString(), '2020-08-02T00:00:00.000Z');
  assert.equal(asDate(1694017707000 as number).toISOString(), '2023-09-06T16:28:27.000Z');
  assert.equal(asDate(new TypedNumber('long', 1694017708000n)).toISOString(), '2023-09-06T16:28:28.000Z');
  for (const bad of [d(1694017709000.1), [1, 2], null, 'This String is not an ISO 8601 Date']) throwsMessage(() => asDate(bad), "Can't parse");
});

test("asDate reads every form of TinkerPop's DatetimeHelper and refuses impossible dates", () => {
  const iso = (text: string): string => asDate(text).toISOString();
  assert.equal(iso('2023-08'), '2023-08-01T00:00:00.000Z');
  assert.equal(iso('2018-03-22t00:35:44.741z'), '2018-03-22T00:35:44.741Z');
  assert.equal(iso('2018-03-22T00:35:44.741+1600'), '2018-03-21T08:35:44.741Z');
  assert.equal(iso('2018-03-22T00:35:44+16:00:30'), '2018-03-21T08:35:14.000Z');
  assert.equal(iso('2018-03-22T00:35:44-013000'), '2018-03-22T02:05:44.000Z');
  assert.equal(iso('2023-08-02T00:00+01:00'), '2023-08-01T23:00:00.000Z');
  for (const bad of ['2023-02-30', '2023-13-01', '2023-08-02T24:00', '2023']) throwsMessage(() => asDate(bad), "Can't parse");
});

test('dateAdd and dateDiff move by units and count milliseconds', () => {
  const t = new Date(Date.UTC(2023, 7, 2));
  assert.equal(dateAdd(t, { unit: 'day', amount: 7 }).toISOString(), '2023-08-09T00:00:00.000Z');
  assert.equal(dateAdd(t, { unit: 'hour', amount: -1 }).toISOString(), '2023-08-01T23:00:00.000Z');
  assert.deepEqual(dateDiff(dateAdd(t, { unit: 'minute', amount: 2 }), t), new TypedNumber('long', 120_000n));
  assert.deepEqual(dateDiff(t, dateAdd(t, { unit: 'second', amount: 5 })), new TypedNumber('long', -5000n));
});
