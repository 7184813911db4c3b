/**
 * The database layer: graph registry, durable directory layout, graph configuration and the
 * Graph with its CRUD and batch methods. Other layers import only from this file.
 * @module
 */
export { Database } from './database.js';
export type { OpenOptions, RecoveryWarning } from './database.js';
export type { GraphRecovery } from './durability/durability.js';
export { Graph } from './graph/graph.js';
export { GremlinScope } from './graph/request-runner.js';
export type { GremlinOptions, GremlinRequest } from './graph/request-runner.js';
export type { ElementWrites, IdOf } from './graph/write-api.js';
export { Traversers } from './graph/traverser-api.js';
export { GraphVariables } from './graph/variables.js';
export type { VariableScalar, VariableValue } from './graph/variable-values.js';
export type { TraverserCallOptions } from './graph/traverser-api.js';
export { removeLabelElements } from './graph/label-removal.js';
export type { ChunkedRemoval } from './graph/label-removal.js';
export { mergeByStrategy, UPDATE_STRATEGIES } from './graph/batch-update.js';
export type { BatchUpdate, EdgeInputLike, UpdateStrategy, VertexInputLike } from './graph/batch-update.js';
export type { GraphParts, GraphServices, QueryLimits } from './graph/graph-state.js';
export type { EdgeQuery, ElementReads, PropertyQuery, ScanQuery, Shard, TypesOption, VertexQuery } from './graph/read-api.js';
export type { IndexBuild } from './graph/schema-admin.js';
export type { SchemaView } from './graph/schema-view.js';
export { coversType, PERMISSIONS, RESOURCE_TYPES } from './graph/access-policy.js';
export type { GraphPolicy, Permission, ResourceRule, ResourceType } from './graph/access-policy.js';
export type { GraphAdministration } from './graph/admin-api.js';
export { storeConfigOf } from './durability/store-setup.js';
export { GRAPH_CONFIG_KEYS, resolveGraphConfig, validateGraphName } from './graph/config.js';
export type { GraphConfig, GraphConfigInput } from './graph/config.js';
export type { EdgeInput, EdgeView, EdgeViewOf, JavaEdgeView, JavaVertexView, PlainValue, Properties, PropertiesInput, VertexInput, VertexView, VertexViewOf } from './graph/element-views.js';
export type { GraphModes, ReadMode } from './durability/records.js';
export { checkDataDirectory, describeDropped, repairDataDirectory } from './durability/directory-maintenance.js';
export type { DirectoryCheck, DirectoryRepair, FileCheck } from './durability/directory-maintenance.js';
export { SchemaBuilder, PropertyKeyBuilder, VertexLabelBuilder, EdgeLabelBuilder, IndexLabelBuilder, schemaToGroovy } from './graph/schema/index.js';
export type { SchemaOperations } from './graph/schema/index.js';
export { describeDamage } from '../storage/index.js';
export type { DamageNote, DroppedPart } from '../storage/index.js';
export { ServerState } from './server/server-state.js';
export { GrantRegistry } from './server/grants.js';
export type { GrantHooks, Roles } from './server/grants.js';
export type { GrantsDocument, SpaceGrants, Stamped, StoredAccess, StoredBelong, StoredGroup, StoredTarget } from './server/grant-records.js';
export { AccessControl } from './server/access-control.js';
export type { AccessHooks } from './server/access-control.js';
export type { ServerStateOptions } from './server/server-state.js';
export type { GraphBackend, GraphInfo } from './server/graph-registry.js';
export type { GremlinText, ParsedGremlin } from './server/gremlin-names.js';
export { checkGraphSpaceInput, checkServiceInput, checkTenancyName, DEFAULT_SPACE, formatTimestamp } from './server/tenancy.js';
export type { GraphSpaceRecord, GraphSpaceSettings, ServiceRecord, ServiceSettings } from './server/tenancy.js';
export { INTERRUPTED_RESULT, TASK_STATUSES, TaskRegistry } from './server/task-registry.js';
export type { TaskBrief, TaskContext, TaskPage, TaskRecord, TaskStatus, TaskWork, TasksDocument } from './server/task-registry.js';
export { UserRegistry } from './server/users.js';
export type { AuthContext, Identity, UserRegistryOptions } from './server/users.js';
export { hashPassword, verifyPassword } from './server/passwords.js';
export type { StoredUser, UserFamily, UserRecord, UsersDocument } from './server/user-records.js';
export type { LoginThrottleSettings } from './server/login-throttle.js';
export { AuditLog } from './server/audit.js';
export type { AuditEvent, AuditLogOptions } from './server/audit.js';
export { StateFile } from './durability/state-file.js';
