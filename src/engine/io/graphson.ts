/**
 * GraphSON 3.0 reader for TinkerPop's adjacency-list layout (GraphSONReader with
 * `wrapAdjacencyList` off): one JSON vertex per line, carrying its typed id, label, vertex
 * properties with meta-properties, and its edges under `outE` (edges under `inE` repeat them
 * and are only checked). Typed values follow the GraphSON 3.0 type system.
 * @module
 */
import { ArgumentError, UnsupportedError } from '../../errors.js';
import { TypedNumber, Uuid } from '../../values/index.js';
import type { ElementId, PropertyValue } from '../../values/index.js';
import type { DocumentEdge, DocumentVertex, DocumentVertexProperty, GraphDocument } from './document.js';

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
type JsonObject = { readonly [key: string]: Json };

function fail(line: number, detail: string): ArgumentError {
  return new ArgumentError('IO_FORMAT', `Cannot read GraphSON at line ${line}: ${detail}`);
}

function isObject(v: Json | undefined): v is JsonObject {
  return v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);
}

function finite(raw: Json, line: number): number {
  if (typeof raw === 'number') return raw;
  if (raw === 'NaN' || raw === 'Infinity' || raw === '-Infinity') return Number(raw);
  throw fail(line, `${JSON.stringify(raw)} is not a number`);
}

function integral(raw: Json, line: number): bigint {
  if ((typeof raw === 'number' && Number.isInteger(raw)) || (typeof raw === 'string' && /^-?\d+$/.test(raw))) return BigInt(raw);
  throw fail(line, `${JSON.stringify(raw)} is not an integer`);
}

function list(raw: Json, line: number): readonly Json[] {
  if (!Array.isArray(raw)) throw fail(line, `${JSON.stringify(raw)} is not a list`);
  return raw as readonly Json[];
}

/**
 * Converts one GraphSON 3.0 value to an engine value: `g:Int32` → number, `g:Int64` → long,
 * `g:Int16`, `gx:Byte`, `g:Float`, `g:Double`, `gx:BigInteger`, `gx:BigDecimal` → typed
 * numbers, `g:UUID`, `g:Date`/`g:Timestamp` → Date, `g:List`, `g:Set`, `g:Map`. Bare strings,
 * booleans and null stand for themselves; a bare JSON number is refused (GraphSON 3.0 types
 * every number).
 */
export function graphsonValue(value: Json, line = 1): PropertyValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (!isObject(value) || typeof value['@type'] !== 'string' || !('@value' in value)) {
    throw fail(line, `untyped value ${JSON.stringify(value)}`);
  }
  const raw = value['@value'] as Json;
  switch (value['@type']) {
    case 'g:Int32':
      return finite(raw, line);
    case 'g:Int64':
      return new TypedNumber('long', integral(raw, line));
    case 'g:Int16':
      return new TypedNumber('short', finite(raw, line));
    case 'gx:Byte':
      return new TypedNumber('byte', finite(raw, line));
    case 'g:Float':
      return new TypedNumber('float', finite(raw, line));
    case 'g:Double':
      return new TypedNumber('double', finite(raw, line));
    case 'gx:BigInteger':
      return new TypedNumber('biginteger', integral(raw, line));
    case 'gx:BigDecimal':
      return new TypedNumber('bigdecimal', String(raw));
    case 'g:UUID':
      return new Uuid(String(raw).toLowerCase());
    case 'g:Date':
    case 'g:Timestamp':
      return new Date(finite(raw, line));
    case 'g:List':
      return list(raw, line).map((v) => graphsonValue(v, line));
    case 'g:Set':
      return new Set(list(raw, line).map((v) => graphsonValue(v, line)));
    case 'g:Map': {
      const flat = list(raw, line);
      const map = new Map<PropertyValue, PropertyValue>();
      for (let i = 0; i + 1 < flat.length; i += 2) map.set(graphsonValue(flat[i] as Json, line), graphsonValue(flat[i + 1] as Json, line));
      return map;
    }
    default:
      throw new UnsupportedError('IO_GRAPHSON_TYPE', `Cannot read GraphSON at line ${line}: unsupported type '${value['@type']}'`);
  }
}

function elementId(raw: Json | undefined, line: number): ElementId {
  const id = graphsonValue(raw ?? null, line);
  if (typeof id === 'number' || typeof id === 'string' || id instanceof TypedNumber || id instanceof Uuid) return id;
  throw fail(line, `${JSON.stringify(raw ?? null)} is not an element id`);
}

function properties(raw: Json | undefined, line: number): Array<readonly [string, PropertyValue]> {
  if (raw === undefined) return [];
  if (!isObject(raw)) throw fail(line, 'properties must be an object');
  return Object.entries(raw).map(([k, v]) => [k, graphsonValue(v, line)] as const);
}

function entries(raw: Json | undefined, line: number, what: string): Array<[string, readonly Json[]]> {
  if (raw === undefined) return [];
  if (!isObject(raw)) throw fail(line, `${what} must be an object of lists`);
  return Object.entries(raw).map(([k, v]) => [k, list(v, line)]);
}

function vertexProperties(raw: Json | undefined, line: number): DocumentVertexProperty[] {
  return entries(raw, line, 'properties').flatMap(([key, values]) =>
    values.map((p): DocumentVertexProperty => {
      if (!isObject(p) || !('value' in p)) throw fail(line, `vertex property '${key}' has no value`);
      const id = p['id'] === undefined ? undefined : elementId(p['id'], line);
      const value = graphsonValue(p['value'] as Json, line);
      return id === undefined ? { key, value, meta: properties(p['properties'], line) } : { key, value, id, meta: properties(p['properties'], line) };
    }),
  );
}

function label(raw: Json | undefined, line: number): string {
  if (raw === undefined) return 'vertex';
  if (typeof raw === 'string') return raw;
  throw new UnsupportedError('IO_MULTI_LABEL', `Cannot read GraphSON at line ${line}: multi-label vertices are not supported`);
}

/**
 * Parses a GraphSON 3.0 adjacency-list document (one vertex per line) into a graph document,
 * keeping file order. Each edge is taken from the `outE` of its tail vertex.
 */
export function parseGraphson(text: string): GraphDocument {
  const vertices: DocumentVertex[] = [];
  const edges: DocumentEdge[] = [];
  text.split('\n').forEach((source, index) => {
    const line = index + 1;
    if (source.trim() === '') return;
    let parsed: Json;
    try {
      parsed = JSON.parse(source) as Json;
    } catch (error) {
      throw new ArgumentError('IO_FORMAT', `Cannot read GraphSON at line ${line}: ${(error as Error).message}`, { cause: error });
    }
    if (!isObject(parsed)) throw fail(line, 'expected one JSON object per line');
    const id = elementId(parsed['id'], line);
    vertices.push({ id, label: label(parsed['label'], line), properties: vertexProperties(parsed['properties'], line) });
    for (const [edgeLabel, list] of entries(parsed['outE'], line, 'outE')) {
      for (const e of list) {
        if (!isObject(e)) throw fail(line, `an '${edgeLabel}' edge is not an object`);
        const edgeId = e['id'] === undefined ? undefined : elementId(e['id'], line);
        edges.push({ id: edgeId, label: edgeLabel, out: id, in: elementId(e['inV'], line), properties: properties(e['properties'], line) });
      }
    }
    entries(parsed['inE'], line, 'inE');
  });
  return { vertices, edges };
}
