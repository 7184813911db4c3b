/**
 * execute(plan, context): pulls result values through the plan. Read-only plans stream lazily;
 * plans that write run inside one atomic write batch and are drained inside it.
 * @module
 */
import { PlanError } from '../../errors.js';
import type { GraphSource, GraphWriter, ReadView } from '../../port/index.js';
import type { Plan } from '../plan/plan.js';
import { Runtime } from '../runtime/runtime.js';
import { STEPS } from '../steps/step-registry.js';
import type { Traverser } from '../runtime/traverser.js';
import { planMutates, planRequirements } from './requirements.js';
import { wrapSource } from './source-filters.js';
import { PAUSE } from '../runtime/pause.js';
import { PAUSED, QueryCursor } from './cursor.js';
import type { Pacing } from '../runtime/pacer.js';

export type { Pacing } from '../runtime/pacer.js';

/**
 * Where and how a plan runs.
 *
 * @example
 * ```ts
 * declare const source: GraphWriter;
 * const ctx: ExecutionContext = { source, write: (fn) => fn(source), deadline: Date.now() + 30000 };
 * ```
 */
export interface ExecutionContext {
  readonly source: GraphSource;
  /** Runs `fn` inside one atomic write batch; absent for read-only access. */
  readonly write?: <T>(fn: (w: GraphWriter) => T) => T;
  readonly signal?: AbortSignal;
  /** Epoch milliseconds after which the traversal fails with CancelledError. */
  readonly deadline?: number;
  /** Directory that io() file names resolve against and may never leave; absent disables io() file access. */
  readonly ioBase?: string;
  /** Most units (traversers, path nodes, collection entries) the query may hold; default from the heap size. */
  readonly memoryLimit?: number;
  /** How often an async query returns to the event loop; see {@link Pacing}. */
  readonly pacing?: Pacing;
  /**
   * Opens the read view a read-only query runs on; default `source.openReadView()`. A request
   * transaction gives its own, so that its queries see its uncommitted writes while every other
   * query reads the state before them.
   */
  readonly openReadView?: () => ReadView | undefined;
  /**
   * Wraps the source every read of the query goes through (the read view's source, after it is
   * opened): the seam of a per-request filter such as access control. Traversals, Gremlin
   * scripts and the database layer's element reads all apply it; what it hides, no read sees.
   * A traversal that writes reads through the decorated writer and writes to the undecorated one.
   */
  readonly decorate?: SourceDecorator;
}

/**
 * A per-request wrapper of the GraphSource (see {@link ExecutionContext.decorate}).
 *
 * @example
 * ```ts
 * const hidePeople: SourceDecorator = (source) => new FilteredSource(source, { vertex: (s) => source.vertexLabel(s) !== 'person' });
 * ```
 */
export type SourceDecorator = (source: GraphSource) => GraphSource;

/**
 * Runs a plan and yields its result values (bulk expanded).
 */
export function execute(plan: Plan, given: ExecutionContext): Iterable<unknown> {
  const context = timed(plan, given);
  const expand = plan.settings.oneBulk === true ? once : repeated;
  const write = planMutates(plan) ? writeAccess(plan, context) : undefined;
  if (write !== undefined) return write((w) => [...expand(traverse(plan, context, w))]);
  return {
    [Symbol.iterator]: () => {
      const view = openView(context);
      const results = pinned(view, () => expand(start(plan, runtime(plan, context, { source: readSource(context, view) }))));
      if (view !== undefined) abandoned.register(results, view);
      return results;
    },
  };
}

/**
 * The context with the plan's own time limit (`with('evaluationTimeout', ms)`), counted from
 * now: it shortens the caller's deadline, and never extends it (a server's limit stays a limit).
 */
function timed(plan: Plan, context: ExecutionContext): ExecutionContext {
  const ms = plan.settings.timeoutMs;
  if (ms === undefined) return context;
  const deadline = Date.now() + ms;
  return context.deadline !== undefined && context.deadline <= deadline ? context : { ...context, deadline };
}

/**
 * Opens the read view a read-only query of `context` runs on (undefined for a live source).
 */
export function openView(context: ExecutionContext): ReadView | undefined {
  return context.openReadView !== undefined ? context.openReadView() : context.source.openReadView?.();
}

/**
 * The source a read of `context` goes through: the view's (or the context's) source, wrapped
 * by the context's decorator.
 */
export function readSource(context: ExecutionContext, view: ReadView | undefined): GraphSource {
  const source = view?.source ?? context.source;
  return context.decorate === undefined ? source : context.decorate(source);
}

/**
 * Read views of queries whose iterator or cursor was dropped without being finished: released
 * when it is collected. A cursor registers only once it hands out a result with more to come
 * (a registered object is kept until a full collection, which is too dear for every query).
 */
const abandoned = new FinalizationRegistry<ReadView>((view) => view.release());

/** The results of a read-only query, releasing its read view when they end, fail or are returned. */
function* pinned(view: ReadView | undefined, results: () => Iterable<unknown>): Generator<unknown> {
  try {
    yield* results();
  } finally {
    view?.release();
  }
}

/**
 * Runs a plan as an async cursor. A read-only plan returns to the event loop every few
 * milliseconds of work, so other work goes on and `context.signal` can cancel it mid-query.
 * A plan that writes runs at once inside its atomic write batch (bounded by the deadline and
 * the memory limit) and the cursor hands out its results.
 */
export function executeAsync(plan: Plan, given: ExecutionContext): QueryCursor {
  const context = timed(plan, given);
  if (planMutates(plan) && writeAccess(plan, context) !== undefined) return new QueryCursor(execute(plan, context));
  const expand = plan.settings.oneBulk === true ? once : repeated;
  const view = openView(context);
  try {
    const rt = runtime(plan, context, { source: readSource(context, view), pausable: true });
    const watch = view === undefined ? undefined : (c: QueryCursor): void => abandoned.register(c, view);
    return new QueryCursor(expand(start(plan, rt)), { runtime: rt, view, deadline: context.deadline, signal: context.signal, watch, single: atMostOne(plan) });
  } catch (error) {
    view?.release();
    throw error;
  }
}

/** Whether the plan ends in a global count, which yields exactly one result (once, as `withBulk(false)` keeps a bulk of one). */
function atMostOne(plan: Plan): boolean {
  const last = plan.steps[plan.steps.length - 1];
  if (last === undefined) return false;
  if (last.kind === 'count') return !last.params.local;
  if (last.kind === 'frontier') return last.params.result === 'count';
  return last.kind === 'degreeCount';
}

function writeAccess(plan: Plan, context: ExecutionContext): ExecutionContext['write'] {
  if (plan.settings.strategies.some((s) => s.name === 'ReadOnlyStrategy')) {
    throw new PlanError('READ_ONLY_STRATEGY', 'The provided traversal has a mutating step and thus is not read only');
  }
  return context.write;
}

/**
 * Runs a plan and yields traversers with their bulk (for callers that count bulk themselves).
 */
export function traverse(plan: Plan, context: ExecutionContext, writer: GraphWriter | undefined): Iterable<Traverser> {
  return start(plan, runtime(plan, context, { writer }));
}

/** What a runtime reads and writes: a writing plan reads through its writer (seeing its own writes), decorated like any read. */
function access(plan: Plan, context: ExecutionContext, how: { readonly writer?: GraphWriter; readonly source?: GraphSource }): { source: GraphSource; writer: GraphWriter | undefined } {
  if (how.writer === undefined) return { source: wrapSource(how.source ?? context.source, plan.settings), writer: undefined };
  const writer = wrapSource(how.writer, plan.settings) as GraphWriter;
  return { source: context.decorate === undefined ? writer : wrapSource(context.decorate(how.writer), plan.settings), writer };
}

function runtime(plan: Plan, context: ExecutionContext, how: { readonly writer?: GraphWriter; readonly source?: GraphSource; readonly pausable?: boolean }): Runtime {
  const req = planRequirements(plan);
  const { source, writer } = access(plan, context, how);
  const rt = new Runtime({
    steps: STEPS,
    source,
    writer,
    settings: plan.settings,
    trackPath: req.path || req.labels || plan.settings.withPath === true,
    fullPath: req.path || plan.settings.withPath === true,
    signal: context.signal,
    deadline: context.deadline,
    ioBase: context.ioBase,
    memoryLimit: context.memoryLimit,
    pausable: how.pausable === true,
    pacing: context.pacing,
  });
  rt.checkCancelled();
  return rt;
}

function start(plan: Plan, rt: Runtime): Iterable<Traverser> {
  const sack = plan.settings.sack?.initial;
  const seed: Traverser = { value: undefined, bulk: 1, path: undefined, loops: undefined, sack: cloneSack(sack) };
  return rt.stream(plan, [seed]);
}

/**
 * A fresh copy of a sack's initial value, so traversers never share a mutable sack.
 */
function cloneSack(v: unknown): unknown {
  if (v instanceof Map) return new Map(v);
  if (v instanceof Set) return new Set(v);
  if (Array.isArray(v)) return [...(v as unknown[])];
  return v;
}

/** Result values, each as many times as its traverser's bulk; PAUSE markers become {@link PAUSED}. */
function* repeated(input: Iterable<Traverser>): Iterable<unknown> {
  for (const t of input) {
    if (t === PAUSE) yield PAUSED;
    else for (let i = 0; i < t.bulk; i++) yield t.value;
  }
}

/** Result values once per traverser, for `withBulk(false)`; PAUSE markers become {@link PAUSED}. */
function* once(input: Iterable<Traverser>): Iterable<unknown> {
  for (const t of input) yield t === PAUSE ? PAUSED : t.value;
}
