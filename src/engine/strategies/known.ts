/**
 * The strategy names `withStrategies(...)` and `withoutStrategies(...)` accept: the strategies
 * TinkerPop 3.8 defines (gremlin-core and its computer package, as the Gremlin language variants
 * name them) and Quiver's own optimisation strategies. Another name is refused rather than
 * silently ignored, as TinkerPop refuses a class it cannot resolve.
 * @module
 */
import { PlanError } from '../../errors.js';
import { STRATEGIES } from './list.js';

/** Simple class names of TinkerPop 3.8's traversal strategies, by category. */
const TINKERPOP_STRATEGIES: readonly string[] = [
  // decoration
  'ConnectiveStrategy', 'ElementIdStrategy', 'EventStrategy', 'HaltedTraverserStrategy', 'OptionsStrategy',
  'PartitionStrategy', 'RequirementsStrategy', 'SeedStrategy', 'SideEffectStrategy', 'SubgraphStrategy',
  'VertexProgramStrategy',
  // finalization
  'ComputerFinalizationStrategy', 'GValueReductionStrategy', 'MatchAlgorithmStrategy', 'ProfileStrategy', 'ReferenceElementStrategy',
  // optimization
  'AdjacentToIncidentStrategy', 'ByModulatorOptimizationStrategy', 'CountStrategy', 'EarlyLimitStrategy', 'FilterRankingStrategy',
  'GraphFilterStrategy', 'IdentityRemovalStrategy', 'IncidentToAdjacentStrategy', 'InlineFilterStrategy', 'LazyBarrierStrategy',
  'MatchPredicateStrategy', 'MessagePassingReductionStrategy', 'OrderLimitStrategy', 'PathProcessorStrategy',
  'PathRetractionStrategy', 'ProductiveByStrategy', 'RepeatUnrollStrategy',
  // verification
  'ComputerVerificationStrategy', 'EdgeLabelVerificationStrategy', 'LambdaRestrictionStrategy', 'ReadOnlyStrategy',
  'ReservedKeysVerificationStrategy', 'StandardVerificationStrategy', 'VertexProgramRestrictionStrategy',
];

const KNOWN: ReadonlySet<string> = new Set([...TINKERPOP_STRATEGIES, ...STRATEGIES.map((s) => s.name)]);

/**
 * Refuses a strategy name that is neither a TinkerPop strategy nor one of Quiver's own
 * (PlanError UNKNOWN_STRATEGY), so a misspelt `withStrategies(ReadOnlyStrategyy)` does not
 * silently run without its checks.
 */
export function checkStrategyName(name: string, step: 'withStrategies' | 'withoutStrategies'): void {
  if (!KNOWN.has(name)) throw new PlanError('UNKNOWN_STRATEGY', `Invalid ${step}(): ${name} is not a TinkerPop or Quiver strategy`);
}
