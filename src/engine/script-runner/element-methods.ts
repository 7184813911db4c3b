/**
 * Groovy methods on graph elements inside scripts: getters (id, label, value, values, keys,
 * properties, outVertex, inVertex), `v.addEdge(...)`, `element.property(...)` and `remove()`.
 * @module
 */
import { EnumValue } from '../bytecode.js';
import { ArgumentError, UnsupportedError } from '../../errors.js';
import { Edge, Property, Vertex, VertexProperty } from '../elements.js';
import type { GraphSource, GraphWriter } from '../port.js';
import type { ElementId, PropertyValue } from '../values.js';
import type { SourcePosition } from '../script.js';
import { edgeAt, vertexAt } from '../exec/element-at.js';
import type { ExecutionContext } from '../exec/execute.js';

/**
 * Splits Groovy key-value varargs (`T.label, 'person', 'name', 'marko'`) into label, id and
 * properties.
 *
 * @example
 * ```ts
 * keyValues(['name', 'marko']); // { label: undefined, id: undefined, properties: [['name', 'marko']] }
 * ```
 */
export function keyValues(args: readonly unknown[]): { label?: string; id?: ElementId; properties: [string, PropertyValue][] } {
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
 * Calls a Groovy method on a vertex or edge.
 *
 * @example
 * ```ts
 * callElementMethod(ctx, vertex, { method: 'value', args: ['name'], position });
 * ```
 */
export function callElementMethod(
  ctx: ExecutionContext,
  el: Vertex | Edge,
  call: { readonly method: string; readonly args: readonly unknown[]; readonly position: SourcePosition },
): unknown {
  const { method, args } = call;
  const source = ctx.source;
  switch (method) {
    case 'id':
      return el.id;
    case 'label':
      return el.label;
    case 'keys':
      return new Set(el instanceof Vertex ? source.vertexPropertyKeys(el.slot) : source.edgePropertyKeys(el.slot));
    case 'properties':
      return properties(source, el, args as string[]);
    case 'value': {
      const p = properties(source, el, [String(args[0])])[0];
      if (p === undefined) throw new ArgumentError('NO_PROPERTY', `Property '${String(args[0])}' does not exist on ${String(el)}`);
      return p.value;
    }
    case 'values':
      return properties(source, el, args as string[]).map((p) => p.value);
    case 'outVertex':
    case 'inVertex':
      if (el instanceof Edge) return method === 'outVertex' ? el.outV : el.inV;
      break;
    case 'property':
      if (args.length === 1) return properties(source, el, [String(args[0])])[0];
      return write(ctx, (w) => {
        const [k, v] = args as [string, PropertyValue];
        if (el instanceof Vertex) w.setVertexProperty(el.slot, k, v, { cardinality: 'single' });
        else w.setEdgeProperty(el.slot, k, v);
        return properties(w, el, [k])[0];
      });
    case 'addEdge':
      if (el instanceof Vertex) {
        const [label, other, ...rest] = args;
        if (!(other instanceof Vertex)) throw new ArgumentError('SCRIPT_ARGUMENTS', 'Cannot add edge: the second argument must be a vertex');
        const kv = keyValues(rest);
        return write(ctx, (w) => edgeAt(w, w.addEdge(String(label), { out: el.slot, in: other.slot }, { id: kv.id, properties: kv.properties })));
      }
      break;
    case 'remove':
      write(ctx, (w) => (el instanceof Vertex ? w.removeVertex(el.slot) : w.removeEdge(el.slot)));
      return null;
    default:
      break;
  }
  throw new UnsupportedError(
    'UNSUPPORTED_METHOD',
    `Unsupported method: ${method}() on ${el instanceof Vertex ? 'vertex' : 'edge'} at line ${call.position.line}, column ${call.position.column}`,
  );
}

/**
 * `graph.addVertex(...)`.
 *
 * @example
 * ```ts
 * addVertex(ctx, [new EnumValue('T', 'label'), 'person', 'name', 'marko']);
 * ```
 */
export function addVertex(ctx: ExecutionContext, args: readonly unknown[]): Vertex {
  const kv = args.length === 1 && typeof args[0] === 'string' ? { label: args[0], properties: [] } : keyValues(args);
  return write(ctx, (w) => vertexAt(w, w.addVertex(kv.label ?? 'vertex', { id: 'id' in kv ? kv.id : undefined, properties: kv.properties })));
}
