/**
 * User records (spec Part A §2.5 User, §4.5, §4.8): what is stored, the input rules of each path
 * family, and the record each family answers: graph-space ids are the user name, timestamps
 * `YYYY-MM-DD HH:MM:SS` and the phone masked (`138****5678`); legacy ids are
 * `<number>:<name>` and timestamps carry `.mmm`. `user_password` always shows the stored hash.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { formatTimestamp } from './tenancy.js';

/** What a stored user and the record the REST API answers share; optional fields only when set. */
interface UserDetails {
  readonly user_name: string;
  readonly user_phone?: string;
  readonly user_email?: string;
  readonly user_avatar?: string;
  readonly user_description?: string;
  readonly user_creator: string;
  /** `YYYY-MM-DD HH:MM:SS.mmm` (UTC) as stored and in the legacy family; without `.mmm` in the graph-space family. */
  readonly user_create: string;
  /** As `user_create`. */
  readonly user_update: string;
}

/**
 * A stored user: the password only as a hash.
 *
 * @example
 * ```ts
 * declare const user: StoredUser; console.log(user.user_name, user.number);
 * ```
 */
export interface StoredUser extends UserDetails {
  /** The graph-space family id: the user name. */
  readonly id: string;
  /** The number of the legacy id `<number>:<user_name>`; never reused. */
  readonly number: number;
  readonly password_hash: string;
  /** True for the super administrator `admin` only. */
  readonly admin: boolean;
  /** Tokens issued before this time (epoch seconds) are refused: set at creation and moved past every earlier token by a password change. */
  readonly tokens_after?: number;
}

/**
 * The users document of the data directory (`<data>/server/users.json`).
 *
 * @example
 * ```ts
 * const doc: UsersDocument = { users: [] };
 * ```
 */
export interface UsersDocument {
  /** The token secret of versions that kept it here; moved to `<data>/server/token-secret` on open. */
  readonly token_secret?: string;
  /** The next legacy id number. */
  readonly next_number?: number;
  readonly users: readonly StoredUser[];
}

/**
 * The two path families: `graphspace` (`/auth/users`) and `legacy` (`/graphs/auth/users`).
 *
 * @example
 * ```ts
 * const family: UserFamily = 'legacy';
 * ```
 */
export type UserFamily = 'graphspace' | 'legacy';

/**
 * A user as the REST API answers it (its phone masked in the graph-space family).
 *
 * @example
 * ```ts
 * declare const user: UserRecord; console.log(user.id, user.user_create);
 * ```
 */
export interface UserRecord extends UserDetails {
  readonly id: string;
  /** The stored hash, never the password. */
  readonly user_password: string;
}

/** The optional text fields of a user. */
const OPTIONAL_FIELDS = ['user_phone', 'user_email', 'user_avatar', 'user_description'] as const;
/** Fields a body may carry that the server sets itself (hugegraph-client sends a whole record back); ignored. */
const SERVER_FIELDS = new Set(['id', 'user_creator', 'user_create', 'user_update']);
const KNOWN_FIELDS = new Set<string>(['user_name', 'user_password', ...OPTIONAL_FIELDS, ...SERVER_FIELDS]);
/** Longest accepted optional text (a Quiver limit; docs/rest.md). */
const MAX_OPTIONAL_LENGTH = 1024;

const USER_NAME = /^[A-Za-z0-9_]{5,16}$/;
/** Letters, digits and each family's punctuation (spec §2.5): the graph-space set adds `_` and drops `|`. */
const PASSWORD: Readonly<Record<UserFamily, RegExp>> = {
  legacy: /^[A-Za-z0-9~!@#$%^&*()+|<>,.?/:;'`"[\]{}\\]{5,16}$/,
  graphspace: /^[A-Za-z0-9~!@#$%^&*()_+<>,.?/:;'`"[\]{}\\]{5,16}$/,
};
const PUNCTUATION: Readonly<Record<UserFamily, string>> = {
  legacy: '~!@#$%^&*()+|<>,.?/:;\'`"[]{}\\',
  graphspace: '~!@#$%^&*()_+<>,.?/:;\'`"[]{}\\',
};

/**
 * The fields of a create body once its rules pass: null fields read as absent, as HugeGraph's
 * Jackson binding reads them.
 */
interface UserInput {
  readonly user_name: string;
  readonly user_password: string;
  readonly optional: Readonly<Partial<Record<(typeof OPTIONAL_FIELDS)[number], string>>>;
}

/** The fields of an update body once its rules pass: a field left out keeps its value. */
type UserUpdate = Partial<Omit<UserInput, 'optional'>> & Pick<UserInput, 'optional'>;

/** The fields of a body that are present, each checked with the rules of `family`. */
function readUserFields(input: Readonly<Record<string, unknown>>, family: UserFamily): UserUpdate {
  for (const key of Object.keys(input)) {
    if (!KNOWN_FIELDS.has(key)) throw new ArgumentError('UNKNOWN_FIELD', `Invalid user field '${key}': a user has user_name, user_password, ${OPTIONAL_FIELDS.join(', ')}`);
  }
  const name = input.user_name ?? undefined;
  if (name !== undefined && (typeof name !== 'string' || !USER_NAME.test(name))) {
    throw new ArgumentError('INVALID_FIELD', `Invalid user_name ${JSON.stringify(name)}: 5 to 16 letters, digits or underscores`);
  }
  const password = input.user_password ?? undefined;
  if (password !== undefined && (typeof password !== 'string' || !PASSWORD[family].test(password))) {
    // The password itself is never echoed.
    throw new ArgumentError('INVALID_FIELD', `Invalid user_password: 5 to 16 letters, digits or the characters ${PUNCTUATION[family]}`);
  }
  const optional: Partial<Record<(typeof OPTIONAL_FIELDS)[number], string>> = {};
  for (const key of OPTIONAL_FIELDS) {
    const value = input[key] ?? undefined;
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.length > MAX_OPTIONAL_LENGTH) {
      throw new ArgumentError('INVALID_FIELD', `Invalid ${key}: expected a string of at most ${MAX_OPTIONAL_LENGTH} characters`);
    }
    optional[key] = value;
  }
  return { ...(name === undefined ? {} : { user_name: name as string }), ...(password === undefined ? {} : { user_password: password as string }), optional };
}

/**
 * Checks a create body with the rules of `family` (spec §2.5): `user_name` and `user_password`
 * are required; ArgumentError `MISSING_FIELD`, `INVALID_FIELD` or `UNKNOWN_FIELD`.
 */
export function checkUserInput(input: Readonly<Record<string, unknown>>, family: UserFamily): UserInput {
  const fields = readUserFields(input, family);
  if (fields.user_name === undefined) throw new ArgumentError('MISSING_FIELD', 'The user name is required: user_name');
  if (fields.user_password === undefined) throw new ArgumentError('MISSING_FIELD', 'The user password is required: user_password');
  return { user_name: fields.user_name, user_password: fields.user_password, optional: fields.optional };
}

/**
 * Checks an update body with the rules of `family`, as HugeGraph's UserAPI.JsonUser.checkUpdate
 * does (pyhugegraph's `modify_user` sends every field it was not given as null): `user_name`
 * and `user_password` may be left out, but one of `user_password`, `user_phone`, `user_email`
 * and `user_avatar` must be given (ArgumentError `MISSING_FIELD` "Expect one of user
 * password/phone/email/avatar").
 */
export function checkUserUpdate(input: Readonly<Record<string, unknown>>, family: UserFamily): UserUpdate {
  const fields = readUserFields(input, family);
  const { user_phone, user_email, user_avatar } = fields.optional;
  if (fields.user_password === undefined && user_phone === undefined && user_email === undefined && user_avatar === undefined) {
    throw new ArgumentError('MISSING_FIELD', 'Expect one of user password/phone/email/avatar');
  }
  return fields;
}

/**
 * The record `family` answers for a stored user.
 */
export function userView(user: StoredUser, family: UserFamily): UserRecord {
  const graphspace = family === 'graphspace';
  const time = (text: string): string => (graphspace ? text.slice(0, 19) : text);
  return {
    id: graphspace ? user.id : `${user.number}:${user.user_name}`,
    user_name: user.user_name,
    user_password: user.password_hash,
    ...(user.user_phone === undefined ? {} : { user_phone: graphspace ? maskPhone(user.user_phone) : user.user_phone }),
    ...(user.user_email === undefined ? {} : { user_email: user.user_email }),
    ...(user.user_avatar === undefined ? {} : { user_avatar: user.user_avatar }),
    ...(user.user_description === undefined ? {} : { user_description: user.user_description }),
    user_creator: user.user_creator,
    user_create: time(user.user_create),
    user_update: time(user.user_update),
  };
}

/**
 * A phone number as the graph-space family shows it: the first three and last four characters
 * around `****` (`13812345678` → `138****5678`); a shorter number is `****` alone.
 */
function maskPhone(phone: string): string {
  return phone.length >= 8 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/**
 * The stored user an id of `family` names, or undefined: the graph-space family names a user
 * by its name; the legacy family by `<number>:<name>`, or by the name alone (as clients that
 * keep names send it).
 */
export function findUser(users: readonly StoredUser[], id: string, family: UserFamily): StoredUser | undefined {
  if (family === 'legacy') {
    const m = /^(\d+):(.+)$/.exec(id);
    if (m !== null) return users.find((u) => u.number === Number(m[1]) && u.user_name === m[2]);
  }
  return users.find((u) => u.id === id);
}

/** The shape of a user in users.json written before users were records. */
interface OlderUser {
  readonly id?: string;
  readonly user_name: string;
  readonly password_hash: string;
  readonly admin?: boolean;
  readonly create_time?: string;
}

/**
 * A users document in the current shape: users of older versions (`create_time`, no number)
 * get a number and the record fields, and the document's next number covers them all.
 */
export function normaliseUsers(doc: UsersDocument): { readonly doc: UsersDocument; readonly changed: boolean } {
  let changed = false;
  let next = doc.next_number ?? 1;
  for (const u of doc.users) if (typeof u.number === 'number') next = Math.max(next, u.number + 1);
  const users = doc.users.map((stored): StoredUser => {
    if (typeof stored.number === 'number' && typeof stored.user_create === 'string') return stored;
    changed = true;
    const old = stored as unknown as OlderUser;
    const created = timestampOf(old.create_time);
    return { id: old.user_name, number: next++, user_name: old.user_name, password_hash: old.password_hash, admin: old.user_name === 'admin', user_creator: 'admin', user_create: created, user_update: created };
  });
  if (doc.next_number !== next) changed = true;
  return { doc: { next_number: next, users }, changed: changed || doc.token_secret !== undefined };
}

/** A creation time of an older document (ISO or HugeGraph text) as HugeGraph text. */
function timestampOf(text: string | undefined): string {
  if (text !== undefined && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/.test(text)) return text;
  const date = text === undefined ? new Date() : new Date(text);
  return formatTimestamp(Number.isNaN(date.getTime()) ? new Date() : date);
}
