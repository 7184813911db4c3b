/**
 * Server users and authentication (spec Part A §5, hugegraph-notes §2): the super administrator
 * `admin` created on first start, passwords stored only as scrypt hashes, and signed tokens
 * (HS256, claims user_name, user_id, exp) whose key is kept in the data directory so that tokens
 * survive a restart.
 * @module
 */
import * as nodeCrypto from 'node:crypto';
import { createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { ArgumentError } from '../../errors.js';
import type { StateFile } from '../durability/state-file.js';

/**
 * A stored user: the password only as a hash.
 *
 * @example
 * ```ts
 * declare const user: StoredUser; console.log(user.user_name);
 * ```
 */
export interface StoredUser {
  readonly id: string;
  readonly user_name: string;
  readonly password_hash: string;
  readonly admin: boolean;
  readonly create_time: string;
}

/**
 * The users document of the data directory.
 *
 * @example
 * ```ts
 * const doc: UsersDocument = { token_secret: 'c2VjcmV0', users: [] };
 * ```
 */
export interface UsersDocument {
  readonly token_secret: string;
  readonly users: readonly StoredUser[];
}

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

/**
 * Hashes a password with scrypt and a random salt: `scrypt$N$r$p$salt$hash` (base64).
 *
 * @example
 * ```ts
 * const stored = hashPassword('secret1'); verifyPassword('secret1', stored); // true
 * ```
 */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/**
 * True when `password` matches a hash made by {@link hashPassword} (constant-time compare).
 *
 * @example
 * ```ts
 * verifyPassword('wrong', hashPassword('secret1')); // false
 * ```
 */
export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** node:crypto's one-shot `hash` (Node 20.12 and later), else undefined. */
const oneShotHash = (nodeCrypto as { readonly hash?: (algorithm: string, data: string, encoding: 'base64') => string }).hash;

/** How long a successful password verification is remembered. */
const VERIFIED_TTL_MS = 60_000;
/** At most this many remembered verifications; the oldest is dropped first. */
const VERIFIED_MAX = 1024;

/**
 * A map whose entries expire at their own deadline and which holds at most `max` entries,
 * dropping the oldest first.
 */
class ExpiringMap<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly until: number }>();

  constructor(private readonly max: number) {}

  /**
   * The value of `key` while its deadline is in the future, else undefined.
   */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Remembers `value` under `key` until the time `until` (epoch milliseconds).
   */
  set(key: string, value: V, until: number): void {
    this.entries.delete(key);
    while (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { value, until });
  }

  /**
   * Forgets `key`.
   */
  delete(key: string): void {
    this.entries.delete(key);
  }
}

/**
 * Successful password verifications remembered for a short time, so that HTTP Basic clients do
 * not pay a full scrypt on every request. Keys are a SHA-256 of a per-process random key followed
 * by the user name and password (node:crypto's one-shot `hash`, a fifth of an HMAC's cost per
 * request; an HMAC where Node has no `hash`), never the password itself; each entry records the
 * stored hash it was checked against, so changing a password invalidates it. Failures are never
 * remembered.
 */
class VerifiedPasswords {
  private readonly key = randomBytes(32);
  private readonly keyText = this.key.toString('hex');
  private readonly entries: ExpiringMap<string>;

  constructor(private readonly ttlMs = VERIFIED_TTL_MS, max = VERIFIED_MAX) {
    this.entries = new ExpiringMap(max);
  }

  /**
   * True when `password` was verified against exactly `stored` within the time to live.
   */
  has(name: string, password: string, stored: string): boolean {
    const id = this.id(name, password);
    const remembered = this.entries.get(id);
    if (remembered === undefined) return false;
    if (remembered !== stored) {
      this.entries.delete(id);
      return false;
    }
    return true;
  }

  /**
   * Remembers a successful verification of `password` against `stored`.
   */
  add(name: string, password: string, stored: string): void {
    this.entries.set(this.id(name, password), stored, Date.now() + this.ttlMs);
  }

  private id(name: string, password: string): string {
    if (oneShotHash !== undefined) return oneShotHash('sha256', `${this.keyText}${name.length}:${name}${password}`, 'base64');
    return createHmac('sha256', this.key).update(`${name.length}:${name}`).update(password).digest('base64');
  }
}

/** How long a verified token signature is remembered (never past the token's own expiry). */
const TOKEN_TTL_MS = 60_000;
/** At most this many remembered tokens; the oldest is dropped first. */
const TOKEN_MAX = 4096;

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

const base64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

/** A token whose signature and expiry passed, and the identity last resolved for it from the users document `doc`. */
interface CheckedToken {
  readonly userName: unknown;
  readonly secret: string;
  resolved?: { readonly doc: UsersDocument; readonly who: Identity };
}

/**
 * Users and tokens over one durable document.
 *
 * @example
 * ```ts
 * declare const file: StateFile<UsersDocument>;
 * const users = new UserRegistry(file);
 * const who = users.checkPassword('admin', 'secret1');
 * ```
 */
export class UserRegistry {
  private readonly verified = new VerifiedPasswords();
  /**
   * Tokens whose signature and expiry were checked: token -> claimed user name, the signing
   * secret, and the identity last resolved for it with the users document it was read from.
   */
  private readonly tokens = new ExpiringMap<CheckedToken>(TOKEN_MAX);

  constructor(private readonly file: StateFile<UsersDocument>) {}

  /**
   * Creates the super administrator `admin` when there is none yet. Returns the password in
   * clear only when it was generated here (it is then shown once and never stored).
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * const generated = await users.ensureAdmin(process.env.QUIVER_ADMIN_PASSWORD, new Date().toISOString());
   * ```
   */
  async ensureAdmin(password: string | undefined, now: string): Promise<string | undefined> {
    const doc = this.file.value;
    const secret = doc.token_secret === '' ? randomBytes(32).toString('base64') : doc.token_secret;
    if (doc.users.some((u) => u.user_name === 'admin')) {
      if (secret !== doc.token_secret) await this.file.save({ ...doc, token_secret: secret });
      return undefined;
    }
    const clear = password ?? randomBytes(12).toString('base64url');
    const admin: StoredUser = { id: 'admin', user_name: 'admin', password_hash: hashPassword(clear), admin: true, create_time: now };
    await this.file.save({ token_secret: secret, users: [...doc.users, admin] });
    return password === undefined ? clear : undefined;
  }

  /**
   * The identity of a user name and password, or undefined when they do not match.
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * users.checkPassword('admin', 'wrong'); // undefined
   * ```
   */
  checkPassword(name: string, password: string): Identity | undefined {
    const user = this.file.value.users.find((u) => u.user_name === name);
    if (user === undefined) return undefined;
    if (!this.verified.has(name, password, user.password_hash)) {
      if (!verifyPassword(password, user.password_hash)) return undefined;
      this.verified.add(name, password, user.password_hash);
    }
    return { user_name: user.user_name, user_id: user.id, admin: user.admin };
  }

  /** Throws ArgumentError `INVALID_ARGUMENT` unless a user of that name exists (HugeGraph: "Invalid user id"). */
  requireUser(name: string): void {
    if (!this.file.value.users.some((u) => u.user_name === name)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid user id: ${name}`);
  }

  /**
   * A signed token for an identity, valid for `expireSeconds`.
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * declare const who: Identity;
   * const token = users.issueToken(who, 86400);
   * ```
   */
  issueToken(who: Identity, expireSeconds: number): string {
    const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const claims = base64url(JSON.stringify({ user_name: who.user_name, user_id: who.user_id, exp: Math.floor(Date.now() / 1000) + expireSeconds }));
    return `${header}.${claims}.${this.sign(`${header}.${claims}`)}`;
  }

  /**
   * The identity of a valid, unexpired token whose user still exists, or undefined.
   *
   * @example
   * ```ts
   * declare const users: UserRegistry;
   * users.checkToken('not.a.token'); // undefined
   * ```
   */
  checkToken(token: string): Identity | undefined {
    const doc = this.file.value;
    let remembered = this.tokens.get(token);
    if (remembered === undefined || remembered.secret !== doc.token_secret) {
      remembered = this.verifyToken(token, doc.token_secret);
      if (remembered === undefined) return undefined;
    }
    // The document is replaced on every change, so an identity resolved from this one is current.
    if (remembered.resolved?.doc === doc) return remembered.resolved.who;
    const userName = remembered.userName;
    const user = doc.users.find((u) => u.user_name === userName);
    if (user === undefined) return undefined;
    const who: Identity = Object.freeze({ user_name: user.user_name, user_id: user.id, admin: user.admin });
    remembered.resolved = { doc, who };
    return who;
  }

  /** Checks signature and expiry in full and remembers a valid token until min(TTL, its expiry). */
  private verifyToken(token: string, secret: string): CheckedToken | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const expected = Buffer.from(this.sign(`${parts[0]}.${parts[1]}`));
    const given = Buffer.from(parts[2] ?? '');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    let claims: { user_name?: unknown; exp?: unknown };
    try {
      claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as typeof claims;
    } catch {
      return undefined;
    }
    if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return undefined;
    const checked: CheckedToken = { userName: claims.user_name, secret };
    this.tokens.set(token, checked, Math.min(Date.now() + TOKEN_TTL_MS, claims.exp * 1000 + 1));
    return checked;
  }

  private sign(data: string): string {
    return createHmac('sha256', Buffer.from(this.file.value.token_secret, 'base64')).update(data).digest('base64url');
  }
}
