/**
 * Quiver: an embeddable graph database for TypeScript.
 *
 * ```ts
 * import { open } from 'quiverdb';
 * const db = await open({ path: './data' });
 * const graph = await db.createGraph('hugegraph');
 * await graph.schema().propertyKey('name').asText().ifNotExist().create();
 * await graph.schema().vertexLabel('person').properties('name').primaryKeys('name').ifNotExist().create();
 * const marko = await graph.addVertex('person', { name: 'marko' });
 * await db.close();
 * ```
 *
 * This module is the public API and the composition root: the HTTP server and every user go
 * through it.
 * @module
 */
import { Database } from './database/index.js';
import type { OpenOptions, ServerStateOptions } from './database/index.js';
import { ServerState } from './database/index.js';
import { parseScript } from './grammar/index.js';
import {
  __,
  barrier,
  cardinality,
  column,
  direction,
  dt,
  EdgeLabelVerificationStrategy,
  EnumValue,
  GraphTraversal,
  GraphTraversalSource,
  GType,
  merge,
  operator,
  order,
  P,
  pick,
  pop,
  ReservedKeysVerificationStrategy,
  scope,
  t,
  TextP,
  VertexProgramRestrictionStrategy,
  withOptions,
} from './engine/index.js';

export {
  ServerState,
  TaskRegistry,
  UserRegistry,
  AuditLog,
  StateFile,
  DEFAULT_SPACE,
  INTERRUPTED_RESULT,
  TASK_STATUSES,
  PUBLISHED_STATUSES,
  checkGraphSpaceInput,
  checkServiceInput,
  checkTenancyName,
  formatTimestamp,
  hashPassword,
  verifyPassword,
} from './database/index.js';
export type {
  ServerStateOptions,
  GraphBackend,
  GraphInfo,
  GremlinText,
  ParsedGremlin,
  GraphSpaceRecord,
  GraphSpaceSettings,
  ServiceRecord,
  ServiceSettings,
  TaskBrief,
  TaskContext,
  TaskPage,
  TaskRecord,
  TaskStatus,
  TaskWork,
  TasksDocument,
  Identity,
  AuthContext,
  UserRegistryOptions,
  StoredUser,
  UserFamily,
  UserRecord,
  UsersDocument,
  LoginThrottleSettings,
  AuditEvent,
  AuditLogOptions,
  ReplicationHooks,
  TaskChange,
  TaskCoordinator,
  TaskKey,
} from './database/index.js';
export { mergeByStrategy, removeLabelElements, UPDATE_STRATEGIES } from './database/index.js';
export type { ChunkedRemoval } from './database/index.js';
export type { BatchUpdate, EdgeInputLike, UpdateStrategy, VertexInputLike } from './database/index.js';
export { coversType, PERMISSIONS, RESOURCE_TYPES, AccessControl, GrantRegistry } from './database/index.js';
export type { AccessHooks, GrantHooks, GrantsDocument, Roles, SpaceGrants, Stamped, StoredAccess, StoredBelong, StoredGroup, StoredTarget } from './database/index.js';
export type { GraphPolicy, Permission, ResourceRule, ResourceType } from './database/index.js';
export { checkDataDirectory, Database, describeDamage, describeDropped, Graph, GraphVariables, GremlinScope, Traversers, GRAPH_CONFIG_KEYS, repairDataDirectory, resolveGraphConfig, validateGraphName } from './database/index.js';
export type { ComputeJob, ComputeOptions, ComputeOutput, ComputeParams, ComputeResult, ComputeStatus, ComputeValues } from './database/index.js';
export { backupStream, restoreDirectory, restoreIntoServer, verifyBackup, TELEMETRY_CHANNELS } from './database/index.js';
export type { BackupScope, RestoreReport, QueryEvent, SnapshotEvent, WalCommitEvent } from './database/index.js';
export { ALGORITHMS } from './engine/index.js';
export type { AlgorithmName, AlgorithmSpec } from './engine/index.js';
export type {
  VariableScalar,
  VariableValue,
  OpenOptions,
  RecoveryWarning,
  GraphRecovery,
  DirectoryCheck,
  DirectoryRepair,
  FileCheck,
  DamageNote,
  DroppedPart,
  GraphServices,
  GraphParts,
  IndexBuild,
  SchemaView,
  GraphAdministration,
  GremlinOptions,
  GremlinRequest,
  ElementReads,
  ElementWrites,
  EdgeQuery,
  PropertyQuery,
  ScanQuery,
  Shard,
  VertexQuery,
  TypesOption,
  IdOf,
  QueryLimits,
  GraphConfig,
  GraphConfigInput,
  EdgeInput,
  EdgeView,
  EdgeViewOf,
  JavaEdgeView,
  JavaVertexView,
  PlainValue,
  Properties,
  PropertiesInput,
  VertexInput,
  VertexView,
  VertexViewOf,
  GraphModes,
  ReadMode,
} from './database/index.js';
export {
  QuiverError,
  GremlinSyntaxError,
  PlanError,
  ArgumentError,
  NotFoundError,
  SchemaError,
  ConflictError,
  PermissionError,
  LimitError,
  UnsupportedError,
  NoIndexError,
  StorageError,
  CancelledError,
} from './errors.js';
export type { ErrorKind, QuiverErrorOptions } from './errors.js';
export {
  TypedNumber,
  Uuid,
  Bytecode,
  VariableRef,
  GraphTraversalSource,
  GraphTraversal,
  __,
  P,
  TextP,
  Vertex,
  Edge,
  VertexProperty,
  Property,
  Path,
  Tree,
  Subgraph,
  TraversalMetrics,
  formatValue,
  parsePredicateText,
  propertyCondition,
  Predicate,
  EnumValue,
  t,
  order,
  scope,
  column,
  direction,
  cardinality,
  pop,
  operator,
  barrier,
  merge,
  pick,
  dt,
  GType,
  withOptions,
  toPlain,
  PlainMap,
  PlainSet,
  jsonValue,
  jsonKey,
  jsonReplacer,
  HUGEGRAPH_JSON,
  QUERY_LIMITS,
  StrategySpec,
  EdgeLabelVerificationStrategy,
  ReservedKeysVerificationStrategy,
  VertexProgramRestrictionStrategy,
  FilteredSource,
  breather,
  mapInTurns,
} from './engine/index.js';
export type {
  ValueTypes,
  JsonOptions,
  LongJson,
  DateJson,
  EnumOf,
  VertexProperties,
  EdgeProperties,
  TraversalSourceOptions,
  NumericType,
  PropertyValue,
  ElementId,
  PlainId,
  Direction,
  GraphSource,
  GraphWriter,
  VertexPropertyRecord,
  IndexPredicate,
  NeighbourBatch,
  ScanOptions,
  PropertyCardinality,
  FluentArg,
  TraversalRunner,
  TraversalRun,
  TraversalContext,
  ExecutionContext,
  SourceDecorator,
  ViewFilters,
  Pacing,
  QueryCursor,
  VerificationOptions,
  Script,
  GraphNameKind,
  ReadView,
  Argument,
  ArgumentObject,
  Instruction,
  FilterKey,
  KeyDataType,
  StepMetrics,
} from './engine/index.js';
export {
  SchemaBuilder,
  PropertyKeyBuilder,
  VertexLabelBuilder,
  EdgeLabelBuilder,
  IndexLabelBuilder,
  schemaToGroovy,
} from './database/index.js';
export type { SchemaOperations } from './database/index.js';
export { SchemaCatalog, parseEdgeId, primaryKeyVertexId } from './storage/index.js';
export type { EdgeIdParts } from './storage/index.js';
export type {
  DataType,
  Cardinality,
  IdStrategy,
  IndexType,
  SchemaStatus,
  UserData,
  PropertyKeyRecord,
  LabelRecordBase,
  VertexLabelRecord,
  EdgeLabelRecord,
  IndexLabelRecord,
  GraphMode,
  SchemaChange,
  SchemaMutator,
  SchemaResult,
  SchemaRemoval,
  PropertyKeySpec,
  VertexLabelSpec,
  EdgeLabelSpec,
  IndexLabelSpec,
  SchemaCatalogOptions,
  SchemaCounters,
  SchemaSnapshot,
  LabelAppend,
  LabelEliminate,
  CreateOptions,
} from './storage/index.js';

/**
 * Opens a database: durable in `options.path` (created if needed, locked against a second
 * opener), or purely in memory without a path. Graphs of the database run Gremlin scripts
 * through `graph.gremlin(text)`.
 *
 * @example
 * ```ts
 * import { open } from 'quiverdb';
 * const db = await open({ path: './data' });
 * const memory = await open();
 * ```
 */
export function open(options: OpenOptions = {}): Promise<Database> {
  return Database.open(options, { parseScript });
}

/**
 * Opens the state of a Quiver server (graph spaces, services, graphs, users, tasks) in
 * `options.path`, initialising it on first start with graph space DEFAULT, graph `hugegraph`
 * and the super administrator `admin`. `generatedPassword` is set only when this call generated
 * the admin password (show it once: only its hash is stored).
 *
 * @example
 * ```ts
 * import { openServerState } from 'quiverdb';
 * const { state, generatedPassword } = await openServerState({ path: './data' });
 * await state.close();
 * ```
 */
export function openServerState(options: ServerStateOptions = {}): Promise<{ state: ServerState; generatedPassword?: string }> {
  return ServerState.open(options, { parseScript });
}

/**
 * The Gremlin vocabulary grouped as gremlin-javascript's `gremlin.process` groups it, so that a
 * program written against the `gremlin` npm package ports by changing its imports and the line
 * that creates `g`.
 *
 * @example
 * ```ts
 * import { process as gprocess } from 'quiverdb';
 * const { t, order, P } = gprocess;
 * const __ = gprocess.statics;
 * const g = graph.traversal();
 * await g.V().order().by('age', order.desc).values('name').toList();
 * ```
 */
export const process = Object.freeze({
  EnumValue,
  P,
  TextP,
  GraphTraversal,
  GraphTraversalSource,
  statics: __,
  t,
  order,
  scope,
  column,
  direction,
  cardinality,
  pop,
  operator,
  barrier,
  merge,
  pick,
  dt,
  GType,
  withOptions,
  EdgeLabelVerificationStrategy,
  ReservedKeysVerificationStrategy,
  VertexProgramRestrictionStrategy,
});
export type { TraverserCallOptions } from './database/index.js';
export type {
  AdamicAdarOptions, AdamicAdarResult, AllShortestPathsOptions, AllShortestPathsResult, CountOptions, CountResult, Crosspoint, CrosspointsOptions,
  CrosspointsResult, CustomizedCrosspointsOptions, CustomizedCrosspointsResult, CustomizedPath, CustomizedPathStep, CustomizedPathsOptions,
  CustomizedPathsResult, DegreeOptions, EdgeExistOptions, EdgeExistResult, EdgeStep, EgonetOptions, EgonetResult, ElementOptions, FusiformSimilar,
  FusiformSimilarityOptions, FusiformSimilarityResult, HopParameters, JaccardSimilarityOptions, JaccardSimilarityResult, KneighborOptions, KneighborResult,
  KoutOptions, KoutResult, LabelFilter, LinkPredictionOptions, MultiNodeShortestPathOptions, MultiNodeShortestPathResult, NeighborRankOptions,
  NeighborRankResult, NeighbourhoodOptions, NeighbourhoodResult, PathElements, PathPattern, PathsOptions, PathsResult, PersonalRankOptions,
  PersonalRankResult, PropertyFilter, RankStep, RaysOptions, RaysResult, ResourceAllocationOptions, ResourceAllocationResult, RingsOptions, RingsResult,
  SameNeighborsBatchOptions, SameNeighborsBatchResult, SameNeighborsOptions, SameNeighborsResult, ShortestPathOptions, ShortestPathResult,
  SingleSourceShortestPathOptions, SingleSourceShortestPathResult, TemplatePathStep, TemplatePathsOptions, TemplatePathsResult, TraverserEdge,
  TraverserMeasure, TraverserPath, TraverserVertex, VertexEdgeSteps, VertexSelector, WeightedPath, WeightedShortestPathOptions, WeightedShortestPathResult,
} from './engine/index.js';
