/**
 * The two REST families' shapes of the access-control records (spec Part A §2.5): the
 * graph-space family names records by name and writes `YYYY-MM-DD HH:MM:SS`; the legacy family
 * gives ids HugeGraph's shapes (`-69:<group>`, `S<user id>>-82>>S<group id>`...) and writes
 * milliseconds. Ids are read back in the same shapes (a legacy id's name part, after the
 * `<number>:` prefix, is what names the record).
 * @module
 */
import { ArgumentError, formatTimestamp, PERMISSIONS } from '../../index.js';
import type { Permission, ResourceRule, StoredAccess, StoredBelong, StoredGroup, StoredTarget } from '../../index.js';

/** Label numbers HugeGraph 1.x gives its auth records' system labels, used in legacy ids. */
const LABEL = { user: -63, group: -69, target: -77, belong: -82, access: -88 } as const;
/** HugePermission's codes, the access id's third part. */
const CODES: Readonly<Record<Permission, number>> = { READ: 1, WRITE: 2, DELETE: 4, EXECUTE: 8, SPACE: 16, OP: 32 };

/** One family's way of writing and reading records. */
export interface Family {
  readonly legacy: boolean;
  time(ms: number): string;
  userId(name: string): string;
  groupId(name: string): string;
  targetId(name: string): string;
  /** The record name an id of this family stands for. */
  nameOf(id: string): string;
}

function named(prefix: number): (name: string) => string {
  return (name) => `${prefix}:${name}`;
}

/** The graph-space family: ids are names, timestamps to the second. */
export const SPACE_FAMILY: Family = {
  legacy: false,
  time: (ms) => formatTimestamp(new Date(ms)).slice(0, 19),
  userId: (name) => name,
  groupId: (name) => name,
  targetId: (name) => name,
  nameOf: (id) => id,
};

/** The legacy family: `<number>:<name>` ids, timestamps to the millisecond. */
export const LEGACY_FAMILY: Family = {
  legacy: true,
  time: (ms) => formatTimestamp(new Date(ms)),
  userId: named(LABEL.user),
  groupId: named(LABEL.group),
  targetId: named(LABEL.target),
  nameOf: (id) => /^-?\d+:(.+)$/.exec(id)?.[1] ?? id,
};

/** A belong's id in `family`. */
function belongId(family: Family, belong: Pick<StoredBelong, 'user' | 'group'>): string {
  return `S${family.userId(belong.user)}>${LABEL.belong}>>S${family.groupId(belong.group)}`;
}

/** An access's id in `family`. */
function accessId(family: Family, access: Pick<StoredAccess, 'group' | 'target' | 'permission'>): string {
  return `S${family.groupId(access.group)}>${LABEL.access}>${CODES[access.permission]}>S${family.targetId(access.target)}`;
}

/** The user and group a belong id names; ArgumentError when it is not one. */
export function parseBelongId(family: Family, id: string): { user: string; group: string } {
  const m = new RegExp(`^S(.+)>${LABEL.belong}>>S(.+)$`).exec(id);
  if (m === null) throw new ArgumentError('INVALID_ARGUMENT', `Invalid belong id: ${id}`);
  return { user: family.nameOf(m[1]!), group: family.nameOf(m[2]!) };
}

/** The group, target and permission an access id names; ArgumentError when it is not one. */
export function parseAccessId(family: Family, id: string): { group: string; target: string; permission: Permission } {
  const m = new RegExp(`^S(.+)>${LABEL.access}>(\\d+)>S(.+)$`).exec(id);
  const permission = m === null ? undefined : PERMISSIONS.find((p) => String(CODES[p]) === m[2]);
  if (m === null || permission === undefined) throw new ArgumentError('INVALID_ARGUMENT', `Invalid access id: ${id}`);
  return { group: family.nameOf(m[1]!), target: family.nameOf(m[3]!), permission };
}

function resource(rule: ResourceRule): Record<string, unknown> {
  return { type: rule.type, label: rule.label, properties: rule.properties };
}

/** A group as `family` writes it. */
export function groupJson(family: Family, space: string, g: StoredGroup): Record<string, unknown> {
  return {
    id: family.groupId(g.name), group_name: g.name, group_description: g.description, ...(family.legacy ? {} : { graphspace: space }),
    group_creator: g.creator, group_create: family.time(g.created), group_update: family.time(g.updated),
  };
}

/** A target as `family` writes it. */
export function targetJson(family: Family, space: string, t: StoredTarget): Record<string, unknown> {
  return {
    id: family.targetId(t.name), target_name: t.name, target_graph: t.graph, ...(family.legacy ? { target_url: t.url } : { graphspace: space }),
    target_resources: t.resources.map(resource), target_creator: t.creator, target_create: family.time(t.created), target_update: family.time(t.updated),
  };
}

/** A belong as `family` writes it. */
export function belongJson(family: Family, space: string, b: StoredBelong): Record<string, unknown> {
  return {
    id: belongId(family, b), user: family.userId(b.user), group: family.groupId(b.group), belong_description: b.description,
    ...(family.legacy ? {} : { graphspace: space }), belong_creator: b.creator, belong_create: family.time(b.created), belong_update: family.time(b.updated),
  };
}

/** An access as `family` writes it. */
export function accessJson(family: Family, space: string, a: StoredAccess): Record<string, unknown> {
  return {
    id: accessId(family, a), group: family.groupId(a.group), target: family.targetId(a.target), access_permission: a.permission,
    access_description: a.description, ...(family.legacy ? {} : { graphspace: space }),
    access_creator: a.creator, access_create: family.time(a.created), access_update: family.time(a.updated),
  };
}
