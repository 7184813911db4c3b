/**
 * Graphs (spec Part A §4.3) and their legacy forms (§4.9): create, list, read, clear, delete,
 * conf, mode and read mode.
 * @module
 */
import { ArgumentError, DEFAULT_SPACE } from '../../index.js';
import type { Graph, GraphInfo } from '../../index.js';
import { graphParams, graphPaths, spaceOf } from './route-common.js';
import type { GraphParams, RouteGroup } from './route-common.js';

const CLEAR_CONFIRM = "I'm sure to delete all data";
const DROP_CONFIRM = "I'm sure to drop the graph";
const MODES = ['NONE', 'RESTORING', 'MERGING'] as const;
const READ_MODES = ['ALL', 'OLTP_ONLY'] as const;

const spaceParams = { type: 'object', properties: { graphspace: { type: 'string', minLength: 1 } }, required: ['graphspace'] } as const;

/**
 * Parses HugeGraph's key=value configuration text: one pair a line, `#` comment lines and
 * blank lines skipped, the value is everything after the first `=`.
 */
function parseKeyValueText(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    if (eq <= 0) throw new ArgumentError('INVALID_CONFIG_TEXT', `Invalid graph configuration text: line ${index + 1} is not key=value: '${line.slice(0, 64)}'`);
    out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  });
  return out;
}

function confRecord(info: GraphInfo, graph: Graph): Record<string, string> {
  const config = graph.config;
  return {
    'search.text_analyzer': config['search.text_analyzer'],
    'search.text_analyzer_mode': config['search.text_analyzer_mode'],
    'gremlin.graph': info.factory,
    serializer: config.serializer,
    backend: info.backend,
    store: config.store,
    'pd.peers': '',
  };
}

/** A destructive request must carry the fixed confirmation text (spec Part A §4.9, §7). */
function checkConfirm(message: string | undefined, expected: string): void {
  if (message !== expected) throw new ArgumentError('CONFIRM_MESSAGE', `Please take the message: ${expected}`);
}

const brief = (info: GraphInfo, legacy: boolean): Record<string, string> => (legacy ? { name: info.name, backend: info.backend } : { name: info.name, backend: info.backend, description: info.description });

/**
 * Graph lifecycle routes in both path families.
 */
export const graphRoutes: RouteGroup = (app, { state }) => {
  app.post<{ Params: GraphParams; Body: Record<string, unknown> }>(
    '/graphspaces/:graphspace/graphs/:graph',
    { schema: { summary: 'Create a graph from configuration keys', params: graphParams(), body: { type: 'object' } }, config: { graphAccess: 'create', requires: 'space-admin' } },
    async (request, reply) => reply.code(201).send(brief(await state.createGraph(spaceOf(request.params), request.params.graph, request.body), false)),
  );
  app.post<{ Params: GraphParams; Body: string | Record<string, unknown> }>(
    '/graphs/:graph',
    { schema: { summary: 'Create a graph (legacy: key=value text body)', params: graphParams(), body: { anyOf: [{ type: 'string' }, { type: 'object' }] } }, config: { graphAccess: 'create', requires: 'space-admin' } },
    async (request, reply) => {
      const input = typeof request.body === 'string' ? parseKeyValueText(request.body) : request.body;
      return reply.code(201).send(brief(await state.createGraph(spaceOf(request.params), request.params.graph, input), true));
    },
  );
  app.get<{ Params: { graphspace: string } }>('/graphspaces/:graphspace/graphs', { schema: { summary: 'List graph names', params: spaceParams } }, async (request) => ({
    graphs: state.graphNames(request.params.graphspace).filter((graph) => state.access.mayUse(request.identity, request.params.graphspace, graph)),
  }));
  app.get('/graphs', { schema: { summary: 'List graph names (legacy)' } }, async (request) => ({
    graphs: state.graphNames(DEFAULT_SPACE).filter((graph) => state.access.mayUse(request.identity, DEFAULT_SPACE, graph)),
  }));
  for (const [path, legacy] of [['/graphspaces/:graphspace/graphs/:graph', false], ['/graphs/:graph', true]] as const) {
    app.get<{ Params: GraphParams }>(path, { schema: { summary: 'Read a graph', params: graphParams() } }, async (request) =>
      brief(state.graphInfo(spaceOf(request.params), request.params.graph), legacy),
    );
  }
  app.put<{ Params: GraphParams; Body: { action: string; clear_schema: boolean } }>(
    '/graphspaces/:graphspace/graphs/:graph',
    {
      schema: {
        summary: 'Clear a graph',
        params: graphParams(),
        body: { type: 'object', properties: { action: { type: 'string', enum: ['clear'] }, clear_schema: { type: 'boolean' } }, required: ['action', 'clear_schema'], additionalProperties: false },
      },
      config: { requires: 'space-admin' },
    },
    async (request, reply) => {
      await state.clearGraph(spaceOf(request.params), request.params.graph, { clearSchema: request.body.clear_schema });
      return reply.code(200).send();
    },
  );
  app.put<{ Params: GraphParams; Body: { action: string; confirm_message: string } }>(
    '/graphs/:graph',
    {
      schema: {
        summary: 'Clear a graph (legacy)',
        params: graphParams(),
        body: { type: 'object', properties: { action: { type: 'string', enum: ['clear'] }, confirm_message: { type: 'string' } }, required: ['action', 'confirm_message'], additionalProperties: false },
      },
      config: { requires: 'space-admin' },
    },
    async (request, reply) => {
      checkConfirm(request.body.confirm_message, CLEAR_CONFIRM);
      await state.clearGraph(spaceOf(request.params), request.params.graph, { clearSchema: true });
      return reply.code(200).send();
    },
  );
  for (const path of ['/graphspaces/:graphspace/graphs/:graph', '/graphs/:graph']) {
    app.delete<{ Params: GraphParams; Querystring: { confirm_message?: string } }>(
      path,
      { schema: { summary: 'Delete a graph', params: graphParams(), querystring: { type: 'object', properties: { confirm_message: { type: 'string' } } } }, config: { requires: 'space-admin' } },
      async (request, reply) => {
        checkConfirm(request.query.confirm_message ?? DROP_CONFIRM, DROP_CONFIRM);
        await state.dropGraph(spaceOf(request.params), request.params.graph);
        return reply.code(204).send();
      },
    );
  }
  // HugeGraph's own clear form, which pyhugegraph and HugeGraph's docs use in both families:
  // everything goes, schema included; the confirmation text is required
  for (const path of graphPaths('/clear')) {
    app.delete<{ Params: GraphParams; Querystring: { confirm_message?: string } }>(
      path,
      { schema: { summary: 'Clear a graph, schema included (HugeGraph form)', params: graphParams(), querystring: { type: 'object', properties: { confirm_message: { type: 'string' } } } }, config: { requires: 'space-admin' } },
      async (request, reply) => {
        checkConfirm(request.query.confirm_message, CLEAR_CONFIRM);
        await state.clearGraph(spaceOf(request.params), request.params.graph, { clearSchema: true });
        return reply.code(204).send();
      },
    );
  }
  app.get<{ Params: GraphParams }>('/graphspaces/:graphspace/graphs/:graph/conf', { schema: { summary: 'Read a graph configuration', params: graphParams() }, config: { requires: 'space-admin' } }, async (request) =>
    confRecord(state.graphInfo(spaceOf(request.params), request.params.graph), request.graph),
  );
  app.get<{ Params: GraphParams }>('/graphs/:graph/conf', { schema: { summary: 'Read a graph configuration (legacy: key=value text)', params: graphParams() }, config: { requires: 'space-admin' } }, async (request, reply) => {
    const record = confRecord(state.graphInfo(spaceOf(request.params), request.params.graph), request.graph);
    const text = Object.entries(record).map(([k, v]) => `${k}=${v}`).join('\n');
    return reply.type('text/plain; charset=utf-8').send(`${text}\n`);
  });
  for (const path of ['/graphspaces/:graphspace/graphs/:graph', '/graphs/:graph']) {
    app.get<{ Params: GraphParams }>(`${path}/mode`, { schema: { summary: 'Read the graph mode', params: graphParams() } }, async (request) => ({ mode: request.graph.mode }));
    app.put<{ Params: GraphParams; Body: (typeof MODES)[number] }>(
      `${path}/mode`,
      { schema: { summary: 'Set the graph mode', params: graphParams(), body: { type: 'string', enum: [...MODES] } }, config: { requires: 'space-admin' } },
      async (request) => {
        const graph = request.graph;
        await graph.setMode(request.body);
        return { mode: graph.mode };
      },
    );
    app.get<{ Params: GraphParams }>(`${path}/graph_read_mode`, { schema: { summary: 'Read the graph read mode', params: graphParams() } }, async (request) => ({
      graph_read_mode: request.graph.readMode,
    }));
    app.put<{ Params: GraphParams; Body: (typeof READ_MODES)[number] }>(
      `${path}/graph_read_mode`,
      { schema: { summary: 'Set the graph read mode', params: graphParams(), body: { type: 'string', enum: [...READ_MODES] } }, config: { requires: 'space-admin' } },
      async (request) => {
        const graph = request.graph;
        await graph.setReadMode(request.body);
        return { graph_read_mode: graph.readMode };
      },
    );
  }
};
