/**
 * What travels on a Gremlin Server socket besides the engine's values: the request and response
 * messages, the protocol's status codes, and the few wire-only values the serializers read and
 * write (a traverser with its bulk, a lambda, a binding, a BulkSet, a Java class name, a
 * Duration). Every serializer (GraphBinary, GraphSON 2 and 3) reads requests into these and
 * writes responses from them; the engine's own values (TypedNumber, Uuid, Date, elements,
 * paths, trees, Bytecode, Predicate, EnumValue, StrategySpec) travel as they are.
 * @module
 */

/**
 * A request as the client sent it: its id, op (`bytecode`, `eval`, `authentication`, `close`),
 * processor (`traversal`, `session` or empty) and arguments.
 */
export interface RequestMessage {
  readonly requestId: string;
  readonly op: string;
  readonly processor: string;
  readonly args: ReadonlyMap<string, unknown>;
}

/**
 * One response frame: the request's id (null when the request could not be read), a status and
 * a batch of results.
 */
export interface ResponseMessage {
  readonly requestId: string | null;
  readonly status: { readonly code: number; readonly message: string; readonly attributes: ReadonlyMap<string, unknown> };
  readonly result: { readonly data: unknown; readonly meta: ReadonlyMap<string, unknown> };
}

/**
 * The protocol's status codes (TinkerPop's ResponseStatusCode).
 */
export const STATUS = {
  SUCCESS: 200,
  NO_CONTENT: 204,
  PARTIAL_CONTENT: 206,
  UNAUTHORIZED: 401,
  AUTHENTICATE: 407,
  MALFORMED_REQUEST: 498,
  INVALID_REQUEST_ARGUMENTS: 499,
  SERVER_ERROR: 500,
  SERVER_ERROR_EVALUATION: 597,
  SERVER_ERROR_TIMEOUT: 598,
  SERVER_ERROR_SERIALIZATION: 599,
  REQUEST_ERROR_SERIALIZATION: 497,
} as const;

/**
 * A result with its bulk: a bytecode request's results travel as traversers, so that equal
 * results in a row go as one.
 */
export class WireTraverser {
  constructor(
    readonly value: unknown,
    readonly bulk: bigint,
  ) {}
}

/**
 * A lambda a client sent (`() => 'it.get()'`): read so that the request can be refused by name,
 * never evaluated.
 */
export class WireLambda {
  constructor(
    readonly script: string,
    readonly language: string,
  ) {}
}

/**
 * A bytecode argument that names its value (`Bindings.of('x', 1)`); the value is what runs.
 */
export class WireBinding {
  constructor(
    readonly key: string,
    readonly value: unknown,
  ) {}
}

/**
 * A BulkSet: values with their counts.
 */
export class WireBulkSet {
  constructor(readonly entries: ReadonlyArray<readonly [unknown, bigint]>) {}

  /** The values with each repeated as often as its bulk says. */
  expand(): unknown[] {
    const out: unknown[] = [];
    for (const [value, bulk] of this.entries) for (let i = 0n; i < bulk; i++) out.push(value);
    return out;
  }
}

/**
 * A Java class named by its qualified name (a strategy's class in GraphBinary).
 */
export class WireClass {
  constructor(readonly name: string) {}
}

/**
 * A java.time.Duration: seconds and nanoseconds.
 */
export class WireDuration {
  constructor(
    readonly seconds: bigint,
    readonly nanos: number,
  ) {}
}

/** MIME types of the serializers a request may name in its frame. */
export const MIME = {
  GRAPHBINARY: 'application/vnd.graphbinary-v1.0',
  GRAPHBINARY_STRINGD: 'application/vnd.graphbinary-v1.0-stringd',
  GRAPHSON3: 'application/vnd.gremlin-v3.0+json',
  GRAPHSON3_UNTYPED: 'application/vnd.gremlin-v3.0+json;types=false',
  GRAPHSON2: 'application/vnd.gremlin-v2.0+json',
  JSON: 'application/json',
} as const;

/** The simple name of a Java class: what follows its last dot. */
export function simpleName(qualified: string): string {
  return qualified.slice(qualified.lastIndexOf('.') + 1);
}
