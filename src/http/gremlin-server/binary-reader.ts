/**
 * GraphBinary v1, reading: request messages as drivers send them, and any value of the format
 * (fully qualified: a type code, a value flag, the value). Engine values come out as the
 * engine keeps them (an Int as a number, a Long as a TypedNumber, a UUID as a Uuid, a P as a
 * Predicate, an enum as an EnumValue, bytecode as Bytecode, a strategy as a StrategySpec);
 * what has no engine form comes out as a wire value (wire.ts). Malformed input is an
 * ArgumentError `GREMLIN_SERVER_SERIALIZATION`, which the endpoint answers with 497.
 * @module
 */
import { ArgumentError, Bytecode, Edge, EnumValue, Path, Predicate, Property, StrategySpec, Subgraph, Tree, TypedNumber, Uuid, Vertex, VertexProperty } from '../../index.js';
import type { Argument, Instruction, PropertyValue, VertexProperties } from '../../index.js';
import { BINARY_VERSION, ENUM_BY_CODE, TYPE } from './binary-types.js';
import { simpleName, WireBinding, WireBulkSet, WireClass, WireDuration, WireLambda, WireTraverser } from './wire.js';
import type { RequestMessage } from './wire.js';

/** Deepest nesting of values a message may hold (a guard against a stack overflow). */
const MAX_DEPTH = 256;

/** An ArgumentError for malformed GraphBinary. */
function badBinary(detail: string): ArgumentError {
  return new ArgumentError('GREMLIN_SERVER_SERIALIZATION', `Cannot read the GraphBinary request: ${detail}`);
}

/** The owner given to a property read from the wire, which carries no parent. */
const DETACHED_VERTEX = new Vertex('', '', -1);

/**
 * A cursor over a GraphBinary buffer.
 */
export class BinaryReader {
  #at = 0;
  #depth = 0;

  constructor(private readonly bytes: Buffer) {}

  /** Whether every byte was read. */
  get done(): boolean {
    return this.#at >= this.bytes.length;
  }

  #need(n: number): number {
    const at = this.#at;
    if (n < 0 || at + n > this.bytes.length) throw badBinary(`the message ends after ${this.bytes.length} bytes, inside a value`);
    this.#at = at + n;
    return at;
  }

  byte(): number {
    return this.bytes[this.#need(1)]!;
  }

  int(): number {
    return this.bytes.readInt32BE(this.#need(4));
  }

  long(): bigint {
    return this.bytes.readBigInt64BE(this.#need(8));
  }

  /** A length: an Int that may not be negative. */
  length(): number {
    const n = this.int();
    if (n < 0) throw badBinary(`a negative length (${n})`);
    return n;
  }

  string(): string {
    const n = this.length();
    const at = this.#need(n);
    return this.bytes.toString('utf8', at, at + n);
  }

  raw(n: number): Buffer {
    const at = this.#need(n);
    return this.bytes.subarray(at, at + n);
  }

  uuid(): Uuid {
    const hex = this.raw(16).toString('hex');
    return new Uuid(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`);
  }

  /** A two's complement big-endian integer of `length()` bytes. */
  bigInteger(): bigint {
    const bytes = this.raw(this.length());
    if (bytes.length === 0) return 0n;
    let value = BigInt(`0x${bytes.toString('hex')}`);
    if ((bytes[0]! & 0x80) !== 0) value -= 1n << BigInt(bytes.length * 8);
    return value;
  }

  /** A bare Map (no type code): a length, then fully qualified keys and values. */
  map(): Map<unknown, unknown> {
    const n = this.length();
    const out = new Map<unknown, unknown>();
    for (let i = 0; i < n; i++) {
      const key = this.value();
      out.set(key, this.value());
    }
    return out;
  }

  list(): unknown[] {
    const n = this.length();
    const out: unknown[] = [];
    for (let i = 0; i < n; i++) out.push(this.value());
    return out;
  }

  /** A fully qualified value. */
  value(): unknown {
    const code = this.byte();
    const flag = this.byte();
    if (flag === 0x01) return null;
    if (flag !== 0x00) throw badBinary(`value flag ${flag} of type 0x${code.toString(16)}`);
    if (++this.#depth > MAX_DEPTH) throw badBinary(`values nest deeper than ${MAX_DEPTH} levels`);
    try {
      return this.#bare(code);
    } finally {
      this.#depth--;
    }
  }

  #bare(code: number): unknown {
    const enumType = ENUM_BY_CODE.get(code);
    if (enumType !== undefined) {
      const name = this.value();
      if (typeof name !== 'string') throw badBinary(`a ${enumType} whose name is no String`);
      return new EnumValue(enumType, name);
    }
    switch (code) {
      case TYPE.INT: return this.int();
      case TYPE.LONG: return new TypedNumber('long', this.long());
      case TYPE.STRING: return this.string();
      case TYPE.DATE:
      case TYPE.TIMESTAMP: return new Date(Number(this.long()));
      case TYPE.CLASS: return new WireClass(this.string());
      case TYPE.DOUBLE: return new TypedNumber('double', this.bytes.readDoubleBE(this.#need(8)));
      case TYPE.FLOAT: return new TypedNumber('float', this.bytes.readFloatBE(this.#need(4)));
      case TYPE.LIST: return this.list();
      case TYPE.SET: return new Set(this.list());
      case TYPE.MAP: return this.map();
      case TYPE.UUID: return this.uuid();
      case TYPE.EDGE: return this.#edge();
      case TYPE.PATH: return this.#path();
      case TYPE.PROPERTY: return this.#property();
      case TYPE.VERTEX: return this.#vertex();
      case TYPE.VERTEX_PROPERTY: return this.#vertexProperty();
      case TYPE.BINDING: return new WireBinding(this.string(), this.value());
      case TYPE.BYTECODE: return this.bytecode();
      case TYPE.GRAPH: return this.#graph();
      case TYPE.LAMBDA: return this.#lambda();
      case TYPE.P: return new Predicate('P', this.string(), this.list() as Argument[]);
      case TYPE.TEXT_P: return new Predicate('TextP', this.string(), this.list() as Argument[]);
      case TYPE.TRAVERSER: {
        const bulk = this.long();
        return new WireTraverser(this.value(), bulk);
      }
      case TYPE.BIG_DECIMAL: return this.#bigDecimal();
      case TYPE.BIG_INTEGER: return new TypedNumber('biginteger', this.bigInteger());
      case TYPE.BYTE: return new TypedNumber('byte', this.bytes.readInt8(this.#need(1)));
      case TYPE.BYTE_BUFFER: return new Uint8Array(this.raw(this.length()));
      case TYPE.SHORT: return new TypedNumber('short', this.bytes.readInt16BE(this.#need(2)));
      case TYPE.BOOLEAN: return this.byte() !== 0;
      case TYPE.TRAVERSAL_STRATEGY: return this.#strategy();
      case TYPE.BULK_SET: return this.#bulkSet();
      case TYPE.TREE: return this.#tree();
      case TYPE.CHAR: return this.#char();
      case TYPE.DURATION: return new WireDuration(this.long(), this.int());
      case TYPE.OFFSET_DATE_TIME: return this.#offsetDateTime();
      case TYPE.UNSPECIFIED_NULL: return null;
      default:
        throw badBinary(`type code 0x${code.toString(16).padStart(2, '0')} is not one Quiver reads`);
    }
  }

  /** Bytecode: steps, then sources, each a name and a list of fully qualified arguments. */
  bytecode(): Bytecode {
    const instructions = (): Instruction[] => {
      const n = this.length();
      const out: Instruction[] = [];
      for (let i = 0; i < n; i++) {
        const op = this.string();
        const count = this.length();
        const args: unknown[] = [];
        for (let j = 0; j < count; j++) args.push(this.value());
        out.push({ op, args: args as Argument[] });
      }
      return out;
    };
    const steps = instructions();
    return new Bytecode(instructions(), steps);
  }

  #vertex(): Vertex {
    const id = this.value();
    const label = this.string();
    const properties = this.value();
    const v = new Vertex(id as string, label, -1);
    if (!Array.isArray(properties)) return v;
    const grouped: Record<string, VertexProperty[]> = {};
    for (const p of properties) if (p instanceof VertexProperty) (grouped[p.key] ??= []).push(new VertexProperty(p.id, p.key, p.value, { element: v, ...(p.properties === undefined ? {} : { properties: p.properties }) }));
    return new Vertex(id as string, label, -1, grouped as VertexProperties);
  }

  #edge(): Edge {
    const id = this.value();
    const label = this.string();
    const inV = new Vertex(this.value() as string, this.string(), -1);
    const outV = new Vertex(this.value() as string, this.string(), -1);
    this.value();
    const properties = this.value();
    const props: Record<string, Property> = {};
    const edge = new Edge(id as string, label, -1, { outV, inV, properties: props });
    if (Array.isArray(properties)) for (const p of properties) if (p instanceof Property) props[p.key] = new Property(p.key, p.value, edge);
    return edge;
  }

  #vertexProperty(): VertexProperty {
    const id = this.value();
    const key = this.string();
    const value = this.value();
    this.value();
    const properties = this.value();
    const meta = new Map<string, unknown>();
    if (Array.isArray(properties)) for (const p of properties) if (p instanceof Property) meta.set(p.key, p.value);
    let self: VertexProperty | undefined;
    const props: Record<string, Property> = {};
    self = new VertexProperty(id as string, key, value, { element: DETACHED_VERTEX, meta, properties: props });
    for (const [k, v] of meta) props[k] = new Property(k, v, self);
    return self;
  }

  #property(): Property {
    const key = this.string();
    const value = this.value();
    this.value();
    return new Property(key, value, new VertexProperty('', key, value, { element: DETACHED_VERTEX }));
  }

  #path(): Path {
    const labels = this.value();
    const objects = this.value();
    if (!Array.isArray(labels) || !Array.isArray(objects)) throw badBinary('a Path without its two lists');
    return new Path(labels.map((l) => new Set([...(l instanceof Set ? (l as Set<unknown>) : [])].map(String))), objects);
  }

  /** GraphBinary's Graph (see the writer) as a Subgraph. */
  #graph(): Subgraph {
    const graph = new Subgraph();
    const byId = new Map<string, Vertex>();
    const vertexCount = this.length();
    for (let i = 0; i < vertexCount; i++) {
      const vertex = new Vertex(this.value() as string, this.string(), -1);
      const properties = new Map<string, PropertyValue[]>();
      const count = this.length();
      for (let j = 0; j < count; j++) {
        this.value();
        const key = this.string();
        const value = this.value() as PropertyValue;
        this.value();
        this.list();
        properties.set(key, [...(properties.get(key) ?? []), value]);
      }
      byId.set(String(vertex.id), vertex);
      graph.addVertex(vertex, properties);
    }
    const edgeCount = this.length();
    for (let i = 0; i < edgeCount; i++) {
      const id = this.value() as string;
      const label = this.string();
      const inId = this.value() as string;
      this.value();
      const outId = this.value() as string;
      this.value();
      this.value();
      const properties = new Map<string, PropertyValue[]>();
      for (const p of this.list()) if (p instanceof Property) properties.set(p.key, [p.value as PropertyValue]);
      const end = (vid: string): Vertex => byId.get(String(vid)) ?? new Vertex(vid, 'vertex', -1);
      graph.addEdge(new Edge(id, label, -1, { outV: end(outId), inV: end(inId) }), properties);
    }
    return graph;
  }

  #lambda(): WireLambda {
    const language = this.string();
    const script = this.string();
    this.int();
    return new WireLambda(script, language);
  }

  #bigDecimal(): TypedNumber {
    const scale = this.int();
    const unscaled = this.bigInteger();
    const negative = unscaled < 0n;
    const digits = (negative ? -unscaled : unscaled).toString();
    let text: string;
    if (scale <= 0) text = digits + '0'.repeat(-scale);
    else {
      const padded = digits.padStart(scale + 1, '0');
      text = `${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
    }
    return new TypedNumber('bigdecimal', negative ? `-${text}` : text);
  }

  #strategy(): StrategySpec {
    const name = simpleName(this.string());
    const config = new Map<string, Argument>();
    for (const [k, v] of this.map()) config.set(String(k), v as Argument);
    return new StrategySpec(name, config);
  }

  #bulkSet(): WireBulkSet {
    const n = this.length();
    const entries: Array<readonly [unknown, bigint]> = [];
    for (let i = 0; i < n; i++) {
      const value = this.value();
      entries.push([value, this.long()]);
    }
    return new WireBulkSet(entries);
  }

  #tree(): Tree {
    const tree = new Tree();
    const n = this.length();
    for (let i = 0; i < n; i++) {
      const node = this.value();
      tree.child(node).addTree(this.#tree());
    }
    return tree;
  }

  #char(): string {
    const first = this.bytes[this.#at];
    if (first === undefined) throw badBinary('a Char past the end');
    const size = first < 0x80 ? 1 : first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : 2;
    return this.raw(size).toString('utf8');
  }

  #offsetDateTime(): Date {
    const year = this.int();
    const month = this.byte();
    const day = this.byte();
    const nanoOfDay = this.long();
    const offsetSeconds = this.int();
    const ms = Date.UTC(year, month - 1, day) + Number(nanoOfDay / 1_000_000n) - offsetSeconds * 1000;
    const date = new Date(0);
    date.setTime(ms);
    return date;
  }
}

/**
 * A request message: version byte 0x81, the request id as 16 bytes, op and processor as bare
 * Strings, then the arguments as a bare Map.
 */
export function readBinaryRequest(payload: Buffer): RequestMessage {
  const reader = new BinaryReader(payload);
  const version = reader.byte();
  if (version !== BINARY_VERSION) throw badBinary(`version byte 0x${version.toString(16)} (expected 0x81)`);
  const requestId = reader.uuid().text;
  const op = reader.string();
  const processor = reader.string();
  const args = new Map<string, unknown>();
  for (const [k, v] of reader.map()) args.set(String(k), v);
  return { requestId, op, processor, args };
}

/**
 * A response message as a driver reads it: the request id, the status (code, message,
 * attributes) and the result (data, meta), values as this reader gives them (Java-typed engine
 * values). The TCK's remote mode reads Quiver's answers with it.
 */
export function readBinaryResponse(payload: Buffer): { requestId: string | null; status: { code: number; message: string; attributes: Map<unknown, unknown> }; result: { data: unknown; meta: Map<unknown, unknown> } } {
  const reader = new BinaryReader(payload);
  const version = reader.byte();
  if (version !== BINARY_VERSION) throw badBinary(`version byte 0x${version.toString(16)} (expected 0x81)`);
  const requestId = reader.byte() === 0x01 ? null : reader.uuid().text;
  const code = reader.int();
  const message = reader.byte() === 0x01 ? '' : reader.string();
  const attributes = reader.map();
  const meta = reader.map();
  return { requestId, status: { code, message, attributes }, result: { data: reader.value(), meta } };
}
