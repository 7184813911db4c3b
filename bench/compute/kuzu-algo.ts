/**
 * Kuzu's graph algorithm extension (`algo`: page_rank, weakly_connected_components, louvain) as
 * an optional peer of the compute bench, installed by the bench into a temporary directory (the
 * `kuzu` npm package, 0.11.3), never a dependency of the project. The R-MAT graph is loaded
 * through COPY FROM into an in-memory database and projected once (`project_graph`); each
 * algorithm is timed as one `CALL ... RETURN count(*)`. When the extension cannot be loaded
 * (it is downloaded from Kuzu's own server unless the package ships it), the bench says so.
 * @module
 */
import type { RmatGraph } from '../rmat.js';
import { copyRmat, kuzuPeer } from '../traversers/kuzu.js';
import { firstLine } from '../traversers/peer-install.js';

/**
 * Timed Kuzu algorithm calls on one loaded graph, with `threads` threads.
 *
 * @example
 * ```ts
 * const peer = loadKuzuAlgo(generateRmat({ scale: 12 }));
 * peer?.time('page_rank', 1);
 * ```
 */
export interface KuzuAlgoPeer {
  /** Milliseconds of one call of `algorithm` (page_rank with 20 iterations, weakly_connected_components, louvain). */
  time(algorithm: 'page_rank' | 'weakly_connected_components' | 'louvain', threads: number): number;
  dispose(): void;
}

type KuzuValue = number | string | boolean | null;
interface QueryResult {
  getAllSync(): Record<string, KuzuValue>[];
  close(): void;
}
interface Connection {
  querySync(statement: string): QueryResult | QueryResult[];
  setMaxNumThreadForExecSync?(threads: number): void;
  closeSync(): void;
}
interface KuzuModule {
  Database: new (path: string) => { closeSync(): void };
  Connection: new (database: unknown, numThreads?: number) => Connection;
}

/**
 * Installs Kuzu, loads the graph and its algorithm extension, or returns undefined with the
 * reason printed on one line.
 *
 * @example
 * ```ts
 * const peer = loadKuzuAlgo(generateRmat({ scale: 12 }));
 * ```
 */
export function loadKuzuAlgo(rmat: RmatGraph): KuzuAlgoPeer | undefined {
  return kuzuPeer('kuzu-algo', (module, dispose, dir) => {
    const kuzu = module as KuzuModule;
    const db = new kuzu.Database(':memory:');
    const conn = new kuzu.Connection(db);
    const run = (q: string): Record<string, KuzuValue>[] => {
      const r = conn.querySync(q);
      const result = Array.isArray(r) ? r[r.length - 1]! : r;
      const rows = result.getAllSync();
      result.close();
      return rows;
    };
    try {
      run('LOAD EXTENSION algo');
    } catch {
      try {
        run('INSTALL algo');
        run('LOAD EXTENSION algo');
      } catch (e) {
        dispose(conn, db);
        throw new Error(`its algo extension cannot be installed here (${firstLine(e)})`);
      }
    }
    copyRmat(rmat, { dir, run });
    run("CALL project_graph('G', ['N'], ['E'])");
    const calls = {
      page_rank: "CALL page_rank('G', maxIterations := 20, tolerance := 0.0000000001) RETURN count(*) AS n",
      weakly_connected_components: "CALL weakly_connected_components('G') RETURN count(*) AS n",
      louvain: "CALL louvain('G') RETURN count(*) AS n",
    } as const;
    return {
      time(algorithm: keyof typeof calls, threads: number): number {
        conn.setMaxNumThreadForExecSync?.(threads);
        const started = performance.now();
        run(calls[algorithm]);
        return performance.now() - started;
      },
      dispose: () => dispose(conn, db),
    };
  });
}
