/**
 * graphology as an optional peer of the traverser benchmark: installed by the bench itself into
 * a temporary directory (`npm install --no-save`), never a dependency of the project. When the
 * install fails (no network), the graphology column is left out.
 * @module
 */
import type { RmatGraph } from '../rmat.js';
import { firstLine, installPeer } from './peer-install.js';
import type { PeerInstall } from './peer-install.js';

/**
 * The graphology calls the bench makes, on one loaded graph.
 *
 * @example
 * ```ts
 * const peer = loadGraphology(rmat);
 * peer?.kHop(0, 2);
 * ```
 */
export interface GraphologyPeer {
  /** Vertices within `depth` hops over edges of both directions. */
  kHop(source: number, depth: number): number;
  /** Length of a shortest path over edges of both directions, -1 when none. */
  shortestPath(source: number, target: number): number;
  /** Jaccard similarity of the neighbour sets (both directions) of two vertices. */
  jaccard(a: number, b: number): number;
  /** Removes the temporary install. */
  dispose(): void;
}

interface GraphologyGraph {
  addNode(key: string): void;
  mergeEdge(source: string, target: string): void;
  neighbors(key: string): string[];
}

type BfsFromNode = (graph: GraphologyGraph, node: string, visit: (node: string, attributes: unknown, depth: number) => boolean | void, options: { mode: string }) => void;
type Bidirectional = (graph: GraphologyGraph, source: string, target: string) => string[] | null;

/**
 * Installs graphology into a temporary directory and loads the graph into it, or returns
 * undefined (with the reason printed) when that is not possible.
 *
 * @example
 * ```ts
 * const peer = loadGraphology(generateRmat({ scale: 16 }));
 * ```
 */
export function loadGraphology(rmat: RmatGraph): GraphologyPeer | undefined {
  let install: PeerInstall | undefined;
  try {
    install = installPeer('graphology', ['graphology', 'graphology-traversal', 'graphology-shortest-path']);
    const { require } = install;
    const Graph = require('graphology') as new (options: { type: string; multi: boolean }) => GraphologyGraph;
    const { bfsFromNode } = require('graphology-traversal') as { bfsFromNode: BfsFromNode };
    const { bidirectional } = require('graphology-shortest-path/unweighted') as { bidirectional: Bidirectional };
    // Undirected: both directions of an edge are followed, as in the other columns.
    const graph = new Graph({ type: 'undirected', multi: false });
    for (let v = 0; v < rmat.vertexCount; v++) graph.addNode(String(v));
    for (let e = 0; e < rmat.edgeCount; e++) graph.mergeEdge(String(rmat.sources[e]), String(rmat.targets[e]));
    return {
      kHop(source, depth) {
        let n = -1;
        bfsFromNode(graph, String(source), (_node, _a, d) => {
          n++;
          return d >= depth;
        }, { mode: 'undirected' });
        return n;
      },
      shortestPath(source, target) {
        const path = bidirectional(graph, String(source), String(target));
        return path === null ? -1 : path.length - 1;
      },
      jaccard(a, b) {
        const na = new Set(graph.neighbors(String(a)));
        const nb = graph.neighbors(String(b));
        let common = 0;
        for (const v of nb) if (na.has(v)) common++;
        const all = na.size + nb.length - common;
        return all === 0 ? 0 : common / all;
      },
      dispose: install.dispose,
    };
  } catch (e) {
    console.log(`graphology left out: ${firstLine(e)}`);
    install?.dispose();
    return undefined;
  }
}
