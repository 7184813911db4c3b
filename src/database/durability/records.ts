/**
 * WAL records of one graph. Each record is one type byte followed by its body:
 * a data batch (the store's own batch log), a schema change, a mode change or a change of the
 * graph's variables (UTF-8 JSON; a variable's long beyond 2^53 as `{"long":"<digits>"}`), or a
 * TTL sweep (the sweep's clock, so replay expires exactly what the sweep expired).
 * @module
 */
import { StorageError } from '../../errors.js';
import type { SchemaChange } from '../../storage/index.js';
import type { GraphMode } from '../../storage/index.js';
import type { VariableChange, VariableValue } from '../graph/variable-values.js';

/**
 * Read mode of a graph (Part A §3): OLTP properties only, or OLAP ones too.
 *
 * @example
 * ```ts
 * const m: ReadMode = 'OLTP_ONLY';
 * ```
 */
export type ReadMode = 'OLTP_ONLY' | 'ALL';

/**
 * Persisted modes of a graph.
 *
 * @example
 * ```ts
 * const s: GraphModes = { mode: 'NONE', readMode: 'OLTP_ONLY' };
 * ```
 */
export interface GraphModes {
  readonly mode: GraphMode;
  readonly readMode: ReadMode;
}

/**
 * A decoded WAL record.
 */
export type WalRecord =
  | { readonly type: 'data'; readonly log: Uint8Array }
  | { readonly type: 'schema'; readonly change: SchemaChange }
  | { readonly type: 'modes'; readonly modes: GraphModes }
  | { readonly type: 'expire'; readonly now: number }
  | { readonly type: 'variables'; readonly change: VariableChange };

const TAG = { data: 1, schema: 2, modes: 3, expire: 4, variables: 5 } as const;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function withTag(tag: number, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(body.length + 1);
  out[0] = tag;
  out.set(body, 1);
  return out;
}

/**
 * Encodes a record as a WAL payload.
 */
export function encodeWalRecord(record: WalRecord): Uint8Array {
  switch (record.type) {
    case 'data':
      return withTag(TAG.data, record.log);
    case 'schema':
      return withTag(TAG.schema, encoder.encode(JSON.stringify(record.change)));
    case 'modes':
      return withTag(TAG.modes, encoder.encode(JSON.stringify(record.modes)));
    case 'expire':
      return withTag(TAG.expire, encoder.encode(JSON.stringify(record.now)));
    case 'variables':
      return withTag(TAG.variables, encodeWithLongs(record.change));
  }
}

/** JSON of variable values as UTF-8, a bigint written as `{"long":"<digits>"}` (JSON has no exact longs). */
function encodeWithLongs(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? { long: v.toString() } : v)));
}

/** Reads what {@link encodeWithLongs} wrote (variable values hold no objects, so `{"long":...}` is a long). */
function decodeWithLongs(bytes: Uint8Array): unknown {
  return JSON.parse(decoder.decode(bytes), (_key, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as { long?: unknown }).long === 'string' && Object.keys(v).length === 1) return BigInt((v as { long: string }).long);
    return v;
  });
}

/**
 * Decodes a WAL payload written by {@link encodeWalRecord}. An unknown type byte means the
 * log was written by a newer Quiver or is damaged, and throws StorageError `WAL_RECORD`.
 */
export function decodeWalRecord(payload: Uint8Array): WalRecord {
  const body = payload.subarray(1);
  switch (payload[0]) {
    case TAG.data:
      return { type: 'data', log: body };
    case TAG.schema:
      return { type: 'schema', change: JSON.parse(decoder.decode(body)) as SchemaChange };
    case TAG.modes:
      return { type: 'modes', modes: JSON.parse(decoder.decode(body)) as GraphModes };
    case TAG.expire:
      return { type: 'expire', now: JSON.parse(decoder.decode(body)) as number };
    case TAG.variables:
      return { type: 'variables', change: decodeWithLongs(body) as VariableChange };
    default:
      throw new StorageError('WAL_RECORD', `Cannot replay the write-ahead log: unknown record type ${String(payload[0])}`);
  }
}

/**
 * Name of the snapshot section holding the graph's modes, next to the store's sections.
 */
export const MODES_SECTION = 'quiver.modes';

/**
 * Encodes modes for a snapshot section.
 */
export function encodeModes(modes: GraphModes): Uint8Array {
  return encoder.encode(JSON.stringify(modes));
}

/**
 * Decodes a modes snapshot section.
 */
export function decodeModes(bytes: Uint8Array): GraphModes {
  return JSON.parse(decoder.decode(bytes)) as GraphModes;
}

/**
 * Name of the snapshot section holding the graph's variables, next to the store's sections.
 */
export const VARIABLES_SECTION = 'quiver.variables';

/**
 * Encodes a graph's variables for a snapshot section.
 */
export function encodeVariables(variables: ReadonlyMap<string, VariableValue>): Uint8Array {
  return encodeWithLongs([...variables]);
}

/**
 * Decodes a variables snapshot section; no section (a snapshot of an older Quiver) is no variables.
 */
export function decodeVariables(bytes: Uint8Array | undefined): Map<string, VariableValue> {
  return new Map(bytes === undefined ? [] : (decodeWithLongs(bytes) as Array<[string, VariableValue]>));
}
