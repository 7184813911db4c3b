/**
 * The engine layer: plan model, steps, strategies, executor and the GraphSource port.
 * Other layers import only from this file.
 * @module
 */
export * from '../values/index.js';
export * from '../port/index.js';
export * from './bytecode.js';
export * from './script.js';
export { Vertex, Edge, VertexProperty, Property, isElement, type VertexProperties, type EdgeProperties } from './elements.js';
export { Path, Tree } from './path-tree.js';
export { TraversalMetrics, type StepMetrics } from './traversal-metrics.js';
export { Subgraph } from './subgraph.js';
export { Plan, type PlanStep, type Requirements, type SourceSettings } from './plan/plan.js';
export type { StepKind } from './plan/kinds.js';
export { compile, type CompileOptions } from './compiler/compile.js';
export { QUERY_LIMITS, checkQueryLimits, textTooLong, tooDeep } from './compiler/limits.js';
export { explain } from './compiler/explain.js';
export { execute, executeAsync, traverse, type ExecutionContext, type Pacing, type SourceDecorator } from './run/execute.js';
export { queryElements, elementShards, readNow, type ElementQuery } from './run/element-query.js';
export { FilteredSource, type ViewFilters } from './run/filtered-source.js';
export { QueryCursor } from './run/cursor.js';
export { breather, mapInTurns, SLICE_MS } from './runtime/turns.js';
export type { Traverser } from './runtime/traverser.js';
export { predicateTest, type Test } from './runtime/predicate.js';
export { STRATEGIES } from './strategies/list.js';
export type { Strategy } from './strategies/strategy.js';
export { __ } from './fluent/anonymous.js';
export { GraphTraversal, type FluentArg, type TraversalRunner, type TraversalRun } from './fluent/graph-traversal.js';
export { GraphTraversalSource, startTraversal, type TraversalContext, type TraversalSourceOptions } from './fluent/source.js';
export { parseDatetime } from './functions/index.js';
export { formatValue, parsePredicateText, propertyCondition, type FilterKey, type KeyDataType } from './semantics/index.js';
export { P, TextP } from './fluent/predicates.js';
export { EdgeLabelVerificationStrategy, ReservedKeysVerificationStrategy, VertexProgramRestrictionStrategy, type VerificationOptions } from './fluent/strategies.js';
export { t, order, scope, column, direction, cardinality, pop, operator, barrier, merge, pick, dt, GType, withOptions, canonicalEnum, type EnumOf } from './fluent/fluent-tokens.js';
export { toPlain, fromPlain, resultConverter, PlainMap, PlainSet, type ValueTypes } from './plain.js';
export { jsonKey, jsonValue, jsonReplacer, jsonOptions, HUGEGRAPH_JSON, type JsonOptions, type LongJson, type DateJson } from './json.js';
export { edgeShape } from './edge-shape.js';
export type { EdgeShape } from './edge-shape.js';
export { runScript } from './script-runner/run-script.js';
export type { ScriptHost, ScriptTransaction } from './script-runner/host.js';
export type { SchemaBuilderLike } from './script-runner/schema-methods.js';
export * from './frontier/index.js';
export * from './traversers/index.js';
export { ALGORITHMS, isAlgorithm, resolveParams, type AlgorithmName, type AlgorithmSpec } from './compute/algorithms.js';
export type { AlgorithmOutput, ResolvedParams } from './compute/drivers.js';
export { sharedFloat64, sharedInt32, type ComputeGraph } from './compute/compute-graph.js';
export { COMPUTE_WORKER, runKernel, type KernelPool, type KernelTask } from './compute/kernels.js';
export type { KernelReply } from './compute/kernel-reply.js';
