/**
 * The graph a server's Gremlin request runs on (hugegraph-notes §6). A script names graphs as
 * variables: `hugegraph` or `DEFAULT-hugegraph` (as `this.binding.'DEFAULT-hugegraph'`) for a
 * graph, `__g_hugegraph` or `__g_DEFAULT-hugegraph` for its traversal source, and a request's
 * `aliases` map short names to those. The text is parsed once, with these names bound as the
 * script's variables for the graph and its traversal source; a request uses one graph, and
 * with none named it runs on DEFAULT/hugegraph.
 * @module
 */
import { ArgumentError, UnsupportedError } from '../../errors.js';
import type { GraphNameKind, Script } from '../../engine/index.js';
import type { GraphServices } from '../graph/graph-state.js';
import { gremlinBindings } from '../graph/request-runner.js';
import { DEFAULT_SPACE } from './tenancy.js';

/**
 * A Gremlin request to a server: its text, bindings (plain values) and aliases.
 *
 * @example
 * ```ts
 * const request: GremlinText = { gremlin: 'g.V().count()', aliases: { graph: 'DEFAULT-hugegraph' } };
 * ```
 */
export interface GremlinText {
  readonly gremlin: string;
  readonly bindings?: Readonly<Record<string, unknown>>;
  readonly aliases?: Readonly<Record<string, string>>;
  /** Names a session's earlier requests assigned (its `GremlinScope`'s variables), which the script may read. */
  readonly variables?: Iterable<string>;
}

/**
 * A server's Gremlin request, parsed: the graph it runs on and its script.
 *
 * @example
 * ```ts
 * declare const state: ServerState;
 * declare const parsed: ParsedGremlin;
 * await state.graph(parsed.space, parsed.graph).gremlin(parsed.script);
 * ```
 */
export interface ParsedGremlin {
  readonly space: string;
  readonly graph: string;
  readonly script: Script;
}

/** A graph or traversal source a name stands for. */
interface Bound {
  readonly space: string;
  readonly graph: string;
  readonly kind: GraphNameKind;
}

/** The graphs of a server, by space. */
interface GraphDirectory {
  spaceNames(): string[];
  graphNames(space: string): string[];
}

const TRAVERSAL_PREFIX = '__g_';

/** The graph or traversal source a name stands for, or undefined. */
function boundName(graphs: GraphDirectory, name: string): Bound | undefined {
  const traversal = name.startsWith(TRAVERSAL_PREFIX);
  const graphName = traversal ? name.slice(TRAVERSAL_PREFIX.length) : name;
  const candidates: Array<readonly [string, string]> = [[DEFAULT_SPACE, graphName]];
  const dash = graphName.indexOf('-');
  if (dash > 0) candidates.unshift([graphName.slice(0, dash), graphName.slice(dash + 1)]);
  for (const [space, graph] of candidates) {
    if (!graphs.spaceNames().includes(space)) continue;
    if (graphs.graphNames(space).includes(graph)) return { space, graph, kind: traversal ? 'traversal' : 'graph' };
  }
  return undefined;
}

/**
 * Parses a server's Gremlin request once, with the graph names and aliases it uses bound, and
 * finds its graph: `fixed` (the graph of a `/graphspaces/{space}/graphs/{graph}/jobs/gremlin`
 * path), the one graph the script and aliases name, or DEFAULT/hugegraph. ArgumentError
 * `GREMLIN_ALIAS` for an alias of no graph, `GREMLIN_GRAPHS` for a request naming two graphs.
 */
export function parseGremlin(graphs: GraphDirectory, services: GraphServices, request: GremlinText, fixed?: { readonly space: string; readonly graph: string }): ParsedGremlin {
  const parse = services.parseScript;
  if (parse === undefined) throw new UnsupportedError('GREMLIN_UNAVAILABLE', 'Cannot run Gremlin: this server was opened without a Gremlin parser');
  const aliases = new Map<string, Bound>();
  for (const [alias, target] of Object.entries(request.aliases ?? {})) {
    const bound = boundName(graphs, target);
    if (bound === undefined) throw new ArgumentError('GREMLIN_ALIAS', `Invalid alias '${alias}': no graph or traversal source named '${target}'`);
    aliases.set(alias, bound);
  }
  const named = new Map<string, Bound>();
  const resolve = (name: string): GraphNameKind | undefined => {
    const bound = aliases.get(name) ?? boundName(graphs, name);
    if (bound !== undefined) named.set(name, bound);
    return bound?.kind;
  };
  const script = parse(request.gremlin, { bindings: gremlinBindings(request.bindings ?? {}), graphNames: resolve, variables: request.variables });
  let target = fixed;
  for (const bound of [...aliases.values(), ...named.values()]) {
    if (target !== undefined && (target.space !== bound.space || target.graph !== bound.graph)) {
      throw new ArgumentError('GREMLIN_GRAPHS', `Invalid Gremlin request: one request may use one graph, but it names '${target.space}-${target.graph}' and '${bound.space}-${bound.graph}'`);
    }
    target = bound;
  }
  return { space: target?.space ?? DEFAULT_SPACE, graph: target?.graph ?? 'hugegraph', script };
}

/**
 * The graph of a traversal source name (`g` for DEFAULT/hugegraph, `__g_<graph>`,
 * `__g_<space>-<graph>`, or a graph's name); ArgumentError `GREMLIN_ALIAS` for another name.
 */
export function traversalSourceGraph(graphs: GraphDirectory, name: string): { readonly space: string; readonly graph: string } {
  if (name === 'g') return { space: DEFAULT_SPACE, graph: 'hugegraph' };
  const bound = boundName(graphs, name);
  if (bound === undefined) throw new ArgumentError('GREMLIN_ALIAS', `Invalid alias 'g': no graph or traversal source named '${name}'`);
  return { space: bound.space, graph: bound.graph };
}
