/**
 * The audit log of a server: one JSON line per security event (logins, failed logins, logouts,
 * token revocations, user changes; the access-control layer adds denials and grant changes),
 * written through pino to `<data>/audit/` and rotated by pino-roll, daily and at 10 MiB:
 * `audit.<date>.<n>.log`, with `current.log` a symbolic link to the file in use. Lines are
 * written synchronously (a `write(2)` per event, no buffer), so a process killed with SIGKILL
 * loses none; a server held in memory writes to a given stream, or nowhere.
 * @module
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pino from 'pino';
import type { Logger } from 'pino';

/**
 * One audit event: what happened (`event`, such as `login` or `user.delete`) and plain fields
 * (user names, the client address, the reason). A password is never a field.
 *
 * @example
 * ```ts
 * const event: AuditEvent = { event: 'login.failed', user_name: 'alice', address: '127.0.0.1' };
 * ```
 */
export interface AuditEvent {
  readonly event: string;
  readonly [field: string]: string | number | boolean | undefined;
}

/**
 * Where and how an audit log is written.
 *
 * @example
 * ```ts
 * const options: AuditLogOptions = { directory: './data/audit', keep: 30 };
 * ```
 */
export interface AuditLogOptions {
  /** Directory of the rotated files; omitted, events go to `destination` or nowhere. */
  readonly directory?: string;
  /** Without a directory: a stream that receives the JSON lines. */
  readonly destination?: NodeJS.WritableStream;
  /** Rotated files kept besides the one in use (default 30). */
  readonly keep?: number;
}

/** The SonicBoom stream pino-roll returns, as far as the log uses it. */
interface RollingStream extends NodeJS.WritableStream {
  flushSync(): void;
  end(): this;
}

/** pino-roll's factory (the package ships no types). */
type Roll = (options: {
  readonly file: string;
  readonly size: string;
  readonly frequency: 'daily';
  readonly dateFormat: string;
  readonly extension: string;
  readonly mkdir: boolean;
  readonly symlink: boolean;
  readonly sync: boolean;
  readonly limit: { readonly count: number };
}) => Promise<RollingStream>;

const roll = createRequire(import.meta.url)('pino-roll') as Roll;

/**
 * The audit log of a server (`state.audit`).
 *
 * @example
 * ```ts
 * declare const state: ServerState;
 * state.audit.record({ event: 'grant.create', actor: 'admin', group: 'readers' });
 * ```
 */
export class AuditLog {
  private closed = false;

  private constructor(
    private readonly logger: Logger | undefined,
    private readonly file: RollingStream | undefined,
    /** The directory of the rotated files, or undefined when there are none. */
    readonly directory: string | undefined,
  ) {}

  /**
   * Opens an audit log: rotated files in `directory`, else lines to `destination`, else none.
   *
   * @example
   * ```ts
   * const audit = await AuditLog.open({ directory: './data/audit' });
   * audit.record({ event: 'login', user_name: 'admin', address: '127.0.0.1' });
   * await audit.close();
   * ```
   */
  static async open(options: AuditLogOptions = {}): Promise<AuditLog> {
    const settings = { base: null, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label: string) => ({ level: label }) } };
    if (options.directory !== undefined) {
      const file = await roll({
        file: join(options.directory, 'audit'),
        extension: '.log',
        size: '10m',
        frequency: 'daily',
        dateFormat: 'yyyy-MM-dd',
        mkdir: true,
        symlink: true,
        sync: true,
        limit: { count: options.keep ?? 30 },
      });
      return new AuditLog(pino(settings, file), file, options.directory);
    }
    if (options.destination !== undefined) return new AuditLog(pino(settings, options.destination), undefined, undefined);
    return new AuditLog(undefined, undefined, undefined);
  }

  /**
   * Writes one event as a JSON line with its time (`{"level":"info","time":...,"event":...}`).
   *
   * @example
   * ```ts
   * declare const audit: AuditLog;
   * audit.record({ event: 'permission.denied', user_name: 'alice', action: 'user.create' });
   * ```
   */
  record(event: AuditEvent): void {
    if (this.closed) return;
    this.logger?.info(event);
  }

  /**
   * Makes every recorded event readable in the file (lines are written as they are recorded;
   * this also covers a stream given as destination).
   *
   * @example
   * ```ts
   * declare const audit: AuditLog;
   * await audit.flush();
   * ```
   */
  async flush(): Promise<void> {
    if (this.closed) return;
    this.file?.flushSync();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /**
   * Flushes and closes the file; later events are dropped.
   *
   * @example
   * ```ts
   * declare const audit: AuditLog;
   * await audit.close();
   * ```
   */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush();
    this.closed = true;
    const file = this.file;
    if (file === undefined) return;
    await new Promise<void>((resolve) => {
      file.once('close', () => resolve());
      file.once('error', () => resolve());
      file.end();
    });
  }
}
