/**
 * Restore: verifies the whole backup file first (every frame's checksum, the END frame's count
 * and digest) and changes nothing when it does not verify; then puts the graphs back. Into a
 * data directory, everything is built in a sibling staging directory that is renamed onto the
 * target only when complete. Into a running server, a graph that does not exist yet (or is
 * empty) is built in a staging database under `<data>/restore/` and taken in with one rename;
 * a graph that holds data is merged into (MERGING mode) chunk by chunk.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open as openFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { ArgumentError, ConflictError, NotFoundError, StorageError } from '../../errors.js';
import { Database } from '../database.js';
import type { Graph } from '../graph/graph.js';
import type { GraphConfigInput } from '../graph/config.js';
import { ServerState } from '../server/server-state.js';
import { DEFAULT_SPACE } from '../server/tenancy.js';
import { FRAME, readFrames } from './backup-format.js';
import { SERVER_DOCUMENTS } from './backup-writer.js';
import { GraphRestore } from './graph-restore.js';
import type { GraphDescription } from './graph-restore.js';

/**
 * What a restore did: per graph, its name, how (RESTORING or MERGING), and the counts.
 *
 * @example
 * ```ts
 * const report: RestoreReport = { graphs: [{ graph: 'DEFAULT/hugegraph', mode: 'RESTORING', vertices: 6, edges: 6 }] };
 * ```
 */
export interface RestoreReport {
  readonly graphs: readonly { readonly graph: string; readonly mode: 'RESTORING' | 'MERGING'; readonly vertices: number; readonly edges: number }[];
  /** The admin password a restore into a new directory generated (a graph backup holds no users). */
  readonly generatedPassword?: string;
}

/** Which graph of the file to restore, as `SPACE/GRAPH` or `GRAPH` (DEFAULT); all when absent. */
function selects(description: GraphDescription, only: string | undefined): boolean {
  if (only === undefined) return true;
  const [space, name] = only.includes('/') ? only.split('/', 2) : [DEFAULT_SPACE, only];
  return description.space === space && description.name === name;
}

/**
 * Reads the file through once and checks it; returns the server documents and graph
 * descriptions. StorageError `BACKUP_DAMAGED` when any part does not verify.
 *
 * @example
 * ```ts
 * const { graphs } = await verifyBackup('./quiver.qbak');
 * ```
 */
export async function verifyBackup(file: string): Promise<{ server: Record<string, unknown> | undefined; graphs: GraphDescription[] }> {
  const handle = await openFile(file, 'r').catch((cause: unknown) => {
    throw new StorageError('BACKUP_DAMAGED', `Cannot read backup file '${file}': ${(cause as Error).message}`, { cause, details: { file } });
  });
  try {
    let server: Record<string, unknown> | undefined;
    const graphs: GraphDescription[] = [];
    for await (const frame of readFrames(handle, file)) {
      if (frame.kind === FRAME.server) server = frame.json;
      if (frame.kind === FRAME.graph) graphs.push(frame.json as unknown as GraphDescription);
    }
    return { server, graphs };
  } finally {
    await handle.close();
  }
}

/** Replays the element frames of the selected graphs, opening each one's target with `target`. */
async function replay(file: string, only: string | undefined, target: (d: GraphDescription) => Promise<{ graph: Graph; merge: boolean; done: () => Promise<void> }>): Promise<RestoreReport['graphs']> {
  const report: { graph: string; mode: 'RESTORING' | 'MERGING'; vertices: number; edges: number }[] = [];
  const handle = await openFile(file, 'r');
  try {
    let current: { restore: GraphRestore; done: () => Promise<void>; entry: (typeof report)[number] } | undefined;
    for await (const frame of readFrames(handle, file)) {
      if (frame.kind === FRAME.graph) {
        const description = frame.json as unknown as GraphDescription;
        if (!selects(description, only)) continue;
        const { graph, merge, done } = await target(description);
        const entry = { graph: `${description.space}/${description.name}`, mode: merge ? ('MERGING' as const) : ('RESTORING' as const), vertices: 0, edges: 0 };
        current = { restore: new GraphRestore(graph, description, merge), done, entry };
        await current.restore.begin();
      } else if (frame.kind === FRAME.vertices && current !== undefined) {
        await current.restore.vertices(frame.vertices);
        current.entry.vertices += frame.vertices.length;
      } else if (frame.kind === FRAME.edges && current !== undefined) {
        await current.restore.edges(frame.edges);
        current.entry.edges += frame.edges.length;
      } else if (frame.kind === FRAME.graphEnd && current !== undefined) {
        await current.restore.finish();
        await current.done();
        report.push(current.entry);
        current = undefined;
      }
    }
  } finally {
    await handle.close();
  }
  return report;
}

/** The creation body of a graph as the server takes it, from its backed-up configuration. */
function creationInput(d: GraphDescription): Record<string, unknown> {
  const config = Object.fromEntries(Object.entries(d.config).filter(([, v]) => v !== null));
  return { ...config, backend: 'hstore', serializer: config.serializer ?? 'binary', store: config.store ?? d.name, description: d.info.description, nickname: d.info.nickname, 'gremlin.graph': d.info.factory };
}

/** Whether a graph holds nothing: no schema, no elements. */
function isEmpty(graph: Graph): boolean {
  const schema = graph.catalog();
  if (schema.propertyKeys().length + schema.vertexLabels().length + schema.edgeLabels().length > 0) return false;
  const view = graph.openReadView();
  try {
    return view.source.vertexCount() === 0 && view.source.edgeCount() === 0;
  } finally {
    view.release();
  }
}

/** Creates the graph space of a graph backup when the target lacks it, from the record the backup holds. */
async function ensureSpace(state: ServerState, space: string, server: Record<string, unknown> | undefined): Promise<void> {
  if (state.spaceNames().includes(space)) return;
  const spaces = (server?.['spaces.json'] as { spaces?: Record<string, unknown>[] } | undefined)?.spaces ?? [];
  const record = spaces.find((s) => s.name === space);
  if (record === undefined) throw new NotFoundError('SPACE_NOT_FOUND', `Cannot restore into graph space '${space}': it does not exist (create it first)`);
  const derived = new Set(['cpu_used', 'memory_used', 'storage_used', 'graph_number_used', 'role_number_used', 'creator', 'create_time', 'update_time']);
  await state.createSpace(Object.fromEntries(Object.entries(record).filter(([k]) => !derived.has(k))), 'admin');
}

/**
 * Restores a backup into a data directory that does not exist or is empty: the whole server
 * (graph spaces, services, users, grants and every graph) from a server backup, or the graphs
 * of a graph backup into a fresh server. Built in `<dir>.restoring-<id>` beside it and renamed
 * onto it when complete, so a failure or a kill leaves the target as it was.
 *
 * @example
 * ```ts
 * const report = await restoreDirectory('./quiver.qbak', './restored');
 * ```
 */
export async function restoreDirectory(file: string, directory: string, options: { readonly graph?: string } = {}): Promise<RestoreReport> {
  const target = resolve(directory);
  const existing = await readdir(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing !== undefined && existing.length > 0) throw new ConflictError('RESTORE_TARGET_NOT_EMPTY', `Cannot restore into '${target}': the directory is not empty`);
  const { server } = await verifyBackup(file);
  const staging = join(dirname(target), `.${basename(target)}.restoring-${randomUUID()}`);
  try {
    if (server !== undefined && options.graph === undefined) {
      await mkdir(join(staging, 'server'), { recursive: true });
      for (const name of SERVER_DOCUMENTS) {
        if (server[name] !== undefined) await writeFile(join(staging, 'server', name), `${JSON.stringify(server[name], null, 2)}\n`);
      }
    }
    const { state, generatedPassword } = await ServerState.open({ path: staging });
    let graphs: RestoreReport['graphs'];
    try {
      graphs = await replay(file, options.graph, async (d) => {
        await ensureSpace(state, d.space, server);
        if (state.graphNames(d.space).includes(d.name)) {
          const graph = state.graph(d.space, d.name);
          if (!isEmpty(graph)) throw new ConflictError('GRAPH_EXISTS', `Cannot restore graph '${d.space}/${d.name}': it exists with data`);
          return { graph, merge: false, done: async () => undefined };
        }
        await state.createGraph(d.space, d.name, creationInput(d));
        return { graph: state.graph(d.space, d.name), merge: false, done: async () => undefined };
      });
    } finally {
      await state.close();
    }
    if (existing !== undefined) await rm(target, { recursive: true });
    await rename(staging, target);
    return generatedPassword === undefined ? { graphs } : { graphs, generatedPassword };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Restores the graphs of a backup into a running server: a graph that is missing (or empty) is
 * built in a staging database under `<data>/restore/` and taken in with one rename (RESTORING,
 * ids kept), so a failure leaves the server as it was; a graph that holds data is merged into
 * (MERGING), unless `replace` asks for it to be replaced as a whole (HugeGraph's
 * snapshot_resume). The server's users and grants are not changed (restore a server backup into a
 * data directory for those).
 *
 * @example
 * ```ts
 * declare const state: ServerState;
 * await restoreIntoServer(state, '/data/restore/upload.qbak', { graph: 'DEFAULT/hugegraph' });
 * ```
 */
export async function restoreIntoServer(state: ServerState, file: string, options: { readonly graph?: string; readonly replace?: boolean } = {}): Promise<RestoreReport> {
  const { server, graphs: described } = await verifyBackup(file);
  if (!described.some((d) => selects(d, options.graph))) throw new ArgumentError('BACKUP_SCOPE', `The backup holds no graph '${options.graph ?? ''}' (it holds ${described.map((d) => `${d.space}/${d.name}`).join(', ') || 'no graph'})`);
  const root = state.path;
  let staged: { readonly db: Database; readonly directory: string } | undefined;
  const graphs = await replay(file, options.graph, async (d) => {
    await ensureSpace(state, d.space, server);
    const exists = state.graphNames(d.space).includes(d.name);
    if (exists && options.replace !== true && !isEmpty(state.graph(d.space, d.name))) return { graph: state.graph(d.space, d.name), merge: true, done: async () => undefined };
    if (root === undefined) {
      if (exists) await state.clearGraph(d.space, d.name, { clearSchema: true });
      else await state.createGraph(d.space, d.name, creationInput(d));
      return { graph: state.graph(d.space, d.name), merge: false, done: async () => undefined };
    }
    const staging = join(root, 'restore', randomUUID());
    const db = await Database.open({ path: staging });
    const { backend: _b, description: _d, nickname: _n, 'gremlin.graph': _f, ...config } = creationInput(d);
    staged = { db, directory: staging };
    const graph = await db.createGraph(d.name, config as GraphConfigInput);
    const done = async (): Promise<void> => {
      staged = undefined;
      await db.close();
      if (state.graphNames(d.space).includes(d.name)) await state.dropGraph(d.space, d.name);
      await state.adoptGraph(d.space, d.name, join(staging, 'graphs', d.name), { description: d.info.description, nickname: d.info.nickname, factory: d.info.factory });
      await rm(staging, { recursive: true, force: true });
    };
    return { graph, merge: false, done };
  }).catch(async (error: unknown) => {
    const left = staged as { readonly db: Database; readonly directory: string } | undefined;
    if (left !== undefined) {
      await left.db.close().catch(() => undefined);
      await rm(left.directory, { recursive: true, force: true });
    }
    throw error;
  });
  return { graphs };
}
