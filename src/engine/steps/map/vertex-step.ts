/**
 * out/in/both/outE/inE/bothE: adjacency in batches through GraphSource.scanNeighbours, so
 * many traversers share one scan.
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import { Vertex } from '../../elements.js';
import type { Direction } from '../../../values/index.js';
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import { BATCH_SIZE } from '../../runtime/batch.js';
import { PAUSE } from '../../runtime/pause.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { strings } from '../args.js';
import type { VertexParams } from '../../plan/params/map.js';
import { asVertex } from '../helpers/step-elements.js';

const OPS: Readonly<Record<string, [Direction, 'vertex' | 'edge']>> = {
  out: ['OUT', 'vertex'],
  in: ['IN', 'vertex'],
  both: ['BOTH', 'vertex'],
  outE: ['OUT', 'edge'],
  inE: ['IN', 'edge'],
  bothE: ['BOTH', 'edge'],
};

/**
 * Neighbours of a batch of source slots, grouped by source: the neighbours of `unique[u]` are
 * entries `offsets[u]` to `offsets[u + 1]` of `edges` and `vertices`. Typed arrays only: no
 * object or Map entry per edge.
 */
interface Grouped {
  readonly index: Map<number, number>;
  readonly offsets: Int32Array;
  readonly edges: Int32Array;
  readonly vertices: Int32Array;
}

function grow(a: Int32Array, n: number): Int32Array {
  if (n <= a.length) return a;
  const b = new Int32Array(Math.max(n, a.length * 2));
  b.set(a);
  return b;
}

function neighbours(rt: Runtime, p: VertexParams, slots: Int32Array): Grouped {
  const index = new Map<number, number>();
  for (const s of slots) if (s >= 0 && !index.has(s)) index.set(s, index.size);
  const unique = Int32Array.from(index.keys());
  let owner: Int32Array = new Int32Array(256);
  let edges: Int32Array = new Int32Array(256);
  let vertices: Int32Array = new Int32Array(256);
  let n = 0;
  // A step that moves on to the neighbour must not reach a vertex the source hides.
  const options = { labels: p.edgeLabels, visibleNeighbours: p.returns === 'vertex' };
  for (const nb of rt.source.scanNeighbours(unique, p.direction, options)) {
    owner = grow(owner, n + nb.length);
    edges = grow(edges, n + nb.length);
    vertices = grow(vertices, n + nb.length);
    const sel = nb.selection;
    for (let i = 0; i < nb.length; i++, n++) {
      const at = sel === undefined ? i : sel[i]!;
      owner[n] = index.get(nb.sources[at]!) as number;
      edges[n] = nb.edges[at]!;
      vertices[n] = nb.vertices[at]!;
    }
  }
  // A stable counting sort by source keeps each source's neighbours in scan order.
  const offsets = new Int32Array(unique.length + 1);
  for (let i = 0; i < n; i++) offsets[owner[i]! + 1]!++;
  for (let u = 0; u < unique.length; u++) offsets[u + 1]! += offsets[u]!;
  const next = offsets.slice(0, unique.length);
  const sortedEdges = new Int32Array(n);
  const sortedVertices = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const at = next[owner[i]!]!++;
    sortedEdges[at] = edges[i]!;
    sortedVertices[at] = vertices[i]!;
  }
  return { index, offsets, edges: sortedEdges, vertices: sortedVertices };
}

function* run(p: VertexParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  let batch: Traverser[] = [];
  const flush = function* (): Iterable<Traverser> {
    rt.checkCancelled();
    const slots = new Int32Array(batch.length);
    batch.forEach((t, i) => {
      const v = t.value as Vertex;
      slots[i] = v.slot >= 0 ? v.slot : rt.source.vertexSlot(v.id);
    });
    const found = neighbours(rt, p, slots);
    for (let k = 0; k < batch.length; k++) {
      const u = found.index.get(slots[k]!);
      if (u === undefined) continue;
      const t = batch[k] as Traverser;
      for (let i = found.offsets[u]!, end = found.offsets[u + 1]!; i < end; i++) {
        if (rt.tick()) yield PAUSE;
        yield moveTo(t, p.returns === 'vertex' ? rt.vertex(found.vertices[i]!) : rt.edge(found.edges[i]!), rt.trackPath);
      }
    }
    batch = [];
  };
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    asVertex(t.value, p.direction.toLowerCase());
    batch.push(t);
    if (batch.length >= BATCH_SIZE) yield* flush();
  }
  if (batch.length > 0) yield* flush();
}

/**
 * The adjacency step.
 */
export const vertexStep: StepDef<'vertex'> = {
  kind: 'vertex',
  category: 'map',
  pauses: true,
  ops: Object.keys(OPS),
  compile(ins) {
    const [direction, returns] = OPS[ins.op] as [Direction, 'vertex' | 'edge'];
    return { direction, edgeLabels: strings(ins), returns };
  },
  run,
  describe: (p) => `${p.direction}${p.returns === 'edge' ? 'E' : ''}(${p.edgeLabels.join(', ')})`,
};
