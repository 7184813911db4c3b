/**
 * Edge batches of the write path: the per-edge insert, and the columnar one that hands the
 * writer one batch per run of edges of the same label (slot arrays from one id lookup pass and
 * one value column per property key) through `GraphWriter.addEdgesBulk`.
 * @module
 */
import type { ElementId, GraphWriter, PropertyValue } from '../engine/index.js';
import { requireEnd, toEntries } from './element-views.js';
import type { EdgeInput } from './element-views.js';

/**
 * Adds one edge given by vertex ids inside a write, the per-edge path: VERTEX_NOT_FOUND for an
 * absent end, EDGE_VERTEX_LABEL for an end whose label is not the given one, then the writer's
 * rules. Returns the edge slot.
 *
 * @example
 * ```ts
 * await graph.write((w) => addEdgeRow(w, { label: 'knows', out: '1:marko', in: '1:vadas' }));
 * ```
 */
export function addEdgeRow(w: GraphWriter, e: EdgeInput): number {
  const out = requireEnd(w, { id: e.out, label: e.outLabel, action: 'Cannot create edge' });
  const inV = requireEnd(w, { id: e.in, label: e.inLabel, action: 'Cannot create edge' });
  return w.addEdge(e.label, { out, in: inV }, { id: e.id, properties: toEntries(e.properties) });
}

/**
 * Adds a batch of edges inside a write and returns their slots in input order, with the same
 * result and the same first error as {@link addEdgeRow} per edge. Each run of consecutive
 * edges of one label goes to the writer as one columnar batch (`addEdgesBulk` with property
 * columns); edges with given ids (auto-create graphs), writers without the bulk method, and a
 * run with an absent end vertex or an end of another label than the given one take the
 * per-edge path from there on.
 *
 * @example
 * ```ts
 * const slots = await graph.write((w) => addEdgeBatch(w, [{ label: 'knows', out: '1:marko', in: '1:vadas', properties: { weight: 0.5 } }]));
 * ```
 */
export function addEdgeBatch(w: GraphWriter, edges: readonly EdgeInput[]): Int32Array {
  const n = edges.length;
  const slots = new Int32Array(n);
  const perEdge = (from: number): Int32Array => {
    for (let i = from; i < n; i++) slots[i] = addEdgeRow(w, edges[i]!);
    return slots;
  };
  if (w.addEdgesBulk === undefined || edges.some((e) => e.id !== undefined)) return perEdge(0);
  for (let start = 0; start < n; ) {
    const label = edges[start]!.label;
    const order = new Map<string, number>();
    let end = start;
    while (end < n && edges[end]!.label === label && keepsOrder(edges[end]!.properties, order)) end++;
    const m = end - start;
    const outs = new Int32Array(m);
    const ins = new Int32Array(m);
    const columns = Array.from(order.keys(), (name) => [name, new Array<PropertyValue | undefined>(m).fill(undefined)] as const);
    for (let i = 0; i < m; i++) {
      const e = edges[start + i]!;
      const o = w.vertexSlot(e.out);
      const t = w.vertexSlot(e.in);
      if (o < 0 || t < 0 || !labelled(w, o, e.outLabel) || !labelled(w, t, e.inLabel)) return perEdge(start);
      outs[i] = o;
      ins[i] = t;
      const properties = e.properties;
      if (properties === undefined) continue;
      for (const name in properties) if (Object.hasOwn(properties, name)) columns[order.get(name)!]![1][i] = properties[name];
    }
    slots.set(w.addEdgesBulk(label, outs, ins, { properties: columns }), start);
    start = end;
  }
  return slots;
}

/** Whether the vertex at `slot` has the expected label (always, when none is expected). */
function labelled(w: GraphWriter, slot: number, expected: string | undefined): boolean {
  return expected === undefined || w.vertexLabel(slot) === expected;
}

/**
 * Whether an edge's property keys come in the order of the run's columns, new keys taking the
 * next columns (added to `order`). A run keeps this so that the writer, when it re-runs a failed
 * batch edge by edge, checks each edge's keys in their given order and fails on the same key.
 */
function keepsOrder(properties: EdgeInput['properties'], order: Map<string, number>): boolean {
  if (properties === undefined) return true;
  let last = -1;
  const added: string[] = [];
  for (const name in properties) {
    if (!Object.hasOwn(properties, name)) continue;
    const at = order.get(name) ?? order.size + added.length;
    if (at <= last) return false;
    if (!order.has(name)) added.push(name);
    last = at;
  }
  for (const name of added) order.set(name, order.size);
  return true;
}
