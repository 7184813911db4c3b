/**
 * The database layer: graph registry, durable directory layout, graph configuration and the
 * Graph with its CRUD and batch methods. Other layers import only from this file.
 * @module
 */
export { Database } from './database.js';
export type { OpenOptions, RecoveryWarning } from './database.js';
export type { GraphRecovery } from './durability.js';
export { Graph, GremlinScope } from './graph.js';
export type { IdOf } from './graph.js';
export { Traversers } from './traverser-api.js';
export type { TraverserCallOptions } from './traverser-api.js';
export { GraphCore } from './graph-core.js';
export { removeLabelElements } from './label-removal.js';
export type { ChunkedRemoval } from './label-removal.js';
export { mergeByStrategy, UPDATE_STRATEGIES } from './batch-update.js';
export type { BatchUpdate, EdgeInputLike, UpdateStrategy, VertexInputLike } from './batch-update.js';
export type { GraphParts, GraphServices, QueryLimits } from './graph-core.js';
export { GraphReads } from './graph-reads.js';
export type { EdgeQuery, PropertyQuery, ScanQuery, Shard, TypesOption, VertexQuery } from './graph-reads.js';
export { storeConfigOf } from './store-setup.js';
export { GRAPH_CONFIG_KEYS, resolveGraphConfig, validateGraphName } from './config.js';
export type { GraphConfig, GraphConfigInput } from './config.js';
export type { EdgeInput, EdgeView, EdgeViewOf, JavaEdgeView, JavaVertexView, PlainValue, Properties, PropertiesInput, VertexInput, VertexView, VertexViewOf } from './element-views.js';
export type { GraphModes, ReadMode } from './records.js';
export { checkDataDirectory, describeDropped, repairDataDirectory } from './directory-maintenance.js';
export type { DirectoryCheck, DirectoryRepair, FileCheck } from './directory-maintenance.js';
export { SchemaBuilder, PropertyKeyBuilder, VertexLabelBuilder, EdgeLabelBuilder, IndexLabelBuilder, schemaToGroovy } from './schema/index.js';
export type { SchemaOperations } from './schema/index.js';
export { describeDamage } from '../storage/index.js';
export type { DamageNote, DroppedPart } from '../storage/index.js';
export { ServerState } from './server-state.js';
export type { GraphBackend, GraphInfo, ServerStateOptions } from './server-state.js';
export { checkGraphSpaceInput, checkServiceInput, checkTenancyName, DEFAULT_SPACE, formatTimestamp } from './tenancy.js';
export type { GraphSpaceRecord, GraphSpaceSettings, ServiceRecord, ServiceSettings } from './tenancy.js';
export { INTERRUPTED_RESULT, TASK_STATUSES, TaskRegistry } from './task-registry.js';
export type { TaskBrief, TaskContext, TaskPage, TaskRecord, TaskStatus, TaskWork, TasksDocument } from './task-registry.js';
export { UserRegistry, hashPassword, verifyPassword } from './users.js';
export type { Identity, StoredUser, UsersDocument } from './users.js';
export { StateFile } from './state-file.js';
