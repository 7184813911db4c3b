/**
 * A {@link GraphPolicy} checked and compiled once: its rules by permission, the coverage of
 * resource types and names (schema elements, Gremlin), and per element label the test a
 * permission puts on a vertex or edge of that label: all of them, none, or a slot predicate
 * that reads the property conditions' keys and compares them, literals converted to each key's
 * data type and predicate texts read by the engine's one parser of HugeGraph's `P.op(...)`.
 * @module
 */
import { ArgumentError, PermissionError } from '../../../errors.js';
import { parsePredicateText, predicateTest, propertyCondition } from '../../../engine/index.js';
import type { GraphSource, KeyDataType, Test } from '../../../engine/index.js';
import { coversType, PERMISSIONS, RESOURCE_TYPES } from '../access-policy.js';
import type { GraphPolicy, Permission, ResourceType } from '../access-policy.js';
import type { SchemaView } from '../schema-view.js';
import { describeValue, requireList, requireRecord, requireText } from '../validate.js';

/** A property condition as written: a literal, or predicate text such as `P.gte(18)`. */
type Written = string | number | boolean;

/** One checked resource rule; no conditions means any properties. */
interface Rule {
  readonly type: ResourceType;
  readonly label: string;
  readonly conditions: ReadonlyArray<readonly [string, Written]>;
}

/**
 * Which elements of one label a permission covers: every one (`true`), none (`false`), or those
 * the predicate accepts (read on the source the element is seen in).
 */
export type LabelAccess = boolean | ((source: GraphSource, slot: number) => boolean);

/**
 * The element kinds a rule covers.
 */
export type ElementKind = 'vertex' | 'edge';

const ELEMENT_TYPE: Readonly<Record<ElementKind, ResourceType>> = { vertex: 'VERTEX', edge: 'EDGE' };
const LABEL_TYPE: Readonly<Record<ElementKind, ResourceType>> = { vertex: 'VERTEX_LABEL', edge: 'EDGE_LABEL' };

/**
 * PermissionError `PERMISSION_DENIED`: the request needs `permission` on a resource of `type`
 * (named `label` when it has a name). The message names only what the caller asked for.
 */
export function permissionDenied(permission: Permission, resource: { readonly type: ResourceType; readonly label?: string }): PermissionError {
  const named = resource.label === undefined ? resource.type : `${resource.type} '${resource.label}'`;
  return new PermissionError('PERMISSION_DENIED', `Permission denied: the request needs ${permission} on ${named}`, {
    details: { permission, type: resource.type, ...(resource.label === undefined ? {} : { label: resource.label }) },
  });
}

function checkConditions(value: unknown, where: string): Array<readonly [string, Written]> {
  if (value === undefined || value === null) return [];
  const out: Array<readonly [string, Written]> = [];
  for (const [key, written] of Object.entries(requireRecord(value, `${where} properties`))) {
    if (key === '*' && written === '*') continue;
    if (typeof written !== 'string' && typeof written !== 'number' && typeof written !== 'boolean') {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid ${where} property '${key}': expected a string, number or boolean but got ${describeValue(written)}`);
    }
    // The text's shape is checked now; its values are converted to the key's type when compiled.
    if (typeof written === 'string' && written.startsWith('P.')) parsePredicateText(written, { name: key });
    out.push([key, written]);
  }
  return out;
}

function checkRule(value: unknown, where: string): Rule {
  const given = requireRecord(value, where);
  const type = given.type;
  if (!RESOURCE_TYPES.includes(type as ResourceType)) {
    throw new ArgumentError('INVALID_ARGUMENT', `Invalid ${where} type: expected one of ${RESOURCE_TYPES.join(', ')} but got ${describeValue(type)}`);
  }
  const label = given.label === undefined || given.label === null ? '*' : requireText(given.label, `${where} label`);
  return { type: type as ResourceType, label, conditions: checkConditions(given.properties, where) };
}

/** The rules of a policy by permission, checked; ArgumentError `INVALID_ARGUMENT` for a malformed one. */
function checkGrants(policy: unknown): Map<Permission, Rule[]> {
  const given = requireRecord(policy, 'graph policy');
  if (given.grants === undefined) throw new ArgumentError('INVALID_ARGUMENT', 'Invalid graph policy: expected grants');
  const grants = new Map<Permission, Rule[]>();
  for (const [permission, rules] of Object.entries(requireRecord(given.grants, 'graph policy grants'))) {
    if (!PERMISSIONS.includes(permission as Permission)) {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid graph policy permission '${permission}': expected one of ${PERMISSIONS.join(', ')}`);
    }
    if (rules === undefined) continue;
    grants.set(permission as Permission, requireList(rules, `${permission} grants`).map((r, i) => checkRule(r, `${permission} rule ${i}`)));
  }
  return grants;
}

/**
 * Whether the policy given to `graph.withPolicy` skips every check (`unrestricted: true`);
 * ArgumentError `INVALID_ARGUMENT` when the flag is not a boolean.
 */
export function isUnrestricted(policy: unknown): boolean {
  const flag = requireRecord(policy, 'graph policy').unrestricted;
  if (flag !== undefined && typeof flag !== 'boolean') throw new ArgumentError('INVALID_ARGUMENT', `Invalid graph policy unrestricted: expected a boolean but got ${describeValue(flag)}`);
  return flag === true;
}

/** A test for each alternative (rule) of conjunctions: the element passes when one alternative holds whole. */
type Alternatives = ReadonlyArray<ReadonlyArray<readonly [string, Test]>>;

function vertexTest(alternatives: Alternatives): LabelAccess {
  const holds = (source: GraphSource, slot: number, key: string, test: Test): boolean => {
    for (const p of source.vertexProperties(slot, [key])) if (test(p.value)) return true;
    return false;
  };
  return (source, slot) => alternatives.some((all) => all.every(([key, test]) => holds(source, slot, key, test)));
}

function edgeTest(alternatives: Alternatives): LabelAccess {
  const holds = (source: GraphSource, slot: number, key: string, test: Test): boolean => {
    const value = source.edgeProperty(slot, key);
    return value !== undefined && test(value);
  };
  return (source, slot) => alternatives.some((all) => all.every(([key, test]) => holds(source, slot, key, test)));
}

/**
 * One policy, compiled. Element tests are compiled per permission, kind and label on first use
 * and kept until the schema's property keys change (a literal's conversion depends on its key's
 * data type).
 */
export class CompiledPolicy {
  readonly #grants: ReadonlyMap<Permission, readonly Rule[]>;
  readonly #schema: SchemaView;
  readonly #labels = new Map<string, LabelAccess>();
  #keys: unknown;

  /**
   * @param policy the policy as given (checked here: ArgumentError `INVALID_ARGUMENT` or a
   *   `PREDICATE_*` error for a malformed one)
   * @param schema the graph's live schema, read for the property keys' data types
   */
  constructor(policy: GraphPolicy, schema: SchemaView) {
    this.#grants = checkGrants(policy);
    this.#schema = schema;
  }

  #rules(permission: Permission): readonly Rule[] {
    return this.#grants.get(permission) ?? [];
  }

  /**
   * Whether `permission` covers a resource of `type` named `name` (a schema element's name; for
   * a type without names, such as GREMLIN, any rule of a covering type counts).
   */
  covers(permission: Permission, resource: { readonly type: ResourceType; readonly name?: string }): boolean {
    const { type, name } = resource;
    return this.#rules(permission).some((r) => coversType(r.type, type) && (name === undefined || r.label === '*' || r.label === name));
  }

  /** Whether `permission` covers every resource of `type` whatever its name. */
  coversEvery(permission: Permission, type: ResourceType): boolean {
    return this.#rules(permission).some((r) => coversType(r.type, type) && r.label === '*');
  }

  /**
   * Whether `permission` covers every element of `kind`, whatever its label and properties
   * (for READ, the labels' schema included): no element needs a test.
   */
  coversEveryElement(permission: Permission, kind: ElementKind): boolean {
    if (permission === 'READ' && !this.coversEvery('READ', LABEL_TYPE[kind])) return false;
    return this.#rules(permission).some((r) => coversType(r.type, ELEMENT_TYPE[kind]) && r.label === '*' && r.conditions.length === 0);
  }

  /**
   * What `permission` lets through of the elements of `kind` with label `label`. READ also needs
   * READ on the label itself (VERTEX_LABEL or EDGE_LABEL). A condition whose literal does not
   * convert to its key's type holds for no element.
   */
  labelAccess(permission: Permission, element: { readonly kind: ElementKind; readonly label: string }): LabelAccess {
    const { kind, label } = element;
    const keys = this.#schema.propertyKeys();
    if (keys !== this.#keys) {
      this.#labels.clear();
      this.#keys = keys;
    }
    const cacheKey = `${permission}\u0000${kind}\u0000${label}`;
    let access = this.#labels.get(cacheKey);
    if (access === undefined) this.#labels.set(cacheKey, (access = this.#compile(permission, kind, label)));
    return access;
  }

  #compile(permission: Permission, kind: ElementKind, label: string): LabelAccess {
    if (permission === 'READ' && !this.covers('READ', { type: LABEL_TYPE[kind], name: label })) return false;
    const rules = this.#rules(permission).filter((r) => coversType(r.type, ELEMENT_TYPE[kind]) && (r.label === '*' || r.label === label));
    if (rules.length === 0) return false;
    if (rules.some((r) => r.conditions.length === 0)) return true;
    const alternatives = rules.map((r) => r.conditions.map(([key, written]) => [key, this.#test(key, written)] as const));
    return kind === 'vertex' ? vertexTest(alternatives) : edgeTest(alternatives);
  }

  #test(key: string, written: Written): Test {
    const dataType = this.#schema.propertyKey(key)?.dataType as KeyDataType | undefined;
    try {
      return predicateTest(propertyCondition(written, { name: key, dataType }));
    } catch (error) {
      if (error instanceof ArgumentError) return () => false;
      throw error;
    }
  }
}
