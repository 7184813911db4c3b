/**
 * The per-graph rate limits of HugeGraph: `rate_limit.read` and `rate_limit.write` of a graph's
 * configuration, in requests per second (0 is unlimited). The graph-scope plugin counts every
 * request of a graph-scoped route against one of them before the handler runs.
 * @module
 */
import { LimitError } from '../../index.js';
import type { Graph } from '../../index.js';

/**
 * Which of a graph's two rate limits a request counts against.
 */
export type GraphAccess = 'read' | 'write';

/** One graph's requests in the current second. */
interface Window {
  second: number;
  read: number;
  write: number;
}

/**
 * The request counts of one server's graphs, by graph space and graph name: a limit belongs to
 * the graph, whatever handle on it (see the graph-scope plugin's `graphFor`) a request uses.
 * Only graphs with a limit get a count.
 */
export class RateLimits {
  readonly #windows = new Map<string, Map<string, Window>>();

  /**
   * Counts one request against the `rate_limit.read` or `rate_limit.write` of the graph
   * `handle` is a handle on, in graph space `space`; LimitError `RATE_LIMITED` (429) when the
   * second's budget is spent.
   */
  admit(handle: Graph, space: string, access: GraphAccess): void {
    const limit = handle.config[access === 'read' ? 'rate_limit.read' : 'rate_limit.write'];
    if (limit <= 0) return;
    const window = this.#window(space, handle.name, Math.floor(Date.now() / 1000));
    if (window[access] >= limit) {
      throw new LimitError('RATE_LIMITED', `Rate limit exceeded: graph '${handle.name}' allows ${limit} ${access} requests per second`);
    }
    window[access]++;
  }

  #window(space: string, graph: string, second: number): Window {
    let graphs = this.#windows.get(space);
    if (graphs === undefined) {
      graphs = new Map();
      this.#windows.set(space, graphs);
    }
    const window = graphs.get(graph);
    if (window === undefined) {
      const fresh = { second, read: 0, write: 0 };
      graphs.set(graph, fresh);
      return fresh;
    }
    if (window.second !== second) {
      window.second = second;
      window.read = 0;
      window.write = 0;
    }
    return window;
  }
}
