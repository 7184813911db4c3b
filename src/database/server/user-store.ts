/**
 * The users document and its changes (spec Part A §4.5, §4.8): lookups by name, and creation,
 * update and deletion one at a time, each with its permission rule. Only the super administrator
 * `admin` creates and deletes users and reads or changes `admin`; any other user reads and
 * changes only itself, and is refused before the id is looked up, so a refusal reads the same
 * for an existing and an unknown id. `UserRegistry` (users.ts) answers for it.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { ArgumentError, ConflictError, NotFoundError, PermissionError } from '../../errors.js';
import type { StateFile } from '../durability/state-file.js';
import type { AuditLog } from './audit.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { formatTimestamp } from './tenancy.js';
import { checkUserInput, checkUserUpdate, findUser, userView } from './user-records.js';
import type { StoredUser, UserFamily, UserRecord, UsersDocument } from './user-records.js';

/** Who asks for a change: the part of an identity the rules read. */
interface Actor {
  readonly user_name: string;
  readonly admin: boolean;
}

/** A list answers at most this many users unless `limit` says otherwise (HugeGraph's default). */
const DEFAULT_LIST_LIMIT = 100;

/** Epoch seconds now. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * The users of one server over their durable document.
 */
export class UserStore {
  private index: { readonly doc: UsersDocument; readonly byName: ReadonlyMap<string, StoredUser> } | undefined;
  private mutations: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: StateFile<UsersDocument>,
    private readonly audit: AuditLog,
  ) {}

  /**
   * The stored user of a name, or undefined (a map lookup, rebuilt when the document changes).
   */
  byName(name: string): StoredUser | undefined {
    const doc = this.file.value;
    if (this.index?.doc !== doc) this.index = { doc, byName: new Map(doc.users.map((u) => [u.user_name, u])) };
    return this.index.byName.get(name);
  }

  /**
   * Creates `admin` when there is none yet; answers the password when it was generated here.
   */
  ensureAdmin(password: string | undefined, now: string): Promise<string | undefined> {
    return this.mutate(async () => {
      if (this.byName('admin') !== undefined) return undefined;
      const clear = password ?? randomBytes(12).toString('base64url');
      const hash = await hashPassword(clear);
      const doc = this.file.value;
      const number = doc.next_number ?? 1;
      const admin: StoredUser = { id: 'admin', number, user_name: 'admin', password_hash: hash, admin: true, user_creator: 'admin', user_create: now, user_update: now, tokens_after: nowSeconds() };
      await this.file.save({ ...doc, next_number: number + 1, users: [...doc.users, admin] });
      return password === undefined ? clear : undefined;
    });
  }

  /**
   * Creates a user with the rules of `family` (super administrator only).
   */
  async create(input: Readonly<Record<string, unknown>>, family: UserFamily, actor: Actor): Promise<UserRecord> {
    this.requireAdmin(actor, 'create users');
    const fields = checkUserInput(input, family);
    return this.mutate(async () => {
      if (this.byName(fields.user_name) !== undefined) throw new ConflictError('USER_EXISTS', `The user name '${fields.user_name}' has existed`);
      const hash = await hashPassword(fields.user_password);
      const doc = this.file.value;
      const number = doc.next_number ?? 1;
      const now = formatTimestamp();
      const user: StoredUser = {
        id: fields.user_name, number, user_name: fields.user_name, password_hash: hash, admin: false, ...fields.optional,
        user_creator: actor.user_name, user_create: now, user_update: now, tokens_after: nowSeconds(),
      };
      await this.file.save({ ...doc, next_number: number + 1, users: [...doc.users, user] });
      this.audit.record({ event: 'user.create', user_name: user.user_name, actor: actor.user_name });
      return userView(user, family);
    });
  }

  /**
   * Updates a user (admin, or the user itself); a new password moves `tokens_after` past every
   * token issued so far, which revokes them.
   */
  async update(id: string, input: Readonly<Record<string, unknown>>, family: UserFamily, actor: Actor): Promise<UserRecord> {
    return this.mutate(async () => {
      const user = this.visible(id, family, actor, 'user.update');
      const fields = checkUserUpdate(input, family);
      if (fields.user_name !== undefined && fields.user_name !== user.user_name) {
        throw new ArgumentError('IMMUTABLE_FIELD', `The user name cannot be changed: '${user.user_name}' to '${fields.user_name}'`);
      }
      const password = fields.user_password;
      const changed = password !== undefined && !(await verifyPassword(password, user.password_hash));
      const hash = changed ? await hashPassword(password) : user.password_hash;
      // Past every token issued so far: their iat is at most max(now, tokens_after) (UserRegistry.issueToken).
      const tokensAfter = Math.max(nowSeconds(), user.tokens_after ?? 0) + 1;
      const updated: StoredUser = { ...user, ...fields.optional, password_hash: hash, user_update: formatTimestamp(), ...(changed ? { tokens_after: tokensAfter } : {}) };
      const doc = this.file.value;
      await this.file.save({ ...doc, users: doc.users.map((u) => (u.user_name === user.user_name ? updated : u)) });
      this.audit.record({ event: 'user.update', user_name: user.user_name, actor: actor.user_name, password_changed: changed });
      if (changed) this.audit.record({ event: 'tokens.revoked', user_name: user.user_name, actor: actor.user_name, reason: 'password_change' });
      return userView(updated, family);
    });
  }

  /**
   * Deletes a user (super administrator only; never `admin`) and resolves with its name.
   */
  async remove(id: string, family: UserFamily, actor: Actor): Promise<string> {
    let removed = '';
    this.requireAdmin(actor, 'delete users');
    await this.mutate(async () => {
      const user = this.visible(id, family, actor, 'user.delete');
      if (user.admin) throw new ArgumentError('ADMIN_USER', "The super administrator 'admin' cannot be deleted");
      const doc = this.file.value;
      await this.file.save({ ...doc, users: doc.users.filter((u) => u.user_name !== user.user_name) });
      this.audit.record({ event: 'user.delete', user_name: user.user_name, actor: actor.user_name });
      this.audit.record({ event: 'tokens.revoked', user_name: user.user_name, actor: actor.user_name, reason: 'user_delete' });
      removed = user.user_name;
    });
    return removed;
  }

  /**
   * A user as `family` shows it, when `actor` may see it.
   */
  get(id: string, family: UserFamily, actor: Actor): UserRecord {
    return userView(this.visible(id, family, actor, 'user.read'), family);
  }

  /**
   * The users `actor` may see, at most `limit` (default 100, -1 for all).
   */
  list(family: UserFamily, actor: Actor, limit = DEFAULT_LIST_LIMIT): UserRecord[] {
    const all = actor.admin ? this.file.value.users : this.file.value.users.filter((u) => u.user_name === actor.user_name);
    return (limit < 0 ? all : all.slice(0, limit)).map((u) => userView(u, family));
  }

  /**
   * Waits for pending changes and writes.
   */
  async flush(): Promise<void> {
    await this.mutations;
    await this.file.flush();
  }

  /**
   * The user an id names, when `actor` may see it: NotFoundError `USER_NOT_FOUND` for reading
   * an unknown id, ArgumentError `INVALID_USER_ID` for changing one.
   */
  private visible(id: string, family: UserFamily, actor: Actor, action: string): StoredUser {
    const user = findUser(this.file.value.users, id, family);
    if (!actor.admin && (user === undefined || user.user_name !== actor.user_name)) {
      this.deny(`a user may ${action === 'user.read' ? 'read' : 'change'} only itself`);
    }
    if (user !== undefined) return user;
    if (action === 'user.read') throw new NotFoundError('USER_NOT_FOUND', `User with id '${id}' does not exist`);
    throw new ArgumentError('INVALID_USER_ID', `Invalid user id: ${id}`);
  }

  private requireAdmin(actor: Actor, what: string): void {
    if (!actor.admin) this.deny(`only the super administrator may ${what}`);
  }

  /** A denial; the server's error handler writes it to the audit log, as it does every denial. */
  private deny(reason: string): never {
    throw new PermissionError('PERMISSION_DENIED', `Permission denied: ${reason}`);
  }

  /** Runs a change of the document after every earlier one. */
  private mutate<T>(work: () => Promise<T>): Promise<T> {
    const run = this.mutations.then(work);
    this.mutations = run.catch(() => undefined);
    return run;
  }
}
