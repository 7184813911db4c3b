/**
 * Element reads steps and services share: a traverser's vertex, and an element's live properties.
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import { Edge, Property, Vertex, VertexProperty } from '../../elements.js';
import type { Runtime } from '../../runtime/runtime.js';
import { valueKey } from '../../semantics/index.js';

/** Meta-properties of a vertex property; a writing traversal reads them again (see currentVertexProperty). */
function liveMeta(rt: Runtime, vp: VertexProperty): ReadonlyMap<string, unknown> {
  return rt.writer === undefined ? vp.meta : (currentVertexProperty(rt, vp)?.meta ?? vp.meta);
}

/**
 * The vertex a traverser stands on, or an ArgumentError naming the step.
 */
export function asVertex(value: unknown, step: string): Vertex {
  if (value instanceof Vertex) return value;
  throw new ArgumentError('NOT_A_VERTEX', `Cannot run ${step}(): the traverser holds ${String(value)}, not a vertex`);
}

/**
 * The properties of an element as Property or VertexProperty objects, all or of some keys.
 */
export function elementProperties(rt: Runtime, element: unknown, keys: readonly string[]): (Property | VertexProperty)[] {
  if (element instanceof Vertex) return rt.vertexProperties(element, keys);
  if (element instanceof Edge) {
    const wanted = keys.length > 0 ? keys : rt.source.edgePropertyKeys(element.slot);
    const out: Property[] = [];
    for (const key of wanted) {
      const value = rt.source.edgeProperty(element.slot, key);
      if (value !== undefined) out.push(new Property(key, value, element));
    }
    return out;
  }
  if (element instanceof VertexProperty) {
    const out: Property[] = [];
    for (const [key, value] of liveMeta(rt, element)) if (keys.length === 0 || keys.includes(key)) out.push(new Property(key, value, element));
    if (keys.length > 0) out.sort((a, b) => keys.indexOf(a.key) - keys.indexOf(b.key));
    return out;
  }
  throw new ArgumentError('NOT_AN_ELEMENT', `Cannot read properties: ${String(element)} is not an element`);
}

/**
 * A vertex property as it is now in the graph (same vertex, key and id), or undefined when it is
 * gone: a VertexProperty holds the meta-properties read with it, so steps after a write read it
 * again to see the write.
 */
export function currentVertexProperty(rt: Runtime, vp: VertexProperty): VertexProperty | undefined {
  const id = valueKey(vp.id);
  return rt.vertexProperties(vp.element, [vp.key]).find((p) => valueKey(p.id) === id);
}
