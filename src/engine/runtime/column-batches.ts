/**
 * Column batches built from slot reads: the reusable batch buffer, and the
 * {@link GraphSource.scanColumns} answer of a source that has no columns of its own (the test
 * reference graph), of an index lookup's slots, and of a view that filters vertex properties.
 * @module
 */
import type { ColumnBatch, ColumnScanOptions, GraphSource } from '../../port/index.js';
import type { PropertyValue } from '../../values/index.js';

/** Entries per batch. */
const CAPACITY = 1024;

/**
 * A reusable {@link ColumnBatch}: fill it with {@link ColumnBatchBuffer.push}, hand it out when
 * it says it is full, then {@link ColumnBatchBuffer.clear} it.
 */
export class ColumnBatchBuffer implements ColumnBatch {
  length = 0;
  readonly slots = new Int32Array(CAPACITY);
  readonly labels: string[] = new Array<string>(CAPACITY).fill('');
  readonly values: (PropertyValue | undefined)[] = new Array<PropertyValue | undefined>(CAPACITY).fill(undefined);

  /** @param lists whether values are lists of a multi-valued vertex key's values */
  constructor(readonly lists: boolean) {}

  /** Appends one entry; true when the batch is full. */
  push(slot: number, label: string, value: PropertyValue | undefined): boolean {
    const i = this.length++;
    this.slots[i] = slot;
    this.labels[i] = label;
    this.values[i] = value;
    return this.length === CAPACITY;
  }

  /** Empties the batch (entries are overwritten by later pushes). */
  clear(): void {
    this.length = 0;
  }
}

/**
 * Column batches of the given element slots, read one slot at a time through the source.
 * Vertex values are always lists (`lists: true`).
 */
export function* columnBatchesOf(source: GraphSource, element: 'vertex' | 'edge', slots: Iterable<number>, key?: string): Iterable<ColumnBatch> {
  const out = new ColumnBatchBuffer(element === 'vertex');
  for (const slot of slots) {
    const label = element === 'vertex' ? source.vertexLabel(slot) : source.edgeLabel(slot);
    let value: PropertyValue | undefined;
    if (key !== undefined && element === 'edge') value = source.edgeProperty(slot, key);
    else if (key !== undefined) {
      const records = source.vertexProperties(slot, [key]);
      value = records.length === 0 ? undefined : records.map((r) => r.value);
    }
    if (out.push(slot, label, value)) {
      yield out;
      out.clear();
    }
  }
  if (out.length > 0) yield out;
}

/**
 * {@link GraphSource.scanColumns} from slot reads: the elements of `vertexSlots`/`edgeSlots`
 * for each label in turn.
 */
export function scanColumnsBySlots(source: GraphSource, element: 'vertex' | 'edge', options: ColumnScanOptions = {}): Iterable<ColumnBatch> {
  return columnBatchesOf(source, element, labelledSlots(source, element, options.labels), options.key);
}

function* labelledSlots(source: GraphSource, element: 'vertex' | 'edge', labels: readonly string[] | undefined): Iterable<number> {
  for (const label of labels ?? [undefined]) yield* element === 'vertex' ? source.vertexSlots(label) : source.edgeSlots(label);
}
