/**
 * What `profile()` gives: TinkerPop's TraversalMetrics, the steps of the traversal as it ran
 * (after the strategies) with what each passed on and the time it took.
 * @module
 */
import { jsonValue, TO_JSON_VALUE, type JsonShaper } from './json.js';

/**
 * The metrics of one step.
 *
 * @example
 * ```ts
 * const m: StepMetrics = { id: '0.0.0()', name: 'graph(V())', count: 6, traversers: 6, durationMs: 0.08, percentDuration: 41.4 };
 * ```
 */
export interface StepMetrics {
  /** The step's id, shaped as TinkerPop's (`<position>.0.0()`). */
  readonly id: string;
  /** The step as `explain()` writes it, for example `vertex(OUT(knows))`. */
  readonly name: string;
  /** Objects the step passed on, bulk included (TinkerPop's elementCount). */
  readonly count: number;
  /** Traversers the step passed on (TinkerPop's traverserCount). */
  readonly traversers: number;
  /** Milliseconds spent in this step alone (the steps before it not included). */
  readonly durationMs: number;
  /** This step's share of the total duration, in percent. */
  readonly percentDuration: number;
}

/**
 * The metrics of a profiled traversal: the total duration and one entry per step. The value is
 * plain (numbers and strings); `toJSON()` writes TinkerPop's shape (`dur`, `metrics` with `id`,
 * `name`, `counts.traverserCount`, `counts.elementCount`, `dur` and `annotations.percentDur`)
 * and `toString()` TinkerPop's table.
 *
 * @example
 * ```ts
 * const [metrics] = (await graph.gremlin("g.V().out('knows').profile()")) as [TraversalMetrics];
 * metrics.metrics.map((m) => m.count);   // [6, 2]
 * console.log(String(metrics));         // the table
 * ```
 */
export class TraversalMetrics {
  constructor(
    /** Milliseconds the profiled steps took in all. */
    readonly durationMs: number,
    /** The steps, in traversal order. */
    readonly metrics: readonly StepMetrics[],
  ) {}

  /** The metrics in TinkerPop's JSON shape. */
  toJSON(): unknown {
    return jsonValue(this);
  }

  /** TinkerPop's JSON shape (see the class comment). */
  [TO_JSON_VALUE](_shaper: JsonShaper): unknown {
    return {
      dur: this.durationMs,
      metrics: this.metrics.map((m) => ({
        id: m.id,
        name: m.name,
        counts: { traverserCount: m.traversers, elementCount: m.count },
        dur: m.durationMs,
        annotations: { percentDur: m.percentDuration },
      })),
    };
  }

  /** TinkerPop's table: Step, Count, Traversers, Time (ms), % Dur, and the total. */
  toString(): string {
    const head = `${'Step'.padEnd(50)} ${'Count'.padStart(21)} ${'Traversers'.padStart(11)} ${'Time (ms)'.padStart(15)} ${'% Dur'.padStart(8)}`;
    const rows = this.metrics.map((m) => {
      const name = m.name.length > 50 ? `${m.name.slice(0, 47)}...` : m.name.padEnd(50);
      return `${name} ${String(m.count).padStart(21)} ${String(m.traversers).padStart(11)} ${m.durationMs.toFixed(3).padStart(15)} ${m.percentDuration.toFixed(2).padStart(8)}`;
    });
    const total = `${'>TOTAL'.padStart(50)} ${'-'.padStart(21)} ${'-'.padStart(11)} ${this.durationMs.toFixed(3).padStart(15)} ${'-'.padStart(8)}`;
    return ['Traversal Metrics', head, '='.repeat(109), ...rows, total].join('\n');
  }
}
