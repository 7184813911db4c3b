/**
 * subgraph(key): every edge that passes is copied, with its two end vertices and their
 * properties, into an in-memory graph kept under the side-effect key (read it with cap(key)).
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import { Edge, Vertex, elementIdKey } from '../../elements.js';
import type { PropertyValue } from '../../../values/index.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';

/** Property values of one element, by key (a vertex key may hold several values). */
type Properties = ReadonlyMap<string, readonly PropertyValue[]>;

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
  readonly #vertices = new Map<string, { readonly vertex: Vertex; readonly properties: Properties }>();
  readonly #edges = new Map<string, { readonly edge: Edge; readonly properties: Properties }>();

  /** The vertices, in the order they were added. */
  get vertices(): Vertex[] {
    return [...this.#vertices.values()].map((e) => e.vertex);
  }

  /** The edges, in the order they were added. */
  get edges(): Edge[] {
    return [...this.#edges.values()].map((e) => e.edge);
  }

  /** The properties a vertex or edge of this graph has, or undefined when it is not in it. */
  properties(element: Vertex | Edge): Properties | undefined {
    const key = elementIdKey(element.id);
    return element instanceof Vertex ? this.#vertices.get(key)?.properties : this.#edges.get(key)?.properties;
  }

  /** Adds a vertex unless one with its id is present. */
  addVertex(vertex: Vertex, properties: Properties): void {
    const key = elementIdKey(vertex.id);
    if (!this.#vertices.has(key)) this.#vertices.set(key, { vertex, properties });
  }

  /** Adds an edge unless one with its id is present. */
  addEdge(edge: Edge, properties: Properties): void {
    const key = elementIdKey(edge.id);
    if (!this.#edges.has(key)) this.#edges.set(key, { edge, properties });
  }

  /** `subgraph[vertices:N edges:M]`. */
  toString(): string {
    return `subgraph[vertices:${this.#vertices.size} edges:${this.#edges.size}]`;
  }
}

function vertexProperties(rt: Runtime, v: Vertex): Properties {
  const out = new Map<string, PropertyValue[]>();
  for (const p of rt.source.vertexProperties(v.slot)) out.set(p.key, [...(out.get(p.key) ?? []), p.value]);
  return out;
}

function edgeProperties(rt: Runtime, e: Edge): Properties {
  const out = new Map<string, PropertyValue[]>();
  for (const key of rt.source.edgePropertyKeys(e.slot)) {
    const value = rt.source.edgeProperty(e.slot, key);
    if (value !== undefined) out.set(key, [value]);
  }
  return out;
}

function graphOf(rt: Runtime, key: string): Subgraph {
  const existing = rt.sideEffects.get(key);
  if (existing instanceof Subgraph) return existing;
  const made = new Subgraph();
  rt.sideEffects.set(key, made);
  return made;
}

function* run(p: { readonly key: string }, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const graph = graphOf(rt, p.key);
  for (const t of input) {
    const e = t.value;
    if (!(e instanceof Edge)) throw new ArgumentError('SUBGRAPH_EDGE', `Cannot add to subgraph '${p.key}': ${String(e)} is not an edge`);
    graph.addVertex(e.outV, vertexProperties(rt, e.outV));
    graph.addVertex(e.inV, vertexProperties(rt, e.inV));
    graph.addEdge(e, edgeProperties(rt, e));
    yield t;
  }
}

/**
 * The subgraph() step.
 */
export const subgraphStep: StepDef<'subgraph'> = {
  kind: 'subgraph',
  category: 'side-effect',
  ops: ['subgraph'],
  compile(ins) {
    const [key] = ins.args;
    if (ins.args.length !== 1 || typeof key !== 'string') throw badArguments(ins, 'expected a side-effect key');
    return { key };
  },
  run,
  describe: (p) => p.key,
};
