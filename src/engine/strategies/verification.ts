/**
 * Verification strategies added with `withStrategies(...)`: they check a compiled plan, change
 * nothing, and either throw, warn or stay silent, after TinkerPop's verification strategies:
 * - EdgeLabelVerificationStrategy: a vertex step (out, in, both, outE, inE, bothE) without an
 *   edge label;
 * - ReservedKeysVerificationStrategy: addV(), addE() or property() writing a reserved key
 *   (`id` and `label` unless `keys` says otherwise); mergeV()/mergeE() are not checked, as in
 *   TinkerPop, because their keys are only known at run time;
 * - VertexProgramRestrictionStrategy: the source must not use a GraphComputer
 *   (VertexProgramStrategy).
 * The first two follow AbstractWarningVerificationStrategy: `throwException: true` throws,
 * `logWarning: true` emits a process warning, and neither (the default) only checks.
 * They run on the plan as compiled, before optimisation rewrites the vertex steps.
 * @module
 */
import { PlanError } from '../../errors.js';
import type { Plan, PlanStep, SourceSettings } from '../plan/plan.js';
import { childPlans } from '../plan/plan.js';

type StrategyConfig = ReadonlyMap<string, unknown>;

/** The config of a strategy named in withStrategies() and not removed by withoutStrategies(). */
function active(settings: SourceSettings, name: string): StrategyConfig | undefined {
  if (settings.without.includes(name)) return undefined;
  return settings.strategies.find((s) => s.name === name)?.config;
}

function flag(name: string, config: StrategyConfig, key: string): boolean {
  const v = config.get(key);
  if (v === undefined) return false;
  if (typeof v !== 'boolean') throw new PlanError('STRATEGY_CONFIG', `Invalid ${name}: '${key}' must be a boolean but got ${String(v)}`);
  return v;
}

function reservedKeys(config: StrategyConfig): ReadonlySet<string> {
  const v = config.get('keys');
  if (v === undefined) return new Set(['id', 'label']);
  const items = Array.isArray(v) || v instanceof Set ? [...(v as Iterable<unknown>)] : [v];
  if (!items.every((k): k is string => typeof k === 'string')) {
    throw new PlanError('STRATEGY_CONFIG', `Invalid ReservedKeysVerificationStrategy: 'keys' must be a list or set of strings`);
  }
  return new Set(items);
}

/** Every step of the plan and of its child plans, depth first. */
function* allSteps(plan: Plan): Iterable<PlanStep> {
  for (const step of plan.steps) {
    yield step;
    for (const child of childPlans(step.params)) yield* allSteps(child);
  }
}

const VERTEX_STEP_NAMES: Readonly<Record<string, string>> = { OUT: 'out', IN: 'in', BOTH: 'both' };

function unlabelledVertexStep(plan: Plan): string | undefined {
  for (const step of allSteps(plan)) {
    if (step.kind !== 'vertex') continue;
    const p = step.params;
    if (p.edgeLabels.length === 0) return `${VERTEX_STEP_NAMES[p.direction] ?? p.direction}${p.returns === 'edge' ? 'E' : ''}()`;
  }
  return undefined;
}

/** TinkerPop's step class names, which its error text (and so portable error checks) uses. */
function writerName(step: PlanStep): string | undefined {
  if (step.kind === 'addV') return step.params.start ? 'AddVertexStartStep' : 'AddVertexStep';
  if (step.kind === 'addE') return step.params.start ? 'AddEdgeStartStep' : 'AddEdgeStep';
  if (step.kind === 'property') return 'AddPropertyStep';
  return undefined;
}

function writtenKeys(step: PlanStep): unknown[] {
  if (step.kind === 'property') return step.params.writes.flatMap((w) => [w.key, ...w.meta.map(([k]) => k)]);
  if (step.kind === 'addV' || step.kind === 'addE') return (step.params.properties ?? []).map(([k]) => k);
  return [];
}

function reservedKeyWrite(plan: Plan, keys: ReadonlySet<string>): string | undefined {
  for (const step of allSteps(plan)) {
    const name = writerName(step);
    if (name === undefined) continue;
    const key = writtenKeys(step).find((k) => typeof k === 'string' && keys.has(k));
    if (typeof key === 'string') return `The provided traversal contains a ${name} that is setting a property key to a reserved word: ${key}`;
  }
  return undefined;
}

function report(name: string, config: StrategyConfig, code: string, message: string | undefined): void {
  const warn = flag(name, config, 'logWarning');
  const raise = flag(name, config, 'throwException');
  if (message === undefined) return;
  if (warn) process.emitWarning(message, { type: 'VerificationWarning', code });
  if (raise) throw new PlanError(code, message);
}

/**
 * Runs the verification strategies the plan's source asks for; throws PlanError
 * (EDGE_LABEL_VERIFICATION, RESERVED_KEYS_VERIFICATION, VERTEX_PROGRAM_RESTRICTION) or emits a
 * process warning as each strategy is configured.
 */
export function verifyPlan(plan: Plan): void {
  const settings = plan.settings;
  const edgeLabels = active(settings, 'EdgeLabelVerificationStrategy');
  if (edgeLabels !== undefined) {
    const found = unlabelledVertexStep(plan);
    const message = found === undefined ? undefined : `The provided traversal contains a vertex step without any specified edge label: ${found}; always name edge labels so that traversals stay selective`;
    report('EdgeLabelVerificationStrategy', edgeLabels, 'EDGE_LABEL_VERIFICATION', message);
  }
  const reserved = active(settings, 'ReservedKeysVerificationStrategy');
  if (reserved !== undefined) {
    report('ReservedKeysVerificationStrategy', reserved, 'RESERVED_KEYS_VERIFICATION', reservedKeyWrite(plan, reservedKeys(reserved)));
  }
  if (active(settings, 'VertexProgramRestrictionStrategy') !== undefined && active(settings, 'VertexProgramStrategy') !== undefined) {
    throw new PlanError('VERTEX_PROGRAM_RESTRICTION', 'The TraversalSource does not allow the use of a GraphComputer: VertexProgramRestrictionStrategy forbids VertexProgramStrategy');
  }
}
