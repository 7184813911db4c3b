/**
 * The plan model: a compiled traversal as readonly step nodes keyed by `kind`.
 * @module
 */
import type { StepKind } from './kinds.js';

/**
 * What a step needs the traverser to carry, so the executor can pick the leanest one.
 *
 * @example
 * ```ts
 * const r: Requirements = { path: true, labels: false, loops: false, sack: false };
 * ```
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
 * One node of a plan: a step kind, its validated parameters and the labels given by `as()`.
 *
 * @example
 * ```ts
 * const s: PlanStep = { kind: 'identity', labels: ['a'], params: {} };
 * ```
 */
export interface PlanStep {
  readonly kind: StepKind;
  /** Labels attached with `as()`. */
  readonly labels: readonly string[];
  /** Validated step parameters; child traversals appear as nested {@link Plan}s. */
  readonly params: unknown;
}

/**
 * Sack configuration set with `withSack(initial, split?, merge?)`.
 *
 * @example
 * ```ts
 * const s: SackSpec = { initial: 1, merge: 'sum' };
 * ```
 */
export interface SackSpec {
  /** Initial value, or a plan producing it (Supplier). */
  readonly initial: unknown;
  /** Merge operator used when traversers meet at a barrier. */
  readonly merge?: string;
}

/**
 * Source-level settings (withSideEffect, withSack, with, strategies) of a root plan.
 *
 * @example
 * ```ts
 * const s: SourceSettings = { sideEffects: new Map(), options: new Map(), strategies: [], without: [] };
 * ```
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
  /** Strategies added by `withStrategies`, by simple class name. */
  readonly strategies: readonly { readonly name: string; readonly config: ReadonlyMap<string, unknown> }[];
  /** Strategy names removed by `withoutStrategies`. */
  readonly without: readonly string[];
}

/**
 * A compiled traversal: ordered steps plus source settings. Child traversals are Plans too
 * (with empty settings).
 *
 * @example
 * ```ts
 * const plan = compile(new Bytecode([], [{ op: 'V', args: [] }]));
 * console.log(plan.steps[0].kind); // 'graph'
 * ```
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
 *
 * @example
 * ```ts
 * const p = new Plan([], EMPTY_SETTINGS);
 * ```
 */
export const EMPTY_SETTINGS: SourceSettings = {
  sideEffects: new Map(),
  options: new Map(),
  strategies: [],
  without: [],
};

/**
 * Calls `fn` on every child plan found inside step parameters (arrays, plain objects and
 * Map values are searched) and returns the parameters rebuilt with the results.
 *
 * @example
 * ```ts
 * const rewritten = mapChildPlans(step.params, (child) => optimise(child));
 * ```
 */
export function mapChildPlans(params: unknown, fn: (plan: Plan) => Plan): unknown {
  if (params === null || typeof params !== 'object') return params;
  if (params instanceof Plan) return fn(params);
  if (Array.isArray(params)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < params.length; i++) {
      const v: unknown = params[i];
      const mapped = mapChildPlans(v, fn);
      if (mapped !== v) (out ??= params.slice())[i] = mapped;
    }
    return out ?? params;
  }
  if (params instanceof Map) {
    let changed = false;
    const entries = [...(params as Map<unknown, unknown>)].map(([k, v]): [unknown, unknown] => {
      const mapped = mapChildPlans(v, fn);
      if (mapped !== v) changed = true;
      return [k, mapped];
    });
    return changed ? new Map(entries) : params;
  }
  if (isPlainObject(params)) {
    let out: Record<string, unknown> | undefined;
    for (const k of Object.keys(params)) {
      const v = params[k];
      const mapped = mapChildPlans(v, fn);
      if (mapped !== v) (out ??= { ...params })[k] = mapped;
    }
    return out ?? params;
  }
  return params;
}

/**
 * Every child plan inside step parameters, depth one.
 *
 * @example
 * ```ts
 * const children = childPlans(step.params);
 * ```
 */
export function childPlans(params: unknown): Plan[] {
  const found: Plan[] = [];
  collectPlans(params, found);
  return found;
}

function collectPlans(params: unknown, into: Plan[]): void {
  if (params === null || typeof params !== 'object') return;
  if (params instanceof Plan) into.push(params);
  else if (Array.isArray(params)) for (const v of params as unknown[]) collectPlans(v, into);
  else if (params instanceof Map) for (const v of (params as Map<unknown, unknown>).values()) collectPlans(v, into);
  else if (isPlainObject(params)) for (const k of Object.keys(params)) collectPlans(params[k], into);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
