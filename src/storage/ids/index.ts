/**
 * Ids of the storage layer, after HugeGraph (hugegraph-notes §7): snowflake ids, the sortable
 * numeric text encoding, PRIMARY_KEY vertex ids, edge ids and vertex-id literals.
 * @module
 */
export { Snowflake, SNOWFLAKE_EPOCH_MS, decodeSnowflake } from './snowflake.js';
export {
  encodeSortable,
  decodeSortable,
  encodeSortableLong,
  decodeSortableLong,
  LONG_MIN,
  LONG_MAX,
  type SortableType,
} from './sortable.js';
export { joinEscaped, splitEscaped, IDS_SEPARATOR, ID_SEPARATOR, NAME_SEPARATOR, type Separator } from './splicing.js';
export { formatSortValues, splitValues, valueToIdText, idTextToValue, type TypedValue } from './id-values.js';
export {
  checkIdLength,
  formatPrimaryKeyId,
  parsePrimaryKeyId,
  parseVertexIdLiteral,
  vertexIdKey,
  formatVertexIdForEdge,
  parseVertexIdFromEdge,
  parseJavaLong,
} from './vertex-id.js';
export { formatEdgeId, parseEdgeId, type EdgeIdParts } from './edge-id.js';
