/**
 * The request runner of a graph handle, the one way Gremlin runs on a graph: `graph.gremlin()`
 * (text, a parsed script or bytecode), the fluent terminals, the server's /gremlin and its
 * asynchronous Gremlin jobs. A request owns its transaction, the read views its statements
 * pinned, its time limit and cancellation, and converts its results in turns from the state
 * its last statement read.
 * @module
 */
import { ArgumentError, ConflictError, typedOverflow, UnsupportedError } from '../../errors.js';
import { breather, Bytecode, fromPlain, GraphTraversalSource, jsonOptions, mapInTurns, resultConverter, runScript, startTraversal } from '../../engine/index.js';
import type { JsonOptions, Pacing, ReadView, Script, TraversalRun, ValueTypes } from '../../engine/index.js';
import { publishQuery } from '../../storage/index.js';
import { checkQueryLimits } from './graph-state.js';
import type { GraphServices, QueryLimits } from './graph-state.js';
import type { GraphHandle } from './graph-handle.js';
import type { RequestTransaction } from './request-transaction.js';
import type { SchemaAdmin } from './schema-admin.js';
import { describeValue, optionalNumber, optionalTypes, rejectInvalidDates, requireRecord, requireText } from './validate.js';

/**
 * The state of a Gremlin session (see the `scope` option of {@link GremlinOptions}): what
 * `x = ...` assigned in earlier calls, kept as engine values until the scope is dropped, and,
 * for a scope made with `{ transaction: 'session' }`, the session's open transaction: each
 * call then leaves its writes uncommitted (and the graph's write lock held), as a Gremlin
 * Server session does, until `g.tx().commit()`, {@link GremlinScope.commit} or
 * {@link GremlinScope.rollback} ends them. A failed call rolls the open transaction back, and
 * so does another writer that takes the graph back while the session is idle (the next call
 * then fails with WRITE_CONFLICT).
 *
 * @example
 * ```ts
 * const scope = new GremlinScope();
 * await graph.gremlin("marko = graph.addVertex(T.label, 'person', 'name', 'marko')", { scope });
 * await graph.gremlin("marko.value('name')", { scope });   // ['marko']
 * const session = new GremlinScope({ transaction: 'session' });
 * await graph.gremlin("g.addV('person').property('name', 'vadas')", { scope: session });
 * await session.commit();
 * ```
 */
export class GremlinScope {
  /** Variable name → value. */
  readonly variables = new Map<string, unknown>();
  /** Whether calls leave their writes open until the session commits or rolls back. */
  readonly holdsTransaction: boolean;

  constructor(options: { readonly transaction?: 'request' | 'session' } = {}) {
    this.holdsTransaction = options.transaction === 'session';
  }

  /** Whether the session has uncommitted writes. */
  get open(): boolean {
    return openTransactions.has(this);
  }

  /** Commits the session's open writes (durable once it resolves); nothing when none are open. */
  async commit(): Promise<void> {
    const tx = takeOpen(this);
    if (tx === undefined) return;
    try {
      await tx.commit();
    } finally {
      tx.release();
    }
  }

  /** Rolls the session's open writes back and releases the graph; nothing when none are open. */
  rollback(): void {
    takeOpen(this)?.release();
  }
}

/** The open transaction of each session scope, between its calls. */
const openTransactions = new WeakMap<GremlinScope, RequestTransaction>();

/** Takes the open transaction out of a session scope, for a call or to end it. */
function takeOpen(scope: GremlinScope): RequestTransaction | undefined {
  const tx = openTransactions.get(scope);
  openTransactions.delete(scope);
  return tx;
}

/**
 * How one Gremlin request runs (`graph.gremlin(request, options)`).
 *
 * @example
 * ```ts
 * const options: GremlinOptions = { bindings: { id: '1:marko' }, timeoutMs: 5_000 };
 * ```
 */
export interface GremlinOptions {
  readonly bindings?: Readonly<Record<string, unknown>>;
  readonly signal?: AbortSignal;
  /** Time limit in milliseconds; 0 means none; default the graph's {@link QueryLimits}. */
  readonly timeoutMs?: number;
  /** Most traversers, path nodes and collection entries the query may hold. */
  readonly memoryLimit?: number;
  /** How often the query returns to the event loop (default every 4 ms of work). */
  readonly pacing?: Pacing;
  /** Overrides the database's io() base directory for this call. */
  readonly ioBase?: string;
  /** Set false to run without the optimisation strategies (results must not change). */
  readonly optimise?: boolean;
  /** `plain` JavaScript values (default) or the engine's `java`-typed values. */
  readonly types?: ValueTypes;
  /**
   * With `types: 'java'`, true gives result vertices and edges their properties (Java-typed),
   * read from the state the request read, as a Gremlin Server's detached elements carry them;
   * plain results always have them.
   */
  readonly properties?: boolean;
  /** Results as their JSON values (`jsonValue` in these modes; not with `types`), converted once as they leave. */
  readonly json?: JsonOptions;
  /**
   * Variables kept across calls, as a Gremlin Console session keeps them: pass the same
   * (initially empty) `GremlinScope` to each call; a script sees the variables earlier calls
   * assigned, and its own assignments are kept when it succeeds.
   */
  readonly scope?: GremlinScope;
}

/**
 * A Gremlin request as the runner takes it: Gremlin-Groovy text, a script parsed from it (as a
 * server parses a request once, with its graph names bound), or a traversal's bytecode (run
 * as `g.<bytecode>.toList()`).
 *
 * @example
 * ```ts
 * const request: GremlinRequest = graph.traversal().V().count().bytecode;
 * const [count] = await graph.gremlin(request);
 * ```
 */
export type GremlinRequest = string | Script | Bytecode;

/**
 * Request bindings as engine values (a bigint as a long, a Date as a date...), checked.
 */
export function gremlinBindings(value: unknown): Map<string, unknown> {
  const bindings = new Map(Object.entries(requireRecord(value, 'Gremlin bindings')).map(([k, v]) => [k, fromPlain(v)]));
  for (const [name, bound] of bindings) rejectInvalidDates(bound, `Gremlin binding '${name}'`);
  return bindings;
}

/** The script of a request that is no text (bytecode as a one-traversal script, a parsed script as it is), or undefined. */
function scriptOf(request: unknown): Script | undefined {
  if (request instanceof Bytecode) {
    return { statements: [{ kind: 'expression', expr: { kind: 'traversal', source: 'g', bytecode: request, position: { line: 1, column: 1 } } }] };
  }
  const parsed = request !== null && typeof request === 'object' && Array.isArray((request as Partial<Script>).statements);
  return parsed ? (request as Script) : undefined;
}

function requireScope(value: unknown): GremlinScope {
  if (!(value instanceof GremlinScope)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid Gremlin scope: expected a GremlinScope but got ${describeValue(value)}`);
  return value;
}

function checkPacing(value: unknown): Pacing | undefined {
  if (value === undefined) return undefined;
  const given = requireRecord(value, 'Gremlin pacing');
  const sliceMs = optionalNumber(given.sliceMs, 'Gremlin pacing sliceMs', { min: 0 });
  const checkEvery = optionalNumber(given.checkEvery, 'Gremlin pacing checkEvery', { min: 1, integer: true });
  if (sliceMs === undefined || checkEvery === undefined) {
    throw new ArgumentError('INVALID_ARGUMENT', 'Invalid Gremlin pacing: expected { sliceMs, checkEvery }');
  }
  return { sliceMs, checkEvery };
}

/**
 * How often a request that writes may be preempted by other writers and run again before it
 * fails with WRITE_CONFLICT.
 */
const MAX_RESTARTS = 5;

/** A request, checked and parsed: what each of its attempts runs. */
interface Attempt {
  readonly script: Script;
  readonly signal: AbortSignal | undefined;
  readonly deadline: number | undefined;
  readonly ioBase: string | undefined;
  readonly memoryLimit: number | undefined;
  readonly pacing: Pacing | undefined;
  readonly bindings: Map<string, unknown>;
  readonly optimise: boolean;
  readonly types: ValueTypes;
  readonly properties: boolean;
  readonly json: Required<JsonOptions> | undefined;
  readonly scope: GremlinScope | undefined;
}

/**
 * Runs the requests of one graph handle.
 */
export class RequestRunner {
  constructor(
    private readonly handle: GraphHandle,
    private readonly schema: SchemaAdmin,
  ) {}

  /** The fluent traversal source over the handle, whose terminals start their traversals here ({@link RequestRunner.start}). */
  traversal(options: { readonly types?: ValueTypes } = {}): GraphTraversalSource {
    this.handle.state.checkOpen();
    const types = optionalTypes(requireRecord(options, 'traversal options').types, 'traversal');
    return new GraphTraversalSource(() => this.handle.executionContext(), { types, runner: (bytecode, run) => this.start(bytecode, run) });
  }

  /**
   * Starts a fluent traversal: under the graph's time limit, through the handle's decorator,
   * writing in one atomic batch; a read-only one keeps the view it read until its terminal has
   * converted its results.
   */
  start(bytecode: Bytecode, options: { readonly optimise: boolean; readonly types: ValueTypes }): TraversalRun {
    this.handle.requireExecute();
    return startTraversal(bytecode, this.handle.executionContext(), options);
  }

  /** Runs a Gremlin request and resolves with the value of its last statement as a list. */
  async gremlin(request: GremlinRequest, options: GremlinOptions = {}): Promise<unknown[]> {
    this.handle.state.checkOpen();
    this.handle.requireExecute();
    const ready = scriptOf(request) ?? { parse: this.parser(), text: requireText(request, 'Gremlin script') };
    const given = requireRecord(options, 'Gremlin options');
    const bindings = gremlinBindings(given.bindings);
    if (given.signal !== undefined && !(given.signal instanceof AbortSignal)) {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid Gremlin signal: expected an AbortSignal but got ${describeValue(given.signal)}`);
    }
    const signal = given.signal;
    const { timeoutMs, memoryLimit } = checkQueryLimits({ timeoutMs: given.timeoutMs, memoryLimit: given.memoryLimit } as QueryLimits, 'Gremlin');
    const pacing = checkPacing(given.pacing);
    if (given.ioBase !== undefined && (typeof given.ioBase !== 'string' || given.ioBase === '')) {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid Gremlin ioBase: expected a non-empty directory path but got ${describeValue(given.ioBase)}`);
    }
    const ioBase = given.ioBase as string | undefined;
    if (given.optimise !== undefined && typeof given.optimise !== 'boolean') {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid Gremlin optimise: expected a boolean but got ${describeValue(given.optimise)}`);
    }
    const optimise = given.optimise !== false;
    const types = optionalTypes(given.types, 'Gremlin');
    if (given.properties !== undefined && typeof given.properties !== 'boolean') {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid Gremlin properties: expected a boolean but got ${describeValue(given.properties)}`);
    }
    const properties = given.properties === true;
    const json = given.json === undefined ? undefined : jsonOptions(given.json);
    if (json !== undefined && given.types !== undefined) throw new ArgumentError('INVALID_ARGUMENT', "Invalid Gremlin options: 'json' and 'types' exclude each other");
    const scope = given.scope === undefined ? undefined : requireScope(given.scope);
    const script = 'statements' in ready ? ready : ready.parse(ready.text, { bindings, variables: scope?.variables.keys() });
    const deadline = timeoutMs === undefined ? undefined : timeoutMs === 0 ? Infinity : Date.now() + timeoutMs;
    const attempt: Attempt = { script, signal, deadline, ioBase, memoryLimit, pacing, bindings, optimise, types, properties, json, scope };
    const startedAt = performance.now();
    try {
      for (let restarts = 0; ; restarts++) {
        const done = await this.#attempt(attempt, restarts);
        if (done !== undefined) {
          publishQuery(startedAt);
          return done.results;
        }
        // A writer took the graph back: let it commit before the request runs again.
        await breather();
      }
    } catch (error) {
      publishQuery(startedAt, error);
      throw error;
    }
  }

  /**
   * One attempt of a request: runs the script in a fresh transaction, commits, and converts the
   * results. Resolves with undefined when a writer preempted the attempt and the request may run
   * again ({@link RequestTransaction}); fails with WRITE_CONFLICT when it may not (it committed
   * part of its writes or changed the schema) or was preempted {@link MAX_RESTARTS} times.
   */
  async #attempt(a: Attempt, restarts: number): Promise<{ readonly results: unknown[] } | undefined> {
    const { handle } = this;
    const state = handle.state;
    const store = state.store;
    // A session scope's open transaction carries on; it cannot run again from an earlier call.
    const held = a.scope?.holdsTransaction === true ? takeOpen(a.scope) : undefined;
    const tx = held ?? state.requestTransaction();
    let kept = false;
    // A statement that runs while the request holds the write lock stops when a writer preempts
    // it; the others cannot be preempted and go without the (costly) combined signal.
    let preemptible: AbortSignal | undefined;
    const signalNow = (): AbortSignal | undefined => {
      if (!tx.holding) return a.signal;
      preemptible ??= a.signal === undefined ? tx.signal : AbortSignal.any([a.signal, tx.signal]);
      return preemptible;
    };
    const { deadline, ioBase, memoryLimit, pacing } = a;
    // Session variables are written back only once the attempt committed.
    const variables = a.scope === undefined ? undefined : new Map(a.scope.variables);
    let results: unknown[];
    // The views the script's reads ran on stay pinned until its results are converted: the
    // results are converted from the state the last statement read, in slices, so a large
    // result neither stalls other work nor shows writes made since it was read.
    const views: ReadView[] = [];
    let view: ReadView | undefined;
    try {
      results = await runScript(a.script, {
        context: () => {
          tx.checkPreempted();
          return {
            ...handle.executionContext({ signal: signalNow(), deadline, ioBase, memoryLimit, pacing }),
            write: (fn) => tx.write((w) => handle.checked(w, fn)),
            openReadView: () => {
              tx.checkPreempted();
              if (tx.writing) return store.openOwnReadView();
              const pinned = store.openReadView();
              views.push(pinned);
              return { source: pinned.source, release: () => undefined };
            },
          };
        },
        schema: () => this.schema.requestBuilder(tx),
        bindings: a.bindings,
        optimise: a.optimise,
        transaction: tx,
        ...(variables === undefined ? {} : { scope: variables }),
      });
      const wrote = tx.writing;
      kept = wrote && a.scope?.holdsTransaction === true;
      if (kept) openTransactions.set(a.scope!, tx);
      else await tx.commit();
      for (const [name, value] of variables ?? []) a.scope?.variables.set(name, value);
      // A script that wrote is read back as committed, or as its session's open transaction left it.
      if (a.types === 'plain' || a.properties || a.json !== undefined) view = kept ? store.openOwnReadView() : wrote || views.length === 0 ? store.openReadView() : views.pop();
    } catch (error) {
      kept = false;
      if (!tx.preempted || a.signal?.aborted === true) throw typedOverflow(error);
      if (held !== undefined) {
        throw new ConflictError('WRITE_CONFLICT', `Gremlin session on graph '${state.name}' was rolled back: another writer took the graph back from its open transaction; retry it`, { cause: error });
      }
      if (tx.restartable && restarts < MAX_RESTARTS) return undefined;
      const why = tx.restartable ? `other writers took the graph back from it ${restarts + 1} times` : 'another writer took the graph back after it committed part of its writes or changed the schema';
      throw new ConflictError('WRITE_CONFLICT', `Gremlin request on graph '${state.name}' was rolled back: ${why}; retry it`, { cause: error });
    } finally {
      for (const pinned of views) pinned.release();
      if (!kept) tx.release();
      await state.sync();
    }
    if (view === undefined) return { results };
    try {
      return { results: await mapInTurns(results, resultConverter(a.types, { source: handle.decorated(view.source), json: a.json, properties: a.properties }), a.signal) };
    } finally {
      view.release();
    }
  }

  private parser(): NonNullable<GraphServices['parseScript']> {
    const parse = this.handle.state.services.parseScript;
    if (parse === undefined) throw new UnsupportedError('GREMLIN_UNAVAILABLE', 'Cannot run Gremlin: this database was opened without a Gremlin parser');
    return parse;
  }
}
