/**
 * Kernels of the filtered walks: rings-with-filter (simple directed cycles whose vertices and
 * edges pass label rules) and links (walks from start vertices that end at a matching vertex or
 * edge). Both walk out-entries (edges), evaluate parsed filters over the snapshot's property
 * columns, and write items for the driver to decode.
 * @module
 */
import type { GraphDetails } from './compute-graph.js';
import { evaluateFilter } from './filter-language.js';
import type { LabelRule, LinksConfig, RingsFilter } from './filter-configs.js';
import type { KernelReply } from './kernel-reply.js';

/** Growable items with a cap: `push` returns false once the cap would be passed. */
class Items {
  data = new Int32Array(256);
  length = 0;
  constructor(readonly max: number) {}

  push(values: ArrayLike<number>): boolean {
    if (this.length + values.length > this.max) return false;
    if (this.length + values.length > this.data.length) {
      const grown = new Int32Array(Math.max(this.data.length * 2, this.length + values.length));
      grown.set(this.data.subarray(0, this.length));
      this.data = grown;
    }
    this.data.set(values, this.length);
    this.length += values.length;
    return true;
  }

  reply(truncated: boolean): KernelReply {
    return { sums: [truncated ? 1 : 0], items: this.data.slice(0, this.length) };
  }
}

/** A column value as filters read it. */
function cell(column: readonly (number | string | boolean | null)[] | undefined, i: number): number | string | boolean | undefined {
  if (column === undefined || i < 0) return undefined;
  return column[i] ?? undefined;
}

/** Whether every rule for `*` and for `label` holds (`skipPrevious`: rules reading the previous edge are skipped). */
function passes(rules: readonly LabelRule[], label: string, read: (variable: string, key: string) => number | string | boolean | undefined, skipPrevious: boolean): boolean {
  for (const r of rules) {
    if ((r.label !== '*' && r.label !== label) || (skipPrevious && r.previous)) continue;
    if (!evaluateFilter(r.filter, read)) return false;
  }
  return true;
}

/**
 * Every simple directed cycle of 2 to `maxLength` edges whose smallest vertex is in the range and
 * whose vertices and edges pass `filter` (an edge's `$message` is the edge before it on the walk
 * from the smallest vertex; rules reading it are skipped on the first edge), each vertex sequence
 * once. Items as the rings kernel writes them.
 */
export function ringsFiltered(a: { readonly from: number; readonly to: number; readonly outOffsets: Int32Array; readonly outTargets: Int32Array; readonly maxLength: number; readonly maxItems: number; readonly filter: RingsFilter; readonly details: GraphDetails }): KernelReply {
  const { outOffsets, outTargets, details, filter } = a;
  const n = outOffsets.length - 1;
  const vertexOk = new Int8Array(n).fill(-1);
  const okVertex = (v: number): boolean => {
    if (vertexOk[v] === -1) vertexOk[v] = passes(filter.vertex, details.vertexLabelNames[details.vertexLabels[v]!]!, (_, key) => cell(details.vertexColumns[key], v), false) ? 1 : 0;
    return vertexOk[v] === 1;
  };
  const okEdge = (p: number, previous: number): boolean =>
    passes(filter.edge, details.edgeLabelNames[details.edgeLabels[p]!]!, (variable, key) => cell(details.edgeColumns[key], variable === '$message' ? previous : p), previous < 0);
  const items = new Items(a.maxItems);
  const onPath = new Uint8Array(n);
  const path = new Int32Array(a.maxLength + 1);
  const via = new Int32Array(a.maxLength + 1);
  const next = new Int32Array(a.maxLength + 1);
  for (let s = a.from; s < a.to; s++) {
    if (!okVertex(s)) continue;
    const seen = new Set<string>();
    let depth = 0;
    path[0] = s;
    via[0] = -1;
    next[0] = outOffsets[s]!;
    onPath[s] = 1;
    while (depth >= 0) {
      const v = path[depth]!;
      if (next[depth]! >= outOffsets[v + 1]!) {
        onPath[v] = 0;
        depth--;
        continue;
      }
      const p = next[depth]!++;
      const u = outTargets[p]!;
      if (u === s && depth >= 1) {
        const cycle = path.subarray(0, depth + 1);
        const key = cycle.join(',');
        if (!seen.has(key) && okEdge(p, via[depth]!)) {
          seen.add(key);
          if (!items.push([depth + 1, ...cycle])) return items.reply(true);
        }
        continue;
      }
      if (u <= s || onPath[u] === 1 || depth + 1 >= a.maxLength || !okVertex(u) || !okEdge(p, via[depth]!)) continue;
      depth++;
      path[depth] = u;
      via[depth] = p;
      next[depth] = outOffsets[u]!;
      onPath[u] = 1;
    }
  }
  return items.reply(false);
}

/**
 * Links walks from the start vertices at positions [from, to) of `starts` (HugeGraph's Links,
 * one superstep per edge, at most `maxLength` supersteps): a walk ends on a vertex matching the
 * vertex-end condition (recorded there), or records itself plus an out-edge matching the
 * edge-end condition and its target on that edge's source; otherwise it goes on along edges of
 * the compare condition's label where the condition holds (`$out` the edge, `$in` the one before;
 * always on the first step). A start vertex without out-edges walks nowhere. Items per walk: the
 * owner, then k and the walk's k vertices, then j and its j edge positions.
 */
export function links(a: { readonly starts: Int32Array; readonly from: number; readonly to: number; readonly outOffsets: Int32Array; readonly outTargets: Int32Array; readonly maxLength: number; readonly maxItems: number; readonly config: LinksConfig; readonly details: GraphDetails }): KernelReply {
  const { outOffsets, outTargets, details, config } = a;
  const items = new Items(a.maxItems);
  const vertexLabel = (v: number): string => details.vertexLabelNames[details.vertexLabels[v]!]!;
  const edgeLabel = (p: number): string => details.edgeLabelNames[details.edgeLabels[p]!]!;
  const edgeRead = (p: number, previous: number) => (variable: string, key: string) => cell(details.edgeColumns[key], variable === '$in' ? previous : p);
  const vertexEnd = (v: number): boolean =>
    config.vertexEnd !== undefined && vertexLabel(v) === config.vertexEnd.label && evaluateFilter(config.vertexEnd.filter, (_, key) => cell(details.vertexColumns[key], v));
  const edgeEnd = (p: number, previous: number): boolean => config.edgeEnd !== undefined && edgeLabel(p) === config.edgeEnd.label && evaluateFilter(config.edgeEnd.filter, edgeRead(p, previous));
  const record = (owner: number, vertices: readonly number[], edges: readonly number[]): boolean => items.push([owner, vertices.length, ...vertices, edges.length, ...edges]);
  let truncated = false;
  const walk = (vertices: number[], edges: number[]): void => {
    const v = vertices[vertices.length - 1]!;
    const last = edges.length === 0 ? -1 : edges[edges.length - 1]!;
    if (vertexEnd(v)) {
      truncated ||= !record(v, vertices, edges);
      return;
    }
    for (let p = outOffsets[v]!; p < outOffsets[v + 1]! && !truncated; p++) {
      const u = outTargets[p]!;
      if (edgeEnd(p, last)) {
        truncated ||= !record(v, [...vertices, u], [...edges, p]);
        continue;
      }
      if (edgeLabel(p) !== config.compare.label || (last >= 0 && !evaluateFilter(config.compare.filter, edgeRead(p, last)))) continue;
      if (edges.length + 1 < a.maxLength) walk([...vertices, u], [...edges, p]);
    }
  };
  for (let k = a.from; k < a.to && !truncated; k++) {
    const s = a.starts[k]!;
    if (outOffsets[s + 1] === outOffsets[s]) continue;
    walk([s], []);
  }
  return items.reply(truncated);
}
