/**
 * Step meters for profile(): each step before a profile() step runs through a meter that
 * counts what the step passes on and the time spent pulling from it. A pull includes the time
 * of every step before it, so a step's own time is its pull time less that of the step before,
 * as TinkerPop's DefaultTraversalMetrics computes it. Time spent paused (back in the event
 * loop) is never counted: the clock runs only inside a pull.
 * @module
 */
import { performance } from 'node:perf_hooks';
import { TraversalMetrics } from '../traversal-metrics.js';
import { PAUSE } from './pause.js';
import type { Traverser } from './traverser.js';

/**
 * What one step passed on and how long pulling from it took.
 */
export class StepMeter {
  traversers = 0;
  elements = 0;
  /** Milliseconds spent pulling from the step, the steps before it included. */
  pullMs = 0;

  constructor(
    readonly id: string,
    readonly name: string,
  ) {}
}

/**
 * The stream of a step, counted and timed into `meter`.
 */
export function* metered(input: Iterable<Traverser>, meter: StepMeter): Iterable<Traverser> {
  const it = input[Symbol.iterator]();
  try {
    for (;;) {
      const started = performance.now();
      const next = it.next();
      meter.pullMs += performance.now() - started;
      if (next.done === true) return;
      const t = next.value;
      if (t !== PAUSE) {
        meter.traversers++;
        meter.elements += t.bulk;
      }
      yield t;
    }
  } finally {
    it.return?.();
  }
}

/**
 * The metrics of metered steps, in order: each step's own time and its share of the total.
 */
export function traversalMetrics(meters: readonly StepMeter[]): TraversalMetrics {
  const own = meters.map((m, i) => Math.max(0, m.pullMs - (meters[i - 1]?.pullMs ?? 0)));
  const total = own.reduce((sum, ms) => sum + ms, 0);
  return new TraversalMetrics(
    total,
    meters.map((m, i) => ({
      id: m.id,
      name: m.name,
      count: m.elements,
      traversers: m.traversers,
      durationMs: own[i] ?? 0,
      percentDuration: total === 0 ? 0 : ((own[i] ?? 0) * 100) / total,
    })),
  );
}
