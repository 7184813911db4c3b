/**
 * What one identity may do on one graph, in the terms of spec Part A §2.5: for each permission,
 * the target resources granted to the identity's groups on that graph. The server derives a
 * policy from users, groups, belongs, accesses and targets; the library takes one directly
 * (`graph.withPolicy(policy)`). This module holds the plain types and the coverage rules that
 * every check shares; the enforcement lives in src/database/graph/access/.
 * @module
 */

/**
 * A target resource type (spec Part A §2.5), roughly ordered by scope from NONE to ROOT.
 *
 * @example
 * ```ts
 * const type: ResourceType = 'VERTEX';
 * ```
 */
export type ResourceType =
  | 'NONE' | 'STATUS' | 'VERTEX' | 'EDGE' | 'VERTEX_AGGR' | 'EDGE_AGGR' | 'VAR' | 'GREMLIN' | 'TASK'
  | 'PROPERTY_KEY' | 'VERTEX_LABEL' | 'EDGE_LABEL' | 'INDEX_LABEL' | 'SCHEMA' | 'META' | 'ALL'
  | 'GRANT' | 'USER_GROUP' | 'PROJECT' | 'TARGET' | 'METRICS' | 'ROOT';

/** Every resource type, in the spec's order. */
export const RESOURCE_TYPES: readonly ResourceType[] = [
  'NONE', 'STATUS', 'VERTEX', 'EDGE', 'VERTEX_AGGR', 'EDGE_AGGR', 'VAR', 'GREMLIN', 'TASK',
  'PROPERTY_KEY', 'VERTEX_LABEL', 'EDGE_LABEL', 'INDEX_LABEL', 'SCHEMA', 'META', 'ALL',
  'GRANT', 'USER_GROUP', 'PROJECT', 'TARGET', 'METRICS', 'ROOT',
];

/**
 * A permission (spec Part A §2.5, `access_permission`).
 *
 * @example
 * ```ts
 * const p: Permission = 'READ';
 * ```
 */
export type Permission = 'READ' | 'WRITE' | 'DELETE' | 'EXECUTE' | 'SPACE' | 'OP';

/** Every permission, in the spec's order. */
export const PERMISSIONS: readonly Permission[] = ['READ', 'WRITE', 'DELETE', 'EXECUTE', 'SPACE', 'OP'];

/**
 * One element of a target's `target_resources`: a type, a label (`*` for any) and property
 * conditions, all of which must hold (AND). A condition's value is a literal, compared with the
 * element's value after conversion to the key's type, or HugeGraph's predicate text
 * (`P.gte(18)`, read by the same parser as the REST property filters). `properties: null`
 * means any properties.
 *
 * @example
 * ```ts
 * const adults: ResourceRule = { type: 'VERTEX', label: 'person', properties: { age: 'P.gte(18)' } };
 * ```
 */
export interface ResourceRule {
  readonly type: ResourceType;
  readonly label: string;
  readonly properties: Readonly<Record<string, string | number | boolean>> | null;
}

/**
 * What an identity may do on one graph: for each permission, the resources it covers (OR across
 * resources). A permission that is absent covers nothing. `unrestricted` (an administrator, or
 * a graph space created with `auth: false`) skips every check.
 *
 * @example
 * ```ts
 * const reader: GraphPolicy = { grants: { READ: [{ type: 'VERTEX', label: 'person', properties: { age: 'P.gte(18)' } }, { type: 'SCHEMA', label: '*', properties: null }] } };
 * const root: GraphPolicy = { unrestricted: true, grants: {} };
 * ```
 */
export interface GraphPolicy {
  readonly unrestricted?: boolean;
  readonly grants: Readonly<Partial<Record<Permission, readonly ResourceRule[]>>>;
}

const SCHEMA_TYPES: ReadonlySet<ResourceType> = new Set(['PROPERTY_KEY', 'VERTEX_LABEL', 'EDGE_LABEL', 'INDEX_LABEL']);
const ALL_TYPES: ReadonlySet<ResourceType> = new Set([
  'VERTEX', 'EDGE', 'VERTEX_AGGR', 'EDGE_AGGR', 'SCHEMA', 'PROPERTY_KEY', 'VERTEX_LABEL', 'EDGE_LABEL', 'INDEX_LABEL',
  'STATUS', 'VAR', 'GREMLIN', 'TASK', 'META',
]);

/**
 * Whether a granted resource type covers a requested one (spec Part A §2.5): a type covers
 * itself; SCHEMA covers the four schema types; ALL covers vertices, edges, their aggregates, the
 * schema and the related types (status, variables, Gremlin, tasks, meta); ROOT covers
 * everything, the permission resources included.
 *
 * @example
 * ```ts
 * coversType('SCHEMA', 'VERTEX_LABEL'); // true
 * coversType('ALL', 'GRANT');           // false
 * ```
 */
export function coversType(granted: ResourceType, requested: ResourceType): boolean {
  if (granted === requested || granted === 'ROOT') return true;
  if (granted === 'SCHEMA') return SCHEMA_TYPES.has(requested);
  if (granted === 'ALL') return ALL_TYPES.has(requested);
  return false;
}
