/**
 * Server users and authentication (spec Part A §2.5, §4.5, §4.8, §5; hugegraph-notes §2): user
 * records over one durable document, the super administrator `admin` created on first start,
 * passwords checked off the event loop and throttled on failure, and tokens that a logout, a
 * password change or the user's deletion revoke at once. The records and who may change them
 * are user-store.ts's; this registry answers for both.
 * @module
 */
import { ArgumentError, NotFoundError } from '../../errors.js';
import type { StateFile } from '../durability/state-file.js';
import { AuditLog } from './audit.js';
import { LoginThrottle } from './login-throttle.js';
import type { LoginThrottleSettings } from './login-throttle.js';
import { refuseInEqualTime, verifyPassword, VerifiedPasswords } from './passwords.js';
import { TokenKeeper } from './tokens.js';
import { normaliseUsers } from './user-records.js';
import type { StoredUser, UserFamily, UserRecord, UsersDocument } from './user-records.js';
import { nowSeconds, UserStore } from './user-store.js';

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
  private readonly identities = new WeakMap<StoredUser, { readonly who: Identity; readonly tokenUserId: string }>();
  private readonly store: UserStore;

  private constructor(
    file: StateFile<UsersDocument>,
    private readonly tokens: TokenKeeper,
    private readonly audit: AuditLog,
    private readonly throttle: LoginThrottle,
    /** Longest token lifetime, in seconds. */
    readonly tokenMaxLifetimeSeconds: number,
  ) {
    this.store = new UserStore(file, audit);
  }

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
    return this.store.ensureAdmin(password, now);
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
    const succeeded = this.throttle.attempt(name, context.address);
    const user = this.byName(name);
    const ok = user === undefined ? await refuseInEqualTime(password) : await verifyPassword(password, user.password_hash);
    if (!ok) {
      this.audit.record({ event: 'login.failed', user_name: name, address: context.address });
      return undefined;
    }
    succeeded();
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
    const known = this.known(user);
    if (claims.user_id !== known.tokenUserId && (claims.user_id !== user.id || user.tokens_after !== undefined)) return undefined;
    return known.who;
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
    return this.store.create(input, family, actor);
  }

  /**
   * Updates a user: `user_name`, when given, must stay the same (ArgumentError
   * `IMMUTABLE_FIELD`); one of `user_password`, `user_phone`, `user_email` and `user_avatar` must
   * be given (ArgumentError `MISSING_FIELD`, HugeGraph's rule); fields left out keep their value,
   * and a new password revokes every token of the user. The
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
    return this.store.update(id, input, family, actor);
  }

  /**
   * Deletes a user, revokes all its tokens and resolves with its name; only the super administrator may, and `admin`
   * itself cannot be deleted (ArgumentError `ADMIN_USER`). ArgumentError `INVALID_USER_ID` for an
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
    return this.store.remove(id, family, actor);
  }

  /** The legacy family's id of a user (`<number>:<name>`), or the name when there is no such user. */
  legacyId(name: string): string {
    const user = this.store.byName(name);
    return user === undefined ? name : `${user.number}:${user.user_name}`;
  }

  /** Throws ArgumentError `INVALID_ARGUMENT` unless a user of that name exists (HugeGraph: "Invalid user id"). */
  requireUser(name: string): void {
    if (this.store.byName(name) === undefined) throw new ArgumentError('INVALID_ARGUMENT', `Invalid user id: ${name}`);
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
    return this.store.get(id, family, actor);
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
  list(family: UserFamily, actor: Identity, limit?: number): UserRecord[] {
    return this.store.list(family, actor, limit);
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
    await Promise.all([this.store.flush(), this.tokens.flush()]);
  }

  private byName(name: string): StoredUser | undefined {
    return this.store.byName(name);
  }

  /** The identity of a stored user. */
  private identity(user: StoredUser): Identity {
    return this.known(user).who;
  }

  /**
   * One frozen identity and the token `user_id` per stored record, made once: records are
   * replaced on every change, so they are current, and a token check allocates nothing.
   */
  private known(user: StoredUser): { readonly who: Identity; readonly tokenUserId: string } {
    let known = this.identities.get(user);
    if (known === undefined) {
      known = { who: Object.freeze({ user_name: user.user_name, user_id: user.id, admin: user.admin }), tokenUserId: tokenUserId(user) };
      this.identities.set(user, known);
    }
    return known;
  }
}
