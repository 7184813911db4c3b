/**
 * The OLAP property key of a computation's results: made (OLAP_COMMON) when missing, refused
 * when a key of that name has another shape; and the values of a run given by vertex id, as a
 * cluster node applies them (the run happened on one node, its values came through the log).
 * @module
 */
import { SchemaError } from '../../../errors.js';
import { ALGORITHMS } from '../../../engine/index.js';
import type { AlgorithmName, PlainId } from '../../../engine/index.js';
import type { GraphWriter } from '../../../engine/index.js';
import { TypedNumber } from '../../../values/index.js';
import { GraphHandle } from '../graph-handle.js';
import { SchemaAdmin } from '../schema-admin.js';

/**
 * Makes the algorithm's OLAP key when missing; SchemaError `COMPUTE_RESULT_KEY` when a key of
 * that name is not an OLAP key of the algorithm's type. Returns the handle jobs write through:
 * the system's (a job's user needs EXECUTE, not WRITE).
 */
export async function resultKey(handle: GraphHandle, algorithm: AlgorithmName): Promise<GraphHandle> {
  const spec = ALGORITHMS[algorithm];
  const system = new GraphHandle(handle.state);
  const existing = handle.state.store.catalog.propertyKey(spec.key);
  const cardinality = spec.list ? 'LIST' : 'SINGLE';
  if (existing === undefined) {
    await new SchemaAdmin(system).operations().createPropertyKey({ name: spec.key, dataType: spec.dataType, cardinality, writeType: 'OLAP_COMMON' }, { ifNotExist: true });
  } else if (existing.writeType === 'OLTP' || existing.dataType !== spec.dataType || existing.cardinality !== cardinality) {
    throw new SchemaError('COMPUTE_RESULT_KEY', `Cannot write the ${algorithm} results: property key '${spec.key}' exists as a ${existing.writeType} ${existing.dataType} key, not an OLAP ${spec.dataType} key`);
  }
  return system;
}

/**
 * Replaces the algorithm's OLAP values by `values` (vertex id → value: a number, a vertex id, or
 * for rings and links a list of texts) in one atomic batch: a vertex missing now is skipped, and
 * every other vertex that holds the key loses it. Resolves with the number of vertices written.
 */
export async function storeValues(handle: GraphHandle, algorithm: AlgorithmName, values: ReadonlyMap<PlainId, unknown>): Promise<number> {
  const spec = ALGORITHMS[algorithm];
  const system = await resultKey(handle, algorithm);
  let written = 0;
  await system.write((w) => {
    const holders = new Set(handle.state.store.vertexSlotsWithKey(spec.key));
    const slots: number[] = [];
    const given: (number | string | undefined)[] = [];
    for (const [id, value] of values) {
      const slot = w.vertexSlot(typeof id === 'bigint' ? new TypedNumber('long', id) : id);
      if (slot < 0 || !w.vertexVisible(slot)) continue;
      holders.delete(slot);
      written++;
      if (spec.list) {
        w.removeVertexProperty(slot, spec.key);
        for (const text of value as readonly string[]) w.setVertexProperty(slot, spec.key, text, { cardinality: 'list' });
        continue;
      }
      slots.push(slot);
      // a vertex-valued result (a component, a community) is the text of that vertex's id
      given.push(spec.dataType === 'TEXT' ? String(value) : Number(value));
    }
    for (const slot of holders) {
      if (spec.list) w.removeVertexProperty(slot, spec.key);
      else {
        slots.push(slot);
        given.push(undefined);
      }
    }
    setValues(w, spec.key, Int32Array.from(slots), given);
  });
  return written;
}

/**
 * Sets `values[i]` as the single value of `key` on vertex `slots[i]` (undefined removes it):
 * in one call when the writer has the bulk form.
 */
export function setValues(w: GraphWriter, key: string, slots: Int32Array, values: readonly (number | string | undefined)[]): void {
  if (w.setVertexValuesBulk !== undefined) w.setVertexValuesBulk(key, slots, values);
  else slots.forEach((slot, i) => (values[i] === undefined ? w.removeVertexProperty(slot, key) : w.setVertexProperty(slot, key, values[i]!)));
}
