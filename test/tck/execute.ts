/**
 * Runs one TinkerPop scenario against Quiver: picks the graph, runs the initializer, binds
 * the parameters (variable mode), inserts side effects, runs the traversal through
 * `graph.gremlin`, normalises the result and checks every Then assertion.
 * @module
 */
import { readFileSync } from 'node:fs';
import { ArgumentError, NotFoundError } from '../../src/errors.js';
import { join } from 'node:path';
import { TypedNumber, type Graph, type Pacing, type ValueTypes } from '../../src/index.js';
import { embeddedHome, remoteHome, type GraphHome } from './graph-home.js';
import type { Scenario } from './gherkin.js';
import { planScenario, type Assertion, type ScenarioPlan } from './steps.js';
import { resolveNotated, toGremlinLiteral, type Notated } from './notation.js';
import { checkTable, checkTree, idKey, normaliseResult, subgraphIds, type TreeSpec } from './compare.js';
import { describeActual } from './describe.js';
import { GraphResolver, toBinding, type GremlinRun } from './resolver.js';
import { skipReason } from './skips.js';
import { loadGraphson } from './graphson.js';
import { readGraph } from '../read-graph.js';

/**
 * The outcome of one scenario.
 *
 * @example
 * ```ts
 * const r: ScenarioResult = { status: 'failed', reason: 'engine unavailable', line: 22 };
 * ```
 */
export interface ScenarioResult {
  readonly status: 'passed' | 'failed' | 'skipped';
  readonly reason?: string;
  /** Line of the step that failed, when known. */
  readonly line?: number;
}

/** Data files of the shared graphs (FORMAT.md §6). */
const DATA_FILES: Readonly<Record<string, string>> = {
  modern: 'tinkerpop-modern-v3.json',
  classic: 'tinkerpop-classic-v3.json',
  crew: 'tinkerpop-crew-v3.json',
  sink: 'tinkerpop-sink-v3.json',
  grateful: 'grateful-dead-v3.json',
};

/**
 * Options of a {@link TckSession}.
 *
 * @example
 * ```ts
 * const o: SessionOptions = { dataDir: 'data', timeoutMs: 10_000, optimise: false };
 * ```
 */
export interface SessionOptions {
  readonly dataDir: string;
  readonly timeoutMs?: number;
  /** False runs traversals without the optimisation strategies; default true. */
  readonly optimise?: boolean;
  /** How often traversals return to the event loop (the engine's default when absent). */
  readonly pacing?: Pacing;
  /**
   * Result values: `java` (default, the strict run: every Java type is checked) or `plain`
   * (results as users get them; numbers compare by value).
   */
  readonly types?: ValueTypes;
  /** True runs every scenario through the Gremlin Server endpoint and the `gremlin` driver (graph-home.ts). */
  readonly remote?: boolean;
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${typeof code === 'string' ? code + ': ' : ''}${error.message}`;
  }
  return String(error);
}

/**
 * Inserts `.withSideEffect("key", literal)` right after the leading `g` of a traversal, as the
 * Java runner does (side effects are always literal text).
 *
 * @example
 * ```ts
 * withSideEffects('g.V().cap("a")', [['a', { kind: 'set', items: [] }]]);   // 'g.withSideEffect("a", {}).V().cap("a")'
 * ```
 */
export function withSideEffects(text: string, sideEffects: ReadonlyArray<readonly [string, Notated]>): string {
  const trimmed = text.trim();
  if (sideEffects.length === 0 || !trimmed.startsWith('g')) return trimmed;
  const inserted = sideEffects.map(([k, v]) => `.withSideEffect(${JSON.stringify(k)}, ${toGremlinLiteral(v)})`).join('');
  return `g${inserted}${trimmed.slice(1)}`;
}

/**
 * Rewrites the `data/...` file names of `io()` to the shared data directory's names, as Java's
 * `World.changePathToDataFile` does (FORMAT.md §6): the directory prefix goes, because the
 * session's io() base is the data directory, and GraphSON files carry a `-v3` suffix there.
 *
 * @example
 * ```ts
 * withDataPaths('g.io("data/tinkerpop-modern.json").read()'); // 'g.io("tinkerpop-modern-v3.json").read()'
 * ```
 */
export function withDataPaths(text: string): string {
  return text.replace(/\bio\((["'])data\/([^"']+)\1\)/g, (_whole, quote: string, name: string) => {
    const mapped = name.endsWith('.json') && !name.endsWith('-v3.json') ? `${name.slice(0, -'.json'.length)}-v3.json` : name;
    return `io(${quote}${mapped}${quote})`;
  });
}

function resolveTree(nodes: readonly TreeSpec[], resolver: GraphResolver): TreeSpec[] {
  return nodes.map((n) => ({ value: resolveNotated(n.value, resolver), children: resolveTree(n.children, resolver) }));
}

interface Outcome {
  readonly stored: unknown;
  readonly error?: unknown;
}

/**
 * One run of the suite: an in-memory database, the shared graphs loaded once, and a fresh
 * graph for every `empty` scenario.
 *
 * @example
 * ```ts
 * const session = await TckSession.open({ dataDir: '/work/shared/tinkerpop/data' });
 * const result = await session.run(scenario);
 * await session.close();
 * ```
 */
export class TckSession {
  readonly #home: GraphHome;
  readonly #dataDir: string;
  readonly #timeoutMs: number | undefined;
  readonly #optimise: boolean;
  readonly #pacing: Pacing | undefined;
  readonly #types: ValueTypes;
  readonly #shared = new Map<string, Promise<Graph>>();
  #emptyCount = 0;

  private constructor(home: GraphHome, options: SessionOptions) {
    this.#home = home;
    this.#dataDir = options.dataDir;
    this.#timeoutMs = options.timeoutMs;
    this.#optimise = options.optimise !== false;
    this.#pacing = options.pacing;
    this.#types = options.types ?? 'java';
  }

  /**
   * Opens an in-memory database for the run. `timeoutMs` is passed to every Gremlin call,
   * so that the engine itself stops a traversal that runs too long; `optimise: false` runs
   * every traversal without the optimisation strategies.
   */
  static async open(options: SessionOptions): Promise<TckSession> {
    return new TckSession(options.remote === true ? await remoteHome(options.dataDir) : await embeddedHome(options.dataDir), options);
  }

  /** Closes the database (and the remote endpoint). */
  async close(): Promise<void> {
    await this.#home.close();
  }

  /** The shared graph of this name, loaded from its GraphSON file on first use. */
  sharedGraph(name: string): Promise<Graph> {
    const file = DATA_FILES[name];
    if (file === undefined) return Promise.reject(new ArgumentError('TCK_UNKNOWN_GRAPH', `Cannot load graph '${name}': the suite has no such graph`));
    let graph = this.#shared.get(name);
    if (graph === undefined) {
      graph = (async () => {
        const g = await this.#home.createGraph(`tck_${name}`);
        await loadGraphson(g, readFileSync(join(this.#dataDir, file), 'utf8'));
        return g;
      })();
      this.#shared.set(name, graph);
    }
    return graph;
  }

  /**
   * Loads the shared graph a scenario uses, so that loading does not count against the
   * scenario's time limit. Errors are left for {@link TckSession.run} to report.
   */
  async prepare(scenario: Scenario): Promise<void> {
    try {
      const graph = planScenario(scenario).graph;
      if (graph !== undefined && graph !== 'empty' && skipReason(scenario.tags, {}) === undefined) await this.sharedGraph(graph);
    } catch {
      return;
    }
  }

  /** Runs one scenario; never throws. */
  async run(scenario: Scenario): Promise<ScenarioResult> {
    let plan: ScenarioPlan;
    try {
      plan = planScenario(scenario);
    } catch (error) {
      return { status: 'failed', reason: errorText(error) };
    }
    const skip = skipReason(scenario.tags, plan);
    if (skip !== undefined) return { status: 'skipped', reason: skip };
    if (plan.graph === undefined || plan.traversal === undefined || plan.when === undefined) {
      return { status: 'failed', reason: 'the scenario lacks a graph, a traversal or a When step' };
    }
    const emptyName = plan.graph === 'empty' ? `tck_empty_${++this.#emptyCount}` : undefined;
    let graph: Graph;
    try {
      graph = emptyName === undefined ? await this.sharedGraph(plan.graph) : await this.#home.createGraph(emptyName);
    } catch (error) {
      return { status: 'failed', reason: `cannot prepare the ${plan.graph} graph: ${errorText(error)}` };
    }
    try {
      const run = this.#home.runner(graph, { timeoutMs: this.#timeoutMs, optimise: this.#optimise, pacing: this.#pacing, types: this.#types });
      return await this.#execute(plan, { graph, run });
    } catch (error) {
      return { status: 'failed', reason: errorText(error) };
    } finally {
      if (emptyName !== undefined) await this.#home.dropGraph(emptyName).catch(() => undefined);
    }
  }

  async #execute(plan: ScenarioPlan, target: { readonly graph: Graph; readonly run: GremlinRun }): Promise<ScenarioResult> {
    const { graph, run } = target;
    if (plan.initializer !== undefined) {
      try {
        await run(plan.initializer, { bindings: {} });
      } catch (error) {
        return { status: 'failed', reason: `the graph initializer raised ${errorText(error)}` };
      }
    }
    const bindings: Record<string, unknown> = {};
    for (const [name, value] of plan.parameters) {
      try {
        bindings[name] = await toBinding(readGraph(graph, (s) => resolveNotated(value, new GraphResolver(s))), run);
      } catch (error) {
        return { status: 'failed', reason: `cannot bind parameter ${name}: ${errorText(error)}` };
      }
    }
    const sideEffects = plan.sideEffects.length === 0 ? [] : readGraph(graph, (s) => {
      const resolver = new GraphResolver(s);
      return plan.sideEffects.map(([k, v]) => [k, resolveNotated(v, resolver)] as const);
    });
    const text = withDataPaths(withSideEffects(plan.traversal ?? '', sideEffects));
    let outcome: Outcome;
    try {
      const results = await run(text, { bindings });
      if (plan.when === 'next' && results.length === 0) throw new NotFoundError('TCK_NO_NEXT', 'Cannot iterate next: the traversal has no result');
      outcome = { stored: plan.when === 'next' ? results[0] : results };
    } catch (error) {
      outcome = { stored: undefined, error };
    }
    const context = { plan, graph, run, bindings, sideEffects, outcome };
    for (const assertion of plan.assertions) {
      const reason = await this.#check(assertion, context);
      if (reason !== undefined) return { status: 'failed', reason, line: assertion.line };
    }
    return { status: 'passed' };
  }

  async #check(
    assertion: Assertion,
    context: {
      plan: ScenarioPlan;
      graph: Graph;
      run: GremlinRun;
      bindings: Record<string, unknown>;
      sideEffects: ReadonlyArray<readonly [string, Notated]>;
      outcome: Outcome;
    },
  ): Promise<string | undefined> {
    const { plan, graph, run, bindings, sideEffects, outcome } = context;
    if (assertion.kind === 'error') {
      if (!('error' in outcome)) return `expected an error, got ${describeActual(outcome.stored)}`;
      const message = errorText(outcome.error);
      if (assertion.containing !== undefined && !message.toLowerCase().includes(assertion.containing.toLowerCase())) {
        return `expected an error containing '${assertion.containing}', got '${message}'`;
      }
      return undefined;
    }
    if ('error' in outcome) return `the traversal raised ${errorText(outcome.error)}`;
    const results = () => normaliseResult(outcome.stored, { mode: plan.when ?? 'list' });
    // A resolver indexes the names on a view as of now; what it reads later, it reads from the graph as it is then.
    const resolver = () => readGraph(graph, (s) => new GraphResolver(s));
    const plain = this.#types === 'plain';
    switch (assertion.kind) {
      case 'table':
        return checkTable(results(), assertion.rows.map((r) => resolveNotated(r, resolver())), { mode: assertion.mode, plain });
      case 'empty': {
        const list = results();
        return list.length === 0 ? undefined : `expected no results, got ${list.length}: ${list.slice(0, 10).map(describeActual).join(', ')}`;
      }
      case 'count': {
        const n = results().length;
        return n === assertion.count ? undefined : `expected a count of ${assertion.count}, got ${n}`;
      }
      case 'graphCount': {
        const counted = await run(`${withSideEffects(assertion.traversal, sideEffects)}.count()`, { bindings });
        const value = counted[0];
        const n = value instanceof TypedNumber ? value.toNumber() : value;
        return n === assertion.count ? undefined : `count of '${assertion.traversal}' gave ${describeActual(value)}, expected ${assertion.count}`;
      }
      case 'tree':
        return checkTree(outcome.stored, resolveTree(assertion.nodes, resolver()), { plain });
      case 'subgraph':
        return checkSubgraph(outcome.stored, { element: assertion.element, rows: assertion.rows.map((r) => resolveNotated(r, resolver())) });
      case 'fileExists':
        return `file assertions are not supported: '${assertion.name}'`;
    }
  }
}

function checkSubgraph(stored: unknown, expected: { readonly element: 'vertices' | 'edges'; readonly rows: readonly Notated[] }): string | undefined {
  const ids = subgraphIds(stored);
  if (ids === undefined) return `expected a subgraph, got ${describeActual(stored)}`;
  const actual = new Set(ids[expected.element].map(idKey));
  const wanted = expected.rows.map((r) => (r !== null && typeof r === 'object' && 'kind' in r && r.kind === 'element' ? idKey(r.id) : 'X'));
  if (actual.size !== wanted.length) return `expected ${wanted.length} ${expected.element} in the subgraph, got ${actual.size}`;
  const missing = wanted.find((k) => !actual.has(k));
  return missing === undefined ? undefined : `the subgraph lacks ${expected.element} id ${missing.slice(1)}`;
}
