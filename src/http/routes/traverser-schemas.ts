/**
 * JSON schemas of the traverser routes (spec Part B §4.4), derived from the parameter tables of
 * traverser-table.ts: each GET form's query parameters and each POST form's body fields, typed,
 * so that a value of the wrong type is HugeGraph's 400 body before the traverser runs, and every
 * parameter is listed in /openapi.json with its default. Rules that HugeGraph words itself stay
 * with the library, so the messages stay HugeGraph's: a missing required parameter ("The source
 * vertex id can't be null"), a direction outside OUT/IN/BOTH, ranges such as max_depth > 0 or
 * -1 for no limit, and the text of ids written as JSON literals. Parameters not listed are
 * ignored, as HugeGraph ignores unknown query parameters; schemas carry no `default` keyword, so
 * the validator never fills one in (an alias such as `degree` must still reach the library).
 * @module
 */
import { inForm, restNames } from './traverser-params.js';
import type { FieldTable, Form, Param } from './traverser-params.js';

type Schema = Readonly<Record<string, unknown>>;

/** A vertex id in a query string: a JSON literal (`"1:marko"`, `123`, `U"<uuid>"`), hugegraph-notes §7.3. */
const QUERY_ID = { type: 'string' } as const;
/** A vertex id in a body: a JSON string or number (a long past 2^53 read as a bigint). */
const BODY_ID = { anyOf: [{ type: 'string' }, { type: 'integer' }, { 'x-bigint': true }] } as const;

function description(param: Param, form: Form): string {
  const id = param.kind === 'id' && form === 'get' ? ' as a JSON literal: "1:marko", 123 or U"<uuid>"' : '';
  const tail = param.required === true ? ' (required)' : param.default === undefined ? '' : ` (default ${String(param.default)})`;
  return `${param.doc}${id}${tail}`;
}

function kindSchema(param: Param, form: Form): Schema {
  const kind = param.kind;
  if (typeof kind === 'object') {
    return 'object' in kind ? objectSchema(kind.object, 'post') : { type: 'array', items: objectSchema(kind.list, 'post') };
  }
  switch (kind) {
    case 'id':
      return form === 'get' ? QUERY_ID : BODY_ID;
    case 'integer':
    case 'number':
    case 'boolean':
      return { type: kind };
    case 'text':
      return { type: 'string' };
    case 'labels':
      return { type: 'array', items: { type: 'string' } };
    case 'ids':
      return { type: 'array', items: BODY_ID };
    case 'idPairs':
      return { type: 'array', items: { type: 'array', items: BODY_ID } };
    case 'properties':
      return { type: 'object', additionalProperties: true };
  }
}

/** The properties of an object schema: every REST name of every parameter of `form`, an alias described as one. */
function objectSchema(params: FieldTable, form: Form): Schema {
  const properties: Record<string, Schema> = {};
  for (const param of Object.values(params)) {
    if (!inForm(param, form)) continue;
    const [name, ...aliases] = restNames(param) as [string, ...string[]];
    const schema = kindSchema(param, form);
    properties[name] = { ...schema, description: description(param, form) };
    for (const alias of aliases) properties[alias] = { ...schema, description: `alias of ${name}` };
  }
  return { type: 'object', properties };
}

/**
 * The querystring schema of a GET form, or the body schema of a POST form, of a parameter
 * table and the REST-only parameters it accepts and ignores.
 */
export function traverserSchema(params: FieldTable, form: Form, accepted: FieldTable = {}): Schema {
  return objectSchema({ ...params, ...accepted }, form);
}
