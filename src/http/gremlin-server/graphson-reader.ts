/**
 * GraphSON 2 and 3, reading: request messages (a JSON object with `requestId`, `op`,
 * `processor` and `args`) and the typed values inside them (`{"@type": "g:Int64", "@value":
 * 1}`), into the same values the GraphBinary reader gives: engine values where the engine has
 * them, wire values (wire.ts) otherwise. An untyped JSON number is an Integer when it fits, a
 * Long when it is whole and larger, a Double otherwise, as Java's GraphSON mapper reads it;
 * integer literals beyond 2^53 are read exactly. Malformed input is an ArgumentError
 * `GREMLIN_SERVER_SERIALIZATION` (497).
 * @module
 */
import { ArgumentError, Bytecode, Edge, EnumValue, Path, Predicate, Property, StrategySpec, Tree, TypedNumber, Uuid, Vertex, VertexProperty } from '../../index.js';
import type { Argument, Instruction, VertexProperties } from '../../index.js';
import { exactLongsText, nestsDeeper } from '../json-text.js';
import { ENUM_CODES } from './binary-types.js';
import { WireBinding, WireBulkSet, WireClass, WireDuration, WireLambda, WireTraverser } from './wire.js';
import type { RequestMessage } from './wire.js';

/** Deepest nesting of JSON a request may hold (each typed value nests two levels). */
const MAX_JSON_DEPTH = 512;

function badJson(detail: string): ArgumentError {
  return new ArgumentError('GREMLIN_SERVER_SERIALIZATION', `Cannot read the GraphSON request: ${detail}`);
}

type Json = null | boolean | number | bigint | string | Json[] | { [key: string]: Json };

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

function untypedNumber(n: number | bigint): unknown {
  if (typeof n === 'bigint') return new TypedNumber('long', n);
  if (!Number.isInteger(n)) return new TypedNumber('double', n);
  return n >= INT_MIN && n <= INT_MAX ? n : new TypedNumber('long', BigInt(n));
}

function floating(value: Json, type: 'double' | 'float'): TypedNumber {
  const n = value === 'NaN' ? NaN : value === 'Infinity' ? Infinity : value === '-Infinity' ? -Infinity : Number(value);
  if (typeof value !== 'number' && typeof value !== 'bigint' && !Number.isNaN(n) && Number.isFinite(n)) throw badJson(`a ${type} of ${JSON.stringify(value)}`);
  return new TypedNumber(type, n);
}

function integral(value: Json, what: string): bigint {
  if (typeof value === 'bigint') return value;
  if ((typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^-?\d+$/.test(value))) return BigInt(value);
  throw badJson(`${what} of ${JSON.stringify(value)}`);
}

const ENUM_TYPES: ReadonlySet<string> = new Set(ENUM_CODES.keys());

/** Seconds and nanoseconds of an ISO-8601 duration such as `PT1H30M0.5S`. */
function duration(text: string): WireDuration {
  const m = /^(-)?P(?:(\d+)D)?(?:T(?:(-?\d+)H)?(?:(-?\d+)M)?(?:(-?\d+)(?:\.(\d{1,9}))?S)?)?$/.exec(text);
  if (m === null) throw badJson(`the Duration '${text}'`);
  const [, negative, days = '0', hours = '0', minutes = '0', seconds = '0', fraction = ''] = m;
  const total = BigInt(days) * 86_400n + BigInt(hours) * 3_600n + BigInt(minutes) * 60n + BigInt(seconds);
  const nanos = Number(fraction.padEnd(9, '0'));
  return negative === undefined ? new WireDuration(total, nanos) : new WireDuration(-total, -nanos);
}

/**
 * Reads the typed values of one GraphSON version.
 */
export class GraphsonReader {
  /** A request message from its JSON text. */
  request(text: string): RequestMessage {
    if (nestsDeeper(text, MAX_JSON_DEPTH)) throw badJson(`JSON nests deeper than ${MAX_JSON_DEPTH} levels`);
    let parsed: Json;
    try {
      const exact = exactLongsText(text);
      parsed = (exact === undefined ? JSON.parse(text) : exact.restore(JSON.parse(exact.text))) as Json;
    } catch (error) {
      throw badJson(error instanceof Error ? error.message : String(error));
    }
    if (!isObject(parsed)) throw badJson('the message is no JSON object');
    const id = this.value(parsed['requestId'] ?? null);
    const requestId = id instanceof Uuid ? id.text : typeof id === 'string' ? id.toLowerCase() : undefined;
    if (requestId === undefined) throw badJson('the message has no requestId');
    const args = new Map<string, unknown>();
    const given = parsed['args'] ?? {};
    if (!isObject(given)) throw badJson("'args' is no JSON object");
    for (const [key, value] of Object.entries(given)) args.set(key, this.value(value));
    const op = parsed['op'];
    const processor = parsed['processor'] ?? '';
    if (typeof op !== 'string' || typeof processor !== 'string') throw badJson("'op' and 'processor' must be strings");
    return { requestId, op, processor, args };
  }

  /** A GraphSON value. */
  value(json: Json): unknown {
    if (json === null || typeof json === 'string' || typeof json === 'boolean') return json;
    if (typeof json === 'number' || typeof json === 'bigint') return untypedNumber(json);
    if (Array.isArray(json)) return json.map((item) => this.value(item));
    const type = json['@type'];
    if (typeof type !== 'string' || !('@value' in json)) {
      return new Map(Object.entries(json).map(([k, v]) => [k, this.value(v)]));
    }
    return this.#typed(type, json['@value'] ?? null);
  }

  #list(json: Json, what: string): unknown[] {
    if (!Array.isArray(json)) throw badJson(`a ${what} whose value is no array`);
    return json.map((item) => this.value(item));
  }

  #record(json: Json, what: string): { [key: string]: Json } {
    if (!isObject(json)) throw badJson(`a ${what} whose value is no object`);
    return json;
  }

  #typed(type: string, v: Json): unknown {
    const [prefix, name = ''] = type.split(':');
    if (prefix === 'g' && ENUM_TYPES.has(name)) {
      if (typeof v !== 'string') throw badJson(`a ${name} whose value is no string`);
      return new EnumValue(name, v);
    }
    switch (type) {
      case 'g:Int32':
        return Number(integral(v, 'an Int32'));
      case 'g:Int64':
        return new TypedNumber('long', integral(v, 'an Int64'));
      case 'g:Double':
        return floating(v, 'double');
      case 'g:Float':
        return floating(v, 'float');
      case 'gx:Int16':
        return new TypedNumber('short', Number(integral(v, 'an Int16')));
      case 'gx:Byte':
        return new TypedNumber('byte', Number(integral(v, 'a Byte')));
      case 'gx:BigInteger':
        return new TypedNumber('biginteger', integral(v, 'a BigInteger'));
      case 'gx:BigDecimal':
        return new TypedNumber('bigdecimal', String(v));
      case 'g:UUID':
        return new Uuid(String(v).toLowerCase());
      case 'g:Date':
      case 'g:Timestamp':
        return new Date(Number(integral(v, 'a Date')));
      case 'gx:OffsetDateTime':
      case 'gx:Instant':
        return new Date(String(v));
      case 'gx:Duration':
        return duration(String(v));
      case 'gx:Char':
        return String(v);
      case 'gx:ByteBuffer':
        return new Uint8Array(Buffer.from(String(v), 'base64'));
      case 'g:Class':
        return new WireClass(String(v));
      case 'g:List':
        return this.#list(v, 'List');
      case 'g:Set':
        return new Set(this.#list(v, 'Set'));
      case 'g:Map': {
        const flat = this.#list(v, 'Map');
        const map = new Map<unknown, unknown>();
        for (let i = 0; i + 1 < flat.length; i += 2) map.set(flat[i], flat[i + 1]);
        return map;
      }
      case 'g:BulkSet': {
        const flat = this.#list(v, 'BulkSet');
        const entries: Array<readonly [unknown, bigint]> = [];
        for (let i = 0; i + 1 < flat.length; i += 2) entries.push([flat[i], BigInt((flat[i + 1] as TypedNumber).value)]);
        return new WireBulkSet(entries);
      }
      case 'g:Bytecode':
        return this.bytecode(this.#record(v, 'Bytecode'));
      case 'g:P':
      case 'g:TextP':
        return this.#predicate(type === 'g:P' ? 'P' : 'TextP', this.#record(v, type));
      case 'g:Lambda': {
        const lambda = this.#record(v, 'Lambda');
        return new WireLambda(String(lambda['script'] ?? ''), String(lambda['language'] ?? 'gremlin-groovy'));
      }
      case 'g:Binding': {
        const binding = this.#record(v, 'Binding');
        return new WireBinding(String(binding['key'] ?? ''), this.value(binding['value'] ?? null));
      }
      case 'g:Traverser': {
        const traverser = this.#record(v, 'Traverser');
        const bulk = this.value(traverser['bulk'] ?? 1);
        return new WireTraverser(this.value(traverser['value'] ?? null), BigInt(bulk instanceof TypedNumber ? bulk.value : Number(bulk)));
      }
      case 'g:Vertex':
        return this.#vertex(this.#record(v, 'Vertex'));
      case 'g:Edge':
        return this.#edge(this.#record(v, 'Edge'));
      case 'g:VertexProperty':
        return this.#vertexProperty(this.#record(v, 'VertexProperty'), new Vertex('', '', -1));
      case 'g:Property': {
        const p = this.#record(v, 'Property');
        const key = String(p['key'] ?? '');
        const value = this.value(p['value'] ?? null);
        return new Property(key, value, new VertexProperty('', key, value, { element: new Vertex('', '', -1) }));
      }
      case 'g:Path': {
        const p = this.#record(v, 'Path');
        const labels = this.value(p['labels'] ?? []);
        const objects = this.value(p['objects'] ?? []);
        if (!Array.isArray(labels) || !Array.isArray(objects)) throw badJson('a Path without its lists');
        return new Path(labels.map((l) => new Set([...(l instanceof Set || Array.isArray(l) ? l : [])].map(String))), objects);
      }
      case 'g:Tree':
        return this.#tree(v);
      default:
        if (prefix === 'g' && name.endsWith('Strategy')) return this.#strategy(name, this.#record(v, name));
        throw badJson(`the type '${type}' is not one Quiver reads`);
    }
  }

  /** `{"step": [[name, args...]], "source": [[name, args...]]}`. */
  bytecode(json: { [key: string]: Json }): Bytecode {
    const instructions = (list: Json | undefined): Instruction[] => {
      if (list === undefined || list === null) return [];
      if (!Array.isArray(list)) throw badJson('Bytecode instructions that are no array');
      return list.map((ins) => {
        if (!Array.isArray(ins) || typeof ins[0] !== 'string') throw badJson('a Bytecode instruction without a name');
        return { op: ins[0], args: ins.slice(1).map((a) => this.value(a)) as Argument[] };
      });
    };
    return new Bytecode(instructions(json['source']), instructions(json['step']));
  }

  #predicate(family: 'P' | 'TextP', p: { [key: string]: Json }): Predicate {
    const op = String(p['predicate'] ?? '');
    const value = this.value(p['value'] ?? null);
    const args = op === 'and' || op === 'or' || op === 'between' || op === 'inside' || op === 'outside' ? (value as unknown[]) : op === 'within' || op === 'without' ? (Array.isArray(value) ? value : [value]) : [value];
    return new Predicate(family, op, args as Argument[]);
  }

  #strategy(name: string, v: { [key: string]: Json }): StrategySpec {
    const conf = 'fqcn' in v && isObject(v['conf'] ?? null) ? (v['conf'] as { [key: string]: Json }) : v;
    return new StrategySpec(name, new Map(Object.entries(conf).map(([k, value]) => [k, this.value(value) as Argument])));
  }

  #vertex(v: { [key: string]: Json }): Vertex {
    const id = this.value(v['id'] ?? null) as string;
    const label = String(v['label'] ?? 'vertex');
    const properties = v['properties'];
    if (!isObject(properties ?? null)) return new Vertex(id, label, -1);
    const owner = new Vertex(id, label, -1);
    const grouped: Record<string, VertexProperty[]> = {};
    for (const [key, list] of Object.entries(properties as { [key: string]: Json })) {
      for (const item of Array.isArray(list) ? list : [list]) {
        if (isObject(item) && isObject(item['@value'] ?? null)) (grouped[key] ??= []).push(this.#vertexProperty(item['@value'] as { [key: string]: Json }, owner));
      }
    }
    return new Vertex(id, label, -1, grouped as VertexProperties);
  }

  #vertexProperty(v: { [key: string]: Json }, owner: Vertex): VertexProperty {
    const key = String(v['label'] ?? '');
    const meta = new Map<string, unknown>();
    const properties = v['properties'];
    if (isObject(properties ?? null)) for (const [k, value] of Object.entries(properties as { [key: string]: Json })) meta.set(k, this.value(value));
    let self: VertexProperty | undefined;
    const props: Record<string, Property> = {};
    self = new VertexProperty(this.value(v['id'] ?? null) as string, key, this.value(v['value'] ?? null), { element: owner, meta, properties: props });
    for (const [k, value] of meta) props[k] = new Property(k, value, self);
    return self;
  }

  #edge(v: { [key: string]: Json }): Edge {
    const outV = new Vertex(this.value(v['outV'] ?? null) as string, String(v['outVLabel'] ?? 'vertex'), -1);
    const inV = new Vertex(this.value(v['inV'] ?? null) as string, String(v['inVLabel'] ?? 'vertex'), -1);
    const props: Record<string, Property> = {};
    const edge = new Edge(this.value(v['id'] ?? null) as string, String(v['label'] ?? 'edge'), -1, { outV, inV, properties: props });
    const properties = v['properties'];
    if (isObject(properties ?? null)) {
      for (const [key, p] of Object.entries(properties as { [key: string]: Json })) {
        const read = this.value(p);
        props[key] = new Property(key, read instanceof Property ? read.value : read, edge);
      }
    }
    return edge;
  }

  #tree(v: Json): Tree {
    const tree = new Tree();
    for (const entry of Array.isArray(v) ? v : []) {
      if (!isObject(entry)) continue;
      const sub = entry['value'] ?? null;
      tree.child(this.value(entry['key'] ?? null)).addTree(isObject(sub) ? this.#tree(sub['@value'] ?? null) : new Tree());
    }
    return tree;
  }
}
