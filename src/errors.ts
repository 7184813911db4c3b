/**
 * Quiver's single error hierarchy. Every error thrown by the library is a {@link QuiverError}
 * with a stable `code` and a `kind`; the HTTP layer maps kinds to statuses in one place.
 *
 * This module imports nothing.
 * @module
 */

/**
 * The broad class of an error. HTTP maps each kind to one status.
 *
 * @example
 * ```ts
 * const kind: ErrorKind = 'not-found';
 * ```
 */
export type ErrorKind =
  | 'syntax'
  | 'argument'
  | 'not-found'
  | 'schema'
  | 'conflict'
  | 'permission'
  | 'limit'
  | 'unsupported'
  | 'no-index'
  | 'storage'
  | 'cancelled'
  | 'internal';

/**
 * Options accepted by every Quiver error constructor.
 *
 * @example
 * ```ts
 * const options: QuiverErrorOptions = { cause: new Error('disk full') };
 * ```
 */
export interface QuiverErrorOptions {
  /** The underlying error, kept as the standard `cause`. */
  readonly cause?: unknown;
  /** Extra machine-readable facts about the failure. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * Base class of every error Quiver throws.
 *
 * @example
 * ```ts
 * try { await db.graph('nope'); } catch (e) { if (e instanceof QuiverError) console.log(e.code); }
 * ```
 */
export class QuiverError extends Error {
  /** Stable, documented identifier of the failure (see docs/errors.md). */
  readonly code: string;
  /** Broad class of the failure. */
  readonly kind: ErrorKind;
  /** Extra machine-readable facts. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(kind: ErrorKind, code: string, message: string, options: QuiverErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.kind = kind;
    this.code = code;
    this.details = options.details ?? {};
  }
}

/**
 * Gremlin or Groovy text that cannot be parsed, with the position of the problem.
 *
 * @example
 * ```ts
 * throw new GremlinSyntaxError('Unexpected token \')\'', { line: 1, column: 9 });
 * ```
 */
export class GremlinSyntaxError extends QuiverError {
  /** 1-based line of the offending token. */
  readonly line: number;
  /** 1-based column of the offending token. */
  readonly column: number;

  constructor(message: string, position: { line: number; column: number }, options: QuiverErrorOptions = {}) {
    super('syntax', 'GREMLIN_SYNTAX', `${message} at line ${position.line}, column ${position.column}`, options);
    this.line = position.line;
    this.column = position.column;
  }
}

/**
 * A traversal that parses but cannot be planned or executed: wrong arguments, bad step use.
 *
 * @example
 * ```ts
 * throw new PlanError('PLAN_ARGUMENT', 'The times() step needs a non-negative integer');
 * ```
 */
export class PlanError extends QuiverError {
  constructor(code: string, message: string, options: QuiverErrorOptions = {}) {
    super('argument', code, message, options);
  }
}

/**
 * An argument that breaks a documented rule.
 *
 * @example
 * ```ts
 * throw new ArgumentError('INVALID_NAME', "Invalid name 'a ': it matches the illegal name pattern");
 * ```
 */
export class ArgumentError extends QuiverError {
  constructor(code: string, message: string, options: QuiverErrorOptions = {}) {
    super('argument', code, message, options);
  }
}

/**
 * A named thing (graph, label, vertex, edge, task) that does not exist.
 *
 * @example
 * ```ts
 * throw new NotFoundError('VERTEX_NOT_FOUND', "Vertex '1:marko' does not exist");
 * ```
 */
export class NotFoundError extends QuiverError {
  constructor(code: string, message: string, options: QuiverErrorOptions = {}) {
    super('not-found', code, message, options);
  }
}

/**
 * A schema rule was broken: undefined label or key, wrong data type, forbidden change.
 *
 * @example
 * ```ts
 * throw new SchemaError('UNDEFINED_PROPERTY_KEY', "Undefined property key: 'age'");
 * ```
 */
export class SchemaError extends QuiverError {
  constructor(code: string, message: string, options: QuiverErrorOptions = {}) {
    super('schema', code, message, options);
  }
}

/**
 * The operation clashes with what exists: duplicate name, unique-index violation, existing id.
 *
 * @example
 * ```ts
 * throw new ConflictError('SCHEMA_EXISTS', "The property key 'name' has existed");
 * ```
 */
export class ConflictError extends QuiverError {
  constructor(code: string, message: string, options: QuiverErrorOptions = {}) {
    super('conflict', code, message, options);
  }
}

/**
 * The caller may not do or see this.
 *
 * @example
 * ```ts
 * throw new PermissionError('PERMISSION_DENIED', 'Permission denied: read vertex');
 * ```
 */
export class PermissionError extends QuiverError {
  constructor(code: string, message: string, options: QuiverErrorOptions = {}) {
    super('permission', code, message, options);
  }
}

/**
 * A configured limit was exceeded (transaction capacity, batch size, query capacity).
 *
 * @example
 * ```ts
 * throw new LimitError('TX_CAPACITY', 'Vertices in transaction have reached capacity 10000');
 * ```
 */
export class LimitError extends QuiverError {
  constructor(code: string, message: string, options: QuiverErrorOptions = {}) {
    super('limit', code, message, options);
  }
}

/**
 * The input names a feature Quiver does not support; it is never silently ignored.
 *
 * @example
 * ```ts
 * throw new UnsupportedError('UNSUPPORTED_STEP', 'Not support step: closure lambdas');
 * ```
 */
export class UnsupportedError extends QuiverError {
  constructor(code: string, message: string, options: QuiverErrorOptions = {}) {
    super('unsupported', code, message, options);
  }
}

/**
 * A property query that no index can answer (HugeGraph's NoIndexException).
 *
 * @example
 * ```ts
 * throw new NoIndexError("Don't accept query based on properties [age] that are not indexed in label 'person', may not match range condition");
 * ```
 */
export class NoIndexError extends QuiverError {
  constructor(message: string, options: QuiverErrorOptions = {}) {
    super('no-index', 'NO_INDEX', message, options);
  }
}

/**
 * Builds the NoIndexError HugeGraph raises for a property query no index can answer.
 * `kinds` names the mismatched condition kinds among secondary, range, search, not-equal.
 */
export function noIndexError(keys: readonly string[], options: { label?: string; kinds?: readonly string[] } = {}): NoIndexError {
  const where = options.label === undefined ? 'any label' : `label '${options.label}'`;
  const kinds = (options.kinds ?? ['secondary', 'range']).join('/');
  return new NoIndexError(`Don't accept query based on properties [${keys.join(', ')}] that are not indexed in ${where}, may not match ${kinds} condition`);
}

/**
 * The disk or the data files failed: I/O error, corrupt snapshot, locked directory.
 *
 * @example
 * ```ts
 * throw new StorageError('WAL_WRITE', 'Cannot append to the write-ahead log: disk full');
 * ```
 */
export class StorageError extends QuiverError {
  constructor(code: string, message: string, options: QuiverErrorOptions = {}) {
    super('storage', code, message, options);
  }
}

/**
 * The operation was cancelled or ran past its time limit.
 *
 * @example
 * ```ts
 * throw new CancelledError('TIMEOUT', 'Traversal exceeded its time limit of 30000 ms');
 * ```
 */
export class CancelledError extends QuiverError {
  constructor(code: string, message: string, options: QuiverErrorOptions = {}) {
    super('cancelled', code, message, options);
  }
}

/**
 * `error` as a typed error when it is V8's stack overflow (a RangeError "Maximum call stack size
 * exceeded"): LimitError `TOO_DEEP`. A value nested past what a recursive walk can follow (a
 * collection that contains itself, as `g.inject(1).cap('x').store('x')` makes) ends so, and no
 * raw RangeError may leave the library. Any other error is returned as it is.
 */
export function typedOverflow(error: unknown): unknown {
  if (!(error instanceof RangeError) || !/call stack/i.test(error.message)) return error;
  return new LimitError('TOO_DEEP', 'Cannot go on: a value or a query nests too deep to follow (a collection that contains itself, or nesting past the limits of docs/limits.md)', { cause: error });
}
