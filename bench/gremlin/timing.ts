/**
 * Latency sampling for the Gremlin benchmark: warm-up, then one high-resolution sample per run,
 * summarised as median, p95 and p99. Runs stop at a fixed count or a time budget, whichever
 * comes first, so slow scans do not stall the whole benchmark.
 * @module
 */

/**
 * How many runs to make: `warmup` unmeasured runs, then up to `runs` measured ones, stopping
 * early once `budgetMs` of measured time has passed (after at least `minRuns`).
 *
 * @example
 * ```ts
 * const plan: SamplePlan = { warmup: 50, runs: 2000, minRuns: 20, budgetMs: 1500 };
 * ```
 */
export interface SamplePlan {
  readonly warmup: number;
  readonly runs: number;
  readonly minRuns: number;
  readonly budgetMs: number;
}

/**
 * Summary of a latency sample, in microseconds.
 *
 * @example
 * ```ts
 * const s: LatencyStats = { runs: 100, medianUs: 12.5, p95Us: 20, p99Us: 31, meanUs: 13.1 };
 * ```
 */
export interface LatencyStats {
  readonly runs: number;
  readonly medianUs: number;
  readonly p95Us: number;
  readonly p99Us: number;
  readonly meanUs: number;
}

/**
 * Default sampling: 50 warm-up runs, up to 2000 measured runs or 1.5 s.
 *
 * @example
 * ```ts
 * await sample(() => graph.gremlin('g.V().count()'), DEFAULT_PLAN);
 * ```
 */
export const DEFAULT_PLAN: SamplePlan = { warmup: 50, runs: 2000, minRuns: 20, budgetMs: 1500 };

/**
 * The p-th percentile (0..100) of ascending sorted values, by the nearest-rank method.
 *
 * @example
 * ```ts
 * percentile(Float64Array.of(1, 2, 3, 4), 50); // 2
 * ```
 */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/**
 * Summarises samples given in microseconds.
 *
 * @example
 * ```ts
 * summarise([10, 12, 11]).medianUs; // 11
 * ```
 */
export function summarise(samplesUs: readonly number[]): LatencyStats {
  const sorted = Float64Array.from(samplesUs).sort();
  const mean = sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length);
  return { runs: sorted.length, medianUs: percentile(sorted, 50), p95Us: percentile(sorted, 95), p99Us: percentile(sorted, 99), meanUs: mean };
}

/**
 * Times `run(i)` per the plan. Measured runs use `i` = 0, 1, 2... (warm-up runs are negative),
 * and stop only after a whole number of `rounds`, so a caller rotating through `rounds` inputs
 * with `i % rounds` weighs every input equally, however slow some of them are.
 *
 * @example
 * ```ts
 * const stats = await sample((i) => g.V(ids[i % ids.length]).out().count().toList(), DEFAULT_PLAN, ids.length);
 * ```
 */
export async function sample(run: (i: number) => unknown, plan: SamplePlan = DEFAULT_PLAN, rounds = 1): Promise<LatencyStats> {
  for (let w = plan.warmup; w > 0; w--) await run(-w);
  const samples: number[] = [];
  let spentNs = 0n;
  const budgetNs = BigInt(Math.round(plan.budgetMs * 1e6));
  const done = (): boolean => samples.length % rounds === 0 && (samples.length >= plan.runs || (samples.length >= plan.minRuns && spentNs >= budgetNs));
  for (let i = 0; i === 0 || !done(); i++) {
    const start = process.hrtime.bigint();
    await run(i);
    const ns = process.hrtime.bigint() - start;
    spentNs += ns;
    samples.push(Number(ns) / 1000);
  }
  return summarise(samples);
}

/**
 * Formats microseconds as µs below 1 ms and as ms above.
 *
 * @example
 * ```ts
 * formatUs(12.34);   // '12.3 µs'
 * formatUs(4567.8);  // '4.57 ms'
 * ```
 */
export function formatUs(us: number): string {
  if (!Number.isFinite(us)) return '-';
  if (us < 1000) return `${us.toFixed(us < 10 ? 2 : 1)} µs`;
  return `${(us / 1000).toFixed(us < 100_000 ? 2 : 1)} ms`;
}

/**
 * Right-aligned plain-text table, first row as header.
 *
 * @example
 * ```ts
 * console.log(textTable([['query', 'p50'], ['out-count', '12 µs']]));
 * ```
 */
export function textTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  return rows.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).join('\n');
}
