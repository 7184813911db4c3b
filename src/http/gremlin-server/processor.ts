/**
 * The ops of the Gremlin Server protocol, run through the request runner as REST's /gremlin
 * runs its scripts: processor `traversal` (or `session`) op `bytecode` runs the driver's
 * bytecode as one request, compiled straight into a plan; op `eval` (processor empty or
 * `session`) runs Gremlin-Groovy text with its bindings and aliases, parsed once with the
 * graph names bound as REST binds them; `close` ends a session. The graph comes from the
 * traversal source a request names (`g`, `__g_<graph>`, `__g_<space>-<graph>`), as the handle
 * the socket's user may use (`graphFor`, the same function REST routes use), counted against
 * the graph's read rate limit. The time limit is the graph's (30 s by default), shortened by a
 * request's `evaluationTimeout`.
 * @module
 */
import { ArgumentError, Bytecode } from '../../index.js';
import type { Graph, GremlinScope, Identity, ServerState } from '../../index.js';
import type { GraphFor } from '../plugins/graph-scope.js';
import type { RateLimits } from '../plugins/rate-limits.js';
import { badArgument, batchSizeOf, engineBytecode, evaluationTimeoutOf, materializeOf, recordArg, textArg, transactionOp } from './request-args.js';
import { response, streamResults, traversers } from './responses.js';
import type { FrameSink } from './responses.js';
import type { Session, Sessions } from './sessions.js';
import { STATUS } from './wire.js';
import type { RequestMessage } from './wire.js';

/** Default time limit of a request in milliseconds (gremlin-server.yaml's evaluationTimeout). */
const EVALUATION_TIMEOUT_MS = 30_000;

const LANGUAGE = 'gremlin-groovy';

/**
 * What every request of a Gremlin Server shares: the server state, the function that gives a
 * user's handle on a graph, and the graphs' rate limits.
 */
export interface ServerContext {
  readonly state: ServerState;
  readonly graphFor: GraphFor;
  /** The graphs' rate limits; absent for a request applied from a cluster's log (it was counted where it arrived). */
  readonly limits?: RateLimits;
}

/**
 * One request on one socket: who runs it, the socket's sessions, where its frames go and the
 * signal that fires when the socket closes.
 */
interface RequestScope {
  readonly identity: Identity;
  readonly sessions: Sessions;
  readonly send: FrameSink;
  readonly signal: AbortSignal;
}

function timeoutOf(graph: Graph, requested: number | undefined): number {
  const configured = graph.queryLimits.timeoutMs;
  const server = configured === undefined || configured === 0 ? EVALUATION_TIMEOUT_MS : configured;
  return requested === undefined ? server : Math.min(server, requested);
}

/** The handle on a graph that the request's user may use, counted against its rate limit. */
function handleFor(context: ServerContext, identity: Identity, space: string, graph: string): Graph {
  const handle = context.graphFor(identity, space, graph);
  context.limits?.admit(handle, space, 'read');
  return handle;
}

/** The aliases of a request without the drivers' identity alias `g` → `g`. */
function aliasesOf(args: ReadonlyMap<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [alias, target] of Object.entries(recordArg(args, 'aliases'))) {
    if (typeof target !== 'string') throw badArgument(`Invalid request argument 'aliases': alias '${alias}' names no traversal source`);
    if (!(alias === 'g' && target === 'g')) out[alias] = target;
  }
  return out;
}

/** Runs `work` in the request's session (processor `session`), or at once. */
function inSession<T>(request: RequestMessage, scope: RequestScope, work: (session: Session | undefined) => Promise<T>): Promise<T> {
  if (request.processor !== 'session') return work(undefined);
  const session = scope.sessions.get(request.args);
  return session.run(() => work(session));
}

async function bytecodeOp(context: ServerContext, request: RequestMessage, scope: RequestScope): Promise<void> {
  const { args } = request;
  const given = args.get('gremlin');
  if (!(given instanceof Bytecode)) throw badArgument("Invalid bytecode request: the 'gremlin' argument must be bytecode");
  const target = aliasesOf(args)['g'] ?? 'g';
  const { space, graph } = context.state.traversalSourceGraph(target);
  const batchSize = batchSizeOf(args);
  const requested = evaluationTimeoutOf(args);
  const properties = materializeOf(args);
  const tx = transactionOp(given);
  await inSession(request, scope, async (session) => {
    const handle = handleFor(context, scope.identity, space, graph);
    const sessionScope: GremlinScope | undefined = session?.scope(space, graph);
    if (tx !== undefined) {
      if (sessionScope !== undefined) await (tx === 'commit' ? sessionScope.commit() : Promise.resolve(sessionScope.rollback()));
      return scope.send(response(request.requestId, STATUS.NO_CONTENT, null));
    }
    const results = await handle.gremlin(engineBytecode(given), {
      signal: scope.signal,
      timeoutMs: timeoutOf(handle, requested),
      types: 'java',
      properties,
      ...(sessionScope === undefined ? {} : { scope: sessionScope }),
    });
    await streamResults(scope.send, request.requestId, traversers(results), { batchSize, signal: scope.signal });
  });
}

async function evalOp(context: ServerContext, request: RequestMessage, scope: RequestScope): Promise<void> {
  const { args } = request;
  const gremlin = textArg(args, 'gremlin');
  if (gremlin === undefined || gremlin.trim() === '') throw badArgument("Invalid eval request: the 'gremlin' argument must be a script");
  const language = textArg(args, 'language') ?? LANGUAGE;
  if (language !== LANGUAGE) throw new ArgumentError('GREMLIN_LANGUAGE', `Invalid Gremlin language: expected '${LANGUAGE}' but got '${language}'`);
  const bindings = recordArg(args, 'bindings');
  const aliases = aliasesOf(args);
  const batchSize = batchSizeOf(args);
  const requested = evaluationTimeoutOf(args);
  const properties = materializeOf(args);
  await inSession(request, scope, async (session) => {
    const parsed = context.state.parseGremlin({ gremlin, bindings, aliases, ...(session === undefined ? {} : { variables: session.variables() }) });
    const handle = handleFor(context, scope.identity, parsed.space, parsed.graph);
    const sessionScope = session?.scope(parsed.space, parsed.graph);
    const results = await handle.gremlin(parsed.script, {
      bindings,
      signal: scope.signal,
      timeoutMs: timeoutOf(handle, requested),
      types: 'java',
      properties,
      ...(sessionScope === undefined ? {} : { scope: sessionScope }),
    });
    await streamResults(scope.send, request.requestId, results, { batchSize, signal: scope.signal });
  });
}

/**
 * Runs one request of an authenticated socket and sends its frames; throws what failed (the
 * caller answers it with the error's status).
 */
export async function processRequest(context: ServerContext, request: RequestMessage, scope: RequestScope): Promise<void> {
  const { op, processor } = request;
  if (op === 'bytecode' && (processor === 'traversal' || processor === 'session')) return bytecodeOp(context, request, scope);
  if (op === 'eval' && (processor === '' || processor === 'session')) return evalOp(context, request, scope);
  if (op === 'close' && processor === 'session') {
    scope.sessions.close(request.args);
    return scope.send(response(request.requestId, STATUS.NO_CONTENT, null));
  }
  if (op === 'authentication') return scope.send(response(request.requestId, STATUS.NO_CONTENT, null));
  throw new ArgumentError('GREMLIN_SERVER_REQUEST', `Unsupported request: processor '${processor}' has no op '${op}'`);
}
