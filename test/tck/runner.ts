/**
 * The TinkerPop conformance runner: `npm run tck [-- options]`.
 *
 * Runs every scenario of the feature files against Quiver in a worker thread, prints one
 * line per failure (`FAIL file:line scenario — reason`) and a closing
 * `N passed, N failed, N skipped` line. A scenario that runs past the time limit is a
 * failure: the worker is stopped and a new one carries on with the next scenario.
 * @module
 */
import type { Pacing, ValueTypes } from '../../src/index.js';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Command } from 'commander';
import type { ScenarioResult } from './execute.js';
import type { Scenario } from './gherkin.js';
import { loadScenarios, scenarioId } from './suite.js';
import type { WorkerInput, WorkerMessage } from './worker.js';
import { repoRoot } from '../repo-root.js';
import { sharedPath } from '../shared-dir.js';

/**
 * Options of a suite run.
 *
 * @example
 * ```ts
 * const o: SuiteOptions = { featuresDir: defaultSuiteDir('features'), dataDir: defaultSuiteDir('data'), filter: 'Count' };
 * ```
 */
export interface SuiteOptions {
  readonly featuresDir: string;
  readonly dataDir: string;
  readonly filter?: string;
  /** Time limit of one scenario, in milliseconds (default 10 000). */
  readonly timeoutMs?: number;
  /** False runs every traversal without the optimisation strategies (default true). */
  readonly optimise?: boolean;
  /** How often traversals return to the event loop (the engine's default when absent). */
  readonly pacing?: Pacing;
  /** Result values: `java` (default, strict) or `plain`. */
  readonly types?: ValueTypes;
  /** Run every scenario through the Gremlin Server endpoint and the `gremlin` driver (GraphBinary). */
  readonly remote?: boolean;
  /** Called after each scenario. */
  readonly onResult?: (entry: ScenarioReport) => void;
}

/**
 * The outcome of one scenario, with where it is.
 *
 * @example
 * ```ts
 * const r: ScenarioReport = { id: 'map/Count.feature:21', name: 'g_V_count', status: 'passed' };
 * ```
 */
export interface ScenarioReport extends ScenarioResult {
  readonly id: string;
  readonly name: string;
}

/**
 * Totals of a run and every scenario's report.
 *
 * @example
 * ```ts
 * const s = await runSuite(options);
 * console.log(s.passed / (s.passed + s.failed));
 * ```
 */
export interface SuiteSummary {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly passRate: number;
  readonly reports: readonly ScenarioReport[];
}

/**
 * A folder of the shared TinkerPop snapshot: `../shared/tinkerpop/<part>` beside the clone, or
 * under `$QUIVER_SHARED`.
 *
 * @example
 * ```ts
 * defaultSuiteDir('features');   // '/work/shared/tinkerpop/features'
 * ```
 */
export function defaultSuiteDir(part: 'features' | 'data'): string {
  return sharedPath('tinkerpop', part);
}

/**
 * The file that records the pass rate `npm test` must keep: test/tck/baseline.json.
 *
 * @example
 * ```ts
 * JSON.parse(readFileSync(baselinePath(), 'utf8')).passRate;
 * ```
 */
export function baselinePath(): string {
  return join(repoRoot(), 'test', 'tck', 'baseline.json');
}

/**
 * The file that records the pass rate of the remote run (`npm run tck -- --remote --record`):
 * test/tck/baseline-remote.json.
 *
 * @example
 * ```ts
 * JSON.parse(readFileSync(remoteBaselinePath(), 'utf8')).passRate;
 * ```
 */
export function remoteBaselinePath(): string {
  return join(repoRoot(), 'test', 'tck', 'baseline-remote.json');
}

/** Extra time the watchdog allows beyond the engine's own limit before it stops the worker. */
const WATCHDOG_GRACE_MS = 5_000;

function runWorker(input: WorkerInput, options: { timeoutMs: number; report: (id: string, r: ScenarioResult) => void }): Promise<void> {
  return new Promise((done) => {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: input });
    const pending = new Set(input.ids);
    let current: string | undefined;
    let timer: NodeJS.Timeout | undefined;
    let finished = false;
    let started = false;
    const finish = (reason: string | undefined): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      if (current !== undefined && reason !== undefined) {
        options.report(current, { status: 'failed', reason });
        pending.delete(current);
      }
      void worker.terminate().then(() => {
        const rest = input.ids.filter((id) => pending.has(id));
        if (rest.length === 0 || reason === undefined) done();
        else runWorker({ ...input, ids: rest }, options).then(done, done);
      });
    };
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'start') {
        started = true;
        current = message.id;
        clearTimeout(timer);
        timer = setTimeout(() => finish(`timed out after ${options.timeoutMs} ms`), options.timeoutMs);
      } else if (message.type === 'result') {
        clearTimeout(timer);
        pending.delete(message.id);
        current = undefined;
        options.report(message.id, message.result);
      } else {
        finish(undefined);
      }
    });
    const crash = (reason: string): void => {
      if (finished) return;
      if (!started) {
        for (const id of pending) options.report(id, { status: 'failed', reason });
        pending.clear();
      } else if (current === undefined) {
        current = input.ids.find((id) => pending.has(id));
      }
      finish(reason);
    };
    worker.on('error', (error) => crash(`the runner's worker crashed: ${error.message}`));
    worker.on('exit', (code) => crash(`the runner's worker exited with code ${code}`));
  });
}

/**
 * Runs the suite and returns the totals. The pass rate is passed / (passed + failed).
 *
 * @example
 * ```ts
 * const summary = await runSuite({ featuresDir: defaultSuiteDir('features'), dataDir: defaultSuiteDir('data') });
 * ```
 */
export async function runSuite(options: SuiteOptions): Promise<SuiteSummary> {
  const scenarios = loadScenarios(options.featuresDir, { filter: options.filter });
  const byId = new Map<string, Scenario>(scenarios.map((s) => [scenarioId(s), s]));
  const reports = new Map<string, ScenarioReport>();
  const ids = scenarios.map(scenarioId);
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (ids.length > 0) {
    await runWorker(
      { featuresDir: options.featuresDir, dataDir: options.dataDir, ids, timeoutMs, optimise: options.optimise, pacing: options.pacing, types: options.types, remote: options.remote },
      {
        timeoutMs: timeoutMs + WATCHDOG_GRACE_MS,
        report: (id, result) => {
          const report = { ...result, id, name: byId.get(id)?.name ?? id };
          reports.set(id, report);
          options.onResult?.(report);
        },
      },
    );
  }
  const ordered = ids.map((id) => reports.get(id) ?? { id, name: byId.get(id)?.name ?? id, status: 'failed' as const, reason: 'the scenario never ran' });
  const count = (status: ScenarioResult['status']): number => ordered.filter((r) => r.status === status).length;
  const passed = count('passed');
  const failed = count('failed');
  return { passed, failed, skipped: count('skipped'), passRate: passed + failed === 0 ? 0 : passed / (passed + failed), reports: ordered };
}

/**
 * The line printed for one scenario: `FAIL file:line scenario — reason`.
 *
 * @example
 * ```ts
 * reportLine({ id: 'map/Count.feature:21', name: 'g_V_count', status: 'failed', reason: 'engine unavailable' });
 * // 'FAIL map/Count.feature:21 g_V_count — engine unavailable'
 * ```
 */
export function reportLine(report: ScenarioReport): string {
  const word = report.status === 'passed' ? 'PASS' : report.status === 'failed' ? 'FAIL' : 'SKIP';
  const at = report.line === undefined ? '' : ` (step at line ${report.line})`;
  return `${word} ${report.id} ${report.name}${report.reason === undefined ? '' : ` — ${report.reason}${at}`}`;
}

function valueTypes(text: string): ValueTypes {
  if (text !== 'java' && text !== 'plain') throw new Error(`Invalid --types: expected 'java' or 'plain' but got '${text}'`);
  return text;
}

async function main(argv: readonly string[]): Promise<void> {
  const program = new Command()
    .name('tck')
    .description('Run the TinkerPop Gherkin conformance suite against Quiver')
    .option('--features <dir>', 'folder of .feature files', defaultSuiteDir('features'))
    .option('--data <dir>', 'folder of GraphSON data files', defaultSuiteDir('data'))
    .option('--filter <text>', 'run only scenarios whose "file:line name" contains this text')
    .option('--timeout <ms>', 'time limit of one scenario in milliseconds', '10000')
    .option('--verbose', 'print passed and skipped scenarios too')
    .option('--json <file>', 'write every scenario result to a JSON file')
    .option('--record', 'record the pass rate in test/tck/baseline.json')
    .option('--no-strategies', 'run every traversal without the optimisation strategies')
    .option('--types <types>', "result values: 'java' (strict, the default) or 'plain' (numbers compare by value)", 'java')
    .option('--remote', 'submit every scenario over the Gremlin Server WebSocket with the gremlin driver, results read back through GraphBinary')
    .parse(argv as string[]);
  const o = program.opts<{ features: string; data: string; filter?: string; timeout: string; verbose?: boolean; json?: string; record?: boolean; strategies: boolean; types: string; remote?: boolean }>();
  const summary = await runSuite({
    featuresDir: resolve(o.features),
    dataDir: resolve(o.data),
    filter: o.filter,
    timeoutMs: Number(o.timeout),
    optimise: o.strategies,
    types: valueTypes(o.types),
    remote: o.remote === true,
    onResult: (r) => {
      if (r.status === 'failed' || o.verbose === true) console.log(reportLine(r));
    },
  });
  const rate = (summary.passRate * 100).toFixed(1);
  console.log(`${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped (pass rate ${rate}%)`);
  if (o.json !== undefined) writeFileSync(o.json, JSON.stringify(summary, null, 2) + '\n');
  if (o.record === true && o.remote === true) {
    const remote = { passRate: Math.floor(summary.passRate * 1000) / 1000, passed: summary.passed };
    writeFileSync(remoteBaselinePath(), JSON.stringify(remote) + '\n');
    console.log(`recorded ${JSON.stringify(remote)} in ${remoteBaselinePath()}`);
  } else if (o.record === true) {
    const baseline = { passRate: Math.floor(summary.passRate * 1000) / 1000, passed: summary.passed };
    writeFileSync(baselinePath(), JSON.stringify(baseline) + '\n');
    console.log(`recorded ${JSON.stringify(baseline)} in ${baselinePath()}`);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main(process.argv);
}
