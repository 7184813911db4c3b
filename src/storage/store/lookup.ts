/**
 * Index selection for property lookups (hugegraph-notes §4.3, one condition at a time).
 * @module
 */
import type { ElementId, PropertyValue } from '../../values/index.js';
import type { IndexPredicate } from '../../port/index.js';
import { formatPrimaryKeyId } from '../ids/index.js';
import type { PropertyKeyRecord } from '../schema/schema-types.js';
import { coerceScalar } from './coerce.js';
import type { StoreState } from './store-state.js';

function coerceAll(key: PropertyKeyRecord, predicate: IndexPredicate): IndexPredicate | undefined {
  if (predicate.op === 'textcontains') return predicate;
  const values: PropertyValue[] = [];
  for (const v of predicate.values) {
    try {
      values.push(coerceScalar(key, v));
    } catch {
      if (predicate.op !== 'within' && predicate.op !== 'eq') return undefined;
    }
  }
  return { op: predicate.op, values };
}

/**
 * Slots (live or not) matching `key predicate` through indexes, or undefined when some
 * candidate label has no index that fits. Rules: PRIMARY_KEY equality on the label's only
 * primary key is an id lookup; equality needs SECONDARY/SHARD/RANGE on the key as first field;
 * ranges need RANGE or a one-field SHARD; text search needs SEARCH; not-equal never fits;
 * UNIQUE never answers. Without a label, every label owning the key must be answerable.
 */
export function lookupSlots(
  state: StoreState,
  element: 'vertex' | 'edge',
  query: { readonly label?: string; readonly key: string; readonly predicate: IndexPredicate; readonly from?: number },
  vertexSlot: (id: ElementId) => number,
): number[] | undefined {
  const { predicate } = query;
  if (predicate.op === 'neq' || predicate.op === 'without') return undefined;
  const c = state.catalog;
  const key = c.propertyKey(query.key);
  const all = element === 'vertex' ? c.vertexLabels() : c.edgeLabels();
  const labels = query.label === undefined ? all : all.filter((l) => l.name === query.label);
  if (key === undefined) return [];
  const coerced = coerceAll(key, predicate);
  if (coerced === undefined) return [];
  const from = query.from ?? 0;
  const found = new Set<number>();
  for (const label of labels) {
    if (!label.properties.includes(key.name)) continue;
    if (
      label.kind === 'vertex' &&
      label.idStrategy === 'PRIMARY_KEY' &&
      label.primaryKeys.length === 1 &&
      label.primaryKeys[0] === key.name &&
      (coerced.op === 'eq' || coerced.op === 'within')
    ) {
      for (const v of coerced.values) {
        const slot = vertexSlot(formatPrimaryKeyId(label.id, [{ value: v, dataType: key.dataType }]));
        if (slot >= 0 && state.vertices.labelOf[slot] === label.id) found.add(slot);
      }
      continue;
    }
    const index = state.indexesOf(element, label.id).find((i) => !state.buildingIndexes.has(i.record.name) && i.accepts(key.name, coerced));
    if (index === undefined) return undefined;
    const answer = index.query(coerced, from);
    if (labels.length === 1) return answer;
    for (const s of answer) found.add(s);
  }
  const slots: number[] = [];
  for (const s of found) if (s >= from) slots.push(s);
  return slots.sort((a, b) => a - b);
}
