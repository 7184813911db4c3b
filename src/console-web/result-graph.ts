/**
 * The web console's result-to-graph conversion: which vertices and edges a Gremlin reply
 * (HugeGraph's JSON shapes, docs/rest.md "Gremlin") holds, found at any depth (lists, maps,
 * paths), with the end vertices of every edge, and the merge of an expansion with its cap. Plain
 * data and no DOM, so it runs (and is tested) under node as well as in the page.
 * @module
 */

/** A vertex id as the server writes it: a number (AUTOMATIC, modern graph) or a string (`1:marko`). */
export type ElementIdValue = string | number;

/** A vertex to draw. `complete` is false for an edge end known only by its id and label. */
export interface GraphNode {
  /** The drawing key: the id's JSON text, so that `1` and `"1"` stay two vertices. */
  readonly key: string;
  readonly id: ElementIdValue;
  readonly label: string;
  readonly properties: Readonly<Record<string, unknown>>;
  readonly complete: boolean;
}

/** An edge to draw, between the keys of its end vertices. */
export interface GraphEdge {
  readonly key: string;
  readonly id: ElementIdValue;
  readonly label: string;
  readonly source: string;
  readonly target: string;
  readonly properties: Readonly<Record<string, unknown>>;
}

/** The vertices and edges of a result, by key, in the order they were met. */
export interface ResultGraph {
  readonly nodes: Map<string, GraphNode>;
  readonly edges: Map<string, GraphEdge>;
}

type Json = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isId(value: unknown): value is ElementIdValue {
  return typeof value === 'string' || typeof value === 'number';
}

/** The drawing key of an element id. */
export function elementKey(id: ElementIdValue): string {
  return JSON.stringify(id);
}

function isElement(value: Json, type: 'vertex' | 'edge'): boolean {
  return value['type'] === type && isId(value['id']) && typeof value['label'] === 'string';
}

function propertiesOf(value: Json): Json {
  const properties = value['properties'];
  return isObject(properties) ? properties : {};
}

/** Adds a vertex; a complete record replaces an edge end known only by id and label. */
function addNode(graph: ResultGraph, node: GraphNode): void {
  const known = graph.nodes.get(node.key);
  if (known === undefined || (!known.complete && node.complete)) graph.nodes.set(node.key, node);
}

function addEnd(graph: ResultGraph, id: unknown, label: unknown): string | undefined {
  if (!isId(id)) return undefined;
  const key = elementKey(id);
  addNode(graph, { key, id, label: typeof label === 'string' ? label : '', properties: {}, complete: false });
  return key;
}

function addEdge(graph: ResultGraph, edge: Json): void {
  const source = addEnd(graph, edge['outV'], edge['outVLabel']);
  const target = addEnd(graph, edge['inV'], edge['inVLabel']);
  const id = edge['id'] as ElementIdValue;
  const key = elementKey(id);
  if (source === undefined || target === undefined || graph.edges.has(key)) return;
  graph.edges.set(key, { key, id, label: edge['label'] as string, source, target, properties: propertiesOf(edge) });
}

function visit(graph: ResultGraph, value: unknown, depth: number): void {
  if (depth > 64) return;
  if (Array.isArray(value)) {
    for (const item of value) visit(graph, item, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  if (isElement(value, 'vertex')) {
    const id = value['id'] as ElementIdValue;
    addNode(graph, { key: elementKey(id), id, label: value['label'] as string, properties: propertiesOf(value), complete: true });
    return;
  }
  if (isElement(value, 'edge')) {
    addEdge(graph, value);
    return;
  }
  for (const item of Object.values(value)) visit(graph, item, depth + 1);
}

/** An empty graph. */
export function emptyGraph(): ResultGraph {
  return { nodes: new Map(), edges: new Map() };
}

/**
 * The vertices and edges a Gremlin result holds: vertex and edge records anywhere in it (in
 * lists, map values, path objects), and the end vertices of every edge (drawn from the edge's
 * `outV`/`inV` ids and labels when the result does not hold them).
 */
export function resultGraph(data: readonly unknown[]): ResultGraph {
  const graph = emptyGraph();
  visit(graph, data, 0);
  return graph;
}

/** What {@link mergeExpansion} added. */
export interface Expansion {
  readonly addedNodes: number;
  readonly addedEdges: number;
  /** True when the neighbourhood had more than `cap` edges and only `cap` were taken. */
  readonly cut: boolean;
}

/**
 * The Gremlin text and bindings of one expansion: the paths `vertex, edge, neighbour` of at most
 * `cap + 1` edges of the vertex (one request, whatever the number of neighbours; the extra one
 * tells that the cap cut).
 */
export function expansionRequest(id: ElementIdValue, cap: number): { readonly gremlin: string; readonly bindings: Readonly<Record<string, ElementIdValue>> } {
  return { gremlin: 'g.V(vertexId).bothE().limit(edgeLimit).otherV().path()', bindings: { vertexId: id, edgeLimit: cap + 1 } };
}

/**
 * Merges the answer of an {@link expansionRequest} into `graph`, at most `cap` of its paths
 * (in the order the server answered them).
 */
export function mergeExpansion(graph: ResultGraph, data: readonly unknown[], cap: number): Expansion {
  const nodes = graph.nodes.size;
  const edges = graph.edges.size;
  const found = resultGraph(data.slice(0, cap));
  for (const node of found.nodes.values()) addNode(graph, node);
  for (const edge of found.edges.values()) if (!graph.edges.has(edge.key)) graph.edges.set(edge.key, edge);
  return { addedNodes: graph.nodes.size - nodes, addedEdges: graph.edges.size - edges, cut: data.length > cap };
}
