/**
 * Where the TinkerPop suite's graphs live and how its Gremlin runs on them: embedded (an
 * in-memory Database, `graph.gremlin()` called directly) or remote (an in-memory server state
 * behind Quiver's Gremlin Server endpoint: each scenario's text and bindings are submitted over
 * the WebSocket by the `gremlin` npm driver's Client, and the results read back through
 * GraphBinary with Quiver's reader, so that every Java type reaches the comparison).
 * @module
 */
import gremlin from 'gremlin';
import { open, openServerState } from '../../src/index.js';
import type { Graph, Pacing, ValueTypes } from '../../src/index.js';
import { readBinaryResponse } from '../../src/http/gremlin-server/binary-reader.js';
import { writeBinaryRequest } from '../../src/http/gremlin-server/binary-writer.js';
import { startGremlinServer } from '../../src/http/gremlin-server/endpoint.js';
import type { GremlinRun } from './resolver.js';

/** How the suite runs Gremlin on a graph (the engine settings of an embedded run). */
export interface RunSettings {
  readonly timeoutMs: number | undefined;
  readonly optimise: boolean;
  readonly pacing: Pacing | undefined;
  readonly types: ValueTypes;
}

/**
 * The suite's graphs and the way it runs Gremlin on them.
 *
 * @example
 * ```ts
 * const home = await embeddedHome('/work/shared/tinkerpop/data');
 * const graph = await home.createGraph('tck_modern');
 * ```
 */
export interface GraphHome {
  /** A new empty graph that creates its schema as data arrives. */
  createGraph(name: string): Promise<Graph>;
  dropGraph(name: string): Promise<void>;
  /** How a scenario's Gremlin runs on `graph`. */
  runner(graph: Graph, settings: RunSettings): GremlinRun;
  close(): Promise<void>;
}

const GRAPH_CONFIG = { 'schema.auto_create': true } as const;

/** Graphs in an in-memory database, Gremlin run by `graph.gremlin()`. */
export async function embeddedHome(dataDir: string): Promise<GraphHome> {
  const db = await open({ ioBase: dataDir });
  return {
    createGraph: (name) => db.createGraph(name, GRAPH_CONFIG),
    dropGraph: (name) => db.dropGraph(name),
    runner: (graph, settings) => (text, options) => graph.gremlin(text, { ...options, ...settings }),
    close: () => db.close(),
  };
}

/** A request's arguments as the GraphBinary writer takes them: objects (bindings, aliases) as maps. */
function argumentMap(args: Readonly<Record<string, unknown>>): Map<string, unknown> {
  const asMap = (v: unknown): unknown => (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype ? new Map(Object.entries(v)) : v);
  return new Map(Object.entries(args).map(([k, v]) => [k, asMap(v)]));
}

/**
 * Graphs of an in-memory server state, Gremlin submitted as text over its Gremlin Server
 * endpoint (credentials not checked) and answered in GraphBinary; the engine settings other
 * than the time limit (sent as `evaluationTimeout`) do not travel.
 */
export async function remoteHome(dataDir: string): Promise<GraphHome> {
  const { state } = await openServerState({ ioBase: dataDir });
  const endpoint = await startGremlinServer({ state, host: '127.0.0.1', port: 0, auth: false });
  const client = new gremlin.driver.Client(endpoint.url, {
    reader: { readResponse: readBinaryResponse },
    writer: { writeRequest: (request: { requestId: string; op: string; processor: string; args: Record<string, unknown> }) => writeBinaryRequest({ ...request, args: argumentMap(request.args) }) },
  });
  return {
    async createGraph(name) {
      await state.createGraph('DEFAULT', name, { backend: 'memory', serializer: 'binary', store: name, ...GRAPH_CONFIG });
      return state.graph('DEFAULT', name);
    },
    dropGraph: (name) => state.dropGraph('DEFAULT', name),
    runner: (graph, settings) => async (text, options) => {
      const requestOptions = { aliases: { g: `__g_${graph.name}` }, batchSize: 1024, ...(settings.timeoutMs === undefined ? {} : { evaluationTimeout: settings.timeoutMs }) };
      const results = await client.submit(text, options.bindings, requestOptions as never);
      return results.toArray() as unknown[];
    },
    async close() {
      await client.close().catch(() => undefined);
      await endpoint.close();
      await state.close();
    },
  };
}
