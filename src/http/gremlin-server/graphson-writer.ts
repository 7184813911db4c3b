/**
 * GraphSON 2 and 3, writing: response messages with every value the engine returns, typed as
 * TinkerPop types them (`g:Int32`, `g:Int64`, `g:Double`, `g:Float`, `gx:Int16`, `gx:Byte`,
 * `gx:BigInteger`, `gx:BigDecimal`, `g:UUID`, `g:Date`, `g:Vertex` and `g:Edge` with their
 * properties when the request materializes them, `g:VertexProperty` with meta-properties,
 * `g:Path`, `g:Tree`, `g:T` and the other enums, `g:Traverser`, `g:BulkSet`). Version 3 types
 * lists, sets and maps (`g:List`, `g:Set`, `g:Map` as a flat key-value array); version 2
 * writes them as JSON arrays and objects. The text is written directly, so that a long beyond
 * 2^53 and a BigDecimal keep every digit.
 * @module
 */
import { Edge, EnumValue, Path, Predicate, Property, Tree, TypedNumber, Uuid, Vertex, VertexProperty } from '../../index.js';
import { describe, unwritable } from './binary-writer.js';
import { WireBulkSet, WireTraverser } from './wire.js';
import type { ResponseMessage } from './wire.js';

/** Deepest nesting the writer follows. */
const MAX_DEPTH = 512;

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

function typed(type: string, valueText: string): string {
  return `{"@type":"${type}","@value":${valueText}}`;
}

function floatText(n: number): string {
  if (Number.isNaN(n)) return '"NaN"';
  if (n === Infinity) return '"Infinity"';
  if (n === -Infinity) return '"-Infinity"';
  return JSON.stringify(n);
}

/** A BigDecimal's text as a JSON number literal (its own text when it is one). */
function decimalText(text: string): string {
  return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text) ? text : JSON.stringify(text);
}

/**
 * Writes values in one GraphSON version.
 */
class GraphsonWriter {
  #depth = 0;

  constructor(private readonly version: 2 | 3) {}

  value(v: unknown): string {
    if (v === null || v === undefined) return 'null';
    if (++this.#depth > MAX_DEPTH) throw unwritable(`a value nested deeper than ${MAX_DEPTH} levels`, 'GraphSON');
    try {
      return this.#value(v);
    } finally {
      this.#depth--;
    }
  }

  #list(items: Iterable<unknown>): string {
    const parts: string[] = [];
    for (const item of items) parts.push(this.value(item));
    return `[${parts.join(',')}]`;
  }

  #collection(type: 'g:List' | 'g:Set', items: Iterable<unknown>): string {
    return this.version === 3 ? typed(type, this.#list(items)) : this.#list(items);
  }

  /** A JSON object of string keys (element properties, records). */
  #object(entries: Iterable<readonly [string, string]>): string {
    const parts: string[] = [];
    for (const [key, text] of entries) parts.push(`${JSON.stringify(key)}:${text}`);
    return `{${parts.join(',')}}`;
  }

  #map(map: ReadonlyMap<unknown, unknown>): string {
    if (this.version === 3) {
      const parts: string[] = [];
      for (const [k, v] of map) parts.push(this.value(k), this.value(v));
      return typed('g:Map', `[${parts.join(',')}]`);
    }
    return this.#object([...map].map(([k, v]) => [keyText(k), this.value(v)] as const));
  }

  #value(v: unknown): string {
    switch (typeof v) {
      case 'string':
        return JSON.stringify(v);
      case 'boolean':
        return v ? 'true' : 'false';
      case 'number':
        return Number.isInteger(v) && v >= INT_MIN && v <= INT_MAX ? typed('g:Int32', String(v)) : typed('g:Double', floatText(v));
      case 'bigint':
        return typed('g:Int64', v.toString());
      default:
        break;
    }
    if (v instanceof TypedNumber) return this.#number(v);
    if (Array.isArray(v)) return this.#collection('g:List', v);
    if (v instanceof Map) return this.#map(v as Map<unknown, unknown>);
    if (v instanceof Set) return this.#collection('g:Set', v);
    if (v instanceof Vertex) return this.#vertex(v);
    if (v instanceof Edge) return this.#edge(v);
    if (v instanceof VertexProperty) return this.#vertexProperty(v);
    if (v instanceof Property) return typed('g:Property', this.#object([['key', JSON.stringify(v.key)], ['value', this.value(v.value)]]));
    if (v instanceof Uuid) return typed('g:UUID', JSON.stringify(v.text));
    if (v instanceof Date) return typed('g:Date', String(v.getTime()));
    if (v instanceof EnumValue) return typed(`g:${v.type}`, JSON.stringify(v.name));
    if (v instanceof WireTraverser) return typed('g:Traverser', this.#object([['bulk', typed('g:Int64', v.bulk.toString())], ['value', this.value(v.value)]]));
    if (v instanceof Path) {
      const labels = this.#collection('g:List', v.labels.map((set) => new Set(set)));
      return typed('g:Path', this.#object([['labels', labels], ['objects', this.#collection('g:List', v.objects)]]));
    }
    if (v instanceof Tree) return this.#tree(v);
    if (v instanceof Uint8Array) return typed('gx:ByteBuffer', JSON.stringify(Buffer.from(v).toString('base64')));
    if (v instanceof WireBulkSet) {
      if (this.version === 2) return this.#list(v.expand());
      const parts: string[] = [];
      for (const [value, bulk] of v.entries) parts.push(this.value(value), typed('g:Int64', bulk.toString()));
      return typed('g:BulkSet', `[${parts.join(',')}]`);
    }
    if (v instanceof Predicate) {
      const value = v.args.length === 1 && v.op !== 'within' && v.op !== 'without' ? this.value(v.args[0]) : this.#collection('g:List', v.args);
      return typed(`g:${v.family}`, this.#object([['predicate', JSON.stringify(v.op)], ['value', value]]));
    }
    throw unwritable(describe(v), 'GraphSON');
  }

  #number(n: TypedNumber): string {
    const value = n.value;
    switch (n.type) {
      case 'long':
        return typed('g:Int64', String(value));
      case 'double':
        return typed('g:Double', floatText(Number(value)));
      case 'float':
        return typed('g:Float', floatText(Number(value)));
      case 'short':
        return typed('gx:Int16', String(value));
      case 'byte':
        return typed('gx:Byte', String(value));
      case 'biginteger':
        return typed('gx:BigInteger', String(value));
      case 'bigdecimal':
        return typed('gx:BigDecimal', decimalText(String(value)));
    }
  }

  #vertex(v: Vertex): string {
    const fields: Array<readonly [string, string]> = [['id', this.value(v.id)], ['label', JSON.stringify(v.label)]];
    if (v.properties !== undefined) {
      fields.push(['properties', this.#object(Object.entries(v.properties).map(([key, list]) => [key, `[${list.map((vp) => this.#vertexProperty(vp)).join(',')}]`] as const))]);
    }
    return typed('g:Vertex', this.#object(fields));
  }

  #edge(e: Edge): string {
    const fields: Array<readonly [string, string]> = [
      ['id', this.value(e.id)],
      ['label', JSON.stringify(e.label)],
      ['inVLabel', JSON.stringify(e.inV.label)],
      ['outVLabel', JSON.stringify(e.outV.label)],
      ['inV', this.value(e.inV.id)],
      ['outV', this.value(e.outV.id)],
    ];
    if (e.properties !== undefined) fields.push(['properties', this.#object(Object.entries(e.properties).map(([key, p]) => [key, this.value(p)] as const))]);
    return typed('g:Edge', this.#object(fields));
  }

  #vertexProperty(vp: VertexProperty): string {
    const fields: Array<readonly [string, string]> = [['id', this.value(vp.id)], ['value', this.value(vp.value)], ['label', JSON.stringify(vp.key)]];
    if (vp.properties !== undefined && Object.keys(vp.properties).length > 0) {
      fields.push(['properties', this.#object(Object.entries(vp.properties).map(([key, p]) => [key, this.value(p.value)] as const))]);
    }
    return typed('g:VertexProperty', this.#object(fields));
  }

  #tree(tree: Tree): string {
    const parts: string[] = [];
    for (const [node, subtree] of tree.entries()) parts.push(this.#object([['key', this.value(node)], ['value', this.#tree(subtree)]]));
    return typed('g:Tree', `[${parts.join(',')}]`);
  }
}

/** A map key as a JSON object key in GraphSON 2: text as it is, other values as Gremlin prints them. */
function keyText(key: unknown): string {
  if (typeof key === 'string') return key;
  if (key instanceof Vertex || key instanceof Edge) return String(key.id);
  if (key instanceof EnumValue) return key.name;
  return String(key);
}

/**
 * A response message in GraphSON of `version`: `{"requestId", "status": {"message", "code",
 * "attributes"}, "result": {"data", "meta"}}`.
 */
export function writeGraphsonResponse(message: ResponseMessage, version: 2 | 3): string {
  const w = new GraphsonWriter(version);
  const status = `{"message":${JSON.stringify(message.status.message)},"code":${message.status.code},"attributes":${w.value(message.status.attributes)}}`;
  const result = `{"data":${w.value(message.result.data)},"meta":${w.value(message.result.meta)}}`;
  return `{"requestId":${message.requestId === null ? 'null' : JSON.stringify(message.requestId)},"status":${status},"result":${result}}`;
}
