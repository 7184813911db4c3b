/**
 * select(Column.keys | Column.values): the keys or values of a map (or of a map entry).
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import { Path } from '../../elements.js';
import { moveTo } from '../../exec/traverser.js';
import type { Traverser } from '../../exec/traverser.js';
import type { Runtime } from '../../exec/runtime.js';
import type { StepDef } from '../step-def.js';
import { isMapEntry } from '../scope.js';
import { PAUSE } from '../../exec/pause.js';

/**
 * Keys or values of a map; a one-entry map (an entry) gives its single key or value.
 *
 * @example
 * ```ts
 * column(new Map([['a', 1]]), 'keys'); // 'a'
 * ```
 */
export function column(value: unknown, which: string, entry = false): unknown {
  if (value instanceof Map) {
    const items = which === 'keys' ? [...(value as Map<unknown, unknown>).keys()] : [...(value as Map<unknown, unknown>).values()];
    return (entry || isMapEntry(value)) && items.length === 1 ? items[0] : items;
  }
  if (value instanceof Path) return which === 'keys' ? value.labels.map((l) => new Set(l)) : [...value.objects];
  throw new ArgumentError('NOT_A_MAP', `Cannot select Column.${which}: ${String(value)} is not a map`);
}

/**
 * The select(Column) step. `entry` is set for by(Column.*) modulators, which see map entries.
 *
 * @example
 * ```ts
 * selectColumnStep.compile({ op: 'select', args: [new EnumValue('Column', 'keys')] }, cc);
 * ```
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
