/**
 * `quiver console`: an interactive Gremlin console on the embedded durable database.
 * {@link runConsole} is what the `console` subcommand of src/cli/main.ts calls. This module
 * also adapts a {@link Database} to the console: scripts through `graph.gremlin`, plans
 * through the `explain()` terminal step, the schema through `schemaToGroovy` and element
 * properties through the CRUD getters.
 * @module
 */
import { join } from 'node:path';
import { describeDamage, GremlinScope, open, schemaToGroovy, type Database, type ElementId, type Graph } from '../../index.js';
import { describeError } from './console-format.js';
import { runRepl } from './repl.js';
import { ConsoleSession, DEFAULT_TIMEOUT_MS, type ConsoleBackend, type ConsoleGraph, type RunOptions } from './session.js';
import type { EdgeLike, VertexLike } from './console-values.js';

export { isCompleteInput, scanInput, StatementBuffer } from './input.js';
export { renderTable, displayWidth } from './table.js';
export type { TableOptions } from './table.js';
export { formatResults, describeError } from './console-format.js';
export { valueText } from './console-values.js';
export { ConsoleSession, DEFAULT_TIMEOUT_MS } from './session.js';
export type { ConsoleBackend, ConsoleGraph, Reply, RunOptions } from './session.js';

/**
 * Directory of the database when `dataPath` is not given.
 */
const DEFAULT_DATA_PATH = './data';
/**
 * Graph opened (and created in auto-create mode if missing) when `graph` is not given.
 */
const DEFAULT_GRAPH = 'hugegraph';
/**
 * Name of the history file inside the data directory.
 */
const HISTORY_FILE = '.quiver_history';

function isEdge(element: VertexLike | EdgeLike): element is EdgeLike {
  return 'outV' in element;
}

async function lookup(graph: Graph, element: VertexLike | EdgeLike): Promise<Readonly<Record<string, unknown>> | undefined> {
  const id = element.id as ElementId;
  try {
    return (await (isEdge(element) ? graph.getEdge(id) : graph.getVertex(id)))?.properties;
  } catch {
    return undefined;
  }
}

/** The options of one console run: Java-typed results, or with `json` their JSON values (library defaults: longs beyond 2^53 as text, dates as ISO text). */
function gremlinOptions(options: RunOptions, scope?: GremlinScope): Parameters<Graph['gremlin']>[1] {
  const { json, ...run } = options;
  const common = { bindings: {}, ...run, ...(scope === undefined ? {} : { scope }) };
  return json === true ? { ...common, json: {} } : { ...common, types: 'java' };
}

function withoutTerminator(text: string): string {
  return text.trim().replace(/;+$/, '').trimEnd();
}

/**
 * A Quiver graph as the console uses it.
 */
export function consoleGraphOf(graph: Graph): ConsoleGraph {
  // Variables live until the console exits, as in the Gremlin Console.
  const scope = new GremlinScope();
  return {
    name: graph.name,
    // Java-typed results, so that the console prints 1.0 for a double and 6 for a long as Gremlin's does;
    // in :json mode, the results' JSON values, converted as they leave the graph.
    run: (script, options) => graph.gremlin(script, gremlinOptions(options, scope)),
    explain: async (traversal, options) => {
      const results = await graph.gremlin(`${withoutTerminator(traversal)}.explain()`, gremlinOptions({ ...options, json: false }));
      return results.length === 1 ? results[0] : results;
    },
    schemaText: () => schemaToGroovy(graph.catalog()),
    properties: (element) => lookup(graph, element),
  };
}

/**
 * The graph named `name`, created in the TinkerGraph-compatible `schema.auto_create` mode
 * when it does not exist yet, so a new user can add vertices at once.
 */
export async function graphOrCreate(db: Database, name: string): Promise<Graph> {
  if (db.hasGraph(name)) return db.graph(name);
  return db.createGraph(name, { 'schema.auto_create': true });
}

/**
 * The console backend over a database: `:graphs` lists its graphs and `:use` switches to an
 * existing one (NotFoundError GRAPH_NOT_FOUND otherwise).
 */
export function databaseBackend(db: Database): ConsoleBackend {
  return {
    graphNames: () => db.graphs().map((g) => g.name),
    graph: async (name) => consoleGraphOf(db.graph(name)),
  };
}

/**
 * Options of {@link runConsole}.
 */
interface ConsoleOptions {
  /** Database directory (default `./data`). */
  readonly dataPath?: string;
  /** Graph to open first (default `hugegraph`); created with `schema.auto_create` if missing. */
  readonly graph?: string;
  /** Where statements come from (default stdin). */
  readonly input?: NodeJS.ReadableStream;
  /** Where results go (default stdout). */
  readonly output?: NodeJS.WritableStream;
  /** Where errors go (default stderr). */
  readonly errorOutput?: NodeJS.WritableStream;
  /** Prompts, history and keep-going-after-errors; default: input and output are terminals. */
  readonly interactive?: boolean;
  /** Time limit of each query in milliseconds, 0 for none; default 30000 (`:timeout` changes it). */
  readonly timeoutMs?: number;
}

function isTty(stream: NodeJS.ReadableStream | NodeJS.WritableStream): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}

/**
 * Runs the Gremlin console until its input ends, `:quit`, or the reader of its output goes
 * away (EPIPE), and resolves with the exit status: 0, or 1 when the database cannot be opened
 * or piped input hit an error. SIGINT cancels the running query.
 */
export async function runConsole(options: ConsoleOptions = {}): Promise<number> {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const errorOutput = options.errorOutput ?? process.stderr;
  const interactive = options.interactive ?? (isTty(input) && isTty(output));
  const dataPath = options.dataPath ?? DEFAULT_DATA_PATH;
  let db: Database;
  try {
    db = await open({ path: dataPath, onWarning: (w) => errorOutput.write(`warning: graph '${w.graph}': ${describeDamage(w)}\n`) });
  } catch (error) {
    errorOutput.write(`${describeError(error, '').join('\n')}\n`);
    return 1;
  }
  try {
    const graph = await graphOrCreate(db, options.graph ?? DEFAULT_GRAPH);
    const session = new ConsoleSession(databaseBackend(db), { graph: consoleGraphOf(graph), timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
    const banner = `Quiver Gremlin console on ${db.path ?? dataPath}, graph '${graph.name}'. Type :help for help.`;
    return await runRepl(session, { input, output, errorOutput, interactive, banner, signals: process, historyFile: join(db.path ?? dataPath, HISTORY_FILE) });
  } catch (error) {
    errorOutput.write(`${describeError(error, '').join('\n')}\n`);
    return 1;
  } finally {
    await db.close();
  }
}
