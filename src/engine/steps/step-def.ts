/**
 * The contract every step implements: how it compiles its arguments, which modulators it
 * accepts, what it needs from the traverser, and how it runs over a stream of traversers.
 * @module
 */
import type { Argument, Instruction } from '../bytecode.js';
import type { Plan, Requirements } from '../plan/plan.js';
import type { StepKind } from '../plan/kinds.js';
import type { Traverser } from '../exec/traverser.js';
import type { Runtime } from '../exec/runtime.js';

/**
 * Services the compiler offers to a step while it compiles its arguments.
 *
 * @example
 * ```ts
 * const plan = cc.child(arg); // compiles an anonymous traversal argument
 * ```
 */
export interface CompileContext {
  /** Compiles an anonymous traversal argument into a child plan. */
  child(arg: Argument): Plan;
  /** True when the step is the first step of a root traversal. */
  readonly atStart: boolean;
  /** True under ProductiveByStrategy: a by() child that yields nothing yields null instead. */
  readonly productive?: boolean;
}

/**
 * Broad class of a step, after TinkerPop's taxonomy.
 *
 * @example
 * ```ts
 * const c: StepCategory = 'filter';
 * ```
 */
export type StepCategory = 'spawn' | 'map' | 'filter' | 'side-effect' | 'branch';

/**
 * A step implementation. `P` is the type of its validated parameters.
 *
 * @example
 * ```ts
 * const identityStep: StepDef<Record<string, never>> = {
 *   kind: 'identity', category: 'map', ops: ['identity'],
 *   compile: () => ({}), run: (_p, input) => input,
 * };
 * ```
 */
export interface StepDef<P> {
  readonly kind: StepKind;
  readonly category: StepCategory;
  /** Bytecode step names that compile to this kind. */
  readonly ops: readonly string[];
  /** What the traverser must carry for this step. */
  requirements?(params: P): Partial<Requirements>;
  /** True when the step writes to the graph. */
  readonly mutates?: boolean;
  /**
   * True when `run` passes the PAUSE markers of its input (and of the child traversals it
   * streams with `rt.stream`) through unchanged, and yields PAUSE itself when `rt.tick()` says
   * the time slice is over. Other steps never see a marker: the runtime strips them first.
   */
  readonly pauses?: true;
  /** Validates arguments; throws PlanError on a wrong overload. */
  compile(instruction: Instruction, cc: CompileContext): P;
  /** Applies a modulator (`by`, `option`, `from`, `to`, `with`, `times`, `until`, `emit`). */
  modulate?(params: P, instruction: Instruction, cc: CompileContext): P;
  /** Runs the step over its input stream. */
  run(params: P, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser>;
  /** Short argument text for explain(). */
  describe?(params: P): string;
}
