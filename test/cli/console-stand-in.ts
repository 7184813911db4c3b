/**
 * A tiny stand-in for the graph behind the console, so the session and REPL tests run
 * without the engine.
 */
import { GremlinSyntaxError, NotFoundError } from '../../src/index.js';
import type { ConsoleBackend, ConsoleGraph } from '../../src/cli/console/session.js';

/** A stand-in graph: `g.V().count()` counts `size`, text containing `bad` fails to parse. */
export function standInGraph(name: string, size: number, seen: string[] = []): ConsoleGraph {
  return {
    name,
    run: async (script) => {
      seen.push(script);
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
    properties: () => undefined,
  };
}

/** Graphs by name with their sizes; `seen` collects every script run. */
export function standInBackend(sizes: Readonly<Record<string, number>>, seen: string[] = []): ConsoleBackend {
  return {
    graphNames: () => Object.keys(sizes).sort(),
    graph: async (name) => {
      const size = sizes[name];
      if (size === undefined) throw new NotFoundError('GRAPH_NOT_FOUND', `Graph '${name}' does not exist`);
      return standInGraph(name, size, seen);
    },
  };
}

