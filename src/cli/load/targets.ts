/**
 * Where a load writes: a data directory opened in this process (each batch one atomic write
 * through the graph handle's columnar batch path, `addVertexIds` and `addEdgeIds`) or a server
 * (HugeGraph's batch REST routes, edges with `check_vertex=true`). A batch refused because of
 * its rows is split in halves until the failing rows are alone, so one bad row costs a few
 * extra writes and every other row of its batch is still written; a failure that is not about
 * the rows (a closed database, a server error or an unreachable server) stops the load.
 * @module
 */
import { ArgumentError, openServerState, QuiverError } from '../../index.js';
import type { EdgeInput, Graph, ServerState, VertexInput } from '../../index.js';
import { schemaOfCatalog, schemaOfJson } from './load-schema.js';
import type { LoadSchema } from './load-schema.js';

/** The rows of a batch that were refused, by index in the batch, with the reason. */
type Refusals = Map<number, string>;

/** A place to load into. */
export interface LoadTarget {
  /** Runs a schema script written for hugegraph-loader's `-s` (its `schema` variable is the graph's schema). */
  applySchema(script: string): Promise<void>;
  /** The graph's schema as it is now. */
  schema(): Promise<LoadSchema>;
  addVertices(batch: readonly VertexInput[]): Promise<Refusals>;
  addEdges(batch: readonly EdgeInput[]): Promise<Refusals>;
  close(): Promise<void>;
}

/** Kinds of QuiverError that are about the rows written, not about the database. */
const ROW_KINDS = new Set(['argument', 'schema', 'not-found', 'conflict', 'limit', 'unsupported']);

/** Thrown by a write for a refusal that is about its rows; anything else stops the load. */
class RowRefusal extends Error {}

/** Writes `items`, splitting a refused batch in halves to find the refused rows. */
async function writeSplitting<T>(items: readonly T[], write: (items: readonly T[]) => Promise<void>, from = 0, refusals: Refusals = new Map()): Promise<Refusals> {
  try {
    await write(items);
  } catch (e) {
    if (!(e instanceof RowRefusal)) throw e;
    if (items.length === 1) {
      refusals.set(from, e.message);
      return refusals;
    }
    const half = items.length >> 1;
    await writeSplitting(items.slice(0, half), write, from, refusals);
    await writeSplitting(items.slice(half), write, from + half, refusals);
  }
  return refusals;
}

/** The script hugegraph-loader's `-s` runs, with its `schema` variable bound to the graph's (on its first line, so line numbers hold). */
function schemaScript(script: string): string {
  return `def schema = graph.schema(); ${script}`;
}

class DirectoryTarget implements LoadTarget {
  constructor(
    private readonly state: ServerState,
    private readonly graph: Graph,
  ) {}

  async applySchema(script: string): Promise<void> {
    await this.graph.gremlin(schemaScript(script));
  }

  async schema(): Promise<LoadSchema> {
    return schemaOfCatalog(this.graph.catalog());
  }

  private async rows(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (e) {
      if (e instanceof QuiverError && ROW_KINDS.has(e.kind)) throw new RowRefusal(`${e.message} (${e.code})`);
      throw e;
    }
  }

  addVertices(batch: readonly VertexInput[]): Promise<Refusals> {
    return writeSplitting(batch, (items) => this.rows(() => this.graph.addVertexIds(items)));
  }

  /**
   * Edges whose end vertices all exist are written (split on refusal); an edge with a missing end
   * is refused before the write, as the batch route's `check_vertex` refuses it, without costing
   * the rest of its batch a split. A batch of property-less edges of one label (an edge list) is
   * written by the slots that lookup found (`addEdgesBulk`), with no second id lookup.
   */
  async addEdges(batch: readonly EdgeInput[]): Promise<Refusals> {
    const outs = await this.graph.vertexSlotsOf(batch.map((e) => e.out));
    const ins = await this.graph.vertexSlotsOf(batch.map((e) => e.in));
    const refusals: Refusals = new Map();
    const kept: number[] = [];
    batch.forEach((e, i) => {
      const missing = outs[i]! < 0 ? e.out : ins[i]! < 0 ? e.in : undefined;
      if (missing === undefined) kept.push(i);
      else refusals.set(i, `Cannot create edge: vertex '${String(missing)}' does not exist (VERTEX_NOT_FOUND)`);
    });
    const label = batch[0]?.label;
    const bare = kept.every((i) => batch[i]!.label === label && isEmptyRecord(batch[i]!.properties));
    const written = bare && label !== undefined
      ? await writeSplitting(kept, (at) => this.rows(() => this.graph.addEdgesBulk(label, { out: Int32Array.from(at, (i) => outs[i]!), in: Int32Array.from(at, (i) => ins[i]!) })))
      : await writeSplitting(kept.map((i) => batch[i]!), (items) => this.rows(() => this.graph.addEdgeIds(items)));
    for (const [at, reason] of written) refusals.set(kept[at]!, reason);
    return refusals;
  }

  async close(): Promise<void> {
    await this.state.close();
  }
}

function isEmptyRecord(record: object | undefined): boolean {
  if (record === undefined) return true;
  for (const key in record) if (Object.prototype.hasOwnProperty.call(record, key)) return false;
  return true;
}

/** Splits `SPACE/GRAPH` (or a bare graph name, in DEFAULT). */
export function graphName(text: string): { space: string; graph: string } {
  const parts = text.split('/');
  if (parts.length === 1 && parts[0] !== '') return { space: 'DEFAULT', graph: parts[0]! };
  if (parts.length === 2 && parts[0] !== '' && parts[1] !== '') return { space: parts[0]!, graph: parts[1]! };
  throw new ArgumentError('LOAD_OPTION', `Invalid --graph '${text}': expected SPACE/GRAPH`);
}

/**
 * Opens the data directory `path` (its server state, as `quiver serve` keeps it) and the graph.
 * A new directory gets its admin as `quiver serve` makes it: with QUIVER_ADMIN_PASSWORD, or a
 * generated password that `out` gets once.
 */
export async function directoryTarget(path: string, name: { space: string; graph: string }, out: (line: string) => void): Promise<LoadTarget> {
  const password = process.env.QUIVER_ADMIN_PASSWORD;
  const { state, generatedPassword } = await openServerState({ path, ...(password === undefined || password === '' ? {} : { adminPassword: password }) });
  if (generatedPassword !== undefined) out(`Super administrator 'admin' created with the generated password: ${generatedPassword} (shown only this once)`);
  try {
    return new DirectoryTarget(state, state.graph(name.space, name.graph));
  } catch (e) {
    await state.close();
    throw e;
  }
}

/** The JSON of a REST request's answer, or a RowRefusal (4xx) or Error (other) with HugeGraph's message. */
async function answer(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (response.ok) return text === '' ? undefined : JSON.parse(text);
  let message = text;
  try {
    const body = JSON.parse(text) as { message?: unknown; exception?: unknown };
    if (typeof body.message === 'string') message = `${body.message}${typeof body.exception === 'string' ? ` (${body.exception})` : ''}`;
  } catch {
    // not JSON: the text is the message
  }
  if (response.status >= 400 && response.status < 500 && response.status !== 401 && response.status !== 403 && response.status !== 404) throw new RowRefusal(message);
  throw new ArgumentError('LOAD_REQUEST', `${what} failed with HTTP ${response.status}: ${message}`);
}

class RestTarget implements LoadTarget {
  private readonly base: string;
  private readonly headers: Record<string, string>;

  constructor(url: string, name: { space: string; graph: string }, credentials: { user?: string; password?: string }) {
    this.base = `${url.replace(/\/+$/, '')}/graphspaces/${encodeURIComponent(name.space)}/graphs/${encodeURIComponent(name.graph)}`;
    this.headers = { 'content-type': 'application/json' };
    if (credentials.user !== undefined) this.headers.authorization = `Basic ${Buffer.from(`${credentials.user}:${credentials.password ?? ''}`).toString('base64')}`;
  }

  private async request(method: string, path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, { method, headers: this.headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      throw new ArgumentError('LOAD_REQUEST', `${method} ${this.base}${path} failed: ${e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e)}`, { cause: e });
    }
    return answer(response, `${method} ${this.base}${path}`);
  }

  async applySchema(script: string): Promise<void> {
    try {
      await this.request('PUT', '/schema', { schema: schemaScript(script) });
    } catch (e) {
      if (e instanceof RowRefusal) throw new ArgumentError('LOAD_SCHEMA', `The schema file failed: ${e.message}`);
      throw e;
    }
  }

  async schema(): Promise<LoadSchema> {
    return schemaOfJson((await this.request('GET', '/schema')) as Record<string, unknown>);
  }

  addVertices(batch: readonly VertexInput[]): Promise<Refusals> {
    return writeSplitting(batch, async (items) => {
      await this.request('POST', '/graph/vertices/batch', items);
    });
  }

  addEdges(batch: readonly EdgeInput[]): Promise<Refusals> {
    const body = (items: readonly EdgeInput[]): unknown[] =>
      items.map((e) => ({ label: e.label, outV: e.out, inV: e.in, outVLabel: e.outLabel, inVLabel: e.inLabel, properties: e.properties ?? {} }));
    return writeSplitting(batch, async (items) => {
      await this.request('POST', '/graph/edges/batch?check_vertex=true', body(items));
    });
  }

  async close(): Promise<void> {}
}

/** A server at `url` (HugeGraph's REST API), with Basic credentials when a user is given. */
export function restTarget(url: string, name: { space: string; graph: string }, credentials: { user?: string; password?: string }): LoadTarget {
  return new RestTarget(url, name, credentials);
}
