/**
 * Gremlin over REST (spec Part B §4.5, hugegraph-notes §6): GET and POST /gremlin (gzip when
 * the client accepts it), POST /gremlinunzip, and the asynchronous `jobs/gremlin` task. Graphs
 * are bound by name (`hugegraph`, `DEFAULT-hugegraph`) with their traversal sources
 * (`__g_hugegraph`, `__g_DEFAULT-hugegraph`); aliases map short names to them. One request is
 * one transaction; `evaluationTimeout` (30 s unless the graph's query limits say otherwise)
 * cancels a runaway query.
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ArgumentError, HUGEGRAPH_JSON, QuiverError, mapInTurns } from '../../index.js';
import type { Graph, Script, ServerState } from '../../index.js';
import { mapError } from '../error-mapper.js';
import { jsonText, parseExact } from '../json-text.js';
import { sendTexts } from '../replies.js';
import { graphParams, graphPaths, spaceOf } from './route-common.js';
import type { GraphParams, RouteGroup } from './route-common.js';
import { unloggedWrite } from '../cluster.js';
import { JOB_THROUGH_LOG, runJobThroughLog } from './cluster-jobs.js';

/**
 * Default `evaluationTimeout` of a Gremlin request in milliseconds (gremlin-server.yaml's).
 */
const EVALUATION_TIMEOUT_MS = 30_000;

const LANGUAGE = 'gremlin-groovy';

interface GremlinRequest {
  readonly gremlin: string;
  readonly bindings?: Readonly<Record<string, unknown>>;
  readonly language?: string;
  readonly aliases?: Readonly<Record<string, string>>;
}

const requestBody = {
  type: 'object',
  properties: {
    gremlin: { type: 'string', minLength: 1 },
    bindings: { type: 'object' },
    language: { type: 'string' },
    aliases: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['gremlin'],
} as const;

const getQuery = {
  type: 'object',
  properties: { gremlin: { type: 'string', minLength: 1 }, language: { type: 'string' }, bindings: { type: 'string' }, aliases: { type: 'string' } },
  patternProperties: { '^bindings\\.': { type: 'string' }, '^aliases\\.': { type: 'string' } },
  required: ['gremlin'],
  additionalProperties: false,
} as const;

/**
 * The graph a /gremlin request runs on, for the request's identity: the server parses the text
 * once, binding the graph names and aliases it uses as the graph and its traversal source, and
 * the graph they name is brought into the request's scope by the graph-scope plugin
 * (`request.scopeGraph`); with the parsed script.
 */
function scriptGraph(state: ServerState, request: FastifyRequest, body: GremlinRequest): { graph: Graph; script: Script } {
  const parsed = state.parseGremlin(body);
  return { graph: request.scopeGraph(parsed.space, parsed.graph, 'read'), script: parsed.script };
}

/** Binding values: strings and numbers, a number beyond 2^53 (an AUTOMATIC id sent as JSON) read exactly as a bigint. */
function checkRequest(request: GremlinRequest): Map<string, string | number | bigint> {
  const language = request.language ?? LANGUAGE;
  if (language !== LANGUAGE) throw new ArgumentError('GREMLIN_LANGUAGE', `Invalid Gremlin language: expected '${LANGUAGE}' but got '${language}'`);
  const bindings = new Map<string, string | number | bigint>();
  for (const [name, value] of Object.entries(request.bindings ?? {})) {
    if (typeof value !== 'string' && typeof value !== 'bigint' && (typeof value !== 'number' || !Number.isFinite(value))) {
      throw new ArgumentError('GREMLIN_BINDING', `Invalid binding '${name}': values must be strings or numbers but got ${jsonText(value)}`);
    }
    bindings.set(name, value);
  }
  return bindings;
}

function timeoutOf(graph: Graph): number {
  const configured = graph.queryLimits.timeoutMs;
  return configured === undefined || configured === 0 ? EVALUATION_TIMEOUT_MS : configured;
}

/** The Java or Groovy exception a Groovy script fails with, for the codes of script evaluation. */
const SCRIPT_EXCEPTIONS: Readonly<Record<string, string>> = {
  DIVISION_BY_ZERO: 'java.lang.ArithmeticException',
  NULL_DEREFERENCE: 'java.lang.NullPointerException',
  SCRIPT_OPERATOR: 'groovy.lang.MissingMethodException',
  UNSUPPORTED_PROPERTY: 'groovy.lang.MissingPropertyException',
  SCRIPT_INDEX: 'java.lang.IndexOutOfBoundsException',
  NUMBER_FORMAT: 'java.lang.NumberFormatException',
};

/** Exception class names of gremlin-server for the kinds of library errors (hugegraph-notes §6.2). */
function gremlinException(error: QuiverError | undefined, mapped: string): string {
  if (error?.kind === 'cancelled') return 'java.util.concurrent.TimeoutException';
  if (error?.kind === 'syntax') return 'org.codehaus.groovy.control.MultipleCompilationErrorsException';
  if (error?.code === 'UNKNOWN_VARIABLE') return MISSING_PROPERTY;
  return (error === undefined ? undefined : SCRIPT_EXCEPTIONS[error.code]) ?? mapped.replace(/^class /, '');
}

/** Groovy's exception for a name no binding or variable defines, with its message (`Script1` is the script's class). */
const MISSING_PROPERTY = 'groovy.lang.MissingPropertyException';

function gremlinMessage(error: QuiverError | undefined, mapped: string): string {
  const name = error?.code === 'UNKNOWN_VARIABLE' ? error.details['name'] : undefined;
  return typeof name === 'string' ? `No such property: ${name} for class: Script1` : mapped;
}

async function sendError(reply: FastifyReply, error: unknown): Promise<FastifyReply> {
  // On a cluster node, a script that tried to write goes to the error handler, which sends it through the log.
  if (unloggedWrite(error)) throw error;
  const { status, body } = mapError(error);
  const quiver = error instanceof QuiverError ? error : undefined;
  const exception = gremlinException(quiver, body.exception);
  const code = quiver?.kind === 'cancelled' ? 400 : status;
  return reply.code(code).header('content-type', 'application/json; charset=utf-8').send({ exception, message: gremlinMessage(quiver, body.message), cause: `[${exception}]` });
}

/** The head of a /gremlin reply, up to the opening of its `data` array. */
function replyHead(): string {
  return `{"requestId":"${randomUUID()}","status":{"message":"","code":200,"attributes":{}},"result":{"data":[`;
}

const REPLY_TAIL = '],"meta":{}}}';

/**
 * The JSON texts of a script's results, which `graph.gremlin` converted to HugeGraph's JSON
 * values (its `json` option) as it handed them out: written as they are, in time slices.
 */
function dataTexts(data: readonly unknown[], signal: AbortSignal): Promise<string[]> {
  return mapInTurns(data, jsonText, signal);
}

async function evaluate(state: ServerState, request: FastifyRequest, body: GremlinRequest, reply: FastifyReply): Promise<string[]> {
  const bindings = checkRequest(body);
  const { graph, script } = scriptGraph(state, request, body);
  const controller = new AbortController();
  const onClose = (): void => {
    if (!reply.raw.writableFinished) controller.abort();
  };
  reply.raw.once('close', onClose);
  try {
    const data = await graph.gremlin(script, { bindings: Object.fromEntries(bindings), signal: controller.signal, timeoutMs: timeoutOf(graph), json: HUGEGRAPH_JSON });
    return await dataTexts(data, controller.signal);
  } finally {
    reply.raw.off('close', onClose);
  }
}

/** A `bindings` or `aliases` query parameter: a JSON object text (spec Part B §4.5). */
function jsonObjectParam(query: Readonly<Record<string, string>>, name: 'bindings' | 'aliases'): Record<string, unknown> {
  const text = query[name];
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = parseExact(text);
  } catch {
    value = undefined;
  }
  const object = value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!object || (name === 'aliases' && Object.values(value as object).some((v) => typeof v !== 'string'))) {
    throw new ArgumentError('INVALID_ARGUMENT', `Invalid Gremlin ${name}: expected a JSON object${name === 'aliases' ? ' of strings' : ''} but got '${text}'`);
  }
  return value as Record<string, unknown>;
}

function fromQuery(query: Readonly<Record<string, string>>): GremlinRequest {
  const bindings: Record<string, unknown> = jsonObjectParam(query, 'bindings');
  const aliases = jsonObjectParam(query, 'aliases') as Record<string, string>;
  for (const [key, value] of Object.entries(query)) {
    if (key.startsWith('bindings.')) bindings[key.slice('bindings.'.length)] = value;
    if (key.startsWith('aliases.')) aliases[key.slice('aliases.'.length)] = value;
  }
  return { gremlin: query.gremlin ?? '', bindings, aliases, ...(query.language === undefined ? {} : { language: query.language }) };
}

/**
 * Runs the script of an asynchronous Gremlin job on `graph`: the JSON texts of its results.
 */
async function runJobScript(state: ServerState, graph: Graph, job: { readonly body: GremlinRequest; readonly space: string; readonly graph: string }, signal: AbortSignal): Promise<string[]> {
  const bindings = checkRequest(job.body);
  const { script } = state.parseGremlin(job.body, { space: job.space, graph: job.graph });
  return dataTexts(await graph.gremlin(script, { bindings: Object.fromEntries(bindings), signal, json: HUGEGRAPH_JSON }), signal);
}

/**
 * Gremlin routes.
 */
export const gremlinRoutes: RouteGroup = (app, { state, cluster }) => {
  app.get<{ Querystring: Record<string, string> }>('/gremlin', { schema: { summary: 'Run a Gremlin script given in the query string', querystring: getQuery } }, async (request, reply) => {
    try {
      return await sendTexts(reply, replyHead(), await evaluate(state, request, fromQuery(request.query), reply), REPLY_TAIL);
    } catch (error) {
      return sendError(reply, error);
    }
  });

  app.post<{ Body: GremlinRequest }>('/gremlin', { schema: { summary: 'Run a Gremlin script (gzip response when accepted)', body: requestBody } }, async (request, reply) => {
    let items: string[];
    try {
      items = await evaluate(state, request, request.body, reply);
    } catch (error) {
      return sendError(reply, error);
    }
    return sendTexts(reply, replyHead(), items, REPLY_TAIL, { gzip: /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) });
  });

  app.post<{ Body: GremlinRequest }>('/gremlinunzip', { schema: { summary: 'Run a Gremlin script (uncompressed response)', body: requestBody } }, async (request, reply) => {
    try {
      return await sendTexts(reply, replyHead(), await evaluate(state, request, request.body, reply), REPLY_TAIL);
    } catch (error) {
      return sendError(reply, error);
    }
  });

  for (const path of graphPaths('/jobs/gremlin')) {
    app.post<{ Params: GraphParams; Body: GremlinRequest }>(
      path,
      { schema: { summary: 'Run a Gremlin script as an asynchronous task', params: graphParams(), body: requestBody } },
      async (request, reply) => {
        const body = request.body;
        if (Object.keys(body.aliases ?? {}).length > 0) throw new ArgumentError('GREMLIN_ALIAS', 'Invalid Gremlin job: aliases are not supported by the asynchronous form');
        checkRequest(body);
        // the graph-scope plugin brought the path's graph into scope; the script may name only that one
        const graph = request.graph;
        const job = { body, space: spaceOf(request.params), graph: request.params.graph };
        const identity = request.identity;
        const firstLine = Buffer.from(body.gremlin.split('\n')[0] ?? '').subarray(0, 256).toString('utf8');
        // On a cluster with the etcd scheduler the job runs on this node alone, and a script that writes goes through the log.
        const once = cluster !== undefined && graph.config['task.scheduler_type'] === 'etcd';
        const taskId = await state.tasks(job.space, job.graph).submit(
          { type: 'gremlin', name: firstLine, callable: 'org.apache.hugegraph.job.GremlinJob', input: jsonText(body), creator: identity.user_name, once },
          async ({ signal }): Promise<string[] | string> => {
            try {
              return await runJobScript(state, graph, job, signal);
            } catch (error) {
              if (!once || !unloggedWrite(error)) throw error;
              return runJobThroughLog(cluster, job, identity);
            }
          },
          // task_result keeps a long beyond 2^53 as its exact digits, as the synchronous reply does
          (items) => (typeof items === 'string' ? items : `[${(items as string[]).join(',')}]`),
        );
        return reply.code(201).send({ task_id: taskId });
      },
    );
  }
  if (cluster !== undefined) {
    app.post<{ Params: GraphParams; Body: GremlinRequest }>(JOB_THROUGH_LOG, { schema: { hide: true, params: graphParams(), body: requestBody } }, async (request, reply) => {
      const job = { body: request.body, space: spaceOf(request.params), graph: request.params.graph };
      const items = await runJobScript(state, request.graph, job, new AbortController().signal);
      return sendTexts(reply, '[', items, ']');
    });
  }
};
