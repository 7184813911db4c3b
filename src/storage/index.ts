/**
 * The storage layer: schema catalog, ids, columnar graph store, indexes, codec, WAL and
 * snapshots. Other layers import only from this file.
 * @module
 */
export * from './schema/index.js';
export * from './ids/index.js';
export * from './codec.js';
export * from './wal/index.js';
export * from './columns/index.js';
export { Csr } from './csr.js';
export { CsrAdjacency, type CsrArrays, type CsrSnapshot } from './csr-adjacency.js';
export { ElementIndex, tokenize } from './indexes/index.js';
export { GraphStore, type GraphStoreOptions, type StoreCapture, type StoreConfig } from './graph-store.js';
export { coerceElements, coerceScalar, primaryKeyVertexId } from './store/coerce.js';
export * from './snapshot/index.js';
export { publishQuery, publishSnapshot, TELEMETRY_CHANNELS } from './telemetry.js';
export type { QueryEvent, SnapshotEvent, WalCommitEvent } from './telemetry.js';
