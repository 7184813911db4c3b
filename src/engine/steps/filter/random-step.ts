/**
 * coin(p) and sample(n) (global and local): random filters. Under SeedStrategy the generator
 * is seeded, so results repeat.
 * @module
 */
import { moveTo, withFields } from '../../exec/traverser.js';
import type { Traverser } from '../../exec/traverser.js';
import type { Runtime } from '../../exec/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, toJsNumber } from '../args.js';
import { localItems, splitScope } from '../scope.js';

/**
 * Parameters of coin()/sample().
 *
 * @example
 * ```ts
 * const p: RandomParams = { mode: 'coin', amount: 0.5, local: false };
 * ```
 */
export interface RandomParams {
  readonly mode: 'coin' | 'sample';
  readonly amount: number;
  readonly local: boolean;
}

function sampleOf<T>(items: readonly T[], n: number, random: () => number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(...pool.splice(Math.floor(random() * pool.length), 1));
  return out;
}

function* run(p: RandomParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const random = rt.random;
  if (p.mode === 'coin') {
    for (const t of input) {
      let kept = 0;
      for (let i = 0; i < t.bulk; i++) if (random() < p.amount) kept++;
      if (kept > 0) yield kept === t.bulk ? t : withFields(t, { bulk: kept });
    }
    return;
  }
  if (p.local) {
    for (const t of input) {
      const items = localItems(t.value);
      yield items === undefined ? t : moveTo(t, sampleOf(items, p.amount, random), rt.trackPath);
    }
    return;
  }
  const expanded: Traverser[] = [];
  for (const t of input) for (let i = 0; i < t.bulk; i++) expanded.push(withFields(t, { bulk: 1 }));
  yield* sampleOf(expanded, p.amount, random);
}

/**
 * The coin()/sample() step.
 *
 * @example
 * ```ts
 * randomStep.compile({ op: 'coin', args: [0.5] }, cc);
 * ```
 */
export const randomStep: StepDef<RandomParams> = {
  kind: 'random',
  category: 'filter',
  ops: ['coin', 'sample'],
  compile(ins) {
    const { local, rest } = splitScope(ins.args);
    const n = toJsNumber(rest[0]);
    if (rest.length !== 1 || n === undefined) throw badArguments(ins, 'expected one number');
    return { mode: ins.op as RandomParams['mode'], amount: n, local };
  },
  run,
  describe: (p) => `${p.mode} ${p.amount}`,
};
