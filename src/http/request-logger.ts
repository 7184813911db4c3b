/**
 * The per-request logger of the REST server: fastify gives every request a child of the app's
 * pino logger bound to its request id, which costs a pino child object per request although
 * nearly every request logs nothing (request logging is off; only rejections, failures and slow
 * requests write a line). This logger defers the pino child to the first line written.
 * @module
 */
import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogArguments = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger that makes the pino child (with the request id binding) when it first
 * writes, and forwards every call to that child. `level` reads the parent's until then.
 *
 * @example
 * ```ts
 * const log = new LazyRequestLogger(app.log, { reqId: 'req-1' }, {});
 * log.info({ status: 404 }, 'request rejected'); // one line with reqId 'req-1'
 * ```
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  /** The pino child, made on first use. */
  private get made(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): FastifyBaseLogger['level'] {
    return this.#child?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: FastifyBaseLogger['level']) {
    this.made.level = level;
  }

  fatal(...args: LogArguments): void {
    this.made.fatal(...args);
  }

  error(...args: LogArguments): void {
    this.made.error(...args);
  }

  warn(...args: LogArguments): void {
    this.made.warn(...args);
  }

  info(...args: LogArguments): void {
    this.made.info(...args);
  }

  debug(...args: LogArguments): void {
    this.made.debug(...args);
  }

  trace(...args: LogArguments): void {
    this.made.trace(...args);
  }

  silent(...args: LogArguments): void {
    this.made.silent(...args);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}

/**
 * fastify's `childLoggerFactory` giving each request a {@link LazyRequestLogger}.
 *
 * @example
 * ```ts
 * const app = Fastify({ logger: { level: 'info' }, childLoggerFactory: lazyChildLogger });
 * ```
 */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options);
}
