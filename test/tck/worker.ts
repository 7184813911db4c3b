/**
 * Worker thread of the TinkerPop runner: runs the scenarios it is given, one at a time, and
 * reports each start and each result to the main thread, which enforces the time limit.
 * @module
 */
import type { Pacing, ValueTypes } from '../../src/index.js';
import { parentPort, workerData } from 'node:worker_threads';
import { TckSession, type ScenarioResult } from './execute.js';
import { loadScenarios, scenarioId } from './suite.js';

/**
 * What the main thread gives a worker.
 *
 * @example
 * ```ts
 * const input: WorkerInput = { featuresDir: 'features', dataDir: 'data', ids: ['map/Count.feature:21'] };
 * ```
 */
export interface WorkerInput {
  readonly featuresDir: string;
  readonly dataDir: string;
  readonly ids: readonly string[];
  /** Time limit the engine enforces on each Gremlin call, in milliseconds. */
  readonly timeoutMs?: number;
  /** False runs traversals without the optimisation strategies. */
  readonly optimise?: boolean;
  readonly pacing?: Pacing;
  /** Result values: `java` (default, strict) or `plain`. */
  readonly types?: ValueTypes;
  /** Run through the Gremlin Server endpoint and the `gremlin` driver. */
  readonly remote?: boolean;
}

/**
 * A message from a worker: a scenario started, a scenario ended, or the worker is done.
 *
 * @example
 * ```ts
 * const m: WorkerMessage = { type: 'result', id: 'map/Count.feature:21', result: { status: 'passed' } };
 * ```
 */
export type WorkerMessage =
  | { readonly type: 'start'; readonly id: string }
  | { readonly type: 'result'; readonly id: string; readonly result: ScenarioResult }
  | { readonly type: 'done' };

async function main(input: WorkerInput): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  const byId = new Map(loadScenarios(input.featuresDir).map((s) => [scenarioId(s), s]));
  const session = await TckSession.open({ dataDir: input.dataDir, timeoutMs: input.timeoutMs, optimise: input.optimise, pacing: input.pacing, types: input.types, remote: input.remote });
  for (const id of input.ids) {
    const scenario = byId.get(id);
    if (scenario !== undefined) await session.prepare(scenario);
    port.postMessage({ type: 'start', id } satisfies WorkerMessage);
    const result: ScenarioResult = scenario === undefined ? { status: 'failed', reason: `unknown scenario ${id}` } : await session.run(scenario);
    port.postMessage({ type: 'result', id, result } satisfies WorkerMessage);
  }
  await session.close();
  port.postMessage({ type: 'done' } satisfies WorkerMessage);
}

if (parentPort !== null) await main(workerData as WorkerInput);
