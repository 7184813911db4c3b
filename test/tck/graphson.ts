/**
 * Loads TinkerPop's GraphSON 3.0 adjacency-list files (one vertex a line, with its `outE`,
 * `inE` and `properties`) into a Quiver graph through the public write API, keeping the
 * original ids, their types, multi-properties and meta-properties (FORMAT.md §6).
 * @module
 */
import { ArgumentError, UnsupportedError } from '../../src/errors.js';
import { TypedNumber, Uuid, type ElementId, type GraphWriter, type PropertyValue } from '../../src/index.js';

interface TypedJson {
  readonly '@type': string;
  readonly '@value': unknown;
}

interface GraphsonEdge {
  readonly id: unknown;
  readonly inV: unknown;
  readonly properties?: Readonly<Record<string, unknown>>;
}

interface GraphsonVertexProperty {
  readonly id: unknown;
  readonly value: unknown;
  readonly properties?: Readonly<Record<string, unknown>>;
}

interface GraphsonVertex {
  readonly id: unknown;
  readonly label: unknown;
  readonly outE?: Readonly<Record<string, readonly GraphsonEdge[]>>;
  readonly properties?: Readonly<Record<string, readonly GraphsonVertexProperty[]>>;
}

/**
 * Anything with an atomic write batch, such as a Quiver `Graph`.
 *
 * @example
 * ```ts
 * const target: WriteTarget = await db.createGraph('modern', { 'schema.auto_create': true });
 * ```
 */
export interface WriteTarget {
  write<T>(fn: (writer: GraphWriter) => T): Promise<T>;
}

function isTyped(value: unknown): value is TypedJson {
  return value !== null && typeof value === 'object' && '@type' in value && '@value' in value;
}

function fail(detail: string): ArgumentError {
  return new ArgumentError('TCK_GRAPHSON', `Cannot read GraphSON value: ${detail}`);
}

function asNumber(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  if (raw === 'NaN' || raw === 'Infinity' || raw === '-Infinity') return Number(raw);
  throw fail(`'${String(raw)}' is not a number`);
}

/**
 * Converts one GraphSON 3.0 value to a Quiver value: `g:Int32` → number, `g:Int64` → long,
 * `g:Double`/`g:Float` → typed numbers, `g:UUID`, `g:Date`, `g:List`, `g:Set`, `g:Map`.
 *
 * @example
 * ```ts
 * fromGraphson({ '@type': 'g:Int64', '@value': 3 });   // TypedNumber('long', 3n)
 * fromGraphson('marko');                               // 'marko'
 * ```
 */
export function fromGraphson(value: unknown): PropertyValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (!isTyped(value)) throw fail(`untyped value ${JSON.stringify(value)}`);
  const raw = value['@value'];
  switch (value['@type']) {
    case 'g:Int32':
      return asNumber(raw);
    case 'g:Int64':
      return new TypedNumber('long', BigInt(raw as number | string));
    case 'g:Int16':
      return new TypedNumber('short', asNumber(raw));
    case 'gx:Byte':
      return new TypedNumber('byte', asNumber(raw));
    case 'g:Double':
      return new TypedNumber('double', asNumber(raw));
    case 'g:Float':
      return new TypedNumber('float', asNumber(raw));
    case 'gx:BigInteger':
      return new TypedNumber('biginteger', BigInt(raw as number | string));
    case 'gx:BigDecimal':
      return new TypedNumber('bigdecimal', String(raw));
    case 'g:UUID':
      return new Uuid(String(raw).toLowerCase());
    case 'g:Date':
    case 'g:Timestamp':
      return new Date(asNumber(raw));
    case 'g:List':
      return (raw as unknown[]).map(fromGraphson);
    case 'g:Set':
      return new Set((raw as unknown[]).map(fromGraphson));
    case 'g:Map': {
      const flat = raw as unknown[];
      const map = new Map<PropertyValue, PropertyValue>();
      for (let i = 0; i + 1 < flat.length; i += 2) map.set(fromGraphson(flat[i]), fromGraphson(flat[i + 1]));
      return map;
    }
    default:
      throw fail(`unsupported type '${value['@type']}'`);
  }
}

function elementId(value: unknown): ElementId {
  const id = fromGraphson(value);
  if (typeof id === 'number' || typeof id === 'string' || id instanceof TypedNumber || id instanceof Uuid) return id;
  throw fail(`'${JSON.stringify(value)}' is not an element id`);
}

function vertexLabel(vertex: GraphsonVertex): string {
  if (typeof vertex.label === 'string') return vertex.label;
  throw new UnsupportedError('TCK_MULTI_LABEL', `Cannot load vertex ${JSON.stringify(vertex.id)}: multi-label vertices are not supported`);
}

function properties(record: Readonly<Record<string, unknown>> | undefined): Array<readonly [string, PropertyValue]> {
  return Object.entries(record ?? {}).map(([k, v]) => [k, fromGraphson(v)] as const);
}

/**
 * Parses a GraphSON 3.0 adjacency-list text into its vertex lines.
 *
 * @example
 * ```ts
 * const vertices = parseGraphsonLines(readFileSync('tinkerpop-modern-v3.json', 'utf8'));
 * ```
 */
export function parseGraphsonLines(text: string): GraphsonVertex[] {
  return text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as GraphsonVertex);
}

const CHUNK = 1000;

/**
 * Loads GraphSON 3.0 text into a graph: vertices first (in file order, with their ids,
 * multi-properties and meta-properties), then the edges from `outE`, in batches.
 *
 * @example
 * ```ts
 * const graph = await db.createGraph('modern', { 'schema.auto_create': true });
 * await loadGraphson(graph, readFileSync('tinkerpop-modern-v3.json', 'utf8'));   // { vertices: 6, edges: 6 }
 * ```
 */
export async function loadGraphson(target: WriteTarget, text: string): Promise<{ vertices: number; edges: number }> {
  const vertices = parseGraphsonLines(text);
  const listKeys = new Set<string>();
  for (const v of vertices) for (const [key, values] of Object.entries(v.properties ?? {})) if (values.length > 1) listKeys.add(key);
  for (let i = 0; i < vertices.length; i += CHUNK) {
    const chunk = vertices.slice(i, i + CHUNK);
    await target.write((w) => {
      for (const v of chunk) {
        const slot = w.addVertex(vertexLabel(v), { id: elementId(v.id) });
        for (const [key, values] of Object.entries(v.properties ?? {})) {
          for (const p of values) {
            w.setVertexProperty(slot, key, fromGraphson(p.value), { cardinality: listKeys.has(key) ? 'list' : 'single', meta: properties(p.properties) });
          }
        }
      }
    });
  }
  const edges = vertices.flatMap((v) =>
    Object.entries(v.outE ?? {}).flatMap(([label, list]) => list.map((e) => ({ label, out: elementId(v.id), edge: e }))),
  );
  for (let i = 0; i < edges.length; i += CHUNK) {
    const chunk = edges.slice(i, i + CHUNK);
    await target.write((w) => {
      for (const { label, out, edge } of chunk) {
        const outSlot = w.vertexSlot(out);
        const inSlot = w.vertexSlot(elementId(edge.inV));
        if (outSlot < 0 || inSlot < 0) throw fail(`edge ${JSON.stringify(edge.id)} has a missing end vertex`);
        w.addEdge(label, { out: outSlot, in: inSlot }, { id: elementId(edge.id), properties: properties(edge.properties) });
      }
    });
  }
  return { vertices: vertices.length, edges: edges.length };
}
