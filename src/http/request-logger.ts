/**
 * The per-request logger fastify hands every request: the pino child with the request id is
 * only made when the request logs something its level lets through, so a request that logs
 * nothing (nearly all of them at the default level) costs no child.
 * @module
 */
import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** pino's numeric levels; 'silent' is above them all. */
const LEVELS: Readonly<Record<string, number>> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/**
 * A logger that stands for `parent.child(bindings, options)` and makes that child on the first
 * call whose level is enabled (calls below the level are dropped without making it).
 *
 * @example
 * ```ts
 * const log = new LazyRequestLogger(app.log, { reqId: 'req-1' }, {});
 * log.debug('not made at info');
 * log.warn('made now, with reqId');
 * ```
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.log('fatal', args);
  }

  error(...args: unknown[]): void {
    this.log('error', args);
  }

  warn(...args: unknown[]): void {
    this.log('warn', args);
  }

  info(...args: unknown[]): void {
    this.log('info', args);
  }

  debug(...args: unknown[]): void {
    this.log('debug', args);
  }

  trace(...args: unknown[]): void {
    this.log('trace', args);
  }

  silent(): void {}

  /** A child of this request's logger (made now, as pino would). */
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  private log(method: Method, args: unknown[]): void {
    if (this.#child === undefined && (LEVELS[method] ?? 0) < (LEVELS[this.level] ?? 0)) return;
    const real = this.real();
    (real[method] as (...a: unknown[]) => void).apply(real, args);
  }

  private real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }
}
