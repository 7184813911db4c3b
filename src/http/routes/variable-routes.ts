/**
 * A graph's variables (HugeGraph's VariablesAPI) in both path families: `GET .../variables`,
 * and `GET`, `PUT` (body `{"data": value}`) and `DELETE .../variables/{key}`. Answers are
 * HugeGraph's: `{key: value}` for a get or a set, the whole map for the list, 204 for a delete,
 * 404 "Variable 'x' does not exist" for a key that is not set. The values live in the graph
 * (`graph.variables`): durable, replicated and cleared with its data, under the request's access
 * control (READ, WRITE and DELETE on VAR).
 * @module
 */
import { ArgumentError, NotFoundError } from '../../index.js';
import type { VariableValue } from '../../index.js';
import { graphParams, graphPaths } from './route-common.js';
import type { GraphParams, RouteGroup } from './route-common.js';

interface KeyParams extends GraphParams {
  readonly key: string;
}

const KEY_PARAMS = graphParams({ key: { type: 'string', minLength: 1 } });

/** HugeGraph's JsonVariableValue: `data` is any JSON value; what a variable may hold is checked by the graph. */
const VALUE_BODY = { type: 'object', properties: { data: {} } } as const;

/**
 * Variable routes.
 */
export const variableRoutes: RouteGroup = (app) => {
  for (const base of graphPaths('/variables')) {
    app.get<{ Params: GraphParams }>(base, { schema: { summary: "The graph's variables, as a map from name to value", params: graphParams() } }, async (request) =>
      request.graph.variables.asMap(),
    );

    app.get<{ Params: KeyParams }>(`${base}/:key`, { schema: { summary: 'Read one variable: {key: value}', params: KEY_PARAMS } }, async (request) => {
      const { key } = request.params;
      const value = await request.graph.variables.get(key);
      if (value === undefined) throw new NotFoundError('VARIABLE_NOT_FOUND', `Variable '${key}' does not exist`);
      return { [key]: value };
    });

    app.put<{ Params: KeyParams; Body: { data?: unknown } }>(
      `${base}/:key`,
      { schema: { summary: 'Set one variable from {"data": value}; answers {key: value}', params: KEY_PARAMS, body: VALUE_BODY } },
      async (request) => {
        const { key } = request.params;
        const { data } = request.body;
        if (data === undefined || data === null) throw new ArgumentError('INVALID_VARIABLE', "The variable value can't be empty");
        // The graph checks the value (ArgumentError INVALID_VARIABLE for what HugeVariables cannot hold).
        await request.graph.variables.set(key, data as VariableValue);
        return { [key]: data };
      },
    );

    app.delete<{ Params: KeyParams }>(`${base}/:key`, { schema: { summary: 'Remove one variable (204, also when it is not set)', params: KEY_PARAMS } }, async (request, reply) => {
      await request.graph.variables.remove(request.params.key);
      return reply.code(204).send();
    });
  }
};
