/**
 * The graph subgraph() builds: vertices and edges by id, each with the properties it had when
 * it was added. A value of its own (GType.GRAPH), so it sits beside the other result objects.
 * @module
 */
import { Edge, Vertex, elementIdKey } from './elements.js';
import type { PropertyValue } from '../values/index.js';

/** Property values of one element, by key (a vertex key may hold several values). */
export type SubgraphProperties = ReadonlyMap<string, readonly PropertyValue[]>;

/**
 * The graph built by subgraph(): vertices and edges by id, each with the properties it had when
 * it was added.
 *
 * @example
 * ```ts
 * const sg = new Subgraph();
 * sg.vertices.length; // 0
 * String(sg);         // 'subgraph[vertices:0 edges:0]'
 * ```
 */
export class Subgraph {
  readonly #vertices = new Map<string, { readonly vertex: Vertex; readonly properties: SubgraphProperties }>();
  readonly #edges = new Map<string, { readonly edge: Edge; readonly properties: SubgraphProperties }>();

  /** The vertices, in the order they were added. */
  get vertices(): Vertex[] {
    return [...this.#vertices.values()].map((e) => e.vertex);
  }

  /** The edges, in the order they were added. */
  get edges(): Edge[] {
    return [...this.#edges.values()].map((e) => e.edge);
  }

  /** The properties a vertex or edge of this graph has, or undefined when it is not in it. */
  properties(element: Vertex | Edge): SubgraphProperties | undefined {
    const key = elementIdKey(element.id);
    return element instanceof Vertex ? this.#vertices.get(key)?.properties : this.#edges.get(key)?.properties;
  }

  /** Adds a vertex unless one with its id is present. */
  addVertex(vertex: Vertex, properties: SubgraphProperties): void {
    const key = elementIdKey(vertex.id);
    if (!this.#vertices.has(key)) this.#vertices.set(key, { vertex, properties });
  }

  /** Adds an edge unless one with its id is present. */
  addEdge(edge: Edge, properties: SubgraphProperties): void {
    const key = elementIdKey(edge.id);
    if (!this.#edges.has(key)) this.#edges.set(key, { edge, properties });
  }

  /** `subgraph[vertices:N edges:M]`. */
  toString(): string {
    return `subgraph[vertices:${this.#vertices.size} edges:${this.#edges.size}]`;
  }
}

