/**
 * Every step kind of the plan model. A new kind does not compile until the step registry
 * (an exhaustive Record) handles it.
 * @module
 */

/**
 * The kinds of plan steps, after TinkerPop's step classes.
 *
 * @example
 * ```ts
 * const k: StepKind = 'vertex';
 * ```
 */
export type StepKind =
  | 'graph'
  | 'inject'
  | 'vertex'
  | 'edgeVertex'
  | 'properties'
  | 'id'
  | 'label'
  | 'key'
  | 'value'
  | 'identity'
  | 'constant'
  | 'count'
  | 'fold'
  | 'unfold'
  | 'order'
  | 'select'
  | 'selectColumn'
  | 'project'
  | 'path'
  | 'group'
  | 'reduce'
  | 'loops'
  | 'propertyMap'
  | 'range'
  | 'tail'
  | 'dedup'
  | 'has'
  | 'is'
  | 'filter'
  | 'where'
  | 'aggregate'
  | 'cap'
  | 'sideEffect'
  | 'union'
  | 'coalesce'
  | 'optional'
  | 'local'
  | 'choose'
  | 'repeat'
  | 'addV'
  | 'addE'
  | 'property'
  | 'drop'
  | 'merge'
  | 'fn'
  | 'math'
  | 'format'
  | 'quantifier'
  | 'random'
  | 'pathFilter'
  | 'timeLimit'
  | 'sack'
  | 'index'
  | 'tree'
  | 'element'
  | 'control'
  | 'degreeCount'
  | 'columnScan'
  | 'frontier'
  | 'match'
  | 'call'
  | 'subgraph'
  | 'io';
