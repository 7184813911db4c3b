/**
 * The OLTP queries of the Gremlin benchmark, each written twice: as Gremlin text (run through
 * `graph.gremlin`, parse included, with the start vertex as the binding `vid` and its name as
 * `vname`) and as a fluent traversal (`graph.traversal()`), which must build the same bytecode.
 * @module
 */
import { EnumValue, STRATEGIES, __, P } from '../../src/engine/index.js';
import type { GraphTraversal, GraphTraversalSource } from '../../src/index.js';
import type { BenchGraph, StartVertex } from './graphs.js';

const LABEL = new EnumValue('T', 'label');
const DESC = new EnumValue('Order', 'desc');

/**
 * One benchmark query: `text` is the Gremlin source for a graph, `fluent` builds the same
 * traversal from a source `g` for one start vertex; `scan` marks queries that read every vertex.
 * `work`, when set, counts the traversers a start vertex costs (from the baseline CSR): starts
 * above WORK_CAP are left out of that query's rotation, so hubs of a skewed graph do not turn an
 * OLTP latency into a bulk job.
 *
 * @example
 * ```ts
 * const q: QuerySpec = { name: 'out-count', scan: false, text: () => 'g.V(vid).out().count()', fluent: (g, s) => g.V(s.id).out().count() };
 * ```
 */
export interface QuerySpec {
  readonly name: string;
  readonly scan: boolean;
  readonly text: (names: QueryNames) => string;
  readonly fluent: (g: GraphTraversalSource, start: StartVertex, bg: BenchGraph) => GraphTraversal;
  readonly work?: (bg: BenchGraph, start: StartVertex) => number;
}

/**
 * The names a query's text uses: the start vertices' label, the edge label it follows, the
 * numeric key it orders by.
 *
 * @example
 * ```ts
 * const names: QueryNames = { vertexLabel: 'song', edgeLabel: 'followedBy', rankKey: 'performances' };
 * ```
 */
export type QueryNames = Pick<BenchGraph, 'vertexLabel' | 'edgeLabel' | 'rankKey'>;

/**
 * Most traversers a start vertex may cost in a query with a `work` measure.
 *
 * @example
 * ```ts
 * const starts = bg.starts.filter((s) => (q.work?.(bg, s) ?? 0) <= WORK_CAP);
 * ```
 */
export const WORK_CAP = 200_000;

/** Paths of length 3 from a start: the traversers repeat(out()).times(3) produces without bulking. */
function threeHopPaths(bg: BenchGraph, start: StartVertex): number {
  let paths = 0;
  for (const u of bg.csr.outNeighboursOf(start.dense)) for (const w of bg.csr.outNeighboursOf(u)) paths += bg.csr.outDegree(w);
  return paths;
}

/**
 * The queries, in report order.
 *
 * @example
 * ```ts
 * for (const q of QUERIES) console.log(q.name, q.text(grateful));
 * ```
 */
export const QUERIES: readonly QuerySpec[] = [
  {
    name: 'out-count',
    scan: false,
    text: () => 'g.V(vid).out().count()',
    fluent: (g, s) => g.V(s.id).out().count(),
  },
  {
    name: '2hop-dedup-count',
    scan: false,
    text: () => 'g.V(vid).out().out().dedup().count()',
    fluent: (g, s) => g.V(s.id).out().out().dedup().count(),
  },
  {
    name: 'has-name-out-values',
    scan: false,
    text: (bg) => `g.V().has('${bg.vertexLabel}', 'name', vname).out('${bg.edgeLabel}').values('name')`,
    fluent: (g, s, bg) => g.V().has(bg.vertexLabel, 'name', s.name).out(bg.edgeLabel).values('name'),
  },
  {
    name: 'fof-limit10',
    scan: false,
    text: () => "g.V(vid).as('a').out().out().where(neq('a')).dedup().limit(10).values('name')",
    fluent: (g, s) => g.V(s.id).as_('a').out().out().where(P.neq('a')).dedup().limit(10).values('name'),
  },
  {
    name: '2hop-groupCount-label',
    scan: false,
    text: () => 'g.V(vid).out().out().groupCount().by(label)',
    fluent: (g, s) => g.V(s.id).out().out().groupCount().by(LABEL),
  },
  {
    name: '2hop-order-limit10',
    scan: false,
    text: (bg) => `g.V(vid).out('${bg.edgeLabel}').out('${bg.edgeLabel}').order().by('${bg.rankKey}', desc).limit(10).values('name')`,
    fluent: (g, s, bg) => g.V(s.id).out(bg.edgeLabel).out(bg.edgeLabel).order().by(bg.rankKey, DESC).limit(10).values('name'),
  },
  {
    name: 'repeat-out-x3-count',
    scan: false,
    text: () => 'g.V(vid).repeat(out()).times(3).count()',
    fluent: (g, s) => g.V(s.id).repeat(__.out()).times(3).count(),
    work: threeHopPaths,
  },
  {
    name: 'path-2hop-limit10',
    scan: false,
    text: () => 'g.V(vid).out().out().path().limit(10)',
    fluent: (g, s) => g.V(s.id).out().out().path().limit(10),
  },
  {
    name: 'scan-groupCount-label',
    scan: true,
    text: () => 'g.V().groupCount().by(label)',
    fluent: (g) => g.V().groupCount().by(LABEL),
  },
  {
    name: 'scan-order-limit10',
    scan: true,
    text: (bg) => `g.V().hasLabel('${bg.vertexLabel}').order().by('${bg.rankKey}', desc).limit(10).values('name')`,
    fluent: (g, _s, bg) => g.V().hasLabel(bg.vertexLabel).order().by(bg.rankKey, DESC).limit(10).values('name'),
  },
];

/**
 * Names of every optimisation strategy, for `withoutStrategies(...)`. Semantic strategies
 * (PathRetractionStrategy, whose barriers TinkerPop always inserts) stay on, so both sides of
 * the comparison run the same Gremlin.
 *
 * @example
 * ```ts
 * graph.traversal().withoutStrategies(...OPTIMISATIONS);
 * ```
 */
export const OPTIMISATIONS: readonly string[] = STRATEGIES.filter((s) => s.semantic !== true).map((s) => s.name);

/**
 * The text form with every optimisation strategy turned off.
 *
 * @example
 * ```ts
 * withoutOptimisations('g.V().count()'); // 'g.withoutStrategies(IdentityRemovalStrategy, ...).V().count()'
 * ```
 */
export function withoutOptimisations(text: string): string {
  return `g.withoutStrategies(${OPTIMISATIONS.join(', ')})${text.slice(1)}`;
}
