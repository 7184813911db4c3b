/**
 * Test helpers: a traversal source over a reference graph, and result normalisation.
 * @module
 */
import { GraphTraversalSource } from '../../src/engine/fluent/source.js';
import type { GraphWriter } from '../../src/port/index.js';
import { Edge, Vertex, VertexProperty, Property } from '../../src/engine/elements.js';
import { TypedNumber } from '../../src/values/index.js';
import type { ReferenceGraph } from './reference-source.js';

/**
 * A traversal source over the graph, with write access.
 *
 * @example
 * ```ts
 * const g = source(modern());
 * ```
 */
export function source(graph: ReferenceGraph, optimise = true): GraphTraversalSource {
  return new GraphTraversalSource(
    () => ({ source: graph, write: <T>(fn: (w: GraphWriter) => T): T => graph.write(fn) }),
    { optimise, types: 'java' },
  );
}

/**
 * A readable, comparable form of a result: elements by id, typed numbers with a suffix,
 * maps as sorted-free plain objects keyed by their plain form.
 *
 * @example
 * ```ts
 * plain(new TypedNumber('long', 2n)); // '2l'
 * ```
 */
export function plain(v: unknown): unknown {
  if (v instanceof Vertex) return `v[${String(v.id)}]`;
  if (v instanceof Edge) return `e[${String(v.id)}]`;
  if (v instanceof VertexProperty) return `vp[${v.key}->${String(plain(v.value))}]`;
  if (v instanceof Property) return `p[${v.key}->${String(plain(v.value))}]`;
  if (v instanceof TypedNumber) return `${String(v.value)}${v.type[0] ?? ''}`;
  if (Array.isArray(v)) return v.map(plain);
  if (v instanceof Set) return { set: [...(v as Set<unknown>)].map(plain) };
  if (v instanceof Map) {
    const o: Record<string, unknown> = {};
    for (const [k, val] of v as Map<unknown, unknown>) o[String(typeof k === 'object' && k !== null ? String(plain(k) ?? k) : k)] = plain(val);
    return o;
  }
  if (v !== null && typeof v === 'object' && 'objects' in v) return { path: (v as { objects: unknown[] }).objects.map(plain) };
  return v;
}

/**
 * Sorted plain results, for order-insensitive comparison.
 *
 * @example
 * ```ts
 * sorted(await g.V().values('name').toList());
 * ```
 */
export function sorted(values: readonly unknown[]): string[] {
  return values.map((v) => JSON.stringify(plain(v))).sort();
}
