/**
 * The one access decision of the server: what an identity may do, in a graph space and on a
 * graph. It turns an identity into the graph handle every route reads and writes through (a
 * handle restricted by the identity's {@link GraphPolicy}: a source decorator over every read
 * and a guard over every write), and answers the administrative questions (super
 * administrator, graph-space administrator, who may grant what). Nothing else in the server
 * decides access.
 * @module
 */
import { PermissionError } from '../../errors.js';
import type { Graph } from '../graph/graph.js';
import type { GraphPolicy, Permission } from '../graph/access-policy.js';
import type { GrantRegistry } from './grants.js';
import type { Identity } from './users.js';

/** What access control asks of the rest of the server. */
export interface AccessHooks {
  /** Whether a graph space checks permissions (its `auth`, fixed at creation). */
  enforced(space: string): boolean;
  /** The graph itself (NotFoundError when the space or graph does not exist). */
  graph(space: string, graph: string): Graph;
  /** A handle on `graph` restricted to `policy`. */
  restrict(graph: Graph, policy: GraphPolicy): Graph;
}

const UNRESTRICTED: GraphPolicy = Object.freeze({ unrestricted: true, grants: Object.freeze({}) });

/** A denial: 403 with HugeGraph's body. The message names the action, never data. */
function denied(action: string): PermissionError {
  return new PermissionError('PERMISSION_DENIED', `Permission denied: ${action}`);
}

interface CachedHandle {
  readonly version: number;
  readonly graph: Graph;
  readonly handle: Graph;
}

/**
 * The server's access decisions.
 *
 * @example
 * ```ts
 * declare const access: AccessControl;
 * declare const who: Identity;
 * const graph = access.graphFor(who, 'DEFAULT', 'hugegraph');
 * ```
 */
export class AccessControl {
  readonly #handles = new Map<string, CachedHandle>();

  constructor(
    private readonly grants: GrantRegistry,
    private readonly hooks: AccessHooks,
  ) {}

  /** What `who` may do on `graph` of `space`: everything for the super administrator and in a space without `auth`. */
  policy(who: Identity, space: string, graph: string): GraphPolicy {
    if (who.admin || !this.hooks.enforced(space)) return UNRESTRICTED;
    return this.grants.policy(who.user_name, space, graph);
  }

  /** The handle on `graph` of `space` that `who` may use (cached until the grants change). */
  graphFor(who: Identity, space: string, graph: string): Graph {
    const base = this.hooks.graph(space, graph);
    if (who.admin || !this.hooks.enforced(space)) return base;
    const key = `${who.user_name}\u0000${space}\u0000${graph}`;
    const cached = this.#handles.get(key);
    if (cached !== undefined && cached.version === this.grants.version && cached.graph === base) return cached.handle;
    const handle = this.hooks.restrict(base, this.policy(who, space, graph));
    if (this.#handles.size > 10_000) this.#handles.clear();
    this.#handles.set(key, { version: this.grants.version, graph: base, handle });
    return handle;
  }

  /** Whether `who` may use `graph` of `space` at all: an administrator, or a user with some grant on it (graph lists show only these). */
  mayUse(who: Identity, space: string, graph: string): boolean {
    const policy = this.policy(who, space, graph);
    return policy.unrestricted === true || Object.values(policy.grants).some((rules) => rules.length > 0);
  }

  /** Whether `who` administers `space`: the super administrator, any user of a space without `auth`, or a member of a group holding SPACE there. */
  isSpaceAdmin(who: Identity, space: string): boolean {
    return who.admin || !this.hooks.enforced(space) || this.grants.isSpaceAdmin(who.user_name, space);
  }

  /** Throws a denial unless `who` is the super administrator. */
  requireAdmin(who: Identity, action: string): void {
    if (!who.admin) throw denied(action);
  }

  /** Throws a denial unless `who` administers `space`. */
  requireSpaceAdmin(who: Identity, space: string, action: string): void {
    if (!this.isSpaceAdmin(who, space)) throw denied(action);
  }

  /**
   * Throws a denial unless `who` may grant `permission` in `space`: the super administrator
   * grants anything; a graph-space administrator grants what their own role holds in their
   * space (READ, WRITE, DELETE, EXECUTE and SPACE, since SPACE covers the space's data); OP
   * (operations administration) only the super administrator grants.
   */
  requireGrant(who: Identity, space: string, permission: Permission): void {
    if (who.admin) return;
    this.requireSpaceAdmin(who, space, 'manage the permissions of this graph space');
    if (permission === 'OP') throw denied('grant OP');
  }
}
