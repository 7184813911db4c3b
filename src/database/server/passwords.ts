/**
 * Password hashing off the event loop: scrypt on libuv's thread pool (`crypto.scrypt`), at most
 * half the pool at once so file I/O (the write-ahead log, registry saves) keeps its threads; a
 * refusal of an unknown user that costs the same scrypt as a wrong password; and the short-lived
 * memory of successful checks that lets an HTTP Basic client skip scrypt on every request.
 * @module
 */
import * as nodeCrypto from 'node:crypto';
import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

/** scrypt's cost: N=16384, r=8, p=1 (16 MiB and about 50 ms a hash here), 32-byte keys. */
const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;
const PARAMS: ScryptOptions = { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p };

/** libuv's thread pool size (UV_THREADPOOL_SIZE, default 4). */
const POOL_SIZE = Math.max(1, Number(process.env.UV_THREADPOOL_SIZE) || 4);

/**
 * At most this many scrypt runs at once: half the thread pool, so that a burst of password checks
 * never holds every thread file I/O needs. The rest wait in arrival order.
 */
const CHECKS_AT_ONCE = Math.max(1, Math.floor(POOL_SIZE / 2));

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `work` once fewer than {@link CHECKS_AT_ONCE} scrypt runs are in flight. */
async function gated<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CHECKS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** scrypt on the thread pool, through the gate. */
function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return gated(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password, salt, keylen, options, (error, key) => (error === null ? resolve(key) : reject(error)));
      }),
  );
}

/**
 * Hashes a password with scrypt and a random salt, on libuv's thread pool:
 * `scrypt$N$r$p$salt$hash` (base64).
 *
 * @example
 * ```ts
 * const stored = await hashPassword('secret1');
 * await verifyPassword('secret1', stored); // true
 * ```
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, SCRYPT.keylen, PARAMS);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** A stored hash's parts, or undefined when it is not one {@link hashPassword} makes. */
function parseHash(stored: string): { readonly salt: Buffer; readonly hash: Buffer; readonly options: ScryptOptions } | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return undefined;
  // Bounds keep a damaged users document from asking for gigabytes.
  if (!Number.isSafeInteger(N) || N < 2 || N > 1 << 20 || !Number.isSafeInteger(R) || R < 1 || R > 32 || !Number.isSafeInteger(P) || P < 1 || P > 16) return undefined;
  return { salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64'), options: { N, r: R, p: P, maxmem: 256 * N * R + (1 << 20) } };
}

/**
 * True when `password` matches a hash made by {@link hashPassword}; scrypt runs on libuv's
 * thread pool and the comparison takes constant time.
 *
 * @example
 * ```ts
 * await verifyPassword('wrong', await hashPassword('secret1')); // false
 * ```
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (parsed === undefined || parsed.hash.length === 0) {
    await refuseInEqualTime(password);
    return false;
  }
  const actual = await scryptAsync(password, parsed.salt, parsed.hash.length, parsed.options);
  return timingSafeEqual(actual, parsed.hash);
}

/** What an unknown user's password is compared with: a salt and a key no password yields. */
const DUMMY = { salt: randomBytes(16), hash: randomBytes(SCRYPT.keylen) };

/**
 * Runs the same scrypt as {@link verifyPassword} does for a stored hash of the default cost, and
 * answers false: the refusal of an unknown user name then takes as long as a wrong password for
 * a known one, so timing does not tell which names exist.
 */
export async function refuseInEqualTime(password: string): Promise<false> {
  const actual = await scryptAsync(password, DUMMY.salt, SCRYPT.keylen, PARAMS);
  timingSafeEqual(actual, DUMMY.hash);
  return false;
}

/**
 * A map whose entries expire at their own deadline and which holds at most `max` entries,
 * dropping the oldest first.
 */
export class ExpiringMap<V> {
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

/** node:crypto's one-shot `hash` (Node 20.12 and later), else undefined. */
const oneShotHash = (nodeCrypto as { readonly hash?: (algorithm: string, data: string, encoding: 'base64') => string }).hash;

/** How long a successful password verification is remembered. */
const VERIFIED_TTL_MS = 60_000;
/** At most this many remembered verifications; the oldest is dropped first. */
const VERIFIED_MAX = 1024;

/**
 * Successful password verifications remembered for a short time, so that HTTP Basic clients do
 * not pay a full scrypt on every request. Keys are a SHA-256 of a per-process random key followed
 * by the user name and password (node:crypto's one-shot `hash`, a fifth of an HMAC's cost per
 * request; an HMAC where Node has no `hash`), never the password itself; each entry records the
 * stored hash it was checked against, so changing a password (or deleting and creating the user
 * again, which draws a new salt) invalidates it. Failures are never remembered.
 */
export class VerifiedPasswords {
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
