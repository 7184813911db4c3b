/**
 * The runtime a plan runs in: the graph, side-effects, the traverser features in use, and the
 * runner that chains steps into a pull-based pipeline.
 * @module
 */
import { CancelledError, UnsupportedError } from '../../errors.js';
import { VertexProperty } from '../elements.js';
import type { Edge, Vertex } from '../elements.js';
import { edgeAt, vertexAt } from './element-at.js';
import type { GraphSource, GraphWriter } from '../port.js';
import type { Plan, SourceSettings } from '../plan/plan.js';
import { STEPS } from '../steps/registry.js';
import type { StepDef } from '../steps/step-def.js';
import { addLabels } from './traverser.js';
import type { Traverser } from './traverser.js';

import { BATCH_SIZE } from './batch.js';

/**
 * Everything a running step can reach.
 *
 * @example
 * ```ts
 * const rt = new Runtime({ source, settings: plan.settings, trackPath: false });
 * ```
 */
export class Runtime {
  readonly source: GraphSource;
  readonly writer: GraphWriter | undefined;
  readonly settings: SourceSettings;
  /** Whether traversers carry their path (or at least their labelled objects). */
  readonly trackPath: boolean;
  readonly sideEffects = new Map<string, unknown>();
  readonly #signal: AbortSignal | undefined;
  readonly #deadline: number | undefined;
  #ticks = 0;
  /** Random numbers in [0, 1); seeded by SeedStrategy. */
  readonly random: () => number;

  constructor(options: {
    source: GraphSource;
    writer?: GraphWriter;
    settings: SourceSettings;
    trackPath: boolean;
    signal?: AbortSignal;
    deadline?: number;
  }) {
    this.source = options.writer ?? options.source;
    this.writer = options.writer;
    this.settings = options.settings;
    this.trackPath = options.trackPath;
    this.#signal = options.signal;
    this.#deadline = options.deadline;
    for (const [k, v] of options.settings.sideEffects) this.sideEffects.set(k, v);
    const seed = options.settings.strategies.find((s) => s.name === 'SeedStrategy')?.config.get('seed');
    this.random = seed === undefined ? Math.random : seededRandom(Number(seed));
  }

  /** Counts one unit of work; every {@link BATCH_SIZE} units checks cancellation and the deadline. */
  tick(): void {
    if (++this.#ticks % BATCH_SIZE !== 0) return;
    this.checkCancelled();
  }

  /** Throws CancelledError when the signal fired or the deadline passed. */
  checkCancelled(): void {
    if (this.#signal?.aborted === true) throw new CancelledError('CANCELLED', 'Traversal was cancelled');
    if (this.#deadline !== undefined && Date.now() > this.#deadline) {
      throw new CancelledError('TIMEOUT', 'Traversal exceeded its deadline');
    }
  }

  /** The writer, or UnsupportedError when the traversal runs read-only. */
  requireWriter(step: string): GraphWriter {
    if (this.writer === undefined) {
      throw new UnsupportedError('READ_ONLY', `Cannot run ${step}(): the traversal has no write access`);
    }
    return this.writer;
  }

  /** Runs a plan's steps over an input stream. */
  run(plan: Plan, input: Iterable<Traverser>): Iterable<Traverser> {
    let stream = input;
    for (const step of plan.steps) {
      const def = STEPS[step.kind] as StepDef<unknown>;
      stream = def.run(step.params, stream, this);
      if (step.labels.length > 0 && this.trackPath) stream = labelStream(stream, step.labels);
    }
    return stream;
  }

  /** Runs a child plan from one traverser. */
  runFrom(plan: Plan, t: Traverser): Iterable<Traverser> {
    return this.run(plan, [t]);
  }

  /** The first traverser a child plan yields from `t`, or undefined when it yields nothing. */
  first(plan: Plan, t: Traverser): Traverser | undefined {
    if (plan.steps.length === 0) return t;
    for (const out of this.run(plan, [{ ...t, bulk: 1 }])) return out;
    return undefined;
  }

  /** Whether a child plan yields anything from `t`. */
  produces(plan: Plan, t: Traverser): boolean {
    return this.first(plan, t) !== undefined;
  }

  /** Vertex object for a slot. */
  vertex(slot: number): Vertex {
    return vertexAt(this.source, slot);
  }

  /** Edge object for a slot. */
  edge(slot: number): Edge {
    return edgeAt(this.source, slot);
  }

  /** Vertex properties of a vertex as elements. */
  vertexProperties(v: Vertex, keys?: readonly string[]): VertexProperty[] {
    const slot = v.slot >= 0 ? v.slot : this.source.vertexSlot(v.id);
    if (slot < 0) return [];
    const records = this.source.vertexProperties(slot, keys !== undefined && keys.length > 0 ? keys : undefined);
    return records.map((r) => new VertexProperty(r.id, r.key, r.value, { element: v, meta: r.meta }));
  }
}

function* labelStream(input: Iterable<Traverser>, labels: readonly string[]): Iterable<Traverser> {
  for (const t of input) yield addLabels(t, labels);
}

/**
 * A small deterministic generator (mulberry32) for SeedStrategy.
 *
 * @example
 * ```ts
 * const r = seededRandom(42); r(); // same sequence every time
 * ```
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
