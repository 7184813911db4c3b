/**
 * Kuzu (the `kuzu` npm package, 0.11.3) as an optional peer of the traverser benchmark, installed
 * by the bench itself into a temporary directory like graphology, never a dependency of the
 * project. The R-MAT graph is bulk-loaded into an in-memory database (node table `N` with an
 * INT64 primary key, rel table `E`) through COPY FROM temporary CSV files, and the bench's
 * questions are asked in Cypher through prepared statements, on one connection limited to one
 * thread (the other columns are single-threaded):
 * - kneighbor k: `MATCH p = (a:N {id: $s})-[:E* SHORTEST 1..k]-(b:N) RETURN count(b)`, one row per
 *   vertex within k hops, the source excluded;
 * - kout k: the same with `WHERE length(p) = k`, the vertices whose shortest distance is exactly k;
 * - shortest path: `MATCH p = (a:N {id: $s})-[:E* SHORTEST 1..30]-(b:N {id: $t}) RETURN length(p)`.
 *
 * Both answer as the CSR BFS does (checked on two sources at scale 16). The plain form of
 * kneighbor, `MATCH (a:N {id: $s})-[:E*1..k]-(b:N) WHERE b.id <> $s RETURN count(DISTINCT b)`,
 * enumerates every walk before the DISTINCT: at scale 16 it took 2.5 s for one source at depth 3
 * and did not finish in 200 s at depth 4, so the bench asks the SHORTEST form, Kuzu's BFS.
 *
 * Jaccard and full BFS are left out ('—'): Kuzu's recursive patterns need an upper bound on the
 * length, and a jaccard over neighbour lists is a different query shape, not a traversal.
 * @module
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RmatGraph } from '../rmat.js';
import { firstLine, installPeer } from './peer-install.js';
import type { PeerInstall } from './peer-install.js';

/**
 * The Kuzu queries the bench makes, on one loaded graph; each returns the query's answer.
 *
 * @example
 * ```ts
 * const peer = loadKuzu(rmat);
 * peer?.kNeighbor(0, 2);
 * ```
 */
export interface KuzuPeer {
  /** Vertices within `depth` hops over edges of both directions, the source excluded. */
  kNeighbor(source: number, depth: number): number;
  /** Vertices at a shortest distance of exactly `depth` over edges of both directions. */
  kOut(source: number, depth: number): number;
  /** Length of a shortest path over edges of both directions (at most 30), -1 when none. */
  shortestPath(source: number, target: number): number;
  /** Closes the database and removes the temporary install. */
  dispose(): void;
}

type KuzuValue = number | string | boolean | null;
interface QueryResult {
  getAllSync(): Record<string, KuzuValue>[];
  close(): void;
}
interface PreparedStatement {
  isSuccess(): boolean;
  getErrorMessage(): string;
}
interface Connection {
  querySync(statement: string): QueryResult | QueryResult[];
  prepareSync(statement: string): PreparedStatement;
  executeSync(statement: PreparedStatement, params: Record<string, KuzuValue>): QueryResult | QueryResult[];
  closeSync(): void;
}
interface KuzuModule {
  Database: new (path: string) => { closeSync(): void };
  Connection: new (database: unknown, numThreads: number) => Connection;
}

/** Rows per chunk of the CSV files, so that no single string grows past V8's limit. */
const CSV_CHUNK = 1 << 16;

/**
 * Writes `rows` lines produced by `line` to `path`, chunk by chunk.
 *
 * @example
 * ```ts
 * writeCsv('/tmp/nodes.csv', 10, (i) => String(i));
 * ```
 */
export function writeCsv(path: string, rows: number, line: (i: number) => string): void {
  writeFileSync(path, '');
  for (let start = 0; start < rows; start += CSV_CHUNK) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(rows, start + CSV_CHUNK); i++) lines.push(line(i));
    writeFileSync(path, `${lines.join('\n')}\n`, { flag: 'a' });
  }
}

/**
 * Loads an R-MAT graph into a Kuzu database through COPY FROM temporary CSV files in `dir`:
 * node table `N` (INT64 primary key `id`) and rel table `E`; `run` runs one statement.
 *
 * @example
 * ```ts
 * declare const run: (statement: string) => void;
 * copyRmat(generateRmat({ scale: 10 }), { dir: '/tmp', run });
 * ```
 */
export function copyRmat(rmat: RmatGraph, into: { readonly dir: string; readonly run: (statement: string) => unknown }): void {
  const nodes = join(into.dir, 'nodes.csv');
  const edges = join(into.dir, 'edges.csv');
  writeCsv(nodes, rmat.vertexCount, (v) => String(v));
  writeCsv(edges, rmat.edgeCount, (e) => `${rmat.sources[e]},${rmat.targets[e]}`);
  into.run('CREATE NODE TABLE N(id INT64, PRIMARY KEY(id))');
  into.run('CREATE REL TABLE E(FROM N TO N)');
  into.run(`COPY N FROM '${nodes}' (HEADER=false)`);
  into.run(`COPY E FROM '${edges}' (HEADER=false)`);
  rmSync(nodes);
  rmSync(edges);
}

/**
 * Installs Kuzu into a temporary directory (as `name`) and builds a peer with `build`, which
 * gets the module and a `dispose` that closes `closeables` and removes the install; or prints
 * why Kuzu is left out and returns undefined.
 *
 * @example
 * ```ts
 * const peer = kuzuPeer('kuzu', (kuzu, dispose) => ({ dispose: () => dispose() }));
 * ```
 */
export function kuzuPeer<T>(name: string, build: (kuzu: unknown, dispose: (...closeables: { closeSync(): void }[]) => void, dir: string) => T): T | undefined {
  let install: PeerInstall | undefined;
  try {
    install = installPeer(name, ['kuzu@0.11.3']);
    const done = install;
    return build(install.require('kuzu'), (...closeables) => {
      for (const c of closeables) c.closeSync();
      done.dispose();
    }, install.dir);
  } catch (e) {
    console.log(`kuzu left out: ${firstLine(e)}`);
    install?.dispose();
    return undefined;
  }
}

/** The single result of a query. */
function single(r: QueryResult | QueryResult[]): QueryResult {
  const result = Array.isArray(r) ? r[0] : r;
  if (result === undefined) throw new Error('kuzu query returned no result');
  return result;
}

/**
 * Installs Kuzu into a temporary directory and bulk-loads the graph into an in-memory database,
 * or returns undefined (with the reason printed on one line) when that is not possible.
 *
 * @example
 * ```ts
 * const peer = loadKuzu(generateRmat({ scale: 16 }));
 * ```
 */
export function loadKuzu(rmat: RmatGraph): KuzuPeer | undefined {
  return kuzuPeer('kuzu', (module, dispose, dir) => {
    const kuzu = module as KuzuModule;
    const db = new kuzu.Database(':memory:');
    const conn = new kuzu.Connection(db, 1);
    const run = (q: string): void => single(conn.querySync(q)).close();
    const started = performance.now();
    copyRmat(rmat, { dir, run });
    console.log(`kuzu: loaded through COPY FROM in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const prepared = new Map<string, PreparedStatement>();
    const ask = (q: string, params: Record<string, KuzuValue>): number => {
      let statement = prepared.get(q);
      if (statement === undefined) {
        statement = conn.prepareSync(q);
        if (!statement.isSuccess()) throw new Error(`kuzu prepare failed: ${statement.getErrorMessage()}`);
        prepared.set(q, statement);
      }
      const result = single(conn.executeSync(statement, params));
      const row = result.getAllSync()[0];
      result.close();
      return row === undefined ? -1 : Number(row['n']);
    };
    return {
      kNeighbor: (s, depth) => ask(`MATCH p = (a:N {id: $s})-[:E* SHORTEST 1..${depth}]-(b:N) RETURN count(b) AS n`, { s }),
      kOut: (s, depth) => ask(`MATCH p = (a:N {id: $s})-[:E* SHORTEST 1..${depth}]-(b:N) WHERE length(p) = ${depth} RETURN count(b) AS n`, { s }),
      shortestPath: (s, t) => ask('MATCH p = (a:N {id: $s})-[:E* SHORTEST 1..30]-(b:N {id: $t}) RETURN length(p) AS n', { s, t }),
      dispose: () => dispose(conn, db),
    };
  });
}
