/**
 * The runtime a plan runs in: the graph, side-effects, the traverser features in use, and the
 * runner that chains steps into a pull-based pipeline.
 * @module
 */
import { UnsupportedError } from '../../errors.js';
import { VertexProperty } from '../elements.js';
import type { Edge, Vertex } from '../elements.js';
import { edgeAt, vertexAt } from './element-at.js';
import type { GraphSource, GraphWriter } from '../../port/index.js';
import { childPlans } from '../plan/plan.js';
import type { ParamsOf, Plan, PlanStep, SourceSettings } from '../plan/plan.js';
import type { StepKind } from '../plan/kinds.js';
import { addLabels } from './traverser.js';
import type { Traverser } from './traverser.js';

import { MemoryBudget } from './memory-budget.js';
import { Pacer } from './pacer.js';
import { PAUSE, withoutPauses } from './pause.js';
import { JavaRandom } from './java-random.js';
import { metered, StepMeter } from './profiler.js';
import { TypedNumber } from '../../values/index.js';
import { ArgumentError } from '../../errors.js';

/**
 * Step kinds whose work does not stop at what one traverser brings: a loop, a scan of the
 * graph, a search, a service. A child traversal holding one may run long.
 */
const LONG_KINDS: ReadonlySet<StepKind> = new Set<StepKind>(['repeat', 'graph', 'columnScan', 'frontier', 'match', 'call', 'io', 'subgraph']);

/** {@link mayRunLong} of each plan asked about. */
const longPlans = new WeakMap<Plan, boolean>();

/**
 * Whether a child plan may run long: it holds, at any depth, a step of {@link LONG_KINDS}. A
 * step runs such a child with {@link Runtime.firstPausing} (passing its pauses on), and any
 * other child with {@link Runtime.first}, which costs no generator per traverser.
 */
export function mayRunLong(plan: Plan): boolean {
  let long = longPlans.get(plan);
  if (long === undefined) {
    long = plan.steps.some((step) => LONG_KINDS.has(step.kind) || childPlans(step.params).some(mayRunLong));
    longPlans.set(plan, long);
  }
  return long;
}

/**
 * Per-step state shared by several runs of one child traversal, keyed by the step's params.
 */
export type StepScope = Map<object, unknown>;

/**
 * What the runtime needs of a step implementation: how it runs, and whether it passes PAUSE markers on.
 */
export interface RunnableStep<K extends StepKind> {
  /**
   * True when `run` passes the PAUSE markers of its input (and of the child traversals it
   * streams with `rt.stream`) through unchanged, and yields PAUSE itself when `rt.tick()` says
   * the time slice is over. Other steps never see a marker: the runtime strips them first.
   */
  readonly pauses?: true;
  /** Runs the step over its input stream. */
  run(params: ParamsOf<K>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser>;
  /** The step's argument text, as explain() and profile() show it. */
  describe?(params: ParamsOf<K>): string;
}

/**
 * The step implementations a runtime runs plans with, by kind. The runtime receives the table
 * (the step registry) rather than importing it, so that steps may depend on the runtime.
 */
type RunnableSteps = { readonly [K in StepKind]: RunnableStep<K> };

/**
 * Everything a running step can reach.
 */
export class Runtime {
  readonly #steps: RunnableSteps;
  readonly source: GraphSource;
  readonly writer: GraphWriter | undefined;
  readonly settings: SourceSettings;
  /** Whether traversers carry their path (or at least their labelled objects). */
  readonly trackPath: boolean;
  /** Whether some step reads whole paths (path(), simplePath()...), not just labelled objects. */
  readonly fullPath: boolean;
  /** Directory io() files resolve against; undefined means io() has no file access. */
  readonly ioBase: string | undefined;
  readonly sideEffects = new Map<string, unknown>();
  /** What the query may hold in memory (traversers, path nodes, side-effect entries). */
  readonly memory: MemoryBudget;
  /** Whether an async driver consumes the results, so that steps may yield PAUSE. */
  readonly #pausable: boolean;
  readonly #pacer: Pacer;
  #scope: StepScope | undefined;
  /** SeedStrategy's seed, or undefined for unseeded randomness. */
  readonly #seed: bigint | undefined;
  /** SeedStrategy's generators per random step, made on first use. */
  #randoms: Map<object, JavaRandom> | undefined;
  /** The step meters of each profile() step, by its params. */
  readonly #profiled = new WeakMap<object, StepMeter[]>();

  constructor(options: {
    /** The step implementations (the step registry). */
    steps: RunnableSteps;
    source: GraphSource;
    writer?: GraphWriter;
    settings: SourceSettings;
    trackPath: boolean;
    fullPath?: boolean;
    signal?: AbortSignal;
    deadline?: number;
    ioBase?: string;
    /** True when an async driver pulls the results and returns to the event loop on PAUSE. */
    pausable?: boolean;
    /** Time slice and check interval of a pausable runtime; default 4 ms, checked every 256 units. */
    pacing?: { readonly sliceMs: number; readonly checkEvery: number };
    /** Most units the query may hold; see {@link MemoryBudget}. */
    memoryLimit?: number;
  }) {
    this.#steps = options.steps;
    this.source = options.source;
    this.writer = options.writer;
    this.settings = options.settings;
    this.trackPath = options.trackPath;
    this.fullPath = options.fullPath ?? options.trackPath;
    this.ioBase = options.ioBase;
    this.#pausable = options.pausable === true;
    this.memory = new MemoryBudget(options.memoryLimit);
    this.#pacer = new Pacer({ signal: options.signal, deadline: options.deadline, pausable: this.#pausable, pacing: options.pacing, memory: this.memory });
    for (const [k, v] of options.settings.sideEffects) this.sideEffects.set(k, v);
    const seed = options.settings.strategies.find((s) => s.name === 'SeedStrategy')?.config.get('seed');
    this.#seed = seed === undefined ? undefined : seedOf(seed);
  }

  /**
   * Counts `units` units of work (default one). Every 256 units (or the pacing's `checkEvery`)
   * it checks cancellation, the deadline and the heap, and says whether the time slice is over
   * (then every tick says so until the driver resumes): a step that gets `true` yields
   * {@link PAUSE} (when it declares `pauses`) so that the driver can return to the event loop.
   */
  tick(units?: number): boolean {
    return this.#pacer.tick(units);
  }

  /** Starts a new time slice (the driver calls it when it pulls again after a pause). */
  resume(): void {
    this.#pacer.resume();
  }

  /** Throws CancelledError when the signal fired or the deadline passed. */
  checkCancelled(): void {
    this.#pacer.checkCancelled();
  }

  /** The writer, or UnsupportedError when the traversal runs read-only. */
  requireWriter(step: string): GraphWriter {
    if (this.writer === undefined) {
      throw new UnsupportedError('READ_ONLY', `Cannot run ${step}(): the traversal has no write access`);
    }
    return this.writer;
  }

  /**
   * Runs a plan's steps over an input stream. `scope` carries the state of stateful steps
   * (dedup, range) across several runs of one global child traversal: the rounds of a repeat(),
   * or the inputs of a union() branch, which TinkerPop runs through one step instance.
   */
  run(plan: Plan, input: Iterable<Traverser>, scope?: StepScope): Iterable<Traverser> {
    const stream = this.stream(plan, input, scope);
    return this.#pausable && this.#mayPause(plan, input) ? withoutPauses(stream) : stream;
  }

  /**
   * Like {@link Runtime.run}, but the output may hold PAUSE markers: for steps that declare
   * `pauses` and pass the markers of their child traversals on.
   */
  stream(plan: Plan, input: Iterable<Traverser>, scope?: StepScope): Iterable<Traverser> {
    const outer = this.#scope;
    this.#scope = scope;
    try {
      let stream = input;
      // Markers are stripped only where they can occur: after a step that declares `pauses`,
      // or in an input that is not a plain array, and before a step that cannot pass them on.
      let pausing = this.#pausable && !Array.isArray(input);
      // Before a profile() step, every step runs through a meter the profile() step reads.
      let meters: StepMeter[] | undefined = plan.steps.some((s) => s.kind === 'profile') ? [] : undefined;
      for (const [position, step] of plan.steps.entries()) {
        if (step.kind === 'profile' && meters !== undefined) {
          this.#profiled.set(step.params, meters);
          meters = [];
        }
        const passes = this.#steps[step.kind].pauses === true;
        stream = runStep(this.#steps, step, pausing && !passes ? withoutPauses(stream) : stream, this);
        pausing = this.#pausable && passes;
        if (step.labels.length > 0 && this.trackPath) stream = labelStream(stream, step.labels);
        if (meters !== undefined && step.kind !== 'profile') {
          const meter = new StepMeter(`${position}.0.0()`, stepName(this.#steps, step));
          meters.push(meter);
          stream = metered(stream, meter);
        }
      }
      return stream;
    } finally {
      this.#scope = outer;
    }
  }

  /**
   * The meters of the steps a profile() step (known by its params) profiles, set when its
   * pipeline is built; empty for a profile() step with no step before it.
   */
  profiled(params: object): readonly StepMeter[] {
    return this.#profiled.get(params) ?? [];
  }

  /**
   * State a step keeps across the runs of its enclosing scope ({@link Runtime.run}), or fresh
   * state outside one. Steps must call it while the pipeline is built (in `run`, not inside a
   * generator body), because the scope is only current then.
   */
  stepState<T>(owner: object, init: () => T): T {
    const scope = this.#scope;
    if (scope === undefined) return init();
    if (!scope.has(owner)) scope.set(owner, init());
    return scope.get(owner) as T;
  }

  /** Whether {@link Runtime.stream} of `plan` over `input` can yield PAUSE markers. */
  #mayPause(plan: Plan, input: Iterable<Traverser>): boolean {
    const last = plan.steps.at(-1);
    if (last === undefined) return !Array.isArray(input);
    return this.#steps[last.kind].pauses === true;
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

  /**
   * Random numbers in [0, 1) for one random step. Under SeedStrategy every step owns a
   * java.util.Random seeded with the strategy's seed, as TinkerPop's Seedable steps do.
   */
  random(owner: object): () => number {
    const java = this.#javaRandom(owner);
    return java === undefined ? Math.random : () => java.nextDouble();
  }

  /**
   * Random integers in [0, bound) for one random step, drawn as `Random.nextInt(bound)` from
   * the same generator as {@link Runtime.random} under SeedStrategy.
   */
  randomBelow(owner: object): (bound: number) => number {
    const java = this.#javaRandom(owner);
    return java === undefined ? (bound) => Math.floor(Math.random() * bound) : (bound) => java.nextIntBelow(bound);
  }

  #javaRandom(owner: object): JavaRandom | undefined {
    const seed = this.#seed;
    if (seed === undefined) return undefined;
    this.#randoms ??= new Map();
    let r = this.#randoms.get(owner);
    if (r === undefined) {
      r = new JavaRandom(seed);
      this.#randoms.set(owner, r);
    }
    return r;
  }

  /** Whether a child plan yields anything from `t`. */
  produces(plan: Plan, t: Traverser): boolean {
    return this.first(plan, t) !== undefined;
  }

  /**
   * {@link Runtime.first} for a step that declares `pauses`: the child's PAUSE markers are
   * yielded on the way (`const out = yield* rt.firstPausing(plan, t)`), so a child that runs long
   * (a repeat() that never ends, say) returns to the event loop and sees its cancellation.
   */
  *firstPausing(plan: Plan, t: Traverser): Generator<Traverser, Traverser | undefined> {
    if (plan.steps.length === 0) return t;
    for (const out of this.stream(plan, [{ ...t, bulk: 1 }])) {
      if (out !== PAUSE) return out;
      yield out;
    }
    return undefined;
  }

  /** {@link Runtime.produces} passing the child's PAUSE markers on; see {@link Runtime.firstPausing}. */
  *producesPausing(plan: Plan, t: Traverser): Generator<Traverser, boolean> {
    return (yield* this.firstPausing(plan, t)) !== undefined;
  }

  /** Every result of a child plan from `t`, passing its PAUSE markers on; see {@link Runtime.firstPausing}. */
  *allPausing(plan: Plan, t: Traverser): Generator<Traverser, Traverser[]> {
    const out: Traverser[] = [];
    for (const r of this.stream(plan, [t])) {
      if (r === PAUSE) yield r;
      else out.push(r);
    }
    return out;
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

/** Runs one step with its implementation; generic in the kind, so that params and implementation agree. */
/** A step as explain() writes it: its kind, then its arguments in parentheses. */
function stepName<K extends StepKind>(steps: RunnableSteps, step: PlanStep<K>): string {
  const detail = steps[step.kind].describe?.(step.params) ?? '';
  return detail === '' ? step.kind : `${step.kind}(${detail})`;
}

function runStep<K extends StepKind>(steps: RunnableSteps, step: PlanStep<K>, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  return steps[step.kind].run(step.params, input, rt);
}

function* labelStream(input: Iterable<Traverser>, labels: readonly string[]): Iterable<Traverser> {
  for (const t of input) yield t === PAUSE ? t : addLabels(t, labels);
}

function seedOf(v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  if (v instanceof TypedNumber && typeof v.value === 'bigint') return v.value;
  if (v instanceof TypedNumber && typeof v.value === 'number' && Number.isInteger(v.value)) return BigInt(v.value);
  throw new ArgumentError('SEED_NOT_INTEGER', `Cannot use SeedStrategy: the seed ${String(v)} is not an integer`);
}
