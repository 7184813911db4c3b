/**
 * Decoding of batch logs: each op is re-applied through the same raw mutations that wrote it.
 * @module
 */
import { StorageError } from '../../errors.js';
import type { ElementId } from '../../values/index.js';
import { ByteReader } from '../codec.js';
import type { SchemaChange } from '../schema/specs.js';
import { replayAppendEdges } from './bulk-edges.js';
import { replayAppendVertices } from './bulk-vertices.js';
import { Op, readOptional, readSide } from './batch-log.js';
import type { StoreState } from './store-state.js';

function corrupt(detail: string): never {
  throw new StorageError('BATCH_LOG_CORRUPT', `Cannot replay batch log: ${detail}`);
}

/**
 * Applies every op of a batch log to a state (inside a begun batch of that state).
 */
export function replayLog(state: StoreState, log: Uint8Array): void {
  const r = new ByteReader(log);
  const c = state.catalog;
  const key = (id: number) => c.propertyKeyById(id) ?? corrupt(`unknown property key id ${id}`);
  while (!r.done) {
    const op = r.u8() as Op;
    switch (op) {
      case Op.AddVertex: {
        const labelId = r.varUint();
        const label = c.vertexLabelById(labelId) ?? corrupt(`unknown vertex label id ${labelId}`);
        const id = r.value() as ElementId;
        state.addVertex(label, id, r.f64());
        break;
      }
      case Op.AddEdge: {
        const labelId = r.varUint();
        const label = c.edgeLabelById(labelId) ?? corrupt(`unknown edge label id ${labelId}`);
        const out = r.varUint();
        const inV = r.varUint();
        const flags = r.u8();
        const table = (flags & 1) !== 0;
        const insertedAt = (flags & 4) !== 0 ? r.f64() : 0;
        const id = (flags & 2) !== 0 ? (r.value() as ElementId) : undefined;
        state.addEdge(label, { out, in: inV }, { id, insertedAt, table });
        break;
      }
      case Op.AddEdges:
      case Op.AddEdgeColumns:
        replayAppendEdges(state, r, { columns: op === Op.AddEdgeColumns, label: (id) => c.edgeLabelById(id) ?? corrupt(`unknown edge label id ${id}`), key });
        break;
      case Op.AddVertexColumns:
        replayAppendVertices(state, r, { label: (id) => c.vertexLabelById(id) ?? corrupt(`unknown vertex label id ${id}`), key });
        break;
      case Op.SetVertexValue: {
        const slot = r.varUint();
        const k = key(r.varUint());
        const value = readOptional(r);
        state.setVertexValue(slot, k, value, readSide(r));
        break;
      }
      case Op.SetEdgeValue: {
        const e = r.varUint();
        const k = key(r.varUint());
        state.setEdgeValue(e, k, readOptional(r));
        break;
      }
      case Op.RemoveVertex:
        state.removeVertex(r.varUint());
        break;
      case Op.RemoveEdge:
        state.removeEdge(r.varUint());
        break;
      case Op.Schema:
        c.apply(JSON.parse(r.string()) as SchemaChange);
        break;
      default:
        corrupt(`unknown op ${String(op)}`);
    }
  }
}
