import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QuiverError } from '../../src/errors.js';
import { SNOWFLAKE_EPOCH_MS, Snowflake, decodeSnowflake } from '../../src/storage/ids/index.js';

/** A clock that returns the given readings in turn and then repeats the last one. */
function scriptedClock(readings: number[]): () => number {
  let i = 0;
  return () => readings[Math.min(i++, readings.length - 1)] ?? 0;
}

test('Snowflake lays out timestamp, datacenter, worker and sequence like HugeGraph', () => {
  const at = SNOWFLAKE_EPOCH_MS + 1000;
  const ids = new Snowflake({ workerId: 3, datacenterId: 5, now: () => at });
  const first = ids.next();
  assert.equal(first, (1000n << 22n) | (5n << 17n) | (3n << 12n));
  assert.deepEqual(decodeSnowflake(ids.next()), { timestamp: at, datacenterId: 5, workerId: 3, sequence: 1 });
  assert.equal(new Date(SNOWFLAKE_EPOCH_MS).toISOString(), '2017-11-28T00:00:00.000Z');
});

test('Snowflake ids strictly increase, across a sequence overflow too', () => {
  const base = SNOWFLAKE_EPOCH_MS + 5000;
  const readings = [...Array<number>(4097).fill(base), base, base, base + 1];
  const ids = new Snowflake({ now: scriptedClock(readings) });
  let last = -1n;
  for (let i = 0; i < 4097; i++) {
    const id = ids.next();
    assert.ok(id > last, `id ${i} did not increase`);
    last = id;
  }
  assert.deepEqual(decodeSnowflake(last), { timestamp: base + 1, datacenterId: 0, workerId: 0, sequence: 0 });
});

test('Snowflake ids from the real clock are unique and increasing', () => {
  const ids = new Snowflake({ workerId: 31, datacenterId: 31 });
  let last = -1n;
  for (let i = 0; i < 20000; i++) {
    const id = ids.next();
    assert.ok(id > last);
    last = id;
  }
  const fields = decodeSnowflake(last);
  assert.ok(Math.abs(fields.timestamp - Date.now()) < 5000);
  assert.equal(fields.workerId, 31);
  assert.equal(fields.datacenterId, 31);
});

test('Snowflake waits out a small clock step back and fails on a large one', () => {
  const base = SNOWFLAKE_EPOCH_MS + 10000;
  const small = new Snowflake({ now: scriptedClock([base, base - 3, base - 2, base, base]), maxBackwardMs: 5 });
  const a = small.next();
  const b = small.next();
  assert.ok(b > a);
  assert.equal(decodeSnowflake(b).timestamp, base);

  const large = new Snowflake({ now: scriptedClock([base, base - 50]), maxBackwardMs: 5 });
  large.next();
  assert.throws(
    () => large.next(),
    (error: unknown) =>
      error instanceof QuiverError &&
      error.code === 'CLOCK_MOVED_BACKWARDS' &&
      error.message === 'Cannot generate snowflake id: the clock moved backwards by 50 ms',
  );
});

test('Snowflake rejects worker and datacenter ids outside 0..31', () => {
  for (const options of [{ workerId: 32 }, { datacenterId: -1 }, { workerId: 1.5 }]) {
    assert.throws(
      () => new Snowflake(options),
      (error: unknown) => error instanceof QuiverError && error.code === 'SNOWFLAKE_NODE_ID',
    );
  }
});
