/**
 * Online backup: the bytes of a backup file (backup-format.ts) of one graph or of the whole
 * server, produced while the server keeps serving. Each graph is read through one read view
 * opened before its first element is read, with its schema taken in the same tick: a batch
 * written meanwhile is wholly in the backup or wholly out of it. The server's documents
 * (graph spaces, services, users, grants) are read as saved when the backup starts.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ArgumentError } from '../../errors.js';
import type { GraphSource } from '../../port/index.js';
import type { ServerState } from '../server/server-state.js';
import { BackupEncoder, FRAME } from './backup-format.js';
import type { BackupEdge, BackupVertex } from './backup-format.js';

/** Elements per chunk frame (and per write batch when restoring). */
const CHUNK = 1000;

/** The server documents a whole-server backup holds, by file name in `<data>/server/`. */
export const SERVER_DOCUMENTS = ['spaces.json', 'services.json', 'users.json', 'grants.json'] as const;

/**
 * What to back up: one graph, or (without `graph`) every durable graph and the server's documents.
 *
 * @example
 * ```ts
 * const scope: BackupScope = { graph: { space: 'DEFAULT', name: 'hugegraph' } };
 * ```
 */
export interface BackupScope {
  readonly graph?: { readonly space: string; readonly name: string };
}

/** The vertex chunks of a read view. */
function* vertexChunks(source: GraphSource): Generator<BackupVertex[]> {
  let chunk: BackupVertex[] = [];
  for (const slot of source.vertexSlots()) {
    const properties = source.vertexProperties(slot).map((p) => ({ key: p.key, value: p.value, meta: [...p.meta] }));
    chunk.push({ id: source.vertexId(slot), label: source.vertexLabel(slot), properties });
    if (chunk.length === CHUNK) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** The edge chunks of a read view. */
function* edgeChunks(source: GraphSource): Generator<BackupEdge[]> {
  let chunk: BackupEdge[] = [];
  for (const slot of source.edgeSlots()) {
    const properties = source.edgePropertyKeys(slot).flatMap((key) => {
      const value = source.edgeProperty(slot, key);
      return value === undefined ? [] : [[key, value] as const];
    });
    chunk.push({ id: source.edgeId(slot), label: source.edgeLabel(slot), out: source.vertexId(source.edgeOutVertex(slot)), in: source.vertexId(source.edgeInVertex(slot)), properties });
    if (chunk.length === CHUNK) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** The frames of one graph, read through one view. */
async function* graphFrames(state: ServerState, encoder: BackupEncoder, space: string, name: string): AsyncGenerator<Uint8Array> {
  const graph = state.graph(space, name);
  const info = state.graphInfo(space, name);
  const view = graph.openReadView();
  try {
    const schema = graph.catalog().toJSON();
    const description = { space, name, info, config: graph.config, modes: { mode: graph.mode, readMode: graph.readMode }, schema, variables: await graph.variables.asMap() };
    yield encoder.json(FRAME.graph, description);
    let vertices = 0;
    let edges = 0;
    for (const chunk of vertexChunks(view.source)) {
      vertices += chunk.length;
      yield encoder.vertices(chunk);
    }
    for (const chunk of edgeChunks(view.source)) {
      edges += chunk.length;
      yield encoder.edges(chunk);
    }
    yield encoder.json(FRAME.graphEnd, { space, name, vertices, edges });
  } finally {
    view.release();
  }
}

/** The server documents, as last saved. */
async function serverDocuments(state: ServerState): Promise<Record<string, unknown>> {
  const path = state.path;
  if (path === undefined) throw new ArgumentError('BACKUP_SCOPE', 'Cannot back up the whole server: it holds its state in memory (name one graph)');
  const documents: Record<string, unknown> = {};
  for (const name of SERVER_DOCUMENTS) {
    const text = await readFile(join(path, 'server', name), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (text !== undefined) documents[name] = JSON.parse(text) as unknown;
  }
  return documents;
}

/**
 * The bytes of a backup, chunk by chunk: pull them and write them out (the next chunk is read
 * only when the previous one is taken, so the server keeps answering between chunks). Graphs
 * of the `memory` backend are listed in the header as skipped (they have no durable state to
 * restore into).
 *
 * @example
 * ```ts
 * declare const state: ServerState;
 * for await (const bytes of backupStream(state, { graph: { space: 'DEFAULT', name: 'hugegraph' } })) process.stdout.write(bytes);
 * ```
 */
export async function* backupStream(state: ServerState, scope: BackupScope): AsyncGenerator<Uint8Array> {
  const encoder = new BackupEncoder();
  const graphs: { space: string; name: string }[] = [];
  const skipped: string[] = [];
  if (scope.graph !== undefined) {
    state.graph(scope.graph.space, scope.graph.name);
    graphs.push(scope.graph);
  } else {
    for (const space of state.spaceNames()) {
      for (const name of state.graphNames(space)) {
        if (state.graphInfo(space, name).backend === 'memory') skipped.push(`${space}/${name}`);
        else graphs.push({ space, name });
      }
    }
  }
  const documents = scope.graph === undefined ? await serverDocuments(state) : undefined;
  yield encoder.start();
  yield encoder.json(FRAME.header, { format: 1, created: new Date().toISOString(), scope: scope.graph === undefined ? 'server' : 'graph', graphs: graphs.map((g) => `${g.space}/${g.name}`), skipped });
  if (documents !== undefined) yield encoder.json(FRAME.server, documents);
  for (const { space, name } of graphs) yield* graphFrames(state, encoder, space, name);
  yield encoder.end();
}
