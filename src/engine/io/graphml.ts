/**
 * GraphML reader after TinkerPop's GraphMLReader: `<key>` declarations give each data key its
 * name, domain (`node`/`edge`) and `attr.type` (boolean, int, long, float, double, string)
 * and optionally a `<default>`; `<node>` and `<edge>` carry `<data>` values. The vertex label
 * comes from the `labelV` key and the edge label from `labelE` (TinkerPop's defaults), else
 * `vertex`/`edge`. GraphML ids are strings and are kept as strings. GraphML has no
 * multi-properties or meta-properties.
 * @module
 */
import { ArgumentError, UnsupportedError } from '../../errors.js';
import { TypedNumber } from '../../values/index.js';
import type { PropertyValue } from '../../values/index.js';
import type { DocumentEdge, DocumentVertex, GraphDocument } from './document.js';
import { xmlTokens } from './xml-tokens.js';
import type { XmlToken } from './xml-tokens.js';

const VERTEX_LABEL_KEY = 'labelV';
const EDGE_LABEL_KEY = 'labelE';

interface KeyDecl {
  readonly name: string;
  readonly domain: string;
  readonly type: string;
  defaultText: string | undefined;
}

interface Element {
  readonly kind: 'node' | 'edge';
  readonly attributes: ReadonlyMap<string, string>;
  readonly data: Map<string, string>;
}

function fail(detail: string): ArgumentError {
  return new ArgumentError('IO_FORMAT', `Cannot read GraphML: ${detail}`);
}

/**
 * Converts GraphML data text to a value of the key's `attr.type`.
 */
export function graphmlValue(text: string, type: string): PropertyValue {
  const t = text.trim();
  const number = (): number => {
    const n = Number(t);
    if (t === '' || Number.isNaN(n) && t !== 'NaN') throw fail(`'${text}' is not a ${type}`);
    return n;
  };
  switch (type) {
    case 'string':
      return text;
    case 'boolean':
      return t.toLowerCase() === 'true';
    case 'int': {
      const n = number();
      if (!Number.isInteger(n) || n < -(2 ** 31) || n >= 2 ** 31) throw fail(`'${text}' is not an int`);
      return n;
    }
    case 'long':
      if (!/^[-+]?\d+$/.test(t)) throw fail(`'${text}' is not a long`);
      return new TypedNumber('long', BigInt(t));
    case 'float':
      return new TypedNumber('float', number());
    case 'double':
      return new TypedNumber('double', number());
    default:
      throw new UnsupportedError('IO_GRAPHML_TYPE', `Cannot read GraphML: unsupported attr.type '${type}'`);
  }
}

function required(attributes: ReadonlyMap<string, string>, name: string, element: string): string {
  const v = attributes.get(name);
  if (v === undefined) throw fail(`<${element}> lacks the ${name} attribute`);
  return v;
}

/** Values of an element's data, with key defaults filled in; the label key is left out. */
function values(el: Element, keys: ReadonlyMap<string, KeyDecl>, labelKey: string): Array<readonly [string, PropertyValue]> {
  const out: Array<readonly [string, PropertyValue]> = [];
  for (const [id, key] of keys) {
    if (key.domain !== el.kind && key.domain !== 'all') continue;
    const text = el.data.get(id) ?? key.defaultText;
    if (text === undefined || key.name === labelKey) continue;
    out.push([key.name, graphmlValue(text, key.type)]);
  }
  for (const id of el.data.keys()) if (!keys.has(id)) throw fail(`<data key="${id}"> has no <key> declaration`);
  return out;
}

function labelOf(el: Element, keys: ReadonlyMap<string, KeyDecl>, labelKey: string, fallback: string): string {
  for (const [id, key] of keys) {
    if (key.name === labelKey && (key.domain === el.kind || key.domain === 'all')) return el.data.get(id) ?? key.defaultText ?? fallback;
  }
  return fallback;
}

/**
 * Parses a GraphML document into a graph document, in document order.
 */
export function parseGraphml(text: string): GraphDocument {
  const keys = new Map<string, KeyDecl>();
  const elements: Element[] = [];
  let key: KeyDecl | undefined;
  let current: Element | undefined;
  let dataKey: string | undefined;
  let buffer: string | undefined;
  const onOpen = (t: Extract<XmlToken, { type: 'open' }>): void => {
    switch (t.name) {
      case 'key': {
        const id = required(t.attributes, 'id', 'key');
        key = { name: t.attributes.get('attr.name') ?? id, domain: t.attributes.get('for') ?? 'all', type: t.attributes.get('attr.type') ?? 'string', defaultText: undefined };
        keys.set(id, key);
        return;
      }
      case 'default':
      case 'data':
        buffer = '';
        dataKey = t.name === 'data' ? required(t.attributes, 'key', 'data') : undefined;
        return;
      case 'node':
      case 'edge':
        current = { kind: t.name, attributes: t.attributes, data: new Map() };
        return;
      case 'hyperedge':
      case 'port':
        throw new UnsupportedError('IO_GRAPHML_ELEMENT', `Cannot read GraphML: <${t.name}> is not supported`);
      default:
        return;
    }
  };
  const onClose = (name: string): void => {
    if (name === 'default' && key !== undefined) key.defaultText = buffer;
    else if (name === 'data' && current !== undefined && dataKey !== undefined) current.data.set(dataKey, buffer ?? '');
    else if (name === 'key') key = undefined;
    else if ((name === 'node' || name === 'edge') && current !== undefined) {
      elements.push(current);
      current = undefined;
    }
    if (name === 'data' || name === 'default') buffer = undefined;
  };
  for (const t of xmlTokens(text)) {
    if (t.type === 'open') onOpen(t);
    else if (t.type === 'close') onClose(t.name);
    else if (buffer !== undefined) buffer += t.text;
  }
  const vertices: DocumentVertex[] = [];
  const edges: DocumentEdge[] = [];
  for (const el of elements) {
    if (el.kind === 'node') {
      const properties = values(el, keys, VERTEX_LABEL_KEY).map(([k, value]) => ({ key: k, value, meta: [] }));
      vertices.push({ id: required(el.attributes, 'id', 'node'), label: labelOf(el, keys, VERTEX_LABEL_KEY, 'vertex'), properties });
    } else {
      edges.push({
        id: el.attributes.get('id'),
        label: labelOf(el, keys, EDGE_LABEL_KEY, 'edge'),
        out: required(el.attributes, 'source', 'edge'),
        in: required(el.attributes, 'target', 'edge'),
        properties: values(el, keys, EDGE_LABEL_KEY),
      });
    }
  }
  return { vertices, edges };
}
