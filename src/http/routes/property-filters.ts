/**
 * The `properties` query parameter of the REST vertex and edge lists (spec Part B 2.4): a JSON
 * object of exact values and HugeGraph predicate texts (`{"age":"P.gt(29)"}`), read through the
 * engine's one parser of that text with each key's data type from the schema.
 * @module
 */
import { ArgumentError, P, Predicate, SchemaError, propertyCondition } from '../../index.js';
import type { Graph, PropertyQuery, PropertyValue } from '../../index.js';

function notAnObject(text: string): ArgumentError {
  return new ArgumentError('INVALID_PROPERTY_FILTER', `Invalid properties: expected a JSON object but got '${text}'`);
}

/**
 * The `properties` query parameter as a JSON object (its values not read yet); undefined when
 * absent. Any other text is ArgumentError `INVALID_PROPERTY_FILTER` (400).
 */
export function parsePropertyFilter(text: string | undefined): Readonly<Record<string, unknown>> | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw notAnObject(text);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw notAnObject(text);
  return parsed as Readonly<Record<string, unknown>>;
}

/**
 * A parsed `properties` filter as the library's property query: each value read with the
 * engine's parser of HugeGraph's predicate text and converted to its key's data type. A key the
 * schema does not hold is SchemaError `UNDEFINED_PROPERTY_KEY` (HugeGraph's "Undefined property
 * key: 'x'"), a predicate text or value the key's data type does not take an ArgumentError
 * `PREDICATE_*` (all 400). With `keepStartP` (HugeGraph's `keep_start_p=true`) a text starting
 * with `P.` is an exact value, not a predicate.
 */
export function propertyQuery(graph: Graph, filter: Readonly<Record<string, unknown>> | undefined, options: { readonly keepStartP?: boolean } = {}): PropertyQuery | undefined {
  if (filter === undefined) return undefined;
  const catalog = graph.catalog();
  const entries = Object.entries(filter);
  for (const [key] of entries) {
    if (catalog.propertyKey(key) === undefined) throw new SchemaError('UNDEFINED_PROPERTY_KEY', `Undefined property key: '${key}'`);
  }
  const query: Record<string, PropertyValue | P> = {};
  for (const [key, value] of entries) {
    const condition = propertyCondition(value, { name: key, dataType: catalog.propertyKey(key)?.dataType }, options);
    query[key] = condition instanceof Predicate ? new P(condition) : condition;
  }
  return query;
}
