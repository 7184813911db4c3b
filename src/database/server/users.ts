/**
 * Server users and authentication (spec Part A §2.5, §4.5, §4.8, §5; hugegraph-notes §2): user
 * records over one durable document, the super administrator `admin` created on first start,
 * passwords checked off the event loop and throttled on failure, and tokens that a logout, a
 * password change or the user's deletion revoke at once. Who may do what with users: only
 * `admin` creates and deletes users and reads or changes `admin`; any other user reads and
 * changes only itself.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { ArgumentError, ConflictError, NotFoundError, PermissionError } from '../../errors.js';
import type { StateFile } from '../durability/state-file.js';
import { AuditLog } from './audit.js';
import { LoginThrottle } from './login-throttle.js';
import type { LoginThrottleSettings } from './login-throttle.js';
import { hashPassword, refuseInEqualTime, verifyPassword, VerifiedPasswords } from './passwords.js';
import { formatTimestamp } from './tenancy.js';
import { TokenKeeper } from './tokens.js';
import { checkUserInput, findUser, normaliseUsers, userView } from './user-records.js';
import type { StoredUser, UserFamily, UserRecord, UsersDocument } from './user-records.js';

/**
 * The identity a request runs as.
 *
 * @example
 * ```ts
 * const who: Identity = { user_name: 'admin', user_id: 'admin', admin: true };
 * ```
 */
export interface Identity {
  readonly user_name: string;
  readonly user_id: string;
  readonly admin: boolean;
}

/**
 * Where a credential check comes from, for the throttle and the audit log.
 *
 * @example
 * ```ts
 * const context: AuthContext = { address: '127.0.0.1' };
 * ```
 */
export interface AuthContext {
  /** The client address; failures are also throttled per address. */
  readonly address?: string;
}

/**
 * Options of {@link UserRegistry.open}.
 *
 * @example
 * ```ts
 * const options: UserRegistryOptions = { directory: './data/server', tokenMaxLifetimeSeconds: 3600 };
 * ```
 */
export interface UserRegistryOptions {
  /** The server directory holding the token secret and the revoked tokens; omitted, both live in memory. */
  readonly directory?: string;
  /** Where security events are recorded (default: nowhere). */
  readonly audit?: AuditLog;
  /** Longest token lifetime a login may ask for, in seconds (default 86,400, HugeGraph's lifetime). */
  readonly tokenMaxLifetimeSeconds?: number;
  /** Limits of failed password checks per user name and per address. */
  readonly loginThrottle?: LoginThrottleSettings;
}

/** HugeGraph's token lifetime (`auth.token_expire`): the default cap. */
const DEFAULT_MAX_LIFETIME_SECONDS = 86_400;
/** A list answers at most this many users unless `limit` says otherwise (HugeGraph's default). */
const DEFAULT_LIST_LIMIT = 100;

/** Epoch seconds now. */
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * The `user_id` claim of a user's tokens: its legacy id `<number>:<name>`. Numbers are never
 * reused, so the tokens of a deleted user never pass for a new user of the same name.
 */
const tokenUserId = (user: StoredUser): string => `${user.number}:${user.user_name}`;

/**
 * Users and tokens over one durable document.
 *
 * @example
 * ```ts
 * declare const file: StateFile<UsersDocument>;
 * const users = await UserRegistry.open(file);
 * await users.ensureAdmin('secret1', formatTimestamp());
 * const who = await users.checkPassword('admin', 'secret1');
 * ```
 */
export class UserRegistry {
  private readonly verified = new VerifiedPasswords();
  private readonly identities = new WeakMap<StoredUser, Identity>();
  private index: { readonly doc: UsersDocument; readonly byName: ReadonlyMap<string, StoredUser> } | undefined;
  private mutations: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly file: StateFile<UsersDocument>,
    private readonly tokens: TokenKeeper,
    private readonly audit: AuditLog,
    private readonly throttle: LoginThrottle,
    /** Longest token lifetime, in seconds. */
    readonly tokenMaxLifetimeSeconds: number,
  ) {}

  /**
   * Opens the registry over its document: takes the token secret of an older document into its
   * own file, brings older user entries to the record shape, and opens the revoked tokens.
   *
   * @example
   * ```ts
   * declare const file: StateFile<UsersDocument>;
   * const users = await UserRegistry.open(file, { tokenMaxLifetimeSeconds: 3600 });
   * ```
   */
  static async open(file: StateFile<UsersDocument>, options: UserRegistryOptions = {}): Promise<UserRegistry> {
    const lifetime = options.tokenMaxLifetimeSeconds ?? DEFAULT_MAX_LIFETIME_SECONDS;
    if (!Number.isSafeInteger(lifetime) || lifetime < 1) {
      throw new ArgumentError('AUTH_SETTINGS', `Invalid token lifetime cap: expected a positive number of seconds but got ${lifetime}`);
    }
    const throttle = new LoginThrottle(options.loginThrottle);
    const tokens = await TokenKeeper.open(options.directory, file.value.token_secret);
    const { doc, changed } = normaliseUsers(file.value);
    if (changed) await file.save(doc);
    return new UserRegistry(file, tokens, options.audit ?? (await AuditLog.open()), throttle, lifetime);
  }

  /**
   * Creates the super administrator `admin` when there is none yet. Returns the password in
   * clear only when it was generated here (it is then shown once and never stored).
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * const generated = await users.ensureAdmin(process.env.QUIVER_ADMIN_PASSWORD, formatTimestamp());
   * ```
   */
  async ensureAdmin(password: string | undefined, now: string): Promise<string | undefined> {
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
   * The identity of a user name and password verified within the last minute, else undefined
   * (a miss, not a refusal: {@link UserRegistry.checkPassword} then decides). Synchronous: the
   * fast path of HTTP Basic clients.
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * users.rememberedPassword('admin', 'secret1') ?? (await users.checkPassword('admin', 'secret1'));
   * ```
   */
  rememberedPassword(name: string, password: string): Identity | undefined {
    const user = this.byName(name);
    return user !== undefined && this.verified.has(name, password, user.password_hash) ? this.identity(user) : undefined;
  }

  /** The legacy family's id of a user (`<number>:<name>`), or the name when there is no such user. */
  legacyId(name: string): string {
    const user = this.file.value.users.find((u) => u.user_name === name);
    return user === undefined ? name : tokenUserId(user);
  }

  /** Throws ArgumentError `INVALID_ARGUMENT` unless a user of that name exists (HugeGraph: "Invalid user id"). */
  requireUser(name: string): void {
    if (!this.file.value.users.some((u) => u.user_name === name)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid user id: ${name}`);
  }

  /**
   * The identity of a user name and password, or undefined when they do not match. scrypt runs
   * on libuv's thread pool; an unknown name costs the same scrypt as a wrong password. Throws
   * LimitError `LOGIN_THROTTLED` while the name or the address has spent its failures, and
   * counts and audits a failure.
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * await users.checkPassword('admin', 'wrong', { address: '127.0.0.1' }); // undefined
   * ```
   */
  async checkPassword(name: string, password: string, context: AuthContext = {}): Promise<Identity | undefined> {
    this.throttle.check(name, context.address);
    const user = this.byName(name);
    const ok = user === undefined ? await refuseInEqualTime(password) : await verifyPassword(password, user.password_hash);
    if (!ok) {
      this.throttle.fail(name, context.address);
      this.audit.record({ event: 'login.failed', user_name: name, address: context.address });
      return undefined;
    }
    // The user may have changed while scrypt ran: only the hash that was checked counts.
    const current = this.byName(name);
    if (current === undefined || current.password_hash !== user?.password_hash) return undefined;
    this.verified.add(name, password, current.password_hash);
    return this.identity(current);
  }

  /**
   * Checks a user name and password ({@link UserRegistry.checkPassword}) and answers a token
   * valid for `expireSeconds` (capped by the server's token lifetime; the cap when omitted), or
   * undefined when they do not match. Audits the login.
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * const token = await users.login('admin', 'secret1', 3600, { address: '127.0.0.1' });
   * ```
   */
  async login(name: string, password: string, expireSeconds: number | undefined, context: AuthContext = {}): Promise<string | undefined> {
    const who = await this.checkPassword(name, password, context);
    if (who === undefined) return undefined;
    this.audit.record({ event: 'login', user_name: who.user_name, address: context.address });
    return this.issueToken(who, expireSeconds);
  }

  /**
   * A signed token for an identity, valid for `expireSeconds` capped by the server's token
   * lifetime (the cap when omitted). NotFoundError `USER_NOT_FOUND` when the user is gone.
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * declare const who: Identity;
   * const token = users.issueToken(who, 86400);
   * ```
   */
  issueToken(who: Identity, expireSeconds?: number): string {
    const user = this.byName(who.user_name);
    if (user === undefined) throw new NotFoundError('USER_NOT_FOUND', `User '${who.user_name}' does not exist`);
    const now = nowSeconds();
    const lifetime = Math.max(1, Math.min(expireSeconds ?? this.tokenMaxLifetimeSeconds, this.tokenMaxLifetimeSeconds));
    // iat never precedes the user's tokens_after, so a token issued just after a password change
    // (in the same second) passes, and the next change, which moves tokens_after past it, revokes it.
    return this.tokens.issue({ user_name: user.user_name, user_id: tokenUserId(user), iat: Math.max(now, user.tokens_after ?? 0), exp: now + lifetime });
  }

  /**
   * The identity of a valid token, or undefined: its algorithm (HS256), signature and expiry
   * pass, it was not logged out, its user exists (the same user: a token's `user_id` is the
   * legacy id, whose number is never reused) and it was issued after the user's last password
   * change. Synchronous: a repeat check is a few map lookups.
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * users.checkToken('not.a.token'); // undefined
   * ```
   */
  checkToken(token: string): Identity | undefined {
    const claims = this.tokens.check(token);
    if (claims === undefined) return undefined;
    const user = this.byName(claims.user_name);
    if (user === undefined || claims.iat < (user.tokens_after ?? 0)) return undefined;
    // A token of a version before user records names the user by its name; its user has had no
    // password change since (tokens_after unset), or the check above refused it.
    if (claims.user_id !== tokenUserId(user) && (claims.user_id !== user.id || user.tokens_after !== undefined)) return undefined;
    return this.identity(user);
  }

  /**
   * Revokes a token at once and durably; false when it is not a valid token. Audits the logout.
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * declare const token: string;
   * await users.logout(token, { address: '127.0.0.1' });
   * ```
   */
  async logout(token: string, context: AuthContext = {}): Promise<boolean> {
    const claims = this.tokens.check(token);
    if (claims === undefined || this.checkToken(token) === undefined) return false;
    await this.tokens.revoke(claims);
    this.audit.record({ event: 'logout', user_name: claims.user_name, address: context.address });
    return true;
  }

  /**
   * Creates a user (spec §4.5, §4.8) with the input rules of `family`; only the super
   * administrator may (PermissionError `PERMISSION_DENIED`). ConflictError `USER_EXISTS`.
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * declare const admin: Identity;
   * await users.create({ user_name: 'alice', user_password: 'alice123' }, 'graphspace', admin);
   * ```
   */
  async create(input: Readonly<Record<string, unknown>>, family: UserFamily, actor: Identity): Promise<UserRecord> {
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
   * Updates a user: `user_name` must stay the same (ArgumentError `IMMUTABLE_FIELD`), optional
   * fields left out keep their value, and a new password revokes every token of the user. The
   * super administrator may update anyone, another user only itself. ArgumentError
   * `INVALID_USER_ID` for an unknown id.
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * declare const alice: Identity;
   * await users.update('alice', { user_name: 'alice', user_password: 'alice456', user_phone: '13812345678' }, 'graphspace', alice);
   * ```
   */
  async update(id: string, input: Readonly<Record<string, unknown>>, family: UserFamily, actor: Identity): Promise<UserRecord> {
    return this.mutate(async () => {
      const user = this.visible(id, family, actor, 'user.update');
      const fields = checkUserInput(input, family);
      if (fields.user_name !== user.user_name) {
        throw new ArgumentError('IMMUTABLE_FIELD', `The user name cannot be changed: '${user.user_name}' to '${fields.user_name}'`);
      }
      const changed = !(await verifyPassword(fields.user_password, user.password_hash));
      const hash = changed ? await hashPassword(fields.user_password) : user.password_hash;
      // Past every token issued so far: their iat is at most max(now, tokens_after) (see issueToken).
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
   * Deletes a user and revokes all its tokens, resolving with its name; only the super
   * administrator may, and `admin` itself cannot be deleted (ArgumentError `ADMIN_USER`). ArgumentError `INVALID_USER_ID` for an
   * unknown id.
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * declare const admin: Identity;
   * await users.remove('alice', 'graphspace', admin);
   * ```
   */
  async remove(id: string, family: UserFamily, actor: Identity): Promise<string> {
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
   * A user as `family` shows it. The super administrator reads anyone (NotFoundError
   * `USER_NOT_FOUND` for an unknown id); another user reads only itself.
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * declare const admin: Identity;
   * users.get('1:admin', 'legacy', admin).user_create; // '2026-01-01 00:00:00.000'
   * ```
   */
  get(id: string, family: UserFamily, actor: Identity): UserRecord {
    return userView(this.visible(id, family, actor, 'user.read'), family);
  }

  /**
   * The users as `family` shows them, at most `limit` (default 100, -1 for all): every user for
   * the super administrator, the caller alone for anyone else.
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * declare const admin: Identity;
   * users.list('graphspace', admin, 10).map((u) => u.user_name);
   * ```
   */
  list(family: UserFamily, actor: Identity, limit = DEFAULT_LIST_LIMIT): UserRecord[] {
    const all = actor.admin ? this.file.value.users : this.file.value.users.filter((u) => u.user_name === actor.user_name);
    return (limit < 0 ? all : all.slice(0, limit)).map((u) => userView(u, family));
  }

  /**
   * Waits for pending writes of users and revoked tokens.
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * await users.flush();
   * ```
   */
  async flush(): Promise<void> {
    await this.mutations;
    await Promise.all([this.file.flush(), this.tokens.flush()]);
  }

  /**
   * The user an id names, when `actor` may see it. A user other than `admin` sees only itself,
   * and is refused alike whether another id exists or not, so a refusal names nothing.
   */
  private visible(id: string, family: UserFamily, actor: Identity, action: string): StoredUser {
    const user = findUser(this.file.value.users, id, family);
    if (!actor.admin && (user === undefined || user.user_name !== actor.user_name)) {
      this.deny(`a user may ${action === 'user.read' ? 'read' : 'change'} only itself`);
    }
    if (user !== undefined) return user;
    if (action === 'user.read') throw new NotFoundError('USER_NOT_FOUND', `User with id '${id}' does not exist`);
    throw new ArgumentError('INVALID_USER_ID', `Invalid user id: ${id}`);
  }

  private requireAdmin(actor: Identity, what: string): void {
    if (!actor.admin) this.deny(`only the super administrator may ${what}`);
  }

  private deny(reason: string): never {
    throw new PermissionError('PERMISSION_DENIED', `Permission denied: ${reason}`);
  }

  /** Runs a change of the document after every earlier one. */
  private mutate<T>(work: () => Promise<T>): Promise<T> {
    const run = this.mutations.then(work);
    this.mutations = run.catch(() => undefined);
    return run;
  }

  private byName(name: string): StoredUser | undefined {
    const doc = this.file.value;
    if (this.index?.doc !== doc) this.index = { doc, byName: new Map(doc.users.map((u) => [u.user_name, u])) };
    return this.index.byName.get(name);
  }

  /** One frozen identity per stored record: records are replaced on every change, so it is current. */
  private identity(user: StoredUser): Identity {
    let who = this.identities.get(user);
    if (who === undefined) {
      who = Object.freeze({ user_name: user.user_name, user_id: user.id, admin: user.admin });
      this.identities.set(user, who);
    }
    return who;
  }
}
