/**
 * The batch log's format: its op codes and the encoding of the optional values and property
 * sides that value ops carry, written by the state's mutations and read back by replay.
 * @module
 */
import type { ElementId, PropertyValue } from '../../values/index.js';
import type { ByteReader, ByteWriter } from '../codec.js';
import type { PropertySide } from './epochs.js';

/**
 * Log op codes of a batch log.
 */
export enum Op {
  AddVertex = 1,
  AddEdge = 2,
  SetVertexValue = 3,
  SetEdgeValue = 4,
  RemoveVertex = 5,
  RemoveEdge = 6,
  Schema = 7,
  AddEdges = 8,
  AddEdgeColumns = 9,
  AddVertexColumns = 10,
}

/**
 * Writes a value that may be absent: a presence byte, then the value.
 */
export function writeOptional(log: ByteWriter, value: PropertyValue | undefined): void {
  log.u8(value === undefined ? 0 : 1);
  if (value !== undefined) log.value(value);
}

/**
 * Reads a value written by {@link writeOptional}.
 */
export function readOptional(r: ByteReader): PropertyValue | undefined {
  return r.u8() === 1 ? r.value() : undefined;
}

/**
 * Writes the ids and meta-properties of a vertex property's values, or their absence.
 */
export function writeSide(log: ByteWriter, side: PropertySide | undefined): void {
  log.u8(side === undefined ? 0 : 1);
  if (side === undefined) return;
  log.varUint(side.ids.length);
  side.ids.forEach((id, i) => {
    log.value(id);
    const meta = side.meta[i] ?? new Map<string, PropertyValue>();
    log.varUint(meta.size);
    for (const [k, v] of meta) {
      log.string(k);
      log.value(v);
    }
  });
}

/**
 * Reads a side written by {@link writeSide}.
 */
export function readSide(r: ByteReader): PropertySide | undefined {
  if (r.u8() === 0) return undefined;
  const n = r.varUint();
  const ids: ElementId[] = [];
  const meta: Map<string, PropertyValue>[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(r.value() as ElementId);
    const m = new Map<string, PropertyValue>();
    for (let k = r.varUint(); k > 0; k--) m.set(r.string(), r.value());
    meta.push(m);
  }
  return { ids, meta };
}
