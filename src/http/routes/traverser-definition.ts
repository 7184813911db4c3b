/**
 * The row of the traverser table (traverser-table.ts, traverser-table-paths.ts): for each of
 * HugeGraph's traverser endpoints (hugegraph-notes §5), its REST name, the library method it
 * calls, its parameters (`Params<Options>`: REST name and aliases, kind, default and form of
 * every option, checked against the options type by the compiler), and how the typed answer is
 * written back as HugeGraph's exact JSON. A row becomes a route here: its schemas are derived
 * from its parameters (traverser-schemas.ts), and a request is renamed into its options by
 * them. REST names and snake_case keys exist in src/http and nowhere in the library.
 * @module
 */
import { ArgumentError } from '../../index.js';
import type { Traversers, TraverserMeasure } from '../../index.js';
import { optionsOfBody, optionsOfQuery } from './traverser-params.js';
import type { FieldTable, Form, Params, Query } from './traverser-params.js';
import { traverserSchema } from './traverser-schemas.js';

type Schema = Readonly<Record<string, unknown>>;

/**
 * One traverser endpoint as the table describes it, typed by the options `O` and answer `R`
 * of its library method.
 */
export interface TraverserDefinition<O, R> {
  /** The endpoint's name in `/traversers/<rest>`. */
  readonly rest: string;
  readonly forms: readonly Form[];
  /** Calls the library method. */
  readonly run: (traversers: Traversers, options: O) => Promise<R>;
  readonly params: Params<O>;
  /** REST parameters HugeGraph accepts that change nothing, by REST name (listed in the schema only). */
  readonly accepted?: FieldTable;
  /** A check of the options before the call, for rules of one form (the POST forms that need `steps`). */
  readonly check?: (options: O, form: Form) => void;
  /** HugeGraph's JSON of the answer, keys in HugeGraph's order. */
  readonly reply: (result: R, options: O, form: Form) => object;
}

/**
 * A traverser endpoint ready to route: its REST name, and for each of its forms the schema of
 * the query or body and the handler from request input to HugeGraph's JSON.
 */
export interface TraverserRoute {
  readonly rest: string;
  readonly forms: readonly Form[];
  /** The row's parameters by option name. */
  readonly params: FieldTable;
  readonly schema: (form: Form) => Schema;
  readonly handle: (traversers: Traversers, input: Query | Readonly<Record<string, unknown>>, form: Form) => Promise<object>;
}

/**
 * A definition made routable; the options type is erased here, once: the input is renamed by
 * the table the compiler checked against the options type, its value types are checked by the
 * route's schema, and the library checks every value again as it reads it.
 */
export function traverser<O, R>(definition: TraverserDefinition<O, R>): TraverserRoute {
  return {
    rest: definition.rest,
    forms: definition.forms,
    params: definition.params,
    schema: (form) => traverserSchema(definition.params, form, definition.accepted),
    handle: async (traversers, input, form) => {
      const options = (form === 'get' ? optionsOfQuery(definition.params, input as Query) : optionsOfBody(definition.params, input)) as O;
      definition.check?.(options, form);
      return definition.reply(await definition.run(traversers, options), options, form);
    },
  };
}

/**
 * HugeGraph's `measure` block.
 */
export function measureJson(measure: TraverserMeasure): { edge_iterations: number; vertice_iterations: number; 'cost(ns)': number } {
  return { edge_iterations: measure.edgeIterations, vertice_iterations: measure.vertexIterations, 'cost(ns)': measure.costNs };
}

/**
 * The POST form of kout, kneighbor and egonet needs `steps` (without them the library runs the GET form).
 */
export function needsSteps(options: { readonly steps?: object }, form: Form): void {
  if (form === 'post' && options.steps === undefined) throw new ArgumentError('TRAVERSER_ARGUMENT', "The steps parameter can't be null");
}
