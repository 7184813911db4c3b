import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { QuiverError, TypedNumber, Uuid } from '../../src/index.js';
import { decodeModes, decodeWalRecord, encodeModes, encodeWalRecord } from '../../src/database/durability/records.js';
import type { WalRecord } from '../../src/database/durability/records.js';
import { toEntries } from '../../src/database/graph/element-views.js';

test('encodeWalRecord and decodeWalRecord round-trip every record type', () => {
  const records: WalRecord[] = [
    { type: 'data', log: Uint8Array.of(1, 2, 3) },
    { type: 'schema', change: { op: 'removePropertyKey', name: 'age' } },
    { type: 'modes', modes: { mode: 'LOADING', readMode: 'ALL' } },
    { type: 'expire', now: 1700000000000 },
  ];
  for (const record of records) {
    const decoded = decodeWalRecord(encodeWalRecord(record));
    assert.deepEqual(decoded.type === 'data' ? { ...decoded, log: Uint8Array.from(decoded.log) } : decoded, record);
  }
  assert.equal(encodeWalRecord({ type: 'data', log: Uint8Array.of(9) })[0], 1, 'the first byte is the record type');
});

test('decodeWalRecord refuses an unknown record type', () => {
  assert.throws(() => decodeWalRecord(Uint8Array.of(99, 0)), (e: unknown) => e instanceof QuiverError && e.code === 'WAL_RECORD');
});

test('data records carry any batch log byte for byte', () => {
  fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (log) => {
    const decoded = decodeWalRecord(encodeWalRecord({ type: 'data', log }));
    return decoded.type === 'data' && Buffer.from(decoded.log).equals(Buffer.from(log));
  }));
});

test('encodeModes and decodeModes round-trip', () => {
  assert.deepEqual(decodeModes(encodeModes({ mode: 'RESTORING', readMode: 'OLTP_ONLY' })), { mode: 'RESTORING', readMode: 'OLTP_ONLY' });
});


test('toEntries drops undefined values and keeps order', () => {
  assert.deepEqual(toEntries({ a: 1, b: undefined as unknown as null, c: 'x' }), [['a', 1], ['c', 'x']]);
  assert.deepEqual(toEntries(undefined), []);
});
