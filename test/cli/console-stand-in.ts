/**
 * A tiny stand-in for the graph behind the console, so the session and REPL tests run
 * without the engine.
 */
import { CancelledError, GremlinSyntaxError, NotFoundError } from '../../src/index.js';
import type { ConsoleBackend, ConsoleGraph, RunOptions } from '../../src/cli/console/session.js';

/** Never resolves: rejects as the engine does when the signal aborts or the time limit passes. */
function forever(options: RunOptions): Promise<never> {
  return new Promise((_, reject) => {
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => reject(new CancelledError('TIMEOUT', 'Traversal exceeded its deadline')), options.timeoutMs);
    options.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new CancelledError('CANCELLED', 'Traversal was cancelled'));
    });
  });
}

/**
 * A stand-in graph: `g.V().count()` counts `size`, text containing `bad` fails to parse, text
 * containing `forever` runs until cancelled or out of time. `seen` collects every script run,
 * `limits` the time limit each ran with.
 */
export function standInGraph(name: string, size: number, seen: string[] = [], limits: (number | undefined)[] = []): ConsoleGraph {
  return {
    name,
    run: async (script, options) => {
      seen.push(script);
      limits.push(options.timeoutMs);
      if (script.includes('forever')) return forever(options);
      const at = script.indexOf('bad');
      if (at >= 0) {
        const before = script.slice(0, at).split('\n');
        throw new GremlinSyntaxError("Unexpected 'bad', expected a step", { line: before.length, column: before[before.length - 1]!.length + 1 });
      }
      if (script.includes('count()')) return [size];
      if (script.includes('valueMap')) return [new Map([['name', ['marko']]])];
      return Array.from({ length: size }, (_, i) => `item${i}`);
    },
    explain: async (traversal) => `Original: ${traversal}\nFinal: ${traversal}`,
    schemaText: () => "schema.propertyKey('name').asText().ifNotExist().create();\n",
    properties: async () => undefined,
  };
}

/** Graphs by name with their sizes; `seen` collects every script run, `limits` their time limits. */
export function standInBackend(sizes: Readonly<Record<string, number>>, seen: string[] = [], limits: (number | undefined)[] = []): ConsoleBackend {
  return {
    graphNames: () => Object.keys(sizes).sort(),
    graph: async (name) => {
      const size = sizes[name];
      if (size === undefined) throw new NotFoundError('GRAPH_NOT_FOUND', `Graph '${name}' does not exist`);
      return standInGraph(name, size, seen, limits);
    },
  };
}

