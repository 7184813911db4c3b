/**
 * TinkerPop map-step behaviours beyond the shared feature sample: format() with by(),
 * dateAdd()/dateDiff() with the DT enum, and null keys in values()/properties().
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QuiverError, TypedNumber, dt, __ } from '../../../src/index.js';
import { withSmallGraph } from './small-graph.js';

const sortedStrings = (r: unknown[]): string[] => r.map(String).sort();

test('FormatStep fills each %{_} from the next by() projection, in order', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(
      sortedStrings(await run("g.V().hasLabel('person').format('%{_} is %{_} years old').by(values('name')).by(values('age'))")),
      ['josh is 32 years old', 'marko is 29 years old', 'vadas is 27 years old'],
    );
  }));

test('FormatStep cycles through the by() list when there are more %{_} than by()', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run("g.V().has('name', 'lop').format('%{_}-%{_}').by(values('name'))"), ['lop-lop']);
  }));

test('FormatStep without by() fills %{_} with the current value', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run("g.V().has('name', 'lop').values('lang').format('lang=%{_}')"), ['lang=java']);
  }));

test('FormatStep mixes named and positional placeholders, and by() may reduce', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run("g.V().has('name', 'marko').format('%{name} knows %{_}').by(out('knows').values('name').order().fold())"), [
      'marko knows [josh, vadas]',
    ]);
    assert.deepEqual(await run("g.V().has('name', 'marko').format('%{name} has %{_}').by(outE('knows').count())"), ['marko has 2']);
  }));

test('FormatStep filters a traverser whose by() projection yields nothing', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(sortedStrings(await run("g.V().format('%{name}: %{_}').by(values('age'))")), ['josh: 32', 'marko: 29', 'vadas: 27']);
  }));

test('FormatStep leaves a placeholder preceded by % as literal text', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run("g.V().has('name', 'lop').format('%%{name} %{name}')"), ['%%{name} lop']);
  }));

test('FormatStep accepts only by() as a modulator', () =>
  withSmallGraph(async ({ run }) => {
    await assert.rejects(run("g.V().format('%{name}').with('x')"), { code: 'UNSUPPORTED_MODULATOR' });
  }));

test('format().by() works in the fluent API', () =>
  withSmallGraph(async ({ graph }) => {
    const g = graph.traversal();
    assert.deepEqual(await g.V().has('name', 'josh').format('%{_}/%{_}').by('name').by(__.out('created').count()).toList(), ['josh/2']);
  }));

test('DateAddStep adds DT.second, DT.minute, DT.hour and DT.day, with or without the DT prefix', () =>
  withSmallGraph(async ({ run }) => {
    const at = "g.inject(datetime('2023-08-02T00:00:00Z'))";
    const iso = async (text: string): Promise<string> => ((await run(text))[0] as Date).toISOString();
    assert.equal(await iso(`${at}.dateAdd(DT.second, 20)`), '2023-08-02T00:00:20.000Z');
    assert.equal(await iso(`${at}.dateAdd(DT.minute, 10)`), '2023-08-02T00:10:00.000Z');
    assert.equal(await iso(`${at}.dateAdd(DT.hour, -1)`), '2023-08-01T23:00:00.000Z');
    assert.equal(await iso(`${at}.dateAdd(day, 11)`), '2023-08-13T00:00:00.000Z');
  }));

test('DateDiffStep gives milliseconds (TinkerPop 3.8), and a null other date counts as the epoch', () =>
  withSmallGraph(async ({ run }) => {
    const at = "g.inject(datetime('2023-08-02T00:00:00Z'))";
    assert.deepEqual(await run(`${at}.dateDiff(datetime('2023-08-01T00:00:00Z'))`), [86_400_000]);
    assert.deepEqual(await run(`${at}.dateDiff(constant(datetime('2023-08-03T00:00:00Z')))`), [-86_400_000]);
    assert.deepEqual(await run(`${at}.dateDiff(null)`), [1_690_934_400_000]);
  }));

test('dateAdd() and dateDiff() take the exported dt enum in the fluent API', () =>
  withSmallGraph(async ({ graph }) => {
    const g = graph.traversal();
    const start = new Date('2023-08-02T00:00:00Z');
    const [added] = await g.inject(start).dateAdd(dt.hour, 2).toList();
    assert.equal((added as Date).toISOString(), '2023-08-02T02:00:00.000Z');
    assert.deepEqual(await g.inject(start).dateDiff(new Date('2023-08-01T23:00:00Z')).toList(), [3_600_000]);
  }));

test('dateAdd() with a unit that is neither a DT value nor its name fails with STEP_ARGUMENTS', () =>
  withSmallGraph(async ({ graph }) => {
    const g = graph.traversal();
    const loose = g.inject(new Date(0)) as unknown as { dateAdd(unit: unknown, amount: unknown): { toList(): Promise<unknown[]> } };
    await assert.rejects(loose.dateAdd(Object.create(null), 1).toList(), (e: unknown) => e instanceof QuiverError && e.code === 'STEP_ARGUMENTS');
  }));

test('PropertiesStep ignores null keys: values(name, null) reads name, values(null) reads nothing', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(sortedStrings(await run("g.V().hasLabel('software').values('name', null)")), ['lop', 'ripple']);
    assert.deepEqual(sortedStrings(await run("g.V().hasLabel('software').properties('name', 'lang', null).value()")), ['java', 'java', 'lop', 'ripple']);
    assert.deepEqual(await run('g.V().values(null)'), []);
    assert.deepEqual(await run('g.V().properties(null)'), []);
    assert.deepEqual(await run('g.E().values(null)'), []);
  }));

test('max()/min() give the winner in the highest common kind of the numbers compared (NumberHelper.max)', () =>
  withSmallGraph(async ({ graph }) => {
    const java = (text: string): Promise<unknown[]> => graph.gremlin(text, { types: 'java' });
    assert.deepEqual(await java('g.inject([29, 0.5d, 1.0d]).max(local)'), [new TypedNumber('double', 29)]);
    assert.deepEqual(await java('g.inject([27]).max(local)'), [27]);
    assert.deepEqual(await java('g.inject(3, 2L, 7).min()'), [new TypedNumber('long', 2n)]);
    assert.deepEqual(await java('g.inject(1, NaN, 2).max()'), [2], 'NaN loses to any other number');
  }));

test('asString() refuses null, also inside a local list, as TinkerPop 3.8 does', () =>
  withSmallGraph(async ({ run }) => {
    await assert.rejects(run('g.inject(null, 1).asString()'), (e: unknown) => e instanceof QuiverError && e.code === 'CANNOT_PARSE');
    await assert.rejects(run('g.inject([1, null]).asString(local)'), (e: unknown) => e instanceof QuiverError && e.message === "Can't parse null as String.");
    assert.deepEqual(await run("g.V().has('name', 'marko').out('knows').path().asString(local).count(local)"), [2, 2]);
  }));
