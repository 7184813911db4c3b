/**
 * The option and answer shapes that several traversers share: the measure block, vertices,
 * edges and paths as the traversers return them, and the step and selector objects their
 * options hold. Every name is camelCase; HugeGraph's REST spellings live in src/http only.
 * @module
 */
import type { Direction, PlainId } from '../../values/index.js';
import type { EdgeShape } from '../edge-shape.js';

/**
 * What a traverser did: adjacency entries read, vertices expanded, and the time it took in
 * nanoseconds.
 *
 * @example
 * ```ts
 * const { measure } = await graph.traversers.kout({ source: '1:marko', maxDepth: 2 });
 * console.log(measure.edgeIterations, measure.vertexIterations, measure.costNs);
 * ```
 */
export interface TraverserMeasure {
  readonly edgeIterations: number;
  readonly vertexIterations: number;
  readonly costNs: number;
}

/**
 * A vertex as the traversers return it with `withVertex`: ids and property values plain (a
 * multi-valued property is an array).
 *
 * @example
 * ```ts
 * const v: TraverserVertex = { id: '1:marko', label: 'person', type: 'vertex', properties: { name: 'marko' } };
 * ```
 */
export interface TraverserVertex {
  readonly id: PlainId;
  readonly label: string;
  readonly type: 'vertex';
  readonly properties: Readonly<Record<string, unknown>>;
}

/**
 * An edge as the traversers return it with `withEdge`: the engine's one edge shape, ids and
 * values plain.
 *
 * @example
 * ```ts
 * const e: TraverserEdge = { id: 'S1:marko>1>>S1:peter', label: 'knows', type: 'edge', outV: '1:marko', outVLabel: 'person', inV: '1:peter', inVLabel: 'person', properties: {} };
 * ```
 */
export type TraverserEdge = EdgeShape<unknown, PlainId>;

/**
 * A path: the ids of its vertices, first to last.
 *
 * @example
 * ```ts
 * const p: TraverserPath = { objects: ['1:marko', '1:peter'] };
 * ```
 */
export interface TraverserPath {
  readonly objects: PlainId[];
}

/**
 * The vertices and edges of the paths an answer holds: ids, or full elements with `withVertex`
 * and `withEdge`.
 *
 * @example
 * ```ts
 * const { vertices, edges } = await graph.traversers.rays({ source: '1:marko', maxDepth: 2, withEdge: true });
 * ```
 */
export interface PathElements {
  readonly vertices: (PlainId | TraverserVertex)[];
  readonly edges: (PlainId | TraverserEdge)[];
}

/**
 * A property filter: property name → a value it must equal, or HugeGraph's predicate text
 * (`'P.gt(0.3)'`, `'P.within("a","b")'`).
 *
 * @example
 * ```ts
 * const filter: PropertyFilter = { weight: 'P.gt(0.3)', city: 'Beijing' };
 * ```
 */
export type PropertyFilter = Readonly<Record<string, unknown>>;

/**
 * How far one hop reaches from a vertex: the direction (default BOTH), the most adjacent edges
 * followed per vertex (`maxDegree`, default 10000, -1 for no limit) and the degree from which
 * a vertex is skipped (`skipDegree`, default 0: off; when on, at least `maxDegree`).
 *
 * @example
 * ```ts
 * const hop: DegreeOptions = { direction: 'OUT', maxDegree: 100 };
 * ```
 */
export interface DegreeOptions {
  readonly direction?: Direction;
  readonly maxDegree?: number;
  readonly skipDegree?: number;
}

/**
 * The single hop of the traversers that take one edge label: {@link DegreeOptions} and
 * `label` (default: every label).
 *
 * @example
 * ```ts
 * const hop: HopParameters = { direction: 'OUT', label: 'knows' };
 * ```
 */
export interface HopParameters extends DegreeOptions {
  readonly label?: string;
}

/**
 * HugeGraph's EdgeStep: one hop along `labels` (default all) whose edges pass `properties`.
 *
 * @example
 * ```ts
 * const step: EdgeStep = { direction: 'OUT', labels: ['knows'], properties: { weight: 'P.gt(0.3)' } };
 * ```
 */
export interface EdgeStep extends DegreeOptions {
  readonly labels?: readonly string[];
  readonly properties?: PropertyFilter;
}

/**
 * A label and property filter on the vertices or edges of a {@link VertexEdgeSteps} hop.
 *
 * @example
 * ```ts
 * const f: LabelFilter = { label: 'person', properties: { age: 'P.lt(32)' } };
 * ```
 */
export interface LabelFilter {
  readonly label?: string;
  readonly properties?: PropertyFilter;
}

/**
 * HugeGraph's VESteps (the `steps` of kout, kneighbor and egonet): a hop whose edges pass one
 * of `edgeSteps` and whose vertices pass one of `vertexSteps` (either list empty: all pass).
 *
 * @example
 * ```ts
 * const steps: VertexEdgeSteps = { direction: 'OUT', edgeSteps: [{ label: 'knows' }], vertexSteps: [{ label: 'person' }] };
 * ```
 */
export interface VertexEdgeSteps extends DegreeOptions {
  readonly edgeSteps?: readonly LabelFilter[];
  readonly vertexSteps?: readonly LabelFilter[];
}

/**
 * Which vertices a traverser starts from (or ends at): `ids`, or vertices of `label` whose
 * properties pass `properties`. An empty `ids` list counts as none.
 *
 * @example
 * ```ts
 * const sources: VertexSelector = { label: 'person', properties: { city: 'Beijing' } };
 * ```
 */
export interface VertexSelector {
  readonly ids?: readonly PlainId[];
  readonly label?: string;
  readonly properties?: PropertyFilter;
}

/**
 * Full elements instead of ids in an answer's `vertices` and `edges`.
 *
 * @example
 * ```ts
 * const full: ElementOptions = { withVertex: true, withEdge: true };
 * ```
 */
export interface ElementOptions {
  readonly withVertex?: boolean;
  readonly withEdge?: boolean;
}

/**
 * The answer of the traversers that list paths (allShortestPaths, multiNodeShortestPath,
 * paths, templatePaths): the paths, their vertices and edges, and the measure block.
 *
 * @example
 * ```ts
 * const { paths } = await graph.traversers.allShortestPaths({ source: '1:marko', target: '1:josh', maxDepth: 3 });
 * ```
 */
export interface PathsResult extends PathElements {
  readonly paths: TraverserPath[];
  readonly measure: TraverserMeasure;
}
