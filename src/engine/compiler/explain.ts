/**
 * explain(plan): the plan as indented text, one step per line, child plans below their step.
 * The console's :explain shows it after the strategies have run.
 * @module
 */
import { Plan, childPlans } from '../plan/plan.js';
import { STEPS } from '../steps/step-registry.js';
import type { StepKind } from '../plan/kinds.js';
import type { PlanStep } from '../plan/plan.js';
import { compile } from './compile.js';
import type { Bytecode } from '../bytecode.js';

function lines(plan: Plan, depth: number): string[] {
  const out: string[] = [];
  const pad = '  '.repeat(depth);
  if (plan.steps.length === 0) out.push(`${pad}identity`);
  for (const step of plan.steps) {
    const detail = describe(step);
    const labels = step.labels.length > 0 ? ` @${step.labels.join(',')}` : '';
    out.push(`${pad}${step.kind}${detail === '' ? '' : `(${detail})`}${labels}`);
    for (const child of childPlans(step.params)) out.push(...lines(child, depth + 1));
  }
  return out;
}

/** The step's argument text, from its implementation. */
function describe<K extends StepKind>(step: PlanStep<K>): string {
  return STEPS[step.kind].describe?.(step.params) ?? '';
}

/**
 * The plan as text.
 */
export function explain(plan: Plan): string {
  return lines(plan, 0).join('\n');
}

/**
 * Before/after text of a traversal: the compiled plan without and with strategies.
 */
function explainBytecode(bytecode: Bytecode): { original: string; optimised: string } {
  return { original: explain(compile(bytecode, { strategies: false })), optimised: explain(compile(bytecode)) };
}
