/**
 * Groovy methods on graph elements inside scripts: getters (id, label, value, values, keys,
 * properties, outVertex, inVertex), `v.addEdge(...)`, `element.property(...)` and `remove()`.
 * @module
 */
import { EnumValue } from '../bytecode.js';
import { ArgumentError, UnsupportedError } from '../../errors.js';
import { callAllowed, method, type MethodTable, type ScriptCall } from './methods.js';
import { Edge, Property, Vertex, VertexProperty } from '../elements.js';
import type { GraphSource, GraphWriter } from '../../port/index.js';
import type { ElementId, PropertyValue } from '../../values/index.js';
import { edgeAt, vertexAt } from '../runtime/element-at.js';
import type { ExecutionContext } from '../run/execute.js';
import { readSource } from '../run/execute.js';

/**
 * Splits Groovy key-value varargs (`T.label, 'person', 'name', 'marko'`) into label, id and
 * properties.
 */
function keyValues(args: readonly unknown[]): { label?: string; id?: ElementId; properties: [string, PropertyValue][] } {
  if (args.length % 2 !== 0) throw new ArgumentError('SCRIPT_ARGUMENTS', 'Cannot add element: key-values must come in pairs');
  const out: { label?: string; id?: ElementId; properties: [string, PropertyValue][] } = { properties: [] };
  for (let i = 0; i < args.length; i += 2) {
    const k = args[i];
    const v = args[i + 1];
    if (k instanceof EnumValue && k.type === 'T' && k.name === 'label') out.label = String(v);
    else if (k instanceof EnumValue && k.type === 'T' && k.name === 'id') out.id = v as ElementId;
    else if (typeof k === 'string') out.properties.push([k, v as PropertyValue]);
    else throw new ArgumentError('SCRIPT_ARGUMENTS', `Cannot add element: ${String(k)} is not a property key`);
  }
  return out;
}

function write<T>(ctx: ExecutionContext, fn: (w: GraphWriter) => T): T {
  if (ctx.write === undefined) throw new UnsupportedError('READ_ONLY', 'Cannot write: the script has no write access');
  return ctx.write(fn);
}

function properties(source: GraphSource, el: Vertex | Edge, keys: readonly string[]): (VertexProperty | Property)[] {
  if (el instanceof Vertex) {
    return source.vertexProperties(el.slot, keys.length > 0 ? keys : undefined).map((r) => new VertexProperty(r.id, r.key, r.value, { element: el, meta: r.meta }));
  }
  const ks = keys.length > 0 ? keys : source.edgePropertyKeys(el.slot);
  return ks.flatMap((k) => {
    const v = source.edgeProperty(el.slot, k);
    return v === undefined ? [] : [new Property(k, v, el)];
  });
}

/**
 * What an element method reads: `base` (the context's source, or the writer after a write) seen
 * through the request's source decorator, so a decorator (access control) hides from a script's
 * element methods what it hides from its traversals.
 */
function reader(ctx: ExecutionContext, base: GraphSource = ctx.source): GraphSource {
  return readSource({ ...ctx, source: base }, undefined);
}

/** What an element method runs against: the execution context and the element. */
interface On<E extends Vertex | Edge> {
  readonly ctx: ExecutionContext;
  readonly el: E;
}

function property(on: On<Vertex | Edge>, args: readonly [string, ...unknown[]]): unknown {
  const { ctx, el } = on;
  const [key] = args;
  if (args.length === 1) return properties(reader(ctx), el, [key])[0];
  return write(ctx, (w) => {
    const value = args[1] as PropertyValue;
    if (el instanceof Vertex) w.setVertexProperty(el.slot, key, value, { cardinality: 'single' });
    else w.setEdgeProperty(el.slot, key, value);
    return properties(reader(ctx, w), el, [key])[0];
  });
}

function value(on: On<Vertex | Edge>, key: string): unknown {
  const p = properties(reader(on.ctx), on.el, [key])[0];
  if (p === undefined) throw new ArgumentError('NO_PROPERTY', `Property '${key}' does not exist on ${String(on.el)}`);
  return p.value;
}

function elementMethods<E extends Vertex | Edge>(): MethodTable<On<E>> {
  return {
    id: method([], (on: On<E>) => on.el.id),
    toString: method([], (on: On<E>) => on.el.toString()),
    label: method([], (on: On<E>) => on.el.label),
    keys: method([], ({ ctx, el }: On<E>) => {
      const source = reader(ctx);
      return new Set(el instanceof Vertex ? source.vertexPropertyKeys(el.slot) : source.edgePropertyKeys(el.slot));
    }),
    properties: method([], ({ ctx, el }: On<E>, keys) => properties(reader(ctx), el, keys), { rest: 'string' }),
    value: method(['string'], (on: On<E>, [key]) => value(on, key)),
    values: method([], ({ ctx, el }: On<E>, keys) => properties(reader(ctx), el, keys).map((p) => p.value), { rest: 'string' }),
    property: method(['string'], (on: On<E>, args) => property(on, args), { rest: 'value', maxArgs: 2 }),
    remove: method([], ({ ctx, el }: On<E>) => {
      write(ctx, (w) => (el instanceof Vertex ? w.removeVertex(el.slot) : w.removeEdge(el.slot)));
      return null;
    }),
  };
}

const VERTEX_METHODS: MethodTable<On<Vertex>> = {
  ...elementMethods<Vertex>(),
  addEdge: method(['string', 'vertex'], ({ ctx, el }: On<Vertex>, [label, other, ...rest]) => {
    const kv = keyValues(rest);
    return write(ctx, (w) => edgeAt(w, w.addEdge(label, { out: el.slot, in: other.slot }, { id: kv.id, properties: kv.properties })));
  }, { rest: 'value' }),
};

const EDGE_METHODS: MethodTable<On<Edge>> = {
  ...elementMethods<Edge>(),
  outVertex: method([], (on: On<Edge>) => on.el.outV),
  inVertex: method([], (on: On<Edge>) => on.el.inV),
};

/**
 * Calls an allow-listed Groovy method on a vertex or edge.
 */
export function callElementMethod(ctx: ExecutionContext, el: Vertex | Edge, call: ScriptCall): unknown {
  if (el instanceof Vertex) return callAllowed(VERTEX_METHODS, { ctx, el }, { call, on: 'vertex' });
  return callAllowed(EDGE_METHODS, { ctx, el }, { call, on: 'edge' });
}

/**
 * `graph.addVertex(...)`.
 */
export function addVertex(ctx: ExecutionContext, args: readonly unknown[]): Vertex {
  const kv = args.length === 1 && typeof args[0] === 'string' ? { label: args[0], properties: [] } : keyValues(args);
  return write(ctx, (w) => vertexAt(w, w.addVertex(kv.label ?? 'vertex', { id: 'id' in kv ? kv.id : undefined, properties: kv.properties })));
}
