import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { QuiverError } from '../../src/errors.js';
import {
  decodeSortable,
  decodeSortableLong,
  encodeSortable,
  encodeSortableLong,
  type SortableType,
} from '../../src/storage/ids/index.js';

const LONG_MIN = -(1n << 63n);
const LONG_MAX = (1n << 63n) - 1n;

function sign(a: number | bigint, b: number | bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof QuiverError, `expected a QuiverError, got ${String(error)}`);
    return error.code;
  }
  return assert.fail('expected an error');
}

test('encodeSortableLong writes the examples of HugeGraph LongEncodingTest', () => {
  const cases: [bigint, string][] = [
    [1234n, '2JI'],
    [23n, '1N'],
    [29n, '1T'],
    [2147483647n, '61~~~~~'],
    [LONG_MAX, 'B7~~~~~~~~~~'],
    [0n, '10'],
    [-1n, '0B7~~~~~~~~~~'],
    [-2147483648n, '0B7~~~~z00000'],
    [LONG_MIN, '010'],
  ];
  for (const [value, text] of cases) {
    assert.equal(encodeSortableLong(value), text, `encode ${value}`);
    assert.equal(decodeSortableLong(text), value, `decode ${text}`);
  }
});

test('encodeSortable encodes each data type like HugeGraph encodeNumber', () => {
  const cases: [number | bigint | Date, SortableType, string][] = [
    [1234, 'INT', '2JI'],
    [1.234, 'DOUBLE', 'B3~okcR8i3aO'],
    [2.1, 'DOUBLE', 'B400oCoCoCoD'],
    [3.1415926, 'DOUBLE', 'B4098ViD4iXA'],
    [3.1415926, 'FLOAT', '610IG~Q'],
    [-1, 'FLOAT', '0B7~~~~~0V~~~'],
    [127, 'BYTE', '21~'],
    [-128, 'BYTE', '0B7~~~~~~~~z0'],
    [3.4028234663852886e38, 'FLOAT', '61~V~~~'],
    [1.401298464324817e-45, 'FLOAT', '11'],
    [Number.MAX_VALUE, 'DOUBLE', 'B7~k~~~~~~~~'],
    [Number.MIN_VALUE, 'DOUBLE', '11'],
    [LONG_MAX, 'LONG', 'B7~~~~~~~~~~'],
    [new Date('2018-12-17T16:00:00Z'), 'DATE', '7MUxuK00'],
  ];
  for (const [value, type, text] of cases) {
    assert.equal(encodeSortable(value, type), text, `encode ${String(value)} as ${type}`);
  }
});

test('decodeSortable reads back the value typed by the data type', () => {
  assert.equal(decodeSortable('1T', 'INT'), 29);
  assert.equal(decodeSortable('1T', 'LONG'), 29n);
  assert.equal(decodeSortable('B3~okcR8i3aO', 'DOUBLE'), 1.234);
  assert.equal(decodeSortable('610IG~Q', 'FLOAT'), Math.fround(3.1415926));
  assert.equal(decodeSortable('0B7~~~~~~~~z0', 'BYTE'), -128);
  assert.deepEqual(decodeSortable('7MUxuK00', 'DATE'), new Date('2018-12-17T16:00:00Z'));
});

test('encodeSortable rejects values that do not fit the data type', () => {
  assert.equal(codeOf(() => encodeSortable(2147483648, 'INT')), 'SORTABLE_VALUE');
  assert.equal(codeOf(() => encodeSortable(128, 'BYTE')), 'SORTABLE_VALUE');
  assert.equal(codeOf(() => encodeSortable(1.5, 'LONG')), 'SORTABLE_VALUE');
  assert.equal(codeOf(() => encodeSortable(1n << 63n, 'LONG')), 'SORTABLE_VALUE');
  assert.equal(codeOf(() => encodeSortable(new Date(0), 'INT')), 'SORTABLE_VALUE');
  assert.equal(codeOf(() => encodeSortable(new Date(Number.NaN), 'DATE')), 'SORTABLE_VALUE');
});

test('decodeSortable rejects malformed text', () => {
  for (const text of ['', '1', '2T', '1!', 'G0000000000000000', '0', 'C' + '~'.repeat(12)]) {
    assert.equal(codeOf(() => decodeSortable(text, 'LONG')), 'SORTABLE_FORMAT', `text ${JSON.stringify(text)}`);
  }
  assert.equal(codeOf(() => decodeSortable(encodeSortable(1n << 40n, 'LONG'), 'INT')), 'SORTABLE_FORMAT');
});

test('encodeSortableLong sorts like the numbers and round-trips', () => {
  const long = fc.bigInt({ min: LONG_MIN, max: LONG_MAX });
  fc.assert(
    fc.property(long, long, (a, b) => {
      const ea = encodeSortableLong(a);
      const eb = encodeSortableLong(b);
      assert.equal(decodeSortableLong(ea), a);
      assert.equal(ea < eb ? -1 : ea > eb ? 1 : 0, sign(a, b));
    }),
    { numRuns: 2000 },
  );
});

test('encodeSortable of doubles sorts like the numbers and round-trips', () => {
  const double = fc.double({ noNaN: true });
  fc.assert(
    fc.property(double, double, (a, b) => {
      const ea = encodeSortable(a, 'DOUBLE');
      const eb = encodeSortable(b, 'DOUBLE');
      assert.ok(Object.is(decodeSortable(ea, 'DOUBLE'), a));
      const expected = Object.is(a, b) ? 0 : a < b || (Object.is(a, -0) && Object.is(b, 0)) ? -1 : 1;
      assert.equal(ea < eb ? -1 : ea > eb ? 1 : 0, expected);
    }),
    { numRuns: 2000 },
  );
});

test('encodeSortable of floats sorts like the numbers and round-trips', () => {
  const float = fc.float({ noNaN: true, noDefaultInfinity: false });
  fc.assert(
    fc.property(float, float, (a, b) => {
      const ea = encodeSortable(a, 'FLOAT');
      const eb = encodeSortable(b, 'FLOAT');
      assert.ok(Object.is(decodeSortable(ea, 'FLOAT'), a));
      if (a !== b) {
        assert.equal(ea < eb, a < b);
      }
    }),
    { numRuns: 2000 },
  );
});

test('encodeSortable of ints and dates sorts like the numbers and round-trips', () => {
  const int = fc.integer();
  fc.assert(
    fc.property(int, int, (a, b) => {
      const ea = encodeSortable(a, 'INT');
      const eb = encodeSortable(b, 'INT');
      assert.equal(decodeSortable(ea, 'INT'), a);
      assert.equal(ea < eb ? -1 : ea > eb ? 1 : 0, sign(a, b));
    }),
  );
  const date = fc.date({ noInvalidDate: true });
  fc.assert(
    fc.property(date, date, (a, b) => {
      const ea = encodeSortable(a, 'DATE');
      assert.equal(decodeSortable(ea, 'DATE').getTime(), a.getTime());
      assert.equal(ea < encodeSortable(b, 'DATE'), a.getTime() < b.getTime());
    }),
  );
});
