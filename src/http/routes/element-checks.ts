/**
 * Checks of vertex and edge requests that HugeGraph's VertexAPI and EdgeAPI make before they
 * touch the graph, with their statuses and messages: the size of a batch, the label and limit of
 * a list, null property values in a body, the action and label of a PUT, the `direction` of the
 * edge list, and malformed edge ids (hugegraph-notes §7.2).
 * @module
 */
import { ArgumentError, LimitError, NotFoundError, QuiverError, SchemaError, parseEdgeId } from '../../index.js';
import type { Direction, Graph } from '../../index.js';
import { unsupportedAction } from '../error-mapper.js';

/**
 * Most vertices or edges one batch request may carry (HugeGraph's
 * `batch.max_vertices_per_batch` and `batch.max_edges_per_batch`).
 */
const MAX_BATCH = 2500;

/**
 * Refuses a vertex or edge list naming a label the schema does not hold with HugeGraph's 400
 * "Undefined vertex label: 'x'" (SchemaError `UNDEFINED_VERTEX_LABEL` / `UNDEFINED_EDGE_LABEL`)
 * instead of answering an empty list.
 */
export function checkListLabel(graph: Graph, kind: 'vertex' | 'edge', label: string | undefined): void {
  if (label === undefined) return;
  const catalog = graph.catalog();
  if ((kind === 'vertex' ? catalog.vertexLabel(label) : catalog.edgeLabel(label)) !== undefined) return;
  throw new SchemaError(kind === 'vertex' ? 'UNDEFINED_VERTEX_LABEL' : 'UNDEFINED_EDGE_LABEL', `Undefined ${kind} label: '${label}'`);
}

/**
 * The `limit` of a vertex or edge list: an integer from 1 to 2^64 (spec Part B §4.1, §8).
 */
export const LIST_LIMIT = { type: 'integer', minimum: 1, maximum: 2 ** 64 } as const;

/**
 * The limit a list runs with: the given one (default 100), and every limit past the largest
 * safe integer counts as that (no graph holds more elements).
 */
export function listLimit(limit: number | undefined): number {
  return Math.min(limit ?? 100, Number.MAX_SAFE_INTEGER);
}

/**
 * Refuses a list request with both a page and a non-zero offset, HugeGraph's one paging rule
 * (VertexAPI.list, EdgeAPI.list): 400 "Not support querying vertices based on paging and offset
 * together" (ArgumentError `INVALID_PAGE_QUERY`).
 */
export function checkPageOffset(elements: 'vertices' | 'edges', page: string | undefined, offset: number | undefined): void {
  if (page !== undefined && (offset ?? 0) !== 0) {
    throw new ArgumentError('INVALID_PAGE_QUERY', `Not support querying ${elements} based on paging and offset together`);
  }
}

/**
 * Refuses a batch request above {@link MAX_BATCH} with LimitError `BATCH_TOO_LARGE`, and an
 * empty one with ArgumentError `EMPTY_BATCH` (both 400, HugeGraph's messages).
 */
export function checkBatchSize(element: 'vertices' | 'edges', size: number): void {
  if (size > MAX_BATCH) {
    throw new LimitError('BATCH_TOO_LARGE', `Too many ${element} for one time post, the maximum number is '${MAX_BATCH}' but got ${size}`);
  }
  if (size === 0) throw new ArgumentError('EMPTY_BATCH', `The number of ${element} can't be 0`);
}

/**
 * Query schema of PUT G/graph/vertices/{id} and PUT G/graph/edges/{id}.
 */
export const actionQuery = { type: 'object', properties: { action: { type: 'string' } }, additionalProperties: false } as const;

/**
 * The action of an element PUT: append or eliminate, else UnsupportedError (415).
 */
export function elementAction(action: string | undefined): 'append' | 'eliminate' {
  if (action === 'append' || action === 'eliminate') return action;
  throw unsupportedAction(action, ['append', 'eliminate']);
}

/**
 * Refuses a body whose properties hold a null value with HugeGraph's 400 "Not allowed to set
 * value of property 'k' to null for vertex 'id'" (ArgumentError `NULL_PROPERTY_VALUE`; the id is
 * the body's, `null` when it carries none, as JsonVertex/JsonEdge.checkUpdate print it). Used by
 * create, batch create, append and eliminate; batch updates give null a meaning (spec Part B 2.5).
 */
export function checkNoNullValues(element: 'vertex' | 'edge', body: { readonly properties?: Readonly<Record<string, unknown>>; readonly id?: unknown }): void {
  const properties = body.properties;
  // for-in, not Object.entries: batch create runs this per element, and it allocates nothing.
  for (const key in properties) {
    if (properties[key] === null) {
      const id = body.id === undefined || body.id === null ? 'null' : String(body.id);
      throw new ArgumentError('NULL_PROPERTY_VALUE', `Not allowed to set value of property '${key}' to null for ${element} '${id}'`);
    }
  }
}

/**
 * Refuses an append/eliminate body naming a label other than the stored element's, with
 * ArgumentError `VERTEX_LABEL_MISMATCH` or `EDGE_LABEL_MISMATCH` (400). A body without a label
 * passes, as in HugeGraph (docs/design-choices.md, "Labels in element PUT bodies").
 */
export function checkBodyLabel(element: 'vertex' | 'edge', labels: { readonly id: string; readonly stored: string; readonly given: string | undefined }): void {
  const { id, stored, given } = labels;
  if (given === undefined || given === stored) return;
  throw new ArgumentError(element === 'vertex' ? 'VERTEX_LABEL_MISMATCH' : 'EDGE_LABEL_MISMATCH', `The label of ${element} '${id}' is '${stored}' but the request names '${given}'`);
}

/**
 * The `direction` query parameter of the edge list: absent or empty is BOTH, otherwise exactly
 * OUT, IN or BOTH, else HugeGraph's 400 "Direction value must be in [OUT, IN, BOTH], but got 'x'"
 * (ArgumentError `INVALID_DIRECTION`).
 */
export function listDirection(text: string | undefined): Direction {
  if (text === undefined || text === '') return 'BOTH';
  if (text === 'OUT' || text === 'IN' || text === 'BOTH') return text;
  throw new ArgumentError('INVALID_DIRECTION', `Direction value must be in [OUT, IN, BOTH], but got '${text}'`);
}

/**
 * Why an edge id names no edge: the NotFoundError `EDGE_ID_FORMAT` of a malformed id ("Edge id
 * must be formatted as 5~6 parts, but got N parts: 'x'"), else NotFoundError `EDGE_NOT_FOUND`
 * "Edge 'x' does not exist". Both are 404.
 */
export function edgeNotFound(id: string): QuiverError {
  return malformedEdgeId(id) ?? new NotFoundError('EDGE_NOT_FOUND', `Edge '${id}' does not exist`);
}

/**
 * The error of a DELETE of an edge that is absent (or of another label): HugeGraph's 400 "No such
 * edge with id: 'x'" (ArgumentError `NO_SUCH_EDGE`), which for a malformed id goes on with the
 * NotFoundException of the id, as EdgeAPI.delete prints it.
 */
export function noSuchEdge(id: string): ArgumentError {
  const malformed = malformedEdgeId(id);
  const detail = malformed === undefined ? '' : `, org.apache.hugegraph.exception.NotFoundException: ${malformed.message}`;
  return new ArgumentError('NO_SUCH_EDGE', `No such edge with id: '${id}'${detail}`, malformed === undefined ? {} : { cause: malformed });
}

/**
 * Refuses, among edge ids looked up together (`/traversers/edges?ids=`), a malformed one that
 * names no edge, with its NotFoundError `EDGE_ID_FORMAT` (404), as HugeGraph parses every id
 * before it reads.
 */
export function checkEdgeIdFormat(id: string, found: boolean): void {
  const malformed = found ? undefined : malformedEdgeId(id);
  if (malformed !== undefined) throw malformed;
}

/** The parse error of an edge id not in the 5- or 6-part form, or undefined for a well-formed one. */
function malformedEdgeId(id: string): QuiverError | undefined {
  try {
    parseEdgeId(id);
    return undefined;
  } catch (error) {
    if (error instanceof QuiverError && error.code === 'EDGE_ID_FORMAT') return error;
    throw error;
  }
}
