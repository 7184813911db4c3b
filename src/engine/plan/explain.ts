/**
 * explain(plan): the plan as indented text, one step per line, child plans below their step.
 * The console's :explain shows it after the strategies have run.
 * @module
 */
import { Plan, childPlans } from './plan.js';
import { STEPS } from '../steps/registry.js';
import type { StepDef } from '../steps/step-def.js';
import { compile } from './compile.js';
import type { Bytecode } from '../bytecode.js';

function lines(plan: Plan, depth: number): string[] {
  const out: string[] = [];
  const pad = '  '.repeat(depth);
  if (plan.steps.length === 0) out.push(`${pad}identity`);
  for (const step of plan.steps) {
    const def = STEPS[step.kind] as StepDef<unknown>;
    const detail = def.describe?.(step.params) ?? '';
    const labels = step.labels.length > 0 ? ` @${step.labels.join(',')}` : '';
    out.push(`${pad}${step.kind}${detail === '' ? '' : `(${detail})`}${labels}`);
    for (const child of childPlans(step.params)) out.push(...lines(child, depth + 1));
  }
  return out;
}

/**
 * The plan as text.
 *
 * @example
 * ```ts
 * console.log(explain(compile(bytecode)));
 * // graph(V())
 * // vertex(OUT(knows))
 * ```
 */
export function explain(plan: Plan): string {
  return lines(plan, 0).join('\n');
}

/**
 * Before/after text of a traversal: the compiled plan without and with strategies.
 *
 * @example
 * ```ts
 * const { original, optimised } = explainBytecode(bytecode);
 * ```
 */
export function explainBytecode(bytecode: Bytecode): { original: string; optimised: string } {
  return { original: explain(compile(bytecode, { strategies: false })), optimised: explain(compile(bytecode)) };
}
