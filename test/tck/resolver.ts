/**
 * Resolves the notation's named elements (`v[marko]`, `e[marko-knows->vadas]`,
 * `vp[marko-age->d[29].i]`) against a loaded graph, and turns resolved values into the
 * runtime objects bound as traversal variables (variable mode, FORMAT.md §3).
 * @module
 */
import { NotFoundError, UnsupportedError } from '../../src/errors.js';
import type { ElementId, GraphSource } from '../../src/index.js';
import type { ElementResolver, Notated } from './notation.js';
import { javaEquals } from './compare.js';
import { describeExpected } from './describe.js';

function notFound(what: string): NotFoundError {
  return new NotFoundError('TCK_ELEMENT_NOT_FOUND', `Cannot resolve notation: ${what}`);
}

/**
 * An {@link ElementResolver} over a GraphSource, which finds vertices by their `name`
 * property. It indexes the names once; build a new one after the graph changes.
 *
 * @example
 * ```ts
 * const resolver = readGraph(graph, (s) => new GraphResolver(s));
 * resolver.vertexId('marko');   // 1
 * ```
 */
export class GraphResolver implements ElementResolver {
  readonly #source: GraphSource;
  readonly #slots = new Map<string, number>();

  constructor(source: GraphSource) {
    this.#source = source;
    for (const slot of source.vertexSlots()) {
      const name = source.vertexProperties(slot, ['name'])[0]?.value;
      if (typeof name === 'string' && !this.#slots.has(name)) this.#slots.set(name, slot);
    }
  }

  /** Slot of the vertex with this name. */
  vertexSlot(name: string): number {
    const slot = this.#slots.get(name);
    if (slot === undefined) throw notFound(`no vertex is named '${name}'`);
    return slot;
  }

  vertexId(name: string): ElementId {
    return this.#source.vertexId(this.vertexSlot(name));
  }

  edgeId(ref: { readonly out: string; readonly label: string; readonly in: string }): ElementId {
    const out = this.vertexSlot(ref.out);
    const inSlot = this.vertexSlot(ref.in);
    for (const edge of this.#source.edgeSlots(ref.label)) {
      if (this.#source.edgeOutVertex(edge) === out && this.#source.edgeInVertex(edge) === inSlot) return this.#source.edgeId(edge);
    }
    throw notFound(`no '${ref.label}' edge goes from '${ref.out}' to '${ref.in}'`);
  }

  vertexPropertyId(ref: { readonly vertex: string; readonly key: string; readonly value: Notated }): ElementId {
    const found = this.#source.vertexProperties(this.vertexSlot(ref.vertex), [ref.key]).find((p) => javaEquals(p.value, ref.value));
    if (found === undefined) throw notFound(`vertex '${ref.vertex}' has no '${ref.key}' property equal to ${describeExpected(ref.value)}`);
    return found.id;
  }
}

/**
 * Runs one Gremlin text with bindings; the shape of `graph.gremlin`.
 *
 * @example
 * ```ts
 * const run: GremlinRun = (text, options) => graph.gremlin(text, options);
 * ```
 */
export type GremlinRun = (text: string, options: { readonly bindings: Record<string, unknown> }) => Promise<unknown[]>;

async function fetchOne(run: GremlinRun, text: string, bindings: Record<string, unknown>, what: string): Promise<unknown> {
  const found = await run(text, { bindings });
  if (found.length === 0) throw notFound(`the engine found no ${what}`);
  return found[0];
}

async function fetchElement(value: Extract<Notated, { kind: 'element' }>, run: GremlinRun): Promise<unknown> {
  if (value.type === 'vertex') return fetchOne(run, 'g.V(tckId)', { tckId: value.id }, `vertex with id ${String(value.id)}`);
  if (value.type === 'edge') return fetchOne(run, 'g.E(tckId)', { tckId: value.id }, `edge with id ${String(value.id)}`);
  throw new UnsupportedError('TCK_BINDING', `Cannot bind a vertex property as a parameter: ${describeExpected(value)}`);
}

/**
 * Converts a resolved value into the runtime object bound as a variable: lists become arrays,
 * sets `Set`s, maps `Map`s, and elements the engine's own vertex and edge objects (fetched
 * with `g.V(id)` / `g.E(id)`).
 *
 * @example
 * ```ts
 * await toBinding(resolveNotated(parseNotation('l[d[1].i,v[marko]]'), resolver), run);   // [1, Vertex(1)]
 * ```
 */
export async function toBinding(value: Notated, run: GremlinRun): Promise<unknown> {
  if (value === null || typeof value !== 'object' || !('kind' in value)) return value;
  switch (value.kind) {
    case 'element':
      return fetchElement(value, run);
    case 'list':
      return Promise.all(value.items.map((v) => toBinding(v, run)));
    case 'set':
      return new Set(await Promise.all(value.items.map((v) => toBinding(v, run))));
    case 'map': {
      const entries = await Promise.all(value.entries.map(async ([k, v]) => [await toBinding(k, run), await toBinding(v, run)] as const));
      return new Map(entries);
    }
    case 'char':
      return value.value;
    default:
      throw new UnsupportedError('TCK_BINDING', `Cannot bind notation as a parameter: ${describeExpected(value)}`);
  }
}
