/**
 * Element batches of the write path: the per-edge insert, and the columnar ones that hand the
 * writer one batch per run of elements of the same label (for edges slot arrays from one id
 * lookup pass; one value column per property key) through `GraphWriter.addEdgesBulk` and
 * `GraphWriter.addVerticesBulk`.
 * @module
 */
import type { ElementId, GraphWriter, PropertyValue } from '../../engine/index.js';
import { requireEnd, toEntries } from './element-views.js';
import type { CheckedEdgeInput, CheckedVertexInput, Properties } from './element-views.js';

/**
 * Adds one edge given by vertex ids inside a write, the per-edge path: VERTEX_NOT_FOUND for an
 * absent end, EDGE_VERTEX_LABEL for an end whose label is not the given one, then the writer's
 * rules. Returns the edge slot.
 */
export function addEdgeRow(w: GraphWriter, e: CheckedEdgeInput): number {
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
 */
export function addEdgeBatch(w: GraphWriter, edges: readonly CheckedEdgeInput[]): Int32Array {
  const n = edges.length;
  const slots = new Int32Array(n);
  const perEdge = (from: number): Int32Array => {
    for (let i = from; i < n; i++) slots[i] = addEdgeRow(w, edges[i]!);
    return slots;
  };
  if (w.addEdgesBulk === undefined || edges.some((e) => e.id !== undefined)) return perEdge(0);
  const lookup = lastSlotLookup(w);
  for (let start = 0; start < n; ) {
    const { end, columns } = labelRun(edges, start);
    const m = end - start;
    const outs = new Int32Array(m);
    const ins = new Int32Array(m);
    for (let i = 0; i < m; i++) {
      const e = edges[start + i]!;
      const o = lookup.out(e.out);
      const t = lookup.in(e.in);
      if (o < 0 || t < 0 || !labelled(w, o, e.outLabel) || !labelled(w, t, e.inLabel)) return perEdge(start);
      outs[i] = o;
      ins[i] = t;
    }
    slots.set(w.addEdgesBulk(edges[start]!.label, outs, ins, { properties: columns }), start);
    start = end;
  }
  return slots;
}

/**
 * Adds one vertex inside a write, the per-vertex path. Returns its slot.
 */
export function addVertexRow(w: GraphWriter, v: CheckedVertexInput): number {
  return w.addVertex(v.label, { id: v.id, properties: toEntries(v.properties) });
}

/**
 * Adds a batch of vertices inside a write and returns their slots in input order, with the same
 * result and the same first error as {@link addVertexRow} per vertex. Each run of consecutive vertices
 * of one label goes to the writer as one columnar batch (`addVerticesBulk` with property
 * columns and the given ids, which itself adds vertex by vertex when the run does not fit its
 * columnar path); writers without the bulk method take the per-vertex path.
 */
export function addVertexBatch(w: GraphWriter, vertices: readonly CheckedVertexInput[]): Int32Array {
  const n = vertices.length;
  if (w.addVerticesBulk === undefined) return Int32Array.from(vertices, (v) => addVertexRow(w, v));
  const slots = new Int32Array(n);
  for (let start = 0; start < n; ) {
    const { end, columns } = labelRun(vertices, start);
    const run = vertices.slice(start, end);
    const ids = run.some((v) => v.id !== undefined) ? run.map((v) => v.id) : undefined;
    slots.set(w.addVerticesBulk(vertices[start]!.label, end - start, { properties: columns, ids }), start);
    start = end;
  }
  return slots;
}

/**
 * The run of elements of one label from `start` whose property keys keep the order of the run's
 * columns (see {@link keepsOrder}), and its value columns: one per key, with the value of element
 * `start + i` at index `i` (undefined where it has none).
 */
function labelRun(items: ReadonlyArray<{ readonly label: string; readonly properties?: Properties }>, start: number): { end: number; columns: Array<readonly [string, Array<PropertyValue | undefined>]> } {
  const label = items[start]!.label;
  const order = new Map<string, number>();
  let end = start;
  while (end < items.length && items[end]!.label === label && keepsOrder(items[end]!.properties, order)) end++;
  const m = end - start;
  const columns = Array.from(order.keys(), (name) => [name, new Array<PropertyValue | undefined>(m).fill(undefined)] as const);
  for (let i = 0; i < m; i++) {
    const properties = items[start + i]!.properties;
    if (properties === undefined) continue;
    for (const name in properties) if (Object.prototype.hasOwnProperty.call(properties, name)) columns[order.get(name)!]![1][i] = properties[name];
  }
  return { end, columns };
}

/**
 * Vertex id → slot lookups for the out and the in ends of a batch, each remembering its last id
 * (edges of one vertex usually come together in a load, and a repeated id costs no map lookup).
 */
function lastSlotLookup(w: GraphWriter): { out: (id: ElementId) => number; in: (id: ElementId) => number } {
  const end = (): ((id: ElementId) => number) => {
    let lastId: ElementId | undefined;
    let lastSlot = -1;
    return (id) => {
      if (id !== lastId || typeof id === 'object') {
        lastSlot = w.vertexSlot(id);
        lastId = id;
      }
      return lastSlot;
    };
  };
  return { out: end(), in: end() };
}

/** Whether the vertex at `slot` has the expected label (always, when none is expected). */
function labelled(w: GraphWriter, slot: number, expected: string | undefined): boolean {
  return expected === undefined || w.vertexLabel(slot) === expected;
}

/**
 * Whether an element's property keys come in the order of the run's columns, new keys taking the
 * next columns (added to `order`). A run keeps this so that the writer, when it re-runs a failed
 * batch element by element, checks each element's keys in their given order and fails on the same key.
 */
function keepsOrder(properties: Properties | undefined, order: Map<string, number>): boolean {
  if (properties === undefined) return true;
  let last = -1;
  const added: string[] = [];
  for (const name in properties) {
    if (!Object.prototype.hasOwnProperty.call(properties, name)) continue;
    const at = order.get(name) ?? order.size + added.length;
    if (at <= last) return false;
    if (!order.has(name)) added.push(name);
    last = at;
  }
  for (const name of added) order.set(name, order.size);
  return true;
}
