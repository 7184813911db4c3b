/**
 * A request's arguments as the engine takes them. Values the serializers read become engine
 * arguments: a binding gives its value, a traverser its object, a BulkSet its values, a Java
 * class its simple name, a vertex a reference by id; a lambda is refused by name and never
 * evaluated; a Duration has no engine form. A bytecode's OptionsStrategy (what the drivers'
 * `g.with(key, value)` sends) becomes the `with(key, value)` source steps the engine reads.
 * The request's own options (`batchSize`, `evaluationTimeout`, `materializeProperties`,
 * `aliases`, `bindings`, `session`) are checked here; a bad one is a 499.
 * @module
 */
import { ArgumentError, Bytecode, Edge, Predicate, StrategySpec, TypedNumber, UnsupportedError, Vertex } from '../../index.js';
import type { Argument, Instruction } from '../../index.js';
import { simpleName, WireBinding, WireBulkSet, WireClass, WireDuration, WireLambda, WireTraverser } from './wire.js';

/** Results per frame when the request names no `batchSize` (gremlin-server.yaml's resultIterationBatchSize). */
const DEFAULT_BATCH_SIZE = 64;

/** An ArgumentError for a request argument of the wrong shape (answered with 499). */
export function badArgument(message: string): ArgumentError {
  return new ArgumentError('GREMLIN_SERVER_ARGUMENT', message);
}

/**
 * A request value as an engine argument (see the module comment).
 */
function engineValue(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 256) throw badArgument('Invalid request: values nest deeper than 256 levels');
  const inner = (v: unknown): unknown => engineValue(v, depth + 1);
  if (value instanceof WireLambda) {
    throw new UnsupportedError('GREMLIN_SERVER_LAMBDA', `Lambdas are not supported: the request's ${value.language} lambda '${value.script}' was refused and not evaluated`);
  }
  if (value instanceof WireBinding) return inner(value.value);
  if (value instanceof WireTraverser) return inner(value.value);
  if (value instanceof WireBulkSet) return value.expand().map(inner);
  if (value instanceof WireClass) return simpleName(value.name);
  if (value instanceof WireDuration) throw new UnsupportedError('GREMLIN_SERVER_VALUE', 'Cannot use a Duration: Quiver has no duration values');
  if (value instanceof Bytecode) return engineBytecode(value, depth + 1);
  if (value instanceof Predicate) return new Predicate(value.family, value.op, value.args.map(inner) as Argument[]);
  if (value instanceof StrategySpec) return new StrategySpec(value.name, new Map([...value.config].map(([k, v]) => [k, inner(v) as Argument])));
  if (value instanceof Vertex) return new Vertex(value.id, value.label, -1);
  if (value instanceof Edge) return value.id;
  if (Array.isArray(value)) return value.map(inner);
  if (value instanceof Set) return new Set([...(value as Set<unknown>)].map(inner));
  if (value instanceof Map) return new Map([...(value as Map<unknown, unknown>)].map(([k, v]) => [inner(k), inner(v)]));
  return value;
}

/** The `with(key, value)` steps of an OptionsStrategy, or the strategy itself for any other. */
function sourceInstructions(ins: Instruction): Instruction[] {
  if (ins.op !== 'withStrategies') return [ins];
  const out: Instruction[] = [];
  const others: Argument[] = [];
  for (const arg of ins.args) {
    if (arg instanceof StrategySpec && arg.name === 'OptionsStrategy') {
      for (const [key, value] of arg.config) out.push({ op: 'with', args: [key, value] });
    } else others.push(arg);
  }
  return others.length === 0 ? out : [{ op: 'withStrategies', args: others }, ...out];
}

/**
 * A driver's bytecode as engine bytecode: every argument an engine argument, OptionsStrategy
 * as `with()` steps.
 */
export function engineBytecode(bytecode: Bytecode, depth = 0): Bytecode {
  const convert = (list: readonly Instruction[]): Instruction[] => list.map((ins) => ({ op: ins.op, args: ins.args.map((a) => engineValue(a, depth + 1)) as Argument[] }));
  return new Bytecode(convert(bytecode.source).flatMap(sourceInstructions), convert(bytecode.steps));
}

/**
 * A transaction operation of a session (`g.tx().commit()` or `rollback()` as the drivers send
 * them: one `tx` source step and nothing else), or undefined for a traversal.
 */
export function transactionOp(bytecode: Bytecode): 'commit' | 'rollback' | undefined {
  const [first] = bytecode.source;
  if (bytecode.steps.length > 0 || bytecode.source.length !== 1 || first?.op !== 'tx') return undefined;
  const [what] = first.args;
  if (what === 'commit' || what === 'rollback') return what;
  throw badArgument(`Invalid transaction operation: expected commit or rollback but got ${String(what)}`);
}

/** A whole number argument (Int or Long), or undefined when absent. */
function wholeNumber(args: ReadonlyMap<string, unknown>, name: string, min: number): number | undefined {
  const value = args.get(name);
  if (value === undefined || value === null) return undefined;
  const n = value instanceof TypedNumber ? value.toNumber() : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min) throw badArgument(`Invalid request argument '${name}': expected a whole number from ${min} but got ${String(value)}`);
  return n;
}

/** The `batchSize` of a request (results per frame). */
export function batchSizeOf(args: ReadonlyMap<string, unknown>): number {
  return wholeNumber(args, 'batchSize', 1) ?? DEFAULT_BATCH_SIZE;
}

/** The `evaluationTimeout` (or older `scriptEvaluationTimeout`) of a request in milliseconds; 0 or absent: the server's. */
export function evaluationTimeoutOf(args: ReadonlyMap<string, unknown>): number | undefined {
  const ms = wholeNumber(args, 'evaluationTimeout', 0) ?? wholeNumber(args, 'scriptEvaluationTimeout', 0);
  return ms === 0 ? undefined : ms;
}

/** Whether result elements carry their properties: `materializeProperties` is `all` (the default) or `tokens`. */
export function materializeOf(args: ReadonlyMap<string, unknown>): boolean {
  const value = args.get('materializeProperties') ?? 'all';
  if (value !== 'all' && value !== 'tokens') throw badArgument(`Invalid request argument 'materializeProperties': expected all or tokens but got ${String(value)}`);
  return value === 'all';
}

/** A string-keyed argument map (`aliases`, `bindings`) as a record. */
export function recordArg(args: ReadonlyMap<string, unknown>, name: 'aliases' | 'bindings'): Record<string, unknown> {
  const value = args.get(name);
  if (value === undefined || value === null) return {};
  if (!(value instanceof Map)) throw badArgument(`Invalid request argument '${name}': expected a map but got ${String(value)}`);
  const out: Record<string, unknown> = {};
  for (const [k, v] of value as Map<unknown, unknown>) {
    if (typeof k !== 'string') throw badArgument(`Invalid request argument '${name}': its keys must be strings`);
    out[k] = name === 'bindings' ? engineValue(v) : v;
  }
  return out;
}

/** A string argument, or undefined when absent. */
export function textArg(args: ReadonlyMap<string, unknown>, name: string): string | undefined {
  const value = args.get(name);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badArgument(`Invalid request argument '${name}': expected a string but got ${String(value)}`);
  return value;
}
