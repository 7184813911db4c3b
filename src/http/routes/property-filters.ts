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
 * The `properties` query parameter as the library's property query; undefined when absent. A
 * text that is not a JSON object is ArgumentError `INVALID_PROPERTY_FILTER`, a key the schema
 * does not hold SchemaError `UNDEFINED_PROPERTY_KEY` (HugeGraph's "Undefined property key:
 * 'x'"), and a predicate text or value that the key's data type does not take an ArgumentError
 * `PREDICATE_*` (all 400). With `keepStartP` (HugeGraph's `keep_start_p=true`) a text starting
 * with `P.` is an exact value, not a predicate.
 *
 * @example
 * ```ts
 * declare const graph: Graph;
 * parsePropertyFilter(graph, '{"age":"P.gt(29)","name":"marko"}'); // { age: P.gt(29), name: 'marko' }
 * parsePropertyFilter(graph, '{"name":"P.gt(29)"}', { keepStartP: true }); // { name: 'P.gt(29)' }
 * ```
 */
export function parsePropertyFilter(graph: Graph, text: string | undefined, options: { readonly keepStartP?: boolean } = {}): PropertyQuery | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw notAnObject(text);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw notAnObject(text);
  const catalog = graph.catalog();
  const entries = Object.entries(parsed);
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
