/**
 * Column scans, produced only by the column-scan strategy: a full V()/E() scan followed by
 * label and property filters and a count, a label group count, or a distinct-value count,
 * answered from {@link GraphSource.scanColumns} batches without an element object per element.
 * @module
 */
import { PlanError } from '../../../errors.js';
import type { ColumnBatch } from '../../../port/index.js';
import type { PropertyValue } from '../../../values/index.js';
import { columnBatchesOf } from '../../runtime/column-batches.js';
import { predicateTest } from '../../runtime/predicate.js';
import type { Test } from '../../runtime/predicate.js';
import { fresh } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import { PAUSE } from '../../runtime/pause.js';
import { valueKey } from '../../semantics/index.js';
import type { StepDef } from '../step-def.js';
import { describeArg } from '../args.js';
import { long } from '../helpers/step-values.js';
import type { ColumnScanParams } from '../../plan/params/map.js';
import type { HasCondition } from '../../plan/params/filter.js';

/** A condition compiled once per step run: on the label, or on the values of the key. */
type ElementTest = (label: string, values: readonly PropertyValue[]) => boolean;

function compileCondition(c: HasCondition): ElementTest {
  const test: Test | undefined = c.test === undefined ? undefined : predicateTest(c.test);
  if (c.on === 'label') return test === undefined ? () => true : (label) => test(label);
  if (c.negate) return (_l, values) => values.length === 0;
  if (test === undefined) return (_l, values) => values.length > 0;
  return (_l, values) => values.some(test);
}

const NONE: readonly PropertyValue[] = [];

/** The values of entry i: none, one, or a multi-valued key's list. */
function valuesAt(b: ColumnBatch, i: number, one: PropertyValue[]): readonly PropertyValue[] {
  const v = b.values[i];
  if (v === undefined) return NONE;
  if (b.lists) return v as readonly PropertyValue[];
  one[0] = v;
  return one;
}

/** What the scan accumulates over all input traversers. */
class Totals {
  count = 0;
  /** Labels in the order first met, with their counts in `counts`. */
  readonly labels: string[] = [];
  readonly counts: number[] = [];
  readonly distinct = new Set<string>();
  #last = -1;

  /** Counts one element of a label; labels are few and come in runs, so a scan of them is cheap. */
  countLabel(label: string, bulk: number): void {
    let k = this.#last;
    if (k < 0 || this.labels[k] !== label) {
      k = this.labels.indexOf(label);
      if (k < 0) {
        k = this.labels.length;
        this.labels.push(label);
        this.counts.push(0);
      }
      this.#last = k;
    }
    this.counts[k] = this.counts[k]! + bulk;
  }
}

function* scan(p: ColumnScanParams, rt: Runtime, bulk: number, totals: Totals): Iterable<Traverser> {
  const tests = p.conditions.map(compileCondition);
  const found = p.lookup === undefined ? undefined : rt.source.lookup(p.element, p.lookup);
  const batches = found !== undefined ? columnBatchesOf(rt.source, p.element, found, p.key) : rt.source.scanColumns(p.element, { labels: p.labels, key: p.key });
  const one: PropertyValue[] = [undefined as unknown as PropertyValue];
  for (const b of batches) {
    for (let i = 0; i < b.length; i++) {
      if (rt.tick()) yield PAUSE;
      const label = b.labels[i] as string;
      const values = tests.length === 0 && p.result !== 'distinctValues' ? NONE : valuesAt(b, i, one);
      let ok = true;
      for (let k = 0; k < tests.length && ok; k++) ok = (tests[k] as ElementTest)(label, values);
      if (!ok) continue;
      if (p.result === 'count') totals.count += bulk;
      else if (p.result === 'labelCounts') totals.countLabel(label, bulk);
      else for (const v of values) addDistinct(rt, totals.distinct, v);
    }
  }
}

function addDistinct(rt: Runtime, seen: Set<string>, v: PropertyValue): void {
  const k = valueKey(v);
  if (seen.has(k)) return;
  seen.add(k);
  rt.memory.hold(1);
}

function* run(p: ColumnScanParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const totals = new Totals();
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    yield* scan(p, rt, t.bulk, totals);
  }
  if (p.result === 'count') yield fresh(long(totals.count), rt.trackPath);
  else if (p.result === 'distinctValues') {
    rt.memory.release(totals.distinct.size);
    yield fresh(long(totals.distinct.size), rt.trackPath);
  } else yield fresh(new Map(totals.labels.map((l, k) => [l, long(totals.counts[k]!)])), rt.trackPath);
}

/**
 * The column-scan step (no Gremlin name: the column-scan strategy creates it).
 */
export const columnScanStep: StepDef<'columnScan'> = {
  kind: 'columnScan',
  category: 'map',
  pauses: true,
  ops: [],
  compile() {
    throw new PlanError('UNKNOWN_STEP', 'The columnScan step has no Gremlin form');
  },
  run,
  describe: (p) =>
    `${p.element === 'vertex' ? 'V' : 'E'} ${p.result}` +
    (p.key === undefined ? '' : ` key ${p.key}`) +
    (p.labels === undefined ? '' : ` labels ${p.labels.join('|')}`) +
    (p.lookup === undefined ? '' : ` index ${p.lookup.key} ${p.lookup.predicate.op}`) +
    (p.conditions.length === 0 ? '' : ' where ') +
    p.conditions.map((c) => `${c.negate ? '!' : ''}${c.on === 'label' ? '~label' : (c.key ?? '')}${c.test === undefined ? '' : ' ' + describeArg(c.test)}`).join(', '),
};
