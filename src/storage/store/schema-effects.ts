/**
 * What a schema change does to a store's data beyond the catalog: removing a label's elements
 * and adjacency, dropping the columns of removed property keys, and building the index of an
 * index label, at once or in steps, with the status it reads meanwhile (CREATING, REBUILDING,
 * INVALID). GraphStore runs these on its state.
 * @module
 */
import { ConflictError } from '../../errors.js';
import { ElementIndex } from '../indexes/index.js';
import type { SchemaChange } from '../schema/specs.js';
import type { IndexLabelRecord } from '../schema/schema-types.js';
import type { StoreState } from './store-state.js';

/**
 * Removes the elements of a vertex or edge label that `change` removes (and an edge label's
 * adjacency, pair filter and table), inside a begun batch of `state`; other changes remove nothing.
 */
export function removeLabelData(s: StoreState, change: SchemaChange): void {
  switch (change.op) {
    case 'removeVertexLabel': {
      const label = s.catalog.vertexLabel(change.name);
      if (label !== undefined) for (const v of [...liveVertices(s, label.id)]) s.removeVertex(v);
      break;
    }
    case 'removeEdgeLabel': {
      const label = s.catalog.edgeLabel(change.name);
      if (label === undefined) break;
      for (let e = 0; e < s.edges.size; e++) if (s.edges.label[e] === label.id && s.edges.alive.get(e)) s.removeEdge(e);
      s.adjacency.delete(label.id);
      s.edges.pairs.delete(label.id);
      s.edges.tables.delete(label.id);
      break;
    }
    default:
      break;
  }
}

/**
 * Applies a schema change to the catalog, then its effects on indexes (built, started or
 * dropped) and columns (those of a removed key dropped); see GraphStore.applySchemaChange for
 * the options. A new UNIQUE index that the data breaks throws ConflictError `UNIQUE_CONFLICT`
 * before anything changes with `refuseConflicts`, and is left INVALID without it.
 */
export function applyToCatalog(s: StoreState, change: SchemaChange, options: { readonly deferIndexBuild?: boolean; readonly refuseConflicts?: boolean }): void {
  const built = change.op === 'createIndexLabel' && options.deferIndexBuild !== true && options.refuseConflicts === true ? filledIndex(s, change.record) : undefined;
  const before = new Set(s.catalog.indexLabels().map((i) => i.name));
  s.catalog.apply(change);
  const after = new Set(s.catalog.indexLabels().map((i) => i.name));
  for (const name of before) if (!after.has(name)) dropIndex(s, name);
  for (const name of after) {
    if (before.has(name)) continue;
    if (options.deferIndexBuild === true) startIndexBuild(s, name);
    else if (built !== undefined && built.record.name === name) s.indexes.set(name, built);
    else buildIndex(s, name);
  }
  if (change.op === 'removePropertyKey') dropUnknownColumns(s);
}

/** Drops the columns of property keys the catalog no longer has. */
function dropUnknownColumns(s: StoreState): void {
  for (const t of [...s.vertexTables.values(), ...s.edges.tables.values()]) {
    for (const keyId of [...t.columns.keys()]) if (s.catalog.propertyKeyById(keyId) === undefined) t.columns.delete(keyId);
  }
}

/**
 * Starts building an index label's index in steps (see GraphStore.startIndexBuild); false when
 * there is no such index label.
 */
export function startIndexBuild(s: StoreState, name: string, options: { readonly rebuild?: boolean } = {}): boolean {
  if (s.catalog.indexLabel(name) === undefined) return false;
  const creating = s.buildingIndexes.has(name) && !s.rebuildingIndexes.has(name);
  s.indexes.delete(name);
  s.invalidIndexes.delete(name);
  s.index(name);
  s.buildingIndexes.set(name, 0);
  if (options.rebuild === true && !creating) s.rebuildingIndexes.add(name);
  else s.rebuildingIndexes.delete(name);
  return true;
}

/**
 * Indexes up to `budget` more slots of a building index (see GraphStore.indexBuildStep).
 */
export function indexBuildStep(s: StoreState, name: string, budget: number): { readonly done: number; readonly total: number; readonly finished: boolean } {
  const from = s.buildingIndexes.get(name);
  const record = s.catalog.indexLabel(name);
  if (from === undefined || record === undefined) return { done: 0, total: 0, finished: true };
  const total = record.baseType === 'VERTEX_LABEL' ? s.vertices.size : s.edges.size;
  const end = Math.min(total, from + Math.max(1, budget));
  try {
    fill(s, s.index(name), from, end);
  } catch (error) {
    forgetBuild(s, name);
    s.indexes.delete(name);
    s.invalidIndexes.add(name);
    throw error;
  }
  if (end < total) s.buildingIndexes.set(name, end);
  else forgetBuild(s, name);
  return { done: end, total, finished: end >= total };
}

/**
 * The status an index label's index reads while it is not simply CREATED (see GraphStore.indexStatus).
 */
export function indexStatus(s: StoreState, name: string): 'CREATING' | 'REBUILDING' | 'INVALID' | undefined {
  if (s.invalidIndexes.has(name)) return 'INVALID';
  if (!s.buildingIndexes.has(name)) return undefined;
  return s.rebuildingIndexes.has(name) ? 'REBUILDING' : 'CREATING';
}

/**
 * Builds an index label's index at once; a UNIQUE conflict leaves it INVALID (replay must not fail).
 */
export function buildIndex(s: StoreState, name: string): void {
  const record = s.catalog.indexLabel(name);
  if (record === undefined) return;
  forgetBuild(s, name);
  s.indexes.delete(name);
  s.invalidIndexes.delete(name);
  try {
    s.indexes.set(name, filledIndex(s, record));
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    s.invalidIndexes.add(name);
  }
}

/** Forgets an index label's index: its entries, its build and its INVALID mark. */
function dropIndex(s: StoreState, name: string): void {
  s.indexes.delete(name);
  forgetBuild(s, name);
  s.invalidIndexes.delete(name);
}

/** A complete index for `record` over the stored elements; throws ConflictError `UNIQUE_CONFLICT` on a UNIQUE conflict. */
function filledIndex(s: StoreState, record: IndexLabelRecord): ElementIndex {
  const idx = new ElementIndex(record);
  fill(s, idx, 0, record.baseType === 'VERTEX_LABEL' ? s.vertices.size : s.edges.size);
  return idx;
}

function forgetBuild(s: StoreState, name: string): void {
  s.buildingIndexes.delete(name);
  s.rebuildingIndexes.delete(name);
}

/** Adds the live elements of slots [from, end) of `idx`'s base label, checking UNIQUE conflicts first. */
function fill(s: StoreState, idx: ElementIndex, from: number, end: number): void {
  const record = idx.record;
  const vertex = record.baseType === 'VERTEX_LABEL';
  const labelId = (vertex ? s.catalog.vertexLabel(record.baseValue) : s.catalog.edgeLabel(record.baseValue))?.id;
  if (labelId === undefined) return;
  for (let slot = from; slot < end; slot++) {
    const live = vertex ? s.vertices.labelOf[slot] === labelId && s.vertices.alive.get(slot) : s.edges.label[slot] === labelId && s.edges.alive.get(slot);
    if (!live) continue;
    const values = s.fieldValues(vertex ? 'vertex' : 'edge', slot, record.fields);
    idx.check(slot, values);
    idx.add(slot, values);
  }
}

function* liveVertices(s: StoreState, labelId: number): Iterable<number> {
  const t = s.vertexTables.get(labelId);
  if (t === undefined) return;
  for (let r = 0; r < t.rowCount; r++) if (s.vertices.alive.get(t.rows[r]!)) yield t.rows[r]!;
}
