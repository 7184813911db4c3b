/**
 * The access-control records of spec Part A §2.5 other than users: groups, targets, belongs
 * (a user in a group) and accesses (a group's permission on a target), per graph space, and
 * their input rules. Records are kept by name; ids and timestamps are presentation, written by
 * the REST routes in each family's shape.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { propertyCondition } from '../../engine/index.js';
import type { KeyDataType } from '../../engine/index.js';
import { PERMISSIONS, RESOURCE_TYPES } from '../graph/access-policy.js';
import type { Permission, ResourceRule, ResourceType } from '../graph/access-policy.js';
import { describeValue } from '../graph/validate.js';

/** What every record keeps: who made it and when (milliseconds since the epoch). */
export interface Stamped {
  readonly creator: string;
  readonly created: number;
  readonly updated: number;
}

/** A group of a graph space. */
export interface StoredGroup extends Stamped {
  readonly name: string;
  readonly description: string;
}

/** A target: resources of one graph. */
export interface StoredTarget extends Stamped {
  readonly name: string;
  readonly graph: string;
  readonly url: string;
  readonly resources: readonly ResourceRule[];
}

/** A user's membership of a group. */
export interface StoredBelong extends Stamped {
  readonly user: string;
  readonly group: string;
  readonly description: string;
}

/** A group's permission on a target. */
export interface StoredAccess extends Stamped {
  readonly group: string;
  readonly target: string;
  readonly permission: Permission;
  readonly description: string;
}

/** The records of one graph space. */
export interface SpaceGrants {
  readonly groups: readonly StoredGroup[];
  readonly targets: readonly StoredTarget[];
  readonly belongs: readonly StoredBelong[];
  readonly accesses: readonly StoredAccess[];
}

/** The durable document: graph space name → its records. */
export interface GrantsDocument {
  readonly spaces: Readonly<Record<string, SpaceGrants>>;
}

/** Group and target names: letters, digits, underscore, hyphen and dot, 1 to 48 characters (they appear inside ids, so no `:` or `>`). */
const RECORD_NAME = /^[A-Za-z0-9_.-]{1,48}$/;
/** A resource label: `*` or a schema name; never a pattern. */
const LABEL = /^(?:\*|[^*?[\]{}()|\\^$+]{1,128})$/;
const MAX_DESCRIPTION = 256;
const MAX_RESOURCES = 64;
const MAX_CONDITIONS = 16;

/** An input field as text: required (400 when missing or not text) or optional with a default. */
export function textField(input: Readonly<Record<string, unknown>>, field: string, options: { readonly required?: boolean; readonly max?: number; readonly fallback?: string } = {}): string {
  const value = input[field];
  if (value === undefined || value === null) {
    if (options.required === true) throw new ArgumentError('INVALID_ARGUMENT', `The '${field}' is required`);
    return options.fallback ?? '';
  }
  if (typeof value !== 'string') throw new ArgumentError('INVALID_ARGUMENT', `Invalid ${field}: expected text but got ${describeValue(value)}`);
  const max = options.max ?? MAX_DESCRIPTION;
  if (value.length > max) throw new ArgumentError('INVALID_ARGUMENT', `Invalid ${field}: at most ${max} characters`);
  return value;
}

/** A group or target name, checked. */
export function recordName(input: Readonly<Record<string, unknown>>, field: string): string {
  const name = textField(input, field, { required: true, max: 48 });
  if (!RECORD_NAME.test(name)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid ${field} '${name}': 1 to 48 letters, digits, '_', '-' or '.'`);
  return name;
}

/** A permission name, checked. */
export function permissionField(value: unknown): Permission {
  if (typeof value !== 'string' || !(PERMISSIONS as readonly string[]).includes(value)) {
    throw new ArgumentError('INVALID_ARGUMENT', `Invalid access_permission ${describeValue(value)}: expected one of ${PERMISSIONS.join(', ')}`);
  }
  return value as Permission;
}

/**
 * The target resources of a request body (spec Part A §2.5): a list of `{type, label,
 * properties}`, each optional (type NONE, label `*`, properties null, as HugeGraph fills them
 * in). A property condition is a literal or HugeGraph's predicate text, read by the parser the
 * REST property filters use against the key's data type when the graph has the key
 * (`keyType`); a map whose only entry is `"*": "*"` means any properties. Throws 400 on a bad
 * type, label, condition or shape.
 */
export function checkResources(value: unknown, keyType: (key: string) => KeyDataType | undefined): ResourceRule[] {
  if (!Array.isArray(value)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid target_resources: expected a list but got ${describeValue(value)}`);
  if (value.length > MAX_RESOURCES) throw new ArgumentError('INVALID_ARGUMENT', `Invalid target_resources: at most ${MAX_RESOURCES} resources`);
  return value.map((item: unknown, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid target_resources[${i}]: expected an object but got ${describeValue(item)}`);
    const given = item as Readonly<Record<string, unknown>>;
    const type = given.type ?? 'NONE';
    if (typeof type !== 'string' || !(RESOURCE_TYPES as readonly string[]).includes(type)) {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid target_resources[${i}].type ${describeValue(type)}: expected one of ${RESOURCE_TYPES.join(', ')}`);
    }
    const label = given.label ?? '*';
    if (typeof label !== 'string' || !LABEL.test(label)) {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid target_resources[${i}].label ${describeValue(label)}: expected '*' or a label name (patterns are not accepted)`);
    }
    return { type: type as ResourceType, label, properties: checkConditions(given.properties, i, keyType) };
  });
}

function checkConditions(value: unknown, i: number, keyType: (key: string) => KeyDataType | undefined): ResourceRule['properties'] {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid target_resources[${i}].properties: expected an object but got ${describeValue(value)}`);
  const entries = Object.entries(value as Readonly<Record<string, unknown>>);
  if (entries.length === 1 && entries[0]![0] === '*' && entries[0]![1] === '*') return null;
  if (entries.length > MAX_CONDITIONS) throw new ArgumentError('INVALID_ARGUMENT', `Invalid target_resources[${i}].properties: at most ${MAX_CONDITIONS} conditions`);
  const out: Record<string, string | number | boolean> = {};
  for (const [key, condition] of entries) {
    if (typeof condition !== 'string' && typeof condition !== 'number' && typeof condition !== 'boolean') {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid target_resources[${i}].properties.${key}: expected a value or a predicate text such as P.gte(18) but got ${describeValue(condition)}`);
    }
    const dataType = keyType(key);
    propertyCondition(condition, dataType === undefined ? { name: key } : { name: key, dataType });
    out[key] = condition;
  }
  return out;
}

/** An empty graph space's records. */
export const NO_GRANTS: SpaceGrants = Object.freeze({ groups: [], targets: [], belongs: [], accesses: [] });
