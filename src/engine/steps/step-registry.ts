/**
 * The step registry: one implementation per plan kind. It is an exhaustive Record, so a new
 * kind does not compile until it is registered here.
 * @module
 */
import type { StepTable } from './step-def.js';
import { graphStep } from './map/graph-step.js';
import { injectStep } from './side-effect/inject-step.js';
import { vertexStep } from './map/vertex-step.js';
import { edgeVertexStep } from './map/edge-vertex-step.js';
import { propertiesStep } from './map/properties-step.js';
import { idStep, keyStep, labelStep, valueStep } from './map/accessor-step.js';
import { identityStep } from './map/identity-step.js';
import { constantStep } from './map/constant-step.js';
import { countStep } from './map/count-step.js';
import { foldStep } from './map/fold-step.js';
import { unfoldStep } from './map/unfold-step.js';
import { orderStep } from './map/order-step.js';
import { selectStep } from './map/select-step.js';
import { selectColumnStep } from './map/select-column-step.js';
import { projectStep } from './map/project-step.js';
import { pathStep } from './map/path-step.js';
import { groupStep } from './map/group-step.js';
import { reduceStep } from './map/reduce-step.js';
import { loopsStep } from './map/loops-step.js';
import { propertyMapStep } from './map/property-map-step.js';
import { rangeStep } from './filter/range-step.js';
import { tailStep } from './filter/tail-step.js';
import { dedupStep } from './filter/dedup-step.js';
import { hasStep } from './filter/has-step.js';
import { isStep } from './filter/is-step.js';
import { traversalFilterStep } from './filter/traversal-filter-step.js';
import { whereStep } from './filter/where-step.js';
import { aggregateStep } from './side-effect/aggregate-step.js';
import { capStep } from './side-effect/cap-step.js';
import { profileStep } from './side-effect/profile-step.js';
import { sideEffectStep } from './side-effect/side-effect-step.js';
import { unionStep } from './branch/union-step.js';
import { coalesceStep } from './branch/coalesce-step.js';
import { optionalStep } from './branch/optional-step.js';
import { localStep } from './branch/local-step.js';
import { chooseStep } from './branch/choose-step.js';
import { repeatStep } from './branch/repeat-step.js';
import { addVertexStep } from './side-effect/add-vertex-step.js';
import { addEdgeStep } from './side-effect/add-edge-step.js';
import { propertyStep } from './side-effect/property-step.js';
import { dropStep } from './side-effect/drop-step.js';
import { mergeStep } from './side-effect/merge-step.js';
import { functionStep } from './map/function-step.js';
import { mathStep } from './map/math-step.js';
import { formatStep } from './map/format-step.js';
import { quantifierStep } from './filter/quantifier-step.js';
import { randomStep } from './filter/random-step.js';
import { pathFilterStep } from './filter/path-filter-step.js';
import { timeLimitStep } from './filter/time-limit-step.js';
import { sackStep } from './side-effect/sack-step.js';
import { indexStep } from './map/index-step.js';
import { treeStep } from './map/tree-step.js';
import { elementStep } from './map/element-step.js';
import { controlStep } from './side-effect/control-step.js';
import { degreeCountStep } from './map/degree-count-step.js';
import { columnScanStep } from './map/column-scan-step.js';
import { frontierStep } from './map/frontier-step.js';
import { matchStep } from './branch/match-step.js';
import { callStep } from './map/call-step.js';
import { subgraphStep } from './side-effect/subgraph-step.js';
import { ioStep } from './side-effect/io-step.js';

/**
 * Every step implementation by kind.
 */
export const STEPS: StepTable = {
  graph: graphStep,
  inject: injectStep,
  vertex: vertexStep,
  edgeVertex: edgeVertexStep,
  properties: propertiesStep,
  id: idStep,
  label: labelStep,
  key: keyStep,
  value: valueStep,
  identity: identityStep,
  constant: constantStep,
  count: countStep,
  fold: foldStep,
  unfold: unfoldStep,
  order: orderStep,
  select: selectStep,
  selectColumn: selectColumnStep,
  project: projectStep,
  path: pathStep,
  group: groupStep,
  reduce: reduceStep,
  loops: loopsStep,
  propertyMap: propertyMapStep,
  range: rangeStep,
  tail: tailStep,
  dedup: dedupStep,
  has: hasStep,
  is: isStep,
  filter: traversalFilterStep,
  where: whereStep,
  aggregate: aggregateStep,
  cap: capStep,
  profile: profileStep,
  sideEffect: sideEffectStep,
  union: unionStep,
  coalesce: coalesceStep,
  optional: optionalStep,
  local: localStep,
  choose: chooseStep,
  repeat: repeatStep,
  addV: addVertexStep,
  addE: addEdgeStep,
  property: propertyStep,
  drop: dropStep,
  merge: mergeStep,
  fn: functionStep,
  math: mathStep,
  format: formatStep,
  quantifier: quantifierStep,
  random: randomStep,
  pathFilter: pathFilterStep,
  timeLimit: timeLimitStep,
  sack: sackStep,
  index: indexStep,
  tree: treeStep,
  element: elementStep,
  control: controlStep,
  degreeCount: degreeCountStep,
  columnScan: columnScanStep,
  frontier: frontierStep,
  match: matchStep,
  call: callStep,
  subgraph: subgraphStep,
  io: ioStep,
};
