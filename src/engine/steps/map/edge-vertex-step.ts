/**
 * outV/inV/bothV/otherV: the vertices at the ends of an edge.
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import { Edge, Vertex } from '../../elements.js';
import { moveTo, pathNodes } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';
import type { EdgeVertexParams } from '../../plan/params/map.js';

function* run(p: EdgeVertexParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  // A filtered source may show an edge without its end vertices (checkAdjacentVertices: false).
  const shown = (v: Vertex): boolean => v.slot < 0 || rt.source.vertexVisible(v.slot);
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    const e = t.value;
    if (!(e instanceof Edge)) {
      throw new ArgumentError('NOT_AN_EDGE', `Cannot run ${p.end}V(): the traverser holds ${String(e)}, not an edge`);
    }
    if ((p.end === 'out' || p.end === 'both') && shown(e.outV)) yield moveTo(t, e.outV, rt.trackPath);
    if ((p.end === 'in' || p.end === 'both') && shown(e.inV)) yield moveTo(t, e.inV, rt.trackPath);
    if (p.end === 'other') {
      const nodes = pathNodes(t.path);
      const prev = nodes.length >= 2 ? nodes[nodes.length - 2]?.object : undefined;
      const from = prev instanceof Vertex ? prev : undefined;
      const other = from !== undefined && from.slot === e.outV.slot ? e.inV : from !== undefined ? e.outV : e.inV;
      if (shown(other)) yield moveTo(t, other, rt.trackPath);
    }
  }
}

/**
 * The edge-vertex step. otherV() needs the path to know where the traverser came from.
 */
export const edgeVertexStep: StepDef<'edgeVertex'> = {
  kind: 'edgeVertex',
  category: 'map',
  pauses: true,
  ops: ['outV', 'inV', 'bothV', 'otherV'],
  requirements: (p) => ({ path: p.end === 'other' }),
  compile(ins) {
    if (ins.args.length > 0) throw badArguments(ins, 'expected no arguments');
    return { end: ins.op.slice(0, -1) as EdgeVertexParams['end'] };
  },
  run,
  describe: (p) => `${p.end}V()`,
};
