/**
 * The contract every step implements: how it compiles its arguments, which modulators it
 * accepts, what it needs from the traverser, and how it runs over a stream of traversers.
 * @module
 */
import type { Argument, Instruction } from '../bytecode.js';
import type { ParamsOf, Plan, Requirements } from '../plan/plan.js';
import type { StepKind } from '../plan/kinds.js';
import type { RunnableStep } from '../runtime/runtime.js';

/**
 * Services the compiler offers to a step while it compiles its arguments.
 */
export interface CompileContext {
  /**
   * Compiles an anonymous traversal argument into a child plan; `start` compiles it as a start
   * traversal (the children of `g.union(...)`), whose first step is a start step.
   */
  child(arg: Argument, options?: { readonly start?: boolean }): Plan;
  /** True when the step is the first step of a root traversal. */
  readonly atStart: boolean;
  /** True under ProductiveByStrategy: a by() child that yields nothing yields null instead. */
  readonly productive?: boolean;
}

/**
 * Broad class of a step, after TinkerPop's taxonomy.
 */
type StepCategory = 'spawn' | 'map' | 'filter' | 'side-effect' | 'branch';

/**
 * A modulator instruction on its way to the step it modulates.
 */
export interface Modulation extends Instruction {
  /** True for times(), until() and emit() written before the repeat() they modulate. */
  readonly before: boolean;
}

/**
 * A step implementation of kind `K`; its parameters are `ParamsOf<K>`.
 */
export interface StepDef<K extends StepKind> extends RunnableStep<K> {
  readonly kind: K;
  readonly category: StepCategory;
  /** Bytecode step names that compile to this kind. */
  readonly ops: readonly string[];
  /** What the traverser must carry for this step. */
  requirements?(params: ParamsOf<K>): Partial<Requirements>;
  /** True when the step writes to the graph. */
  readonly mutates?: boolean;
  /** Validates arguments; throws PlanError on a wrong overload. */
  compile(instruction: Instruction, cc: CompileContext): ParamsOf<K>;
  /** Applies a modulator (`by`, `option`, `from`, `to`, `with`, `times`, `until`, `emit`). */
  modulate?(params: ParamsOf<K>, modulation: Modulation, cc: CompileContext): ParamsOf<K>;
  /** Short argument text for explain(). */
  describe?(params: ParamsOf<K>): string;
}

/**
 * Every step implementation by kind: the table the compiler, explain() and the runtime use.
 */
export type StepTable = { readonly [K in StepKind]: StepDef<K> };
