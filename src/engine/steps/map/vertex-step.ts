/**
 * out/in/both/outE/inE/bothE: adjacency in batches through GraphSource.scanNeighbours, so
 * many traversers share one scan.
 * @module
 */
import { FilteredSource } from '../../exec/filtered-source.js';
import { ArgumentError } from '../../../errors.js';
import { Vertex } from '../../elements.js';
import type { Direction } from '../../values.js';
import { moveTo } from '../../exec/traverser.js';
import type { Traverser } from '../../exec/traverser.js';
import { BATCH_SIZE } from '../../exec/batch.js';
import { PAUSE } from '../../exec/pause.js';
import type { Runtime } from '../../exec/runtime.js';
import type { StepDef } from '../step-def.js';
import { strings } from '../args.js';

/**
 * Parameters of an adjacency step.
 *
 * @example
 * ```ts
 * const p: VertexParams = { direction: 'OUT', edgeLabels: ['knows'], returns: 'vertex' };
 * ```
 */
export interface VertexParams {
  readonly direction: Direction;
  readonly edgeLabels: readonly string[];
  readonly returns: 'vertex' | 'edge';
}

const OPS: Readonly<Record<string, [Direction, 'vertex' | 'edge']>> = {
  out: ['OUT', 'vertex'],
  in: ['IN', 'vertex'],
  both: ['BOTH', 'vertex'],
  outE: ['OUT', 'edge'],
  inE: ['IN', 'edge'],
  bothE: ['BOTH', 'edge'],
};

/**
 * The vertex a traverser stands on, or an ArgumentError naming the step.
 *
 * @example
 * ```ts
 * const v = asVertex(t.value, 'out');
 * ```
 */
export function asVertex(value: unknown, step: string): Vertex {
  if (value instanceof Vertex) return value;
  throw new ArgumentError('NOT_A_VERTEX', `Cannot run ${step}(): the traverser holds ${String(value)}, not a vertex`);
}

function* run(p: VertexParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  let batch: Traverser[] = [];
  const flush = function* (): Iterable<Traverser> {
    rt.checkCancelled();
    const slotOf = (t: Traverser): number => {
      const v = t.value as Vertex;
      return v.slot >= 0 ? v.slot : rt.source.vertexSlot(v.id);
    };
    const unique = [...new Set(batch.map(slotOf))].filter((s) => s >= 0);
    const found = new Map<number, { edge: number; vertex: number }[]>();
    const options = p.edgeLabels.length > 0 ? { labels: p.edgeLabels } : undefined;
    for (const nb of rt.source.scanNeighbours(Int32Array.from(unique), p.direction, options)) {
      for (let i = 0; i < nb.length; i++) {
        const src = nb.sources[i] as number;
        let list = found.get(src);
        if (list === undefined) found.set(src, (list = []));
        list.push({ edge: nb.edges[i] as number, vertex: nb.vertices[i] as number });
      }
    }
    const view = p.returns === 'vertex' && rt.source instanceof FilteredSource ? rt.source : undefined;
    for (const t of batch) {
      for (const n of found.get(slotOf(t)) ?? []) {
        if (view !== undefined && !view.adjacentVisible(n.vertex)) continue;
        if (rt.tick()) yield PAUSE;
        yield moveTo(t, p.returns === 'vertex' ? rt.vertex(n.vertex) : rt.edge(n.edge), rt.trackPath);
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
 *
 * @example
 * ```ts
 * vertexStep.compile({ op: 'outE', args: ['knows'] }, cc); // { direction: 'OUT', edgeLabels: ['knows'], returns: 'edge' }
 * ```
 */
export const vertexStep: StepDef<VertexParams> = {
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
