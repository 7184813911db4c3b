/**
 * Every step kind of the plan model: the keys of the params map. A new kind does not compile until
 * the step registry (an exhaustive Record) handles it.
 * @module
 */
import type { StepParams } from './step-params.js';

/**
 * The kinds of plan steps, after TinkerPop's step classes.
 */
export type StepKind = keyof StepParams<unknown>;
