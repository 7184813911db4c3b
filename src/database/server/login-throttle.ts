/**
 * Throttling of failed logins: failures are counted per user name and per client address in a
 * fixed window, and once either count reaches its limit, password checks for that name or from
 * that address are refused (LimitError `LOGIN_THROTTLED`, HTTP 429) until the window ends,
 * without running scrypt. Only failures count: a client that knows its password is never slowed
 * by its own traffic. (`@fastify/rate-limit` counts every request in a hook; see
 * docs/design-choices.md, "Failed logins are throttled, with a counter of our own".)
 * @module
 */
import { ArgumentError, LimitError } from '../../errors.js';

/**
 * Settings of the login throttle (server settings; `quiver serve --login-failures-per-user`,
 * `--login-failures-per-address`, `--login-failure-window`).
 *
 * @example
 * ```ts
 * const throttle: LoginThrottleSettings = { perUser: 10, perAddress: 30, windowMs: 60_000 };
 * ```
 */
export interface LoginThrottleSettings {
  /** Failed checks of one user name allowed per window (default 10; 0: no limit). */
  readonly perUser?: number;
  /** Failed checks from one client address allowed per window (default 30; 0: no limit). */
  readonly perAddress?: number;
  /** Length of the window in milliseconds (default 60,000). */
  readonly windowMs?: number;
}

/** Defaults of {@link LoginThrottleSettings}. */
const DEFAULTS = { perUser: 10, perAddress: 30, windowMs: 60_000 } as const;

/** At most this many keys are counted per kind; the oldest window is dropped first. */
const MAX_KEYS = 10_000;

/** Longest user name kept as a key (names are at most 16 characters; Basic may send more). */
const MAX_KEY_LENGTH = 128;

/** The failures of one key in one window. */
interface Window {
  count: number;
  readonly start: number;
}

/** Failures per key in fixed windows. */
class FailureCounts {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until `key` may be checked again, or 0 when it is under its limit. */
  blockedFor(key: string, now: number): number {
    if (this.limit === 0) return 0;
    const window = this.current(key, now);
    return window !== undefined && window.count >= this.limit ? window.start + this.windowMs - now : 0;
  }

  /** Counts one failure of `key`; answers the window it was counted in. */
  fail(key: string, now: number): Window | undefined {
    if (this.limit === 0) return undefined;
    const window = this.current(key, now);
    if (window !== undefined) {
      window.count++;
      return window;
    }
    while (this.windows.size >= MAX_KEYS) {
      const oldest = this.windows.keys().next().value;
      if (oldest === undefined) break;
      this.windows.delete(oldest);
    }
    const created = { count: 1, start: now };
    this.windows.set(key, created);
    return created;
  }

  private current(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    if (window === undefined) return undefined;
    if (now - window.start >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }
}

/**
 * The failed-login counters of one server, per user name and per client address.
 */
export class LoginThrottle {
  private readonly users: FailureCounts;
  private readonly addresses: FailureCounts;

  constructor(settings: LoginThrottleSettings = {}) {
    const windowMs = settings.windowMs ?? DEFAULTS.windowMs;
    if (!Number.isSafeInteger(windowMs) || windowMs < 1) throw new ArgumentError('AUTH_SETTINGS', `Invalid login failure window: expected a positive number of milliseconds but got ${windowMs}`);
    this.users = new FailureCounts(limitOf(settings.perUser, DEFAULTS.perUser), windowMs);
    this.addresses = new FailureCounts(limitOf(settings.perAddress, DEFAULTS.perAddress), windowMs);
  }

  /**
   * Starts a password check of `name` from `address`: throws LimitError `LOGIN_THROTTLED` (its
   * `details.retryAfterSeconds` says when to retry) when either has spent its failures of the
   * current window, and otherwise counts the check as a failure at once, so that checks in
   * flight together cannot exceed the limit. Call the answer when the check succeeds: it takes
   * the count back.
   */
  attempt(name: string, address: string | undefined): () => void {
    const now = Date.now();
    const key = userKey(name);
    const wait = Math.max(this.users.blockedFor(key, now), address === undefined ? 0 : this.addresses.blockedFor(address, now));
    if (wait > 0) {
      const retryAfterSeconds = Math.ceil(wait / 1000);
      throw new LimitError('LOGIN_THROTTLED', `Too many failed logins: try again in ${retryAfterSeconds} s`, { details: { retryAfterSeconds } });
    }
    const counted = [this.users.fail(key, now), address === undefined ? undefined : this.addresses.fail(address, now)];
    return () => {
      for (const window of counted) if (window !== undefined) window.count--;
    };
  }
}

function userKey(name: string): string {
  return name.length > MAX_KEY_LENGTH ? name.slice(0, MAX_KEY_LENGTH) : name;
}

function limitOf(value: number | undefined, fallback: number): number {
  const limit = value ?? fallback;
  if (!Number.isSafeInteger(limit) || limit < 0) throw new ArgumentError('AUTH_SETTINGS', `Invalid login failure limit: expected a non-negative integer but got ${limit}`);
  return limit;
}
