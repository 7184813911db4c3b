/**
 * Kernels that derive structure from the snapshot: the in-CSR (a transpose of the out-CSR),
 * simple adjacencies (undirected or out only, sorted, without parallel entries or self-loops),
 * the degree orientation triangle counting walks, triangles, core numbers and weakly connected
 * components (a union-find per task over shared memory, joined at the end).
 * @module
 */
import type { KernelReply } from './kernel-reply.js';

/** A range [from, to) of vertices. */
interface Range {
  readonly from: number;
  readonly to: number;
}

/**
 * Fills the in-CSR (`inOffsets` zeroed, `inTargets`, `inWeights`) as the transpose of the
 * out-CSR, in-entries of a vertex in ascending source order. One task does the whole graph.
 */
export function transpose(a: {
  readonly n: number;
  readonly outOffsets: Int32Array;
  readonly outTargets: Int32Array;
  readonly outWeights?: Float64Array;
  readonly inOffsets: Int32Array;
  readonly inTargets: Int32Array;
  readonly inWeights?: Float64Array;
}): KernelReply {
  const { n, outOffsets, outTargets, outWeights, inOffsets, inTargets, inWeights } = a;
  const m = outOffsets[n]!;
  for (let i = 0; i < m; i++) inOffsets[outTargets[i]! + 1]!++;
  for (let v = 0; v < n; v++) inOffsets[v + 1]! += inOffsets[v]!;
  const fill = inOffsets.slice(0, n);
  for (let v = 0; v < n; v++) {
    const end = outOffsets[v + 1]!;
    for (let i = outOffsets[v]!; i < end; i++) {
      const p = fill[outTargets[i]!]!++;
      inTargets[p] = v;
      if (inWeights !== undefined && outWeights !== undefined) inWeights[p] = outWeights[i]!;
    }
  }
  return { sums: [] };
}

/**
 * First pass of a simple adjacency: writes each vertex's distinct neighbours other than itself
 * (out ones, and in ones too when `both`), sorted, into `scratch` from position
 * outOffsets[v] + inOffsets[v], and their number into `counts[v]`.
 */
export function simpleCount(
  a: Range & {
    readonly both: boolean;
    readonly outOffsets: Int32Array;
    readonly outTargets: Int32Array;
    readonly inOffsets: Int32Array;
    readonly inTargets: Int32Array;
    readonly scratch: Int32Array;
    readonly counts: Int32Array;
  },
): KernelReply {
  const { outOffsets, outTargets, inOffsets, inTargets, scratch, counts } = a;
  for (let v = a.from; v < a.to; v++) {
    const base = outOffsets[v]! + inOffsets[v]!;
    let n = base;
    for (let i = outOffsets[v]!; i < outOffsets[v + 1]!; i++) if (outTargets[i] !== v) scratch[n++] = outTargets[i]!;
    if (a.both) for (let i = inOffsets[v]!; i < inOffsets[v + 1]!; i++) if (inTargets[i] !== v) scratch[n++] = inTargets[i]!;
    const row = scratch.subarray(base, n).sort();
    let k = 0;
    for (let i = 0; i < row.length; i++) if (i === 0 || row[i] !== row[i - 1]) row[k++] = row[i]!;
    counts[v] = k;
  }
  return { sums: [] };
}

/** Second pass of a simple adjacency: copies the rows `simpleCount` left in `scratch` to their place. */
export function simpleFill(
  a: Range & { readonly outOffsets: Int32Array; readonly inOffsets: Int32Array; readonly scratch: Int32Array; readonly offsets: Int32Array; readonly targets: Int32Array },
): KernelReply {
  for (let v = a.from; v < a.to; v++) {
    const base = a.outOffsets[v]! + a.inOffsets[v]!;
    a.targets.set(a.scratch.subarray(base, base + a.offsets[v + 1]! - a.offsets[v]!), a.offsets[v]!);
  }
  return { sums: [] };
}

/** Whether u comes after v in the degree order (degree, then index) of the undirected simple graph. */
function above(offsets: Int32Array, u: number, v: number): boolean {
  const du = offsets[u + 1]! - offsets[u]!;
  const dv = offsets[v + 1]! - offsets[v]!;
  return du > dv || (du === dv && u > v);
}

/**
 * Counts (`fill` false) or writes (`fill` true, into `plusTargets` from `plusOffsets[v]`) each
 * vertex's neighbours above it in the degree order, in index order.
 */
export function orient(
  a: Range & { readonly fill: boolean; readonly offsets: Int32Array; readonly targets: Int32Array; readonly plusCounts: Int32Array; readonly plusOffsets: Int32Array; readonly plusTargets: Int32Array },
): KernelReply {
  const { offsets, targets } = a;
  for (let v = a.from; v < a.to; v++) {
    let p = a.fill ? a.plusOffsets[v]! : 0;
    for (let i = offsets[v]!; i < offsets[v + 1]!; i++) {
      const u = targets[i]!;
      if (!above(offsets, u, v)) continue;
      if (a.fill) a.plusTargets[p] = u;
      p++;
    }
    if (!a.fill) a.plusCounts[v] = p;
  }
  return { sums: [] };
}

/**
 * Triangles found from the vertices of the range, each once (from its lowest vertex in the
 * degree order): every triangle adds 1 to the `local` count of its three vertices.
 */
export function triangles(a: Range & { readonly plusOffsets: Int32Array; readonly plusTargets: Int32Array; readonly local: Float64Array }): KernelReply {
  const { plusOffsets: po, plusTargets: pt, local } = a;
  let found = 0;
  for (let v = a.from; v < a.to; v++) {
    const vs = po[v]!;
    const ve = po[v + 1]!;
    for (let i = vs; i < ve; i++) {
      const u = pt[i]!;
      let x = vs;
      let y = po[u]!;
      const ye = po[u + 1]!;
      while (x < ve && y < ye) {
        const a1 = pt[x]!;
        const b1 = pt[y]!;
        if (a1 < b1) x++;
        else if (a1 > b1) y++;
        else {
          local[v]!++;
          local[u]!++;
          local[a1]!++;
          found++;
          x++;
          y++;
        }
      }
    }
  }
  return { sums: [found] };
}

/**
 * Adds the per-task `locals` into `values` over the range; with `halve`, halves the sum (each
 * unordered pair counted from both ends); with `clustering` (undirected `offsets` given), turns
 * a triangle count t of a vertex of degree d into 2t / (d(d − 1)), 0 when d < 2.
 */
export function sumLocals(a: Range & { readonly locals: readonly Float64Array[]; readonly values: Float64Array; readonly halve?: boolean; readonly clusteringOffsets?: Int32Array }): KernelReply {
  for (let v = a.from; v < a.to; v++) {
    let sum = 0;
    for (const local of a.locals) sum += local[v]!;
    if (a.halve === true) sum /= 2;
    const offsets = a.clusteringOffsets;
    if (offsets !== undefined) {
      const d = offsets[v + 1]! - offsets[v]!;
      sum = d < 2 ? 0 : (2 * sum) / (d * (d - 1));
    }
    a.values[v] = sum;
  }
  return { sums: [] };
}

/**
 * Core numbers of the undirected simple graph (Batagelj and Zaversnik's bucket peeling, linear
 * time), written to `core`; a core number below `k` is written as 0. One task does the whole graph.
 */
export function kcore(a: { readonly offsets: Int32Array; readonly targets: Int32Array; readonly k: number; readonly core: Int32Array }): KernelReply {
  const { offsets, targets, core } = a;
  const n = offsets.length - 1;
  let maxDegree = 0;
  for (let v = 0; v < n; v++) {
    core[v] = offsets[v + 1]! - offsets[v]!;
    if (core[v]! > maxDegree) maxDegree = core[v]!;
  }
  const bin = new Int32Array(maxDegree + 1);
  for (let v = 0; v < n; v++) bin[core[v]!]!++;
  for (let d = 0, start = 0; d <= maxDegree; d++) {
    const count = bin[d]!;
    bin[d] = start;
    start += count;
  }
  const order = new Int32Array(n);
  const position = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    position[v] = bin[core[v]!]!++;
    order[position[v]!] = v;
  }
  for (let d = maxDegree; d > 0; d--) bin[d] = bin[d - 1]!;
  bin[0] = 0;
  for (let i = 0; i < n; i++) {
    const v = order[i]!;
    for (let j = offsets[v]!; j < offsets[v + 1]!; j++) {
      const u = targets[j]!;
      if (core[u]! <= core[v]!) continue;
      const du = core[u]!;
      const pu = position[u]!;
      const pw = bin[du]!;
      const w = order[pw]!;
      if (u !== w) {
        order[pu] = w;
        position[w] = pu;
        order[pw] = u;
        position[u] = pw;
      }
      bin[du]!++;
      core[u]!--;
    }
  }
  for (let v = 0; v < n; v++) if (core[v]! < a.k) core[v] = 0;
  return { sums: [] };
}

/** The root of x, halving the path on the way (one task alone). */
function find(parent: Int32Array, x: number): number {
  while (parent[x] !== x) {
    const g = parent[parent[x]!]!;
    parent[x] = g;
    x = g;
  }
  return x;
}

/**
 * Links the two ends of every out-edge of the range in the union-find `parent` (each root
 * points to itself at the start), a root always under a smaller one, so every root is the
 * smallest index of its component. Each task links into a union-find of its own; `wccMerge`
 * joins them.
 */
export function wccUnion(a: Range & { readonly outOffsets: Int32Array; readonly outTargets: Int32Array; readonly parent: Int32Array }): KernelReply {
  const { outOffsets, outTargets, parent } = a;
  for (let v = a.from; v < a.to; v++) {
    for (let i = outOffsets[v]!; i < outOffsets[v + 1]!; i++) {
      const x = find(parent, v);
      const y = find(parent, outTargets[i]!);
      if (x !== y) parent[Math.max(x, y)] = Math.min(x, y);
    }
  }
  return { sums: [] };
}

/** Joins the tasks' union-finds into the first: each vertex is linked to its root in every other one. */
export function wccMerge(a: { readonly parents: readonly Int32Array[] }): KernelReply {
  const [first, ...others] = a.parents;
  if (first === undefined) return { sums: [] };
  for (const other of others) {
    for (let v = 0; v < first.length; v++) {
      const x = find(first, v);
      const y = find(first, find(other, v));
      if (x !== y) first[Math.max(x, y)] = Math.min(x, y);
    }
  }
  return { sums: [] };
}

/** Points every vertex of the range straight at its root (run once every link is done). */
export function wccFlatten(a: Range & { readonly parent: Int32Array }): KernelReply {
  for (let v = a.from; v < a.to; v++) {
    let r = v;
    while (a.parent[r] !== r) r = a.parent[r]!;
    a.parent[v] = r;
  }
  return { sums: [] };
}
