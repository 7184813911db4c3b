/**
 * `tinker.search`, TinkerGraph's demo text search as a start service: a scan of every property
 * whose string value matches `.*(search).*` (or the given `regex`), optionally limited to the
 * properties of one element type.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { Property, VertexProperty } from '../elements.js';
import type { Runtime } from '../runtime/runtime.js';
import { compileRegex, type LinearRegex } from '../../values/index.js';
import type { Service } from './service-registry.js';

type ElementType = 'Vertex' | 'Edge' | 'VertexProperty';

function elementType(v: unknown): ElementType | undefined {
  if (v === undefined || v === null) return undefined;
  if (v === 'Vertex' || v === 'Edge' || v === 'VertexProperty') return v;
  throw new ArgumentError('SERVICE_PARAMS', `Type must be one of Vertex/Edge/VertexProperty: ${String(v)}`);
}

/** The whole-value pattern of the parameters, in RE2 syntax (TinkerGraph's `String.matches`). */
function pattern(params: ReadonlyMap<unknown, unknown>): LinearRegex {
  const regex = params.get('regex');
  if (typeof regex === 'string') return compileRegex(regex, { dotAll: true, what: 'tinker.search regex' });
  const search = params.get('search');
  if (search === undefined || search === null) throw new ArgumentError('SERVICE_PARAMS', 'Missing search/regex parameter');
  return compileRegex(`.*(${String(search)}).*`, { dotAll: true, what: 'tinker.search term' });
}

function* search(rt: Runtime, re: LinearRegex, type: ElementType | undefined): Iterable<Property | VertexProperty> {
  const matches = (value: unknown): boolean => typeof value === 'string' && re.matches(value);
  if (type === undefined || type === 'Vertex' || type === 'VertexProperty') {
    for (const slot of rt.source.vertexSlots()) {
      rt.tick();
      for (const vp of rt.vertexProperties(rt.vertex(slot))) {
        if (type !== 'VertexProperty' && matches(vp.value)) yield vp;
        if (type === 'Vertex') continue;
        for (const [key, value] of vp.meta) if (matches(value)) yield new Property(key, value, vp);
      }
    }
  }
  if (type === undefined || type === 'Edge') {
    for (const slot of rt.source.edgeSlots()) {
      rt.tick();
      for (const key of rt.source.edgePropertyKeys(slot)) {
        const value = rt.source.edgeProperty(slot, key);
        if (matches(value)) yield new Property(key, value, rt.edge(slot));
      }
    }
  }
}

/**
 * The `tinker.search` service. Parameters: `search` (a term, read as the regex `.*(term).*`),
 * `regex` (a whole-value regex), `type` (`Vertex`, `Edge` or `VertexProperty`).
 */
export const textSearchService: Service = {
  name: 'tinker.search',
  type: 'start',
  params: {
    search: 'Specify a search term - will be converted to regex via .*(search).*',
    regex: 'Directly specify the regex',
    type: 'Specify the type of Element to search for, one of Vertex/Edge/VertexProperty (optional)',
  },
  execute: (rt, _input, params) => search(rt, pattern(params), elementType(params.get('type'))),
};
