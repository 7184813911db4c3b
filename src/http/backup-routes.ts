/**
 * Backup and restore over REST, for the super administrator (docs/rest.md, "Backup and
 * restore"): `GET /backup` streams a backup file of the server or of one graph, `PUT /restore`
 * takes one as the request body, and HugeGraph's `PUT .../graphs/{graph}/snapshot_create` and
 * `snapshot_resume` keep one backup per graph on the server, under `<data>/backups/`.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ArgumentError, backupStream, NotFoundError, DEFAULT_SPACE, restoreIntoServer, verifyBackup } from '../index.js';
import type { ServerState } from '../index.js';
import { graphParams, graphPaths, spaceOf } from './routes/route-common.js';
import type { GraphParams, RouteGroup } from './routes/route-common.js';

/** Content type of a backup file. */
const BACKUP_TYPE = 'application/octet-stream';

/** `SPACE/GRAPH` or `GRAPH` (in DEFAULT) as a space and a name. */
function graphOf(text: string): { space: string; name: string } {
  const parts = text.split('/');
  if (parts.length > 2 || parts.some((p) => p === '')) throw new ArgumentError('INVALID_ARGUMENT', `Invalid graph '${text}': expected SPACE/GRAPH or GRAPH`);
  return parts.length === 2 ? { space: parts[0] as string, name: parts[1] as string } : { space: DEFAULT_SPACE, name: parts[0] as string };
}

/** Writes `chunks` to `path` through a temporary file renamed only once every byte is synced. */
async function writeWhole(path: string, chunks: AsyncIterable<Uint8Array>): Promise<void> {
  const partial = `${path}.partial-${randomUUID()}`;
  const handle = await open(partial, 'w');
  try {
    for await (const chunk of chunks) await handle.write(chunk);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(partial, { force: true });
    throw error;
  }
  await handle.close();
  await rename(partial, path);
}

/** Where uploads and staged graphs go: `<data>/restore/`, or the system's temporary directory in memory. */
function restoreDirectory(state: ServerState): string {
  return state.path === undefined ? tmpdir() : join(state.path, 'restore');
}

/** The server-side backup file of a graph (snapshot_create / snapshot_resume). */
function snapshotFile(state: ServerState, space: string, graph: string): string {
  return join(state.path ?? tmpdir(), 'backups', `${space}-${graph}.qbak`);
}

const GRAPH_QUERY = { type: 'object', properties: { graph: { type: 'string', minLength: 1, maxLength: 256 } }, additionalProperties: false } as const;

/**
 * Registers `GET /backup` and `PUT /restore` (super administrator only). Left-overs of a restore
 * a crash interrupted (`<data>/restore/`) are removed when the routes are registered.
 */
export function registerBackupRoutes(app: FastifyInstance, options: { readonly state: ServerState }): void {
  const { state } = options;
  if (state.path !== undefined) void rm(join(state.path, 'restore'), { recursive: true, force: true });
  const config = { requires: 'admin' as const };
  app.get<{ Querystring: { graph?: string } }>('/backup', { config, schema: { summary: 'Stream a backup of the server, or of one graph with ?graph=SPACE/GRAPH', querystring: GRAPH_QUERY } }, async (request, reply) => {
    const graph = request.query.graph === undefined ? undefined : graphOf(request.query.graph);
    if (graph !== undefined) state.graph(graph.space, graph.name);
    return reply.header('content-type', BACKUP_TYPE).send(Readable.from(backupStream(state, graph === undefined ? {} : { graph })));
  });
  app.register(async (scope) => {
    scope.addContentTypeParser(BACKUP_TYPE, (_request, payload, done) => done(null, payload));
    scope.put<{ Querystring: { graph?: string }; Body: Readable }>('/restore', { config, bodyLimit: Number.MAX_SAFE_INTEGER, schema: { summary: 'Restore graphs from a backup file sent as the body (application/octet-stream)', querystring: GRAPH_QUERY } }, async (request) => {
      if (!(request.body instanceof Readable)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid restore request: send the backup file as ${BACKUP_TYPE}`);
      const directory = restoreDirectory(state);
      await mkdir(directory, { recursive: true });
      const file = join(directory, `upload-${randomUUID()}.qbak`);
      try {
        await writeWhole(file, request.body);
        return await restoreIntoServer(state, file, request.query.graph === undefined ? {} : { graph: request.query.graph });
      } finally {
        await rm(file, { force: true });
      }
    });
  });
}

/**
 * HugeGraph's `snapshot_create` and `snapshot_resume` of a graph, in both path families;
 * registered inside the graph-scope plugin (routes/index.ts), which resolves the graph first.
 */
export const snapshotRoutes: RouteGroup = (app, { state }) => {
  const config = { requires: 'admin' as const };
  for (const base of graphPaths('')) {
    app.put<{ Params: GraphParams }>(`${base}/snapshot_create`, { config, schema: { summary: 'Write a backup of the graph on the server (HugeGraph snapshot_create)', params: graphParams() } }, async (request) => {
      const space = spaceOf(request.params);
      const { graph } = request.params;
      const file = snapshotFile(state, space, graph);
      await mkdir(join(file, '..'), { recursive: true });
      await writeWhole(file, backupStream(state, { graph: { space, name: graph } }));
      return { [graph]: 'snapshot_created' };
    });
    app.put<{ Params: GraphParams }>(`${base}/snapshot_resume`, { config, schema: { summary: 'Put the graph back as its last snapshot_create left it (HugeGraph snapshot_resume)', params: graphParams() } }, async (request) => {
      const space = spaceOf(request.params);
      const { graph } = request.params;
      const file = snapshotFile(state, space, graph);
      await stat(file).catch(() => {
        throw new NotFoundError('SNAPSHOT_NOT_FOUND', `Graph '${graph}' has no snapshot to resume: call snapshot_create first`);
      });
      await verifyBackup(file);
      await restoreIntoServer(state, file, { graph: `${space}/${graph}`, replace: true });
      return { [graph]: 'snapshot_resumed' };
    });
  }
};
