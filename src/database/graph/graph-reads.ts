/**
 * The element reads of a graph handle: lookups by id, property queries, edge lists, pages,
 * shards and scans. Every one runs through the engine ({@link queryElements}) on the handle's
 * execution context, so it reads the view pinned at its start, through the handle's source
 * decorator, under the graph's time limit.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { elementShards, P, queryElements, readNow } from '../../engine/index.js';
import type { Direction, ElementId, ElementQuery, GraphSource, PropertyValue, ValueTypes } from '../../engine/index.js';
import { edgeView, vertexView } from './element-views.js';
import type { EdgeViewOf, VertexViewOf } from './element-views.js';
import type { GraphHandle } from './graph-handle.js';
import type { EdgeQuery, ElementReads, ScanQuery, Shard, TypesOption, VertexQuery } from './read-api.js';
import { describeValue, optionalNumber, resultTypes, requireElementId, requireList, requireRecord, requireText } from './validate.js';

const DIRECTIONS: readonly Direction[] = ['OUT', 'IN', 'BOTH'];
const TOKEN_VERSION = 1;

/** A resumable page token: the element kind and the slot the next page starts at. */
function encodePage(element: 'vertex' | 'edge', next: number | undefined): string | null {
  return next === undefined ? null : Buffer.from(JSON.stringify([TOKEN_VERSION, element, next])).toString('base64url');
}

function decodePage(page: unknown, element: 'vertex' | 'edge'): number {
  if (typeof page !== 'string') throw new ArgumentError('INVALID_ARGUMENT', `Invalid page: expected a string but got ${describeValue(page)}`);
  if (page === '') return 0;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  if (!Array.isArray(decoded) || decoded[0] !== TOKEN_VERSION || decoded[1] !== element || !Number.isSafeInteger(decoded[2]) || (decoded[2] as number) < 0) {
    throw new ArgumentError('INVALID_PAGE', `Invalid page: '${page}' is not ${element === 'edge' ? 'an' : 'a'} ${element} page token of this graph`);
  }
  return decoded[2] as number;
}

function slotBound(value: unknown, what: string): number {
  const text = requireText(value, what);
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid ${what}: expected a shard bound but got '${text}'`);
  return n;
}

function conditions(value: unknown, what: string): Array<readonly [string, unknown]> {
  if (value === undefined) return [];
  return Object.entries(requireRecord(value, what))
    .filter(([, v]) => v !== undefined)
    .map(([key, v]) => [key, v instanceof P ? v.predicate : v] as const);
}

/**
 * The offset of a list query: a non-negative integer, 0 when absent; with a page only 0
 * (HugeGraph's "Not support querying vertices based on paging and offset together").
 */
function pageOffset(given: Readonly<Record<string, unknown>>, element: 'vertex' | 'edge'): number {
  const offset = optionalNumber(given.offset, 'offset', { min: 0, integer: true }) ?? 0;
  if (offset !== 0 && given.page !== undefined) {
    throw new ArgumentError('INVALID_ARGUMENT', `Not support querying ${element === 'vertex' ? 'vertices' : 'edges'} based on paging and offset together`);
  }
  return offset;
}

function optionalLabel(value: unknown, what: string): string | undefined {
  return value === undefined ? undefined : requireText(value, what);
}

/**
 * The element reads of one graph handle ({@link ElementReads} documents them).
 */
export class GraphReads implements ElementReads {
  constructor(private readonly handle: GraphHandle) {}

  async getVertex<T extends ValueTypes = 'plain'>(id: ElementId | bigint, options: TypesOption<T> = {}): Promise<VertexViewOf<T> | undefined> {
    const types = resultTypes(options);
    const { items } = await this.vertexQuery({ element: 'vertex', ids: [requireElementId(id, 'vertex id')] }, types);
    return items[0];
  }

  async getEdge<T extends ValueTypes = 'plain'>(id: ElementId | bigint, options: TypesOption<T> = {}): Promise<EdgeViewOf<T> | undefined> {
    const types = resultTypes(options);
    const { items } = await this.edgeQuery({ element: 'edge', ids: [requireElementId(id, 'edge id')] }, types);
    return items[0];
  }

  async vertices<T extends ValueTypes = 'plain'>(query: VertexQuery = {}, options: TypesOption<T> = {}): Promise<{ vertices: VertexViewOf<T>[]; page: string | null }> {
    const types = resultTypes(options);
    const given = requireRecord(query, 'vertex query');
    const offset = pageOffset(given, 'vertex');
    const limit = optionalNumber(given.limit, 'limit', { min: 0, integer: true });
    const { items, next } = await this.vertexQuery({
      element: 'vertex',
      label: optionalLabel(given.label, 'vertex label'),
      properties: conditions(given.properties, 'vertex properties'),
      limit: limit === undefined ? undefined : offset + limit,
      from: given.page === undefined ? undefined : decodePage(given.page, 'vertex'),
      requireIndex: this.requiresIndex,
    }, types);
    return { vertices: offset === 0 ? items : items.slice(offset), page: encodePage('vertex', next) };
  }

  async edges<T extends ValueTypes = 'plain'>(query: EdgeQuery = {}, options: TypesOption<T> = {}): Promise<{ edges: EdgeViewOf<T>[]; page: string | null }> {
    const types = resultTypes(options);
    const given = requireRecord(query, 'edge query');
    const vertexId = given.vertexId === undefined ? undefined : requireElementId(given.vertexId, 'edge query vertexId');
    if (given.direction !== undefined && !DIRECTIONS.includes(given.direction as Direction)) {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid edge query direction: expected OUT, IN or BOTH but got ${describeValue(given.direction)}`);
    }
    const direction = given.direction as Direction | undefined;
    const offset = pageOffset(given, 'edge');
    const properties = conditions(given.properties, 'edge properties');
    const paged = given.page !== undefined;
    const limit = optionalNumber(given.limit, 'limit', { min: 0, integer: true });
    const { items, next } = await this.edgeQuery({
      element: 'edge',
      label: optionalLabel(given.label, 'edge label'),
      properties,
      adjacent: vertexId === undefined ? undefined : { vertex: vertexId, direction: direction ?? 'BOTH' },
      limit: limit === undefined ? undefined : offset + limit,
      from: paged ? decodePage(given.page, 'edge') : undefined,
      requireIndex: vertexId === undefined && this.requiresIndex,
    }, types);
    return { edges: offset === 0 ? items : items.slice(offset), page: encodePage('edge', next) };
  }

  async vertexShards(splitSize: number): Promise<Shard[]> {
    return this.shards('vertex', splitSize);
  }

  async edgeShards(splitSize: number): Promise<Shard[]> {
    return this.shards('edge', splitSize);
  }

  async scanVertices<T extends ValueTypes = 'plain'>(query: ScanQuery, options: TypesOption<T> = {}): Promise<{ vertices: VertexViewOf<T>[]; page: string | null }> {
    const types = resultTypes(options);
    const { items, next } = await this.vertexQuery(this.scanQuery('vertex', query, 1000), types);
    return { vertices: items, page: encodePage('vertex', next) };
  }

  async scanEdges<T extends ValueTypes = 'plain'>(query: ScanQuery, options: TypesOption<T> = {}): Promise<{ edges: EdgeViewOf<T>[]; page: string | null }> {
    const types = resultTypes(options);
    const { items, next } = await this.edgeQuery(this.scanQuery('edge', query, 100_000), types);
    return { edges: items, page: encodePage('edge', next) };
  }

  async vertexSlotsOf(ids: readonly (ElementId | bigint)[]): Promise<Int32Array> {
    const wanted = requireList(ids, 'vertex ids').map((id) => requireElementId(id, 'vertex id'));
    return readNow(this.handle.executionContext(), (source) => Int32Array.from(wanted, (id) => source.vertexSlot(id)));
  }

  /** True when property queries must be answered by indexes: a strict (non auto-create) graph. */
  private get requiresIndex(): boolean {
    return !this.handle.state.config['schema.auto_create'];
  }

  private scanQuery(element: 'vertex' | 'edge', query: ScanQuery, defaultLimit: number): ElementQuery {
    const given = requireRecord(query, `${element} scan`);
    const start = slotBound(given.start, 'scan start');
    const end = slotBound(given.end, 'scan end');
    const paged = given.page !== undefined;
    const resume = paged ? decodePage(given.page, element) : 0;
    const pageLimit = optionalNumber(given.pageLimit, 'pageLimit', { min: 1, integer: true }) ?? defaultLimit;
    return { element, from: Math.max(start, resume), to: end, limit: paged ? pageLimit : undefined };
  }

  private async shards(element: 'vertex' | 'edge', splitSize: number): Promise<Shard[]> {
    const size = optionalNumber(splitSize, 'split size', { min: 1, integer: true });
    if (size === undefined) throw new ArgumentError('INVALID_ARGUMENT', 'Invalid split size: expected a positive integer but got undefined');
    const ranges = await elementShards(element, size, this.handle.executionContext());
    return ranges.map((r) => ({ start: String(r.start), end: String(r.end), length: r.length }));
  }

  private async vertexQuery<T extends ValueTypes>(query: ElementQuery, types: T): Promise<{ items: VertexViewOf<T>[]; next: number | undefined }> {
    const catalog = this.handle.state.store.catalog;
    return queryElements(query, this.handle.executionContext(), (source: GraphSource, slot) => vertexView(source, { slot, catalog, types }));
  }

  private async edgeQuery<T extends ValueTypes>(query: ElementQuery, types: T): Promise<{ items: EdgeViewOf<T>[]; next: number | undefined }> {
    return queryElements(query, this.handle.executionContext(), (source: GraphSource, slot) => edgeView(source, slot, types));
  }
}
