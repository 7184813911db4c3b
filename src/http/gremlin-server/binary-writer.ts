/**
 * GraphBinary v1, writing: response messages, with every value the engine returns in its Java
 * type (an Integer for a plain number, a Long, Double, Float, Short, Byte, BigInteger or
 * BigDecimal for a TypedNumber, a UUID, a Date, vertices and edges with their properties when
 * the request materializes them, vertex properties with their meta-properties, paths, trees,
 * lists, sets, maps, enums, traversers with their bulk and BulkSets). The writer grows one
 * buffer; a value it cannot write is an UnsupportedError `GREMLIN_SERVER_RESULT_TYPE`, which
 * the endpoint answers with 599.
 * @module
 */
import { Bytecode, Edge, EnumValue, Path, Predicate, Property, Subgraph, Tree, TypedNumber, UnsupportedError, Uuid, Vertex, VertexProperty } from '../../index.js';
import type { Instruction } from '../../index.js';
import { BINARY_VERSION, ENUM_CODES, TYPE } from './binary-types.js';
import { WireBulkSet, WireTraverser } from './wire.js';
import type { ResponseMessage } from './wire.js';

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** Deepest nesting the writer follows (a cyclic or absurdly deep value fails instead of overflowing the stack). */
const MAX_DEPTH = 512;

/** The error of a result value GraphBinary cannot carry. */
export function unwritable(what: string, format: string): UnsupportedError {
  return new UnsupportedError('GREMLIN_SERVER_RESULT_TYPE', `Cannot write a result in ${format}: ${what} has no form in it`);
}

/**
 * A growing output buffer with GraphBinary's primitives.
 */
class BinaryWriter {
  #buffer = Buffer.allocUnsafe(4096);
  #at = 0;
  #depth = 0;

  #room(n: number): number {
    const at = this.#at;
    if (at + n > this.#buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.#buffer.length * 2, at + n));
      this.#buffer.copy(grown, 0, 0, at);
      this.#buffer = grown;
    }
    this.#at = at + n;
    return at;
  }

  bytes(): Buffer {
    return this.#buffer.subarray(0, this.#at);
  }

  byte(n: number): void {
    const at = this.#room(1);
    this.#buffer[at] = n;
  }

  int(n: number): void {
    const at = this.#room(4);
    this.#buffer.writeInt32BE(n, at);
  }

  long(n: bigint): void {
    const at = this.#room(8);
    this.#buffer.writeBigInt64BE(n, at);
  }

  double(n: number): void {
    const at = this.#room(8);
    this.#buffer.writeDoubleBE(n, at);
  }

  float(n: number): void {
    const at = this.#room(4);
    this.#buffer.writeFloatBE(n, at);
  }

  short(n: number): void {
    const at = this.#room(2);
    this.#buffer.writeInt16BE(n, at);
  }

  signedByte(n: number): void {
    const at = this.#room(1);
    this.#buffer.writeInt8(n, at);
  }

  string(text: string): void {
    const length = Buffer.byteLength(text);
    this.int(length);
    const at = this.#room(length);
    this.#buffer.write(text, at, 'utf8');
  }

  raw(bytes: Uint8Array): void {
    const at = this.#room(bytes.length);
    this.#buffer.set(bytes, at);
  }

  head(code: number): void {
    this.byte(code);
    this.byte(0x00);
  }

  nil(): void {
    this.byte(TYPE.UNSPECIFIED_NULL);
    this.byte(0x01);
  }

  uuid(text: string): void {
    this.raw(Buffer.from(text.replace(/-/g, ''), 'hex'));
  }

  bigInteger(n: bigint): void {
    let hex = (n < 0n ? (1n << BigInt(byteLength(n) * 8)) + n : n).toString(16);
    if (hex.length % 2 === 1) hex = `0${hex}`;
    const bytes = Buffer.from(hex, 'hex');
    // A positive number whose top bit is set needs a leading zero byte to stay positive.
    const pad = n >= 0n && bytes.length > 0 && (bytes[0]! & 0x80) !== 0;
    this.int(bytes.length + (pad ? 1 : 0));
    if (pad) this.byte(0);
    this.raw(bytes);
  }

  map(entries: Iterable<readonly [unknown, unknown]>, size: number): void {
    this.int(size);
    for (const [k, v] of entries) {
      this.value(k);
      this.value(v);
    }
  }

  list(items: Iterable<unknown>, size: number): void {
    this.int(size);
    for (const item of items) this.value(item);
  }

  /** A fully qualified value. */
  value(v: unknown): void {
    if (v === null || v === undefined) return this.nil();
    if (++this.#depth > MAX_DEPTH) throw unwritable(`a value nested deeper than ${MAX_DEPTH} levels`, 'GraphBinary');
    try {
      this.#value(v);
    } finally {
      this.#depth--;
    }
  }

  #value(v: unknown): void {
    switch (typeof v) {
      case 'string':
        this.head(TYPE.STRING);
        return this.string(v);
      case 'number':
        if (Number.isInteger(v) && v >= INT_MIN && v <= INT_MAX) {
          this.head(TYPE.INT);
          return this.int(v);
        }
        this.head(TYPE.DOUBLE);
        return this.double(v);
      case 'boolean':
        this.head(TYPE.BOOLEAN);
        return this.byte(v ? 1 : 0);
      case 'bigint':
        return this.#integral(v);
      default:
        break;
    }
    if (v instanceof TypedNumber) return this.#number(v);
    if (Array.isArray(v)) {
      this.head(TYPE.LIST);
      return this.list(v, v.length);
    }
    if (v instanceof Map) {
      this.head(TYPE.MAP);
      return this.map(v as Map<unknown, unknown>, v.size);
    }
    if (v instanceof Set) {
      this.head(TYPE.SET);
      return this.list(v, v.size);
    }
    if (v instanceof Vertex) return this.#vertex(v);
    if (v instanceof Edge) return this.#edge(v);
    if (v instanceof VertexProperty) return this.#vertexProperty(v);
    if (v instanceof Property) return this.#property(v);
    if (v instanceof Uuid) {
      this.head(TYPE.UUID);
      return this.uuid(v.text);
    }
    if (v instanceof Date) {
      this.head(TYPE.DATE);
      return this.long(BigInt(v.getTime()));
    }
    if (v instanceof EnumValue) {
      const code = ENUM_CODES.get(v.type);
      if (code === undefined) throw unwritable(`the enum ${v.type}`, 'GraphBinary');
      this.head(code);
      return this.value(v.name);
    }
    if (v instanceof WireTraverser) {
      this.head(TYPE.TRAVERSER);
      this.long(v.bulk);
      return this.value(v.value);
    }
    if (v instanceof Path) {
      this.head(TYPE.PATH);
      this.head(TYPE.LIST);
      this.int(v.labels.length);
      for (const labels of v.labels) {
        this.head(TYPE.SET);
        this.list(labels, labels.size);
      }
      this.head(TYPE.LIST);
      return this.list(v.objects, v.objects.length);
    }
    if (v instanceof Tree) {
      this.head(TYPE.TREE);
      return this.#tree(v);
    }
    if (v instanceof Uint8Array) {
      this.head(TYPE.BYTE_BUFFER);
      this.int(v.length);
      return this.raw(v);
    }
    if (v instanceof WireBulkSet) {
      this.head(TYPE.BULK_SET);
      this.int(v.entries.length);
      for (const [value, bulk] of v.entries) {
        this.value(value);
        this.long(bulk);
      }
      return;
    }
    if (v instanceof Predicate) {
      this.head(v.family === 'P' ? TYPE.P : TYPE.TEXT_P);
      this.string(v.op);
      return this.list(v.args, v.args.length);
    }
    if (v instanceof Bytecode) {
      this.head(TYPE.BYTECODE);
      return this.#bytecode(v);
    }
    if (v instanceof Subgraph) {
      this.head(TYPE.GRAPH);
      return this.#graph(v);
    }
    throw unwritable(describe(v), 'GraphBinary');
  }

  #integral(n: bigint): void {
    if (n >= LONG_MIN && n <= LONG_MAX) {
      this.head(TYPE.LONG);
      return this.long(n);
    }
    this.head(TYPE.BIG_INTEGER);
    this.bigInteger(n);
  }

  #number(n: TypedNumber): void {
    const value = n.value;
    switch (n.type) {
      case 'long':
        return this.#integral(BigInt(value));
      case 'biginteger':
        this.head(TYPE.BIG_INTEGER);
        return this.bigInteger(BigInt(value));
      case 'double':
        this.head(TYPE.DOUBLE);
        return this.double(Number(value));
      case 'float':
        this.head(TYPE.FLOAT);
        return this.float(Number(value));
      case 'short':
        this.head(TYPE.SHORT);
        return this.short(Number(value));
      case 'byte':
        this.head(TYPE.BYTE);
        return this.signedByte(Number(value));
      case 'bigdecimal': {
        const { unscaled, scale } = decimalParts(String(value));
        this.head(TYPE.BIG_DECIMAL);
        this.int(scale);
        return this.bigInteger(unscaled);
      }
    }
  }

  #vertex(v: Vertex): void {
    this.head(TYPE.VERTEX);
    this.value(v.id);
    this.string(v.label);
    if (v.properties === undefined) return this.nil();
    const all = Object.values(v.properties).flat();
    this.head(TYPE.LIST);
    this.list(all, all.length);
  }

  #edge(e: Edge): void {
    this.head(TYPE.EDGE);
    this.value(e.id);
    this.string(e.label);
    this.value(e.inV.id);
    this.string(e.inV.label);
    this.value(e.outV.id);
    this.string(e.outV.label);
    this.nil();
    this.#properties(e.properties);
  }

  #properties(properties: Readonly<Record<string, Property>> | undefined): void {
    if (properties === undefined) return this.nil();
    const all = Object.values(properties);
    this.head(TYPE.LIST);
    this.list(all, all.length);
  }

  #vertexProperty(vp: VertexProperty): void {
    this.head(TYPE.VERTEX_PROPERTY);
    this.value(vp.id);
    this.string(vp.key);
    this.value(vp.value);
    this.nil();
    this.#properties(vp.properties);
  }

  #property(p: Property): void {
    this.head(TYPE.PROPERTY);
    this.string(p.key);
    this.value(p.value);
    this.nil();
  }

  #tree(tree: Tree): void {
    this.int(tree.size);
    for (const [node, subtree] of tree.entries()) {
      this.value(node);
      this.#tree(subtree);
    }
  }

  /**
   * A subgraph as GraphBinary's Graph: its vertices (id, label, properties: each an id, the
   * key, the value, a null parent and no meta-properties), then its edges (id, label, the ids
   * of both ends with null labels, a null parent, and the properties).
   */
  #graph(graph: Subgraph): void {
    const vertices = graph.vertices;
    this.int(vertices.length);
    let propertyId = 0;
    for (const vertex of vertices) {
      this.value(vertex.id);
      this.string(vertex.label);
      const entries = [...(graph.properties(vertex) ?? [])].flatMap(([key, values]) => values.map((value) => [key, value] as const));
      this.int(entries.length);
      for (const [key, value] of entries) {
        this.value(propertyId++);
        this.string(key);
        this.value(value);
        this.nil();
        this.int(0);
      }
    }
    const edges = graph.edges;
    this.int(edges.length);
    for (const edge of edges) {
      this.value(edge.id);
      this.string(edge.label);
      this.value(edge.inV.id);
      this.nil();
      this.value(edge.outV.id);
      this.nil();
      this.nil();
      const entries = [...(graph.properties(edge) ?? [])];
      this.int(entries.length);
      for (const [key, [value]] of entries) {
        this.head(TYPE.PROPERTY);
        this.string(key);
        this.value(value);
        this.nil();
      }
    }
  }

  #bytecode(b: Bytecode): void {
    const instructions = (list: readonly Instruction[]): void => {
      this.int(list.length);
      for (const ins of list) {
        this.string(ins.op);
        this.list(ins.args, ins.args.length);
      }
    };
    instructions(b.steps);
    instructions(b.source);
  }
}

/** Bytes of the shortest two's complement form of `n`. */
function byteLength(n: bigint): number {
  let bytes = 1;
  while (n < -(1n << BigInt(bytes * 8 - 1)) || n >= 1n << BigInt(bytes * 8 - 1)) bytes++;
  return bytes;
}

/** A BigDecimal's text as its unscaled integer and scale (`1.50` → 150, 2; `1E+3` → 1, -3). */
function decimalParts(text: string): { readonly unscaled: bigint; readonly scale: number } {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (match === null) throw unwritable(`the BigDecimal '${text}'`, 'this format');
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = `${whole}${fraction}` || '0';
  return { unscaled: BigInt(`${sign}${digits}`), scale: fraction.length - Number(exponent) };
}

/** A short description of a value for an error message. */
export function describe(v: unknown): string {
  if (v !== null && typeof v === 'object') return `a ${v.constructor?.name ?? 'object'}`;
  return `a ${typeof v}`;
}

/**
 * A response message in GraphBinary: version 0x81, the request id (nullable UUID), the status
 * code, message and attributes, the result's meta and its data.
 */
export function writeBinaryResponse(message: ResponseMessage): Buffer {
  const w = new BinaryWriter();
  w.byte(BINARY_VERSION);
  if (message.requestId === null) w.byte(0x01);
  else {
    w.byte(0x00);
    w.uuid(message.requestId);
  }
  w.int(message.status.code);
  w.byte(0x00);
  w.string(message.status.message);
  w.map(message.status.attributes, message.status.attributes.size);
  w.map(message.result.meta, message.result.meta.size);
  w.value(message.result.data);
  return w.bytes();
}

/**
 * A request message in GraphBinary, as a driver writes it (tests and the TCK's remote mode
 * send requests with it).
 */
export function writeBinaryRequest(request: { readonly requestId: string; readonly op: string; readonly processor: string; readonly args: ReadonlyMap<string, unknown> }): Buffer {
  const w = new BinaryWriter();
  w.byte(BINARY_VERSION);
  w.uuid(request.requestId);
  w.string(request.op);
  w.string(request.processor);
  w.map(request.args, request.args.size);
  return w.bytes();
}
