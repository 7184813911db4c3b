/**
 * The console's state machine, free of terminals and files: it takes one whole statement
 * (a Gremlin script or a `:command`) and answers with the lines to print. The REPL in
 * repl.ts feeds it; tests drive it with a stand-in {@link ConsoleBackend}.
 * @module
 */
import { ArgumentError, CancelledError } from '../../index.js';
import { describeError, formatResults } from './console-format.js';
import { classify } from './console-values.js';
import type { EdgeLike, VertexLike } from './console-values.js';

/**
 * How the console runs one query: the signal Ctrl-C aborts, and the time limit of `:timeout`.
 */
export interface RunOptions {
  readonly signal: AbortSignal;
  /** Time limit in milliseconds; none when undefined. */
  readonly timeoutMs?: number;
  /** Results as their JSON values (the library's one JSON shape, elements with their properties) instead of Java-typed values: `:json` mode. */
  readonly json?: boolean;
}

/**
 * One graph as the console uses it.
 */
export interface ConsoleGraph {
  readonly name: string;
  /** Runs a Gremlin script and resolves with its results. */
  run(script: string, options: RunOptions): Promise<readonly unknown[]>;
  /** The plan of a traversal after the strategies, as text or result values. */
  explain(traversal: string, options: RunOptions): Promise<unknown>;
  /** The schema as Groovy schema-builder statements. */
  schemaText(): string;
  /** Properties of a vertex or edge result, or undefined when it cannot be found. */
  properties(element: VertexLike | EdgeLike): Promise<Readonly<Record<string, unknown>> | undefined>;
}

/**
 * The database behind the console: which graphs exist and how to switch to one.
 */
export interface ConsoleBackend {
  /** Names of the graphs, sorted. */
  graphNames(): readonly string[];
  /** The named graph; throws NotFoundError GRAPH_NOT_FOUND when absent. */
  graph(name: string): Promise<ConsoleGraph>;
}

/**
 * What the console prints for one statement.
 */
export interface Reply {
  /** Lines for standard output. */
  readonly out: readonly string[];
  /** Lines describing a failure. */
  readonly err: readonly string[];
  /** True when the statement failed. */
  readonly failed: boolean;
  /** True after `:quit`. */
  readonly quit: boolean;
}

const HELP = [
  'Enter a Gremlin statement, e.g. g.V().count(). A statement continues on the next line while',
  "brackets or quotes are open, or a line ends with '.', ',' or '\\'.",
  '',
  ':help                  show this help',
  ':graphs                list the graphs (* marks the current one)',
  ':use NAME              switch to graph NAME',
  ':schema                print the current schema as Groovy',
  ':explain <traversal>   show the plan of a traversal after the strategies',
  ':timing                toggle printing the elapsed time of each statement',
  ':json                  toggle JSON output',
  ':timeout [MS|off]      show or set the time limit of each query (default 30000 ms)',
  ':quit                  leave the console (also Ctrl-D)',
  '',
  'Ctrl-C cancels the current input or running query.',
];

const QUIT = new Set(['quit', 'q', 'exit', 'x']);

/**
 * The console's time limit per query unless `:timeout` changes it, in milliseconds.
 */
export const DEFAULT_TIMEOUT_MS = 30_000;

function reply(out: readonly string[], more: Partial<Reply> = {}): Reply {
  return { out, err: [], failed: false, quit: false, ...more };
}

function parseTimeout(argument: string): number | undefined {
  if (argument === 'off' || argument === 'none' || argument === '0') return undefined;
  const value = /^\d+$/.test(argument) ? Number(argument) : Number.NaN;
  if (!Number.isSafeInteger(value)) {
    throw new ArgumentError('CONSOLE_COMMAND', `Cannot set the timeout: expected milliseconds or 'off' but got '${argument}'`);
  }
  return value;
}

function timeoutText(timeoutMs: number | undefined): string {
  return timeoutMs === undefined ? 'timeout off' : `timeout ${timeoutMs} ms`;
}

/**
 * Console state: the current graph, the `:json` and `:timing` toggles and the `:timeout` limit.
 * A query that Ctrl-C cancels or that runs out of time prints one line saying so.
 */
export class ConsoleSession {
  #graph: ConsoleGraph;
  #json = false;
  #timing = false;
  #timeoutMs: number | undefined;

  constructor(
    private readonly backend: ConsoleBackend,
    options: { readonly graph: ConsoleGraph; readonly json?: boolean; readonly timing?: boolean; readonly timeoutMs?: number },
  ) {
    this.#graph = options.graph;
    this.#json = options.json ?? false;
    this.#timing = options.timing ?? false;
    this.#timeoutMs = options.timeoutMs === 0 ? undefined : (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }

  /** Name of the current graph, shown in the prompt. */
  get graphName(): string {
    return this.#graph.name;
  }

  /** Runs one whole statement and returns what to print. Never throws. */
  async handle(statement: string, options: { readonly signal: AbortSignal; readonly now?: () => number }): Promise<Reply> {
    const text = statement.trim();
    if (text.length === 0) return reply([]);
    try {
      if (text.startsWith(':')) return await this.command(text, options.signal);
      return await this.run(statement, options);
    } catch (error) {
      return reply([], { err: this.describe(error, text.startsWith(':') ? text : statement), failed: true });
    }
  }

  private describe(error: unknown, statement: string): string[] {
    if (error instanceof CancelledError && error.code === 'CANCELLED') return ['Cancelled'];
    if (error instanceof CancelledError && error.code === 'TIMEOUT') {
      return [`Timed out after ${this.#timeoutMs ?? 0} ms (change the limit with :timeout)`];
    }
    return describeError(error, statement);
  }

  private runOptions(signal: AbortSignal): RunOptions {
    return this.#timeoutMs === undefined ? { signal } : { signal, timeoutMs: this.#timeoutMs };
  }

  /** The lines of a statement's results: JSON documents in `:json` mode, else tables and `==>` lines with the elements' properties. */
  private async lines(results: readonly unknown[]): Promise<string[]> {
    if (this.#json) return formatResults(results, { json: true });
    const found = new Map<unknown, Readonly<Record<string, unknown>> | undefined>();
    for (const result of results) {
      const { kind, value } = classify(result);
      if (kind === 'vertex' || kind === 'edge') found.set(result, await this.#graph.properties(value));
    }
    return formatResults(results, { properties: (e) => found.get(e) });
  }

  private async run(statement: string, options: { readonly signal: AbortSignal; readonly now?: () => number }): Promise<Reply> {
    const now = options.now ?? (() => performance.now());
    const started = now();
    const results = await this.#graph.run(statement, { ...this.runOptions(options.signal), json: this.#json });
    const elapsed = now() - started;
    const lines = await this.lines(results);
    return reply(this.#timing ? [...lines, `elapsed: ${elapsed.toFixed(1)} ms`] : lines);
  }

  private async command(text: string, signal: AbortSignal): Promise<Reply> {
    const match = /^:(\S+)\s*([\s\S]*)$/.exec(text)!;
    const name = match[1]!.toLowerCase();
    const argument = match[2]!.trim();
    if (QUIT.has(name)) return reply([], { quit: true });
    switch (name) {
      case 'help':
      case 'h':
        return reply(HELP);
      case 'graphs':
        return reply(this.backend.graphNames().map((n) => (n === this.#graph.name ? `* ${n}` : `  ${n}`)));
      case 'use':
        return this.use(argument);
      case 'schema':
        return reply(this.#graph.schemaText().split('\n').filter((l) => l.length > 0));
      case 'explain':
        return this.explain(argument, signal);
      case 'timing':
        this.#timing = !this.#timing;
        return reply([`timing ${this.#timing ? 'on' : 'off'}`]);
      case 'json':
        this.#json = !this.#json;
        return reply([`json output ${this.#json ? 'on' : 'off'}`]);
      case 'timeout':
        if (argument.length > 0) this.#timeoutMs = parseTimeout(argument.toLowerCase());
        return reply([timeoutText(this.#timeoutMs)]);
      default:
        throw new ArgumentError('CONSOLE_COMMAND', `Unknown console command: ':${name}', type :help for the list`);
    }
  }

  private async use(name: string): Promise<Reply> {
    if (name.length === 0 || /\s/.test(name)) throw new ArgumentError('CONSOLE_COMMAND', 'Cannot switch graph: :use takes one graph name');
    this.#graph = await this.backend.graph(name);
    return reply([`using graph ${name}`]);
  }

  private async explain(traversal: string, signal: AbortSignal): Promise<Reply> {
    if (traversal.length === 0) throw new ArgumentError('CONSOLE_COMMAND', 'Cannot explain: :explain needs a traversal, e.g. :explain g.V().out()');
    let plan: unknown;
    try {
      plan = await this.#graph.explain(traversal, this.runOptions(signal));
    } catch (error) {
      return reply([], { err: this.describe(error, traversal), failed: true });
    }
    if (typeof plan === 'string') return reply(plan.split('\n'));
    return reply(formatResults(Array.isArray(plan) ? plan : [plan], { json: this.#json }));
  }
}
