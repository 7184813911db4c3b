/**
 * TinkerPop 3.8's date steps beyond the shared sample: `DateTime(...)` literals, dateAdd() with
 * and without the DT prefix, dateDiff() in milliseconds (a Long) against a date, a traversal
 * or null, and asDate() on numbers and offsets.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QuiverError, TypedNumber } from '../../../src/index.js';
import { withSmallGraph } from './small-graph.js';

const AT = "g.inject(datetime('2023-08-02T00:00:00Z'), DateTime('2023-08-02T00:00:00Z'))";

test('dateAdd() takes its unit with or without DT and moves both literal forms alike', () =>
  withSmallGraph(async ({ run }) => {
    const iso = async (text: string): Promise<string[]> => (await run(text)).map((d) => (d as Date).toISOString());
    const twoHours = ['2023-08-02T02:00:00.000Z', '2023-08-02T02:00:00.000Z'];
    assert.deepEqual(await iso(`${AT}.dateAdd(DT.hour, 2)`), twoHours);
    assert.deepEqual(await iso(`${AT}.dateAdd(hour, 2)`), twoHours);
    assert.deepEqual(await iso(`${AT}.dateAdd(day, -1)`), ['2023-08-01T00:00:00.000Z', '2023-08-01T00:00:00.000Z']);
  }));

test('dateDiff() is a Long of milliseconds against a date, a child traversal\'s first result or null', () =>
  withSmallGraph(async ({ graph }) => {
    const java = (text: string): Promise<unknown[]> => graph.gremlin(text, { types: 'java' });
    const week = new TypedNumber('long', -604_800_000n);
    assert.deepEqual(await java(`${AT}.dateDiff(datetime('2023-08-09T00:00:00Z'))`), [week, week]);
    assert.deepEqual(await java(`${AT}.dateDiff(constant(datetime('2023-08-09T00:00:00Z')))`), [week, week]);
    const zero = new TypedNumber('long', 0n);
    assert.deepEqual(await java(`${AT}.dateDiff(inject(datetime('2023-08-09T00:00:00Z')))`), [zero, zero], 'a child inject() yields the incoming date first');
    assert.deepEqual(await java("g.inject(datetime('1970-01-01T00:00:30Z')).dateDiff(constant(null))"), [new TypedNumber('long', 30_000n)]);
    await assert.rejects(graph.gremlin("g.inject(datetime()).dateDiff(constant('x'))"), (e: unknown) => e instanceof QuiverError && e.code === 'DATE_STEP_ARGUMENT' && e.message.includes('DateDiff can only take OffsetDateTime or Date (deprecated) as argument, encountered String'));
    await assert.rejects(graph.gremlin("g.inject('x').dateAdd(DT.day, 1)"), (e: unknown) => e instanceof QuiverError && e.message.includes('dateAdd() accept only OffsetDateTime or Date (deprecated)'));
    await assert.rejects(graph.gremlin("g.inject('yesterday').asDate()"), (e: unknown) => e instanceof QuiverError && e.message === "Can't parse yesterday as OffsetDateTime.");
  }));

test('asDate() reads epoch milliseconds and offsets, and dateDiff() gives back the milliseconds', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run("g.inject('1596326400000', '-131587200000').asNumber().asDate().dateDiff(datetime('1970-01-01T00:00Z'))"), [
      1_596_326_400_000, -131_587_200_000,
    ]);
    assert.deepEqual(await run("g.inject('2023-08-02T00:00:00-07:00', '2023-08').asDate().dateDiff(datetime('2023-08-01'))"), [111_600_000, 0]);
  }));
