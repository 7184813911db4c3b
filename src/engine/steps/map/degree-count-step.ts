/**
 * Pushed-down counts, produced only by strategies: the sum of vertex degrees (for
 * `out().count()`) and the size of the graph or of a label (for `V().count()`), answered by
 * GraphSource without materialising neighbours or elements.
 * @module
 */
import { fresh } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { PlanError } from '../../../errors.js';
import { asVertex } from '../helpers/step-elements.js';
import { long } from '../helpers/step-values.js';
import { PAUSE } from '../../runtime/pause.js';
import type { DegreeCountParams } from '../../plan/params/map.js';

function* run(p: DegreeCountParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  let total = 0;
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    if (rt.tick()) yield PAUSE;
    if (p.source === 'degree') {
      const labels = p.labels.length > 0 ? p.labels : undefined;
      total += rt.source.degree(asVertex(t.value, 'count').slot, p.direction, labels) * t.bulk;
      continue;
    }
    const count = (label?: string): number => (p.element === 'vertex' ? rt.source.vertexCount(label) : rt.source.edgeCount(label));
    const n = p.labels === undefined ? count() : p.labels.reduce((s, l) => s + count(l), 0);
    total += n * t.bulk;
  }
  yield fresh(long(total), rt.trackPath);
}

/**
 * The pushed-down count step (no Gremlin name: strategies create it).
 */
export const degreeCountStep: StepDef<'degreeCount'> = {
  kind: 'degreeCount',
  category: 'map',
  pauses: true,
  ops: [],
  compile() {
    throw new PlanError('UNKNOWN_STEP', 'The degreeCount step has no Gremlin form');
  },
  run,
  describe: (p) => (p.source === 'degree' ? `degree ${p.direction} ${p.labels.join(', ')}` : `${p.element}Count ${(p.labels ?? []).join(', ')}`),
};
