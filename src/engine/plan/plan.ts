/**
 * The plan model: a compiled traversal as readonly step nodes keyed by `kind`.
 * @module
 */
import type { StepKind } from './kinds.js';
import type { StepParams } from './step-params.js';

/**
 * What a step needs the traverser to carry, so the executor can pick the leanest one.
 */
export interface Requirements {
  /** The full path of objects (path(), simplePath(), tree()...). */
  readonly path: boolean;
  /** Labelled objects only (select(), where() with labels, match()). */
  readonly labels: boolean;
  /** Loop counters (repeat(), loops()). */
  readonly loops: boolean;
  /** A sack value (sack(), withSack()). */
  readonly sack: boolean;
}

/**
 * The validated parameters of a step kind, with child traversals as {@link Plan}s.
 */
export type ParamsOf<K extends StepKind> = StepParams<Plan>[K];

/**
 * One node of a plan of a given kind: the kind, its validated parameters and the labels given by `as()`.
 */
interface PlanStepOf<K extends StepKind> {
  readonly kind: K;
  /** Labels attached with `as()`. */
  readonly labels: readonly string[];
  /** Validated step parameters; child traversals appear as nested {@link Plan}s. */
  readonly params: ParamsOf<K>;
}

/**
 * One node of a plan: a union over the step kinds (all of them by default), so that testing
 * `kind` types `params`. Code generic in the kind takes `PlanStep<K>`, which stays a union member.
 */
export type PlanStep<K extends StepKind = StepKind> = { readonly [J in K]: PlanStepOf<J> }[K];

/**
 * Sack configuration set with `withSack(initial, split?, merge?)`.
 */
export interface SackSpec {
  /** Initial value, or a plan producing it (Supplier). */
  readonly initial: unknown;
  /** Merge operator used when traversers meet at a barrier. */
  readonly merge?: string;
}

/**
 * Source-level settings (withSideEffect, withSack, with, strategies) of a root plan.
 */
export interface SourceSettings {
  readonly sideEffects: ReadonlyMap<string, unknown>;
  /** Reducing operators of side-effect keys, from `withSideEffect(key, initial, Operator.x)`. */
  readonly reducers?: ReadonlyMap<string, string>;
  readonly sack?: SackSpec;
  /** `withBulk(false)`: traversers merged at a barrier keep a bulk of one, and results are not repeated by bulk. */
  readonly oneBulk?: boolean;
  /** `withPath()`: traversers carry their path even when no step needs it. */
  readonly withPath?: boolean;
  /** Options from `with(key, value)` and OptionsStrategy. */
  readonly options: ReadonlyMap<string, unknown>;
  /**
   * `with('evaluationTimeout', ms)` (or the older `scriptEvaluationTimeout`): the traversal's
   * own time limit, which can shorten the caller's deadline but never extend it.
   */
  readonly timeoutMs?: number;
  /** Strategies added by `withStrategies`, by simple class name; SubgraphStrategy's filter traversals come compiled, as {@link Plan}s. */
  readonly strategies: readonly { readonly name: string; readonly config: ReadonlyMap<string, unknown> }[];
  /** Strategy names removed by `withoutStrategies`. */
  readonly without: readonly string[];
}

/**
 * A compiled traversal: ordered steps plus source settings. Child traversals are Plans too
 * (with empty settings).
 */
export class Plan {
  constructor(
    readonly steps: readonly PlanStep[],
    readonly settings: SourceSettings = EMPTY_SETTINGS,
  ) {}

  /** A copy with other steps and the same settings. */
  withSteps(steps: readonly PlanStep[]): Plan {
    return new Plan(steps, this.settings);
  }
}

/**
 * Settings of an anonymous or freshly built plan.
 */
export const EMPTY_SETTINGS: SourceSettings = {
  sideEffects: new Map(),
  options: new Map(),
  strategies: [],
  without: [],
};

/**
 * Calls `fn` on every child plan found inside step parameters (arrays, plain objects and
 * Map values are searched) and returns the parameters rebuilt with the results, of the same type.
 */
function mapChildPlans<T>(params: T, fn: (plan: Plan) => Plan): T {
  // The rebuild keeps every shape and puts a Plan where a Plan was, so the result has T's type.
  return mapPlansIn(params, fn) as T;
}

function mapPlansIn(value: unknown, fn: (plan: Plan) => Plan): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Plan) return fn(value);
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const mapped = mapPlansIn(v, fn);
      if (mapped !== v) (out ??= value.slice())[i] = mapped;
    }
    return out ?? value;
  }
  if (value instanceof Map) {
    let changed = false;
    const entries = [...(value as Map<unknown, unknown>)].map(([k, v]): [unknown, unknown] => {
      const mapped = mapPlansIn(v, fn);
      if (mapped !== v) changed = true;
      return [k, mapped];
    });
    return changed ? new Map(entries) : value;
  }
  if (isPlainObject(value)) {
    let out: Record<string, unknown> | undefined;
    for (const k of Object.keys(value)) {
      const v = value[k];
      const mapped = mapPlansIn(v, fn);
      if (mapped !== v) (out ??= { ...value })[k] = mapped;
    }
    return out ?? value;
  }
  return value;
}

/**
 * The step with `fn` applied to each of its child plans; the same object when none changed.
 */
export function mapStepPlans<K extends StepKind>(step: PlanStep<K>, fn: (plan: Plan) => Plan): PlanStep<K> {
  const params = mapChildPlans(step.params, fn);
  return params === step.params ? step : { ...step, params };
}

/**
 * Every child plan inside step parameters, depth one.
 */
export function childPlans(params: unknown): Plan[] {
  const found: Plan[] = [];
  collectPlans(params, found);
  return found;
}

function collectPlans(value: unknown, into: Plan[]): void {
  if (value === null || typeof value !== 'object') return;
  if (value instanceof Plan) into.push(value);
  else if (Array.isArray(value)) for (const v of value as unknown[]) collectPlans(v, into);
  else if (value instanceof Map) for (const v of (value as Map<unknown, unknown>).values()) collectPlans(v, into);
  else if (isPlainObject(value)) for (const k of Object.keys(value)) collectPlans(value[k], into);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
