/**
 * Groups, targets, belongs and accesses of every graph space (spec Part A §2.5), kept in one
 * durable document (`<data>/server/grants.json`), and what they grant: the {@link GraphPolicy}
 * of a user on a graph, the roles of a user, and who administers a graph space. Removing a
 * group or a target removes the belongs and accesses that name it; removing a user removes
 * their belongs.
 * @module
 */
import { ArgumentError, ConflictError, NotFoundError } from '../../errors.js';
import type { KeyDataType } from '../../engine/index.js';
import type { StateFile } from '../durability/state-file.js';
import type { GraphPolicy, Permission, ResourceRule } from '../graph/access-policy.js';
import { checkResources, NO_GRANTS, permissionField, recordName, textField } from './grant-records.js';
import { recordTime } from './tenancy.js';
import type { GrantsDocument, SpaceGrants, StoredAccess, StoredBelong, StoredGroup, StoredTarget } from './grant-records.js';

/** What the registry asks of the rest of the server. */
export interface GrantHooks {
  /** Throws NotFoundError unless the graph space exists. */
  requireSpace(space: string): void;
  /** Throws unless the user exists (a 400 naming the id, as HugeGraph does). */
  requireUser(user: string): void;
  /** Throws unless the graph exists in the space. */
  requireGraph(space: string, graph: string): void;
  /** The data type of a property key of a graph, when the graph has the key. */
  keyType(space: string, graph: string, key: string): KeyDataType | undefined;
  /** Counts a group against the space's `max_role_number` (LimitError when over). */
  countRoles(space: string, delta: number): Promise<void>;
}

type Input = Readonly<Record<string, unknown>>;

/** A user's roles: graph space → graph → permission → resources (`GET .../users/{id}/role`). */
export type Roles = Record<string, Record<string, Partial<Record<Permission, ResourceRule[]>>>>;

/**
 * The access-control records of every graph space.
 *
 * @example
 * ```ts
 * declare const grants: GrantRegistry;
 * const group = await grants.createGroup('DEFAULT', { group_name: 'readers' }, 'admin');
 * ```
 */
export class GrantRegistry {
  #version = 0;

  constructor(
    private readonly file: StateFile<GrantsDocument>,
    private readonly hooks: GrantHooks,
  ) {}

  /** Grows with every change, so that what was derived from the records can be cached by it. */
  get version(): number {
    return this.#version;
  }

  /** The records of a graph space (none when it has none yet). */
  space(space: string): SpaceGrants {
    this.hooks.requireSpace(space);
    return this.file.value.spaces[space] ?? NO_GRANTS;
  }

  private async save(space: string, change: (records: SpaceGrants) => SpaceGrants): Promise<void> {
    const doc = this.file.value;
    const next = change(doc.spaces[space] ?? NO_GRANTS);
    this.#version++;
    await this.file.save({ spaces: { ...doc.spaces, [space]: next } });
  }

  /** A group by name, or NotFoundError. */
  group(space: string, name: string): StoredGroup {
    const found = this.space(space).groups.find((g) => g.name === name);
    if (found === undefined) throw new NotFoundError('GROUP_NOT_FOUND', `Group '${name}' does not exist`);
    return found;
  }

  /** A target by name, or NotFoundError. */
  target(space: string, name: string): StoredTarget {
    const found = this.space(space).targets.find((t) => t.name === name);
    if (found === undefined) throw new NotFoundError('TARGET_NOT_FOUND', `Target '${name}' does not exist`);
    return found;
  }

  /** The belong of a user in a group, or NotFoundError. */
  belong(space: string, user: string, group: string): StoredBelong {
    const found = this.space(space).belongs.find((b) => b.user === user && b.group === group);
    if (found === undefined) throw new NotFoundError('BELONG_NOT_FOUND', `Belong of user '${user}' in group '${group}' does not exist`);
    return found;
  }

  /** The access of a group on a target with a permission, or NotFoundError. */
  access(space: string, group: string, target: string, permission: Permission): StoredAccess {
    const found = this.space(space).accesses.find((a) => a.group === group && a.target === target && a.permission === permission);
    if (found === undefined) throw new NotFoundError('ACCESS_NOT_FOUND', `Access of group '${group}' to target '${target}' with ${permission} does not exist`);
    return found;
  }

  async createGroup(space: string, input: Input, creator: string): Promise<StoredGroup> {
    const name = recordName(input, 'group_name');
    if (this.space(space).groups.some((g) => g.name === name)) throw new ConflictError('GROUP_EXISTS', `The group '${name}' has existed`);
    const now = recordTime();
    const group: StoredGroup = { name, description: textField(input, 'group_description'), creator, created: now, updated: now };
    await this.hooks.countRoles(space, 1);
    await this.save(space, (r) => ({ ...r, groups: [...r.groups, group] }));
    return group;
  }

  async updateGroup(space: string, name: string, input: Input): Promise<StoredGroup> {
    const old = this.group(space, name);
    // null is no name, as HugeGraph's Jackson binding reads it (pyhugegraph's modify_group sends group_name: null).
    const given = input.group_name ?? undefined;
    if (given !== undefined && given !== name) throw new ArgumentError('IMMUTABLE_FIELD', 'The group_name of a group cannot be changed');
    const group: StoredGroup = { ...old, description: textField(input, 'group_description', { fallback: old.description }), updated: recordTime() };
    await this.save(space, (r) => ({ ...r, groups: r.groups.map((g) => (g.name === name ? group : g)) }));
    return group;
  }

  async removeGroup(space: string, name: string): Promise<void> {
    this.group(space, name);
    await this.save(space, (r) => ({
      ...r,
      groups: r.groups.filter((g) => g.name !== name),
      belongs: r.belongs.filter((b) => b.group !== name),
      accesses: r.accesses.filter((a) => a.group !== name),
    }));
    await this.hooks.countRoles(space, -1);
  }

  private resources(space: string, graph: string, value: unknown): ResourceRule[] {
    return checkResources(value, (key) => this.hooks.keyType(space, graph, key));
  }

  async createTarget(space: string, input: Input, creator: string): Promise<StoredTarget> {
    const name = recordName(input, 'target_name');
    if (this.space(space).targets.some((t) => t.name === name)) throw new ConflictError('TARGET_EXISTS', `The target '${name}' has existed`);
    const graph = textField(input, 'target_graph', { required: true, max: 48 });
    this.hooks.requireGraph(space, graph);
    const resources = this.resources(space, graph, input.target_resources ?? []);
    const now = recordTime();
    const target: StoredTarget = { name, graph, url: textField(input, 'target_url'), resources, creator, created: now, updated: now };
    await this.save(space, (r) => ({ ...r, targets: [...r.targets, target] }));
    return target;
  }

  async updateTarget(space: string, name: string, input: Input): Promise<StoredTarget> {
    const old = this.target(space, name);
    const given = input.target_name ?? undefined;
    if (given !== undefined && given !== name) throw new ArgumentError('IMMUTABLE_FIELD', 'The target_name of a target cannot be changed');
    const graph = textField(input, 'target_graph', { fallback: old.graph, max: 48 });
    this.hooks.requireGraph(space, graph);
    const resources = input.target_resources === undefined ? old.resources : this.resources(space, graph, input.target_resources);
    const target: StoredTarget = { ...old, graph, url: textField(input, 'target_url', { fallback: old.url }), resources, updated: recordTime() };
    await this.save(space, (r) => ({ ...r, targets: r.targets.map((t) => (t.name === name ? target : t)) }));
    return target;
  }

  async removeTarget(space: string, name: string): Promise<void> {
    this.target(space, name);
    await this.save(space, (r) => ({ ...r, targets: r.targets.filter((t) => t.name !== name), accesses: r.accesses.filter((a) => a.target !== name) }));
  }

  async createBelong(space: string, user: string, group: string, input: Input, creator: string): Promise<StoredBelong> {
    this.hooks.requireUser(user);
    this.group(space, group);
    if (this.space(space).belongs.some((b) => b.user === user && b.group === group)) {
      throw new ConflictError('BELONG_EXISTS', `The user '${user}' already belongs to group '${group}'`);
    }
    const now = recordTime();
    const belong: StoredBelong = { user, group, description: textField(input, 'belong_description'), creator, created: now, updated: now };
    await this.save(space, (r) => ({ ...r, belongs: [...r.belongs, belong] }));
    return belong;
  }

  async updateBelong(space: string, user: string, group: string, input: Input): Promise<StoredBelong> {
    const old = this.belong(space, user, group);
    const belong: StoredBelong = { ...old, description: textField(input, 'belong_description', { fallback: old.description }), updated: recordTime() };
    await this.save(space, (r) => ({ ...r, belongs: r.belongs.map((b) => (b === old ? belong : b)) }));
    return belong;
  }

  async removeBelong(space: string, user: string, group: string): Promise<void> {
    const old = this.belong(space, user, group);
    await this.save(space, (r) => ({ ...r, belongs: r.belongs.filter((b) => b !== old) }));
  }

  async createAccess(space: string, group: string, target: string, permission: unknown, input: Input, creator: string): Promise<StoredAccess> {
    const checked = permissionField(permission);
    this.group(space, group);
    this.target(space, target);
    if (this.space(space).accesses.some((a) => a.group === group && a.target === target && a.permission === checked)) {
      throw new ConflictError('ACCESS_EXISTS', `The group '${group}' already has ${checked} on target '${target}'`);
    }
    const now = recordTime();
    const access: StoredAccess = { group, target, permission: checked, description: textField(input, 'access_description'), creator, created: now, updated: now };
    await this.save(space, (r) => ({ ...r, accesses: [...r.accesses, access] }));
    return access;
  }

  async updateAccess(space: string, group: string, target: string, permission: Permission, input: Input): Promise<StoredAccess> {
    const old = this.access(space, group, target, permission);
    const access: StoredAccess = { ...old, description: textField(input, 'access_description', { fallback: old.description }), updated: recordTime() };
    await this.save(space, (r) => ({ ...r, accesses: r.accesses.map((a) => (a === old ? access : a)) }));
    return access;
  }

  async removeAccess(space: string, group: string, target: string, permission: Permission): Promise<void> {
    const old = this.access(space, group, target, permission);
    await this.save(space, (r) => ({ ...r, accesses: r.accesses.filter((a) => a !== old) }));
  }

  /** Removes a deleted user's belongs in every graph space. */
  async forgetUser(user: string): Promise<void> {
    const doc = this.file.value;
    const spaces = Object.fromEntries(Object.entries(doc.spaces).map(([name, r]) => [name, { ...r, belongs: r.belongs.filter((b) => b.user !== user) }]));
    this.#version++;
    await this.file.save({ spaces });
  }

  /** Resolves once every change is durable. */
  flush(): Promise<void> {
    return this.file.flush();
  }

  /** Removes a dropped graph space's records. */
  async forgetSpace(space: string): Promise<void> {
    const { [space]: _dropped, ...spaces } = this.file.value.spaces;
    this.#version++;
    await this.file.save({ spaces });
  }

  /** The accesses granted to `user` in `space` through the groups they belong to. */
  private accessesOf(user: string, space: string): StoredAccess[] {
    const records = this.file.value.spaces[space] ?? NO_GRANTS;
    const groups = new Set(records.belongs.filter((b) => b.user === user).map((b) => b.group));
    return records.accesses.filter((a) => groups.has(a.group));
  }

  /** Whether `user` administers `space`: a member of a group holding SPACE there. */
  isSpaceAdmin(user: string, space: string): boolean {
    return this.accessesOf(user, space).some((a) => a.permission === 'SPACE');
  }

  /**
   * What `user` may do on graph `graph` of `space`: per permission, the resources of the targets
   * on that graph granted to their groups. A graph-space administrator is unrestricted in it.
   */
  policy(user: string, space: string, graph: string): GraphPolicy {
    const accesses = this.accessesOf(user, space);
    if (accesses.some((a) => a.permission === 'SPACE')) return { unrestricted: true, grants: {} };
    const targets = new Map((this.file.value.spaces[space] ?? NO_GRANTS).targets.map((t) => [t.name, t]));
    const grants: Partial<Record<Permission, ResourceRule[]>> = {};
    for (const access of accesses) {
      const target = targets.get(access.target);
      if (target === undefined || target.graph !== graph) continue;
      (grants[access.permission] ??= []).push(...target.resources);
    }
    return { grants };
  }

  /** The roles of `user` in every graph space, or in `only` (`GET .../users/{id}/role`). */
  roles(user: string, only?: string): Roles {
    const roles: Roles = {};
    for (const [space, records] of Object.entries(this.file.value.spaces)) {
      if (only !== undefined && space !== only) continue;
      const targets = new Map(records.targets.map((t) => [t.name, t]));
      for (const access of this.accessesOf(user, space)) {
        const target = targets.get(access.target);
        if (target === undefined) continue;
        const perGraph = ((roles[space] ??= {})[target.graph] ??= {});
        (perGraph[access.permission] ??= []).push(...target.resources);
      }
    }
    return roles;
  }
}
