/**
 * select(Column.keys | Column.values): the keys or values of a map (or of a map entry).
 * @module
 */
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { PAUSE } from '../../runtime/pause.js';
import { column } from '../helpers/step-values.js';

/**
 * The select(Column) step. `entry` is set for by(Column.*) modulators, which see map entries.
 */
export const selectColumnStep: StepDef<'selectColumn'> = {
  kind: 'selectColumn',
  category: 'map',
  pauses: true,
  ops: [],
  compile: () => ({ column: 'keys' }),
  *run(p, input: Iterable<Traverser>, rt: Runtime) {
    for (const t of input) yield t === PAUSE ? t : moveTo(t, column(t.value, p.column, p.entry !== false), rt.trackPath);
  },
  describe: (p) => `Column.${p.column}`,
};
