/**
 * Element reads of the store, one element at a time: visibility (live slots and TTL), slot walks
 * and counts, finding elements by id, by ends and sort values or by index, ids, labels and ends,
 * and property reads. The hooks a read view overrides to answer for its epoch are here too.
 * {@link StoreReader} adds the scans.
 * @module
 */
import type { IndexPredicate, VertexPropertyRecord } from '../../port/index.js';
import { TypedNumber, Uuid, type ElementId, type PlainId, type PropertyValue } from '../../values/index.js';
import { formatEdgeId, formatSortValues, parseEdgeId } from '../ids/index.js';
import type { PropertySide } from './epochs.js';
import type { EdgeLabelRecord, VertexLabelRecord } from '../schema/schema-types.js';
import { idMapKey } from '../vertex-table.js';
import { lookupSlots } from './lookup.js';
import type { StoreState } from './store-state.js';

/** The first row of an ascending slot table whose slot is at least `from` (binary search). */
function firstRowFrom(rows: Int32Array, rowCount: number, from: number): number {
  let lo = 0;
  let hi = rowCount;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const EMPTY_META: ReadonlyMap<string, PropertyValue> = new Map();

/**
 * The element half of the store's GraphSource, over a store state. `now` gives the clock used
 * for TTL visibility.
 */
export abstract class ElementReader {
  constructor(
    protected readonly state: StoreState,
    protected readonly now: () => number,
  ) {}

  /** Whether a vertex slot is live (TTL not applied). A read view answers for its epoch. */
  protected vertexLive(slot: number): boolean {
    const vt = this.state.vertices;
    return slot < vt.size && vt.alive.get(slot);
  }

  /** Whether an edge slot is live (TTL not applied). */
  protected edgeLive(e: number): boolean {
    const et = this.state.edges;
    return e < et.size && et.alive.get(e);
  }

  /** Edge slots from this one on are not part of the state read (a read view's high-water mark). */
  protected get edgeBound(): number {
    return Infinity;
  }

  /** Whether a dead edge slot below {@link edgeBound} is still live for this reader (removed after its epoch). */
  protected edgeRevived(_e: number): boolean {
    return false;
  }

  /** Value of a vertex property key, or undefined. */
  protected vertexValueAt(slot: number, keyId: number): PropertyValue | undefined {
    return this.state.vertexValue(slot, keyId);
  }

  /** Ids and meta-properties of a vertex property key's values (auto-create graphs). */
  protected vertexSideAt(slot: number, keyId: number): PropertySide | undefined {
    return this.state.propertySides.get(slot)?.get(keyId);
  }

  /** Value of an edge property key, or undefined. */
  protected edgeValueAt(e: number, keyId: number): PropertyValue | undefined {
    return this.state.edgeValue(e, keyId);
  }

  /** Live elements of a label without TTL. */
  protected liveCount(kind: 'vertex' | 'edge', labelId: number): number {
    return kind === 'vertex' ? (this.state.vertexTables.get(labelId)?.live ?? 0) : (this.state.edges.counts.get(labelId) ?? 0);
  }

  vertexSlotBound(): number {
    return this.state.vertices.size;
  }

  /** Whether a vertex slot is live and not expired. */
  vertexVisible(slot: number): boolean {
    const s = this.state;
    if (slot < 0 || !this.vertexLive(slot)) return false;
    const labelId = s.vertices.labelOf[slot]!;
    if (!s.hasTtl('vertex', labelId)) return true;
    const label = s.catalog.vertexLabelById(labelId);
    return label !== undefined && this.expiryOf('vertex', slot, label) > this.now();
  }

  /** Whether an edge slot is live and not expired. */
  edgeVisible(e: number): boolean {
    const s = this.state;
    if (e < 0 || !this.edgeLive(e)) return false;
    const labelId = s.edges.label[e]!;
    if (!s.hasTtl('edge', labelId)) return true;
    const label = s.catalog.edgeLabelById(labelId);
    return label !== undefined && this.expiryOf('edge', e, label) > this.now();
  }

  /** Expiry time (ms) of an element of a TTL label. */
  expiryOf(kind: 'vertex' | 'edge', slot: number, label: VertexLabelRecord | EdgeLabelRecord): number {
    const s = this.state;
    if (label.ttlStartTime !== undefined) {
      const key = s.catalog.propertyKey(label.ttlStartTime);
      const v = key === undefined ? undefined : kind === 'vertex' ? this.vertexValueAt(slot, key.id) : this.edgeValueAt(slot, key.id);
      if (v instanceof Date) return v.getTime() + label.ttl;
    }
    const table = kind === 'vertex' ? s.vertexTables.get(label.id) : s.edges.tables.get(label.id);
    const row = kind === 'vertex' ? s.vertices.rowOf[slot]! : (s.edges.rowOf?.[slot] ?? -1);
    const start = table === undefined || row < 0 ? NaN : table.insertedAtOf(row);
    return Number.isNaN(start) ? Infinity : start + label.ttl;
  }

  *vertexSlots(label?: string, from = 0): Iterable<number> {
    const s = this.state;
    if (label === undefined) {
      for (let v = Math.max(0, from); v < s.vertices.size; v++) if (this.vertexVisible(v)) yield v;
      return;
    }
    const record = s.catalog.vertexLabel(label);
    const table = record === undefined ? undefined : s.vertexTables.get(record.id);
    if (table === undefined) return;
    for (let r = firstRowFrom(table.rows, table.rowCount, from); r < table.rowCount; r++) {
      const v = table.rows[r]!;
      if (this.vertexVisible(v)) yield v;
    }
  }

  *edgeSlots(label?: string, from = 0): Iterable<number> {
    const s = this.state;
    const id = label === undefined ? -1 : (s.catalog.edgeLabel(label)?.id ?? -2);
    if (id === -2) return;
    for (let e = Math.max(0, from); e < s.edges.size; e++) if ((id < 0 || s.edges.label[e] === id) && this.edgeVisible(e)) yield e;
  }

  vertexCount(label?: string): number {
    return this.#count('vertex', label);
  }

  edgeCount(label?: string): number {
    return this.#count('edge', label);
  }

  /** Live elements of one label or all: counted by walking only labels with a time-to-live. */
  #count(kind: 'vertex' | 'edge', label: string | undefined): number {
    const catalog = this.state.catalog;
    const records = kind === 'vertex'
      ? (label === undefined ? catalog.vertexLabels() : [catalog.vertexLabel(label)])
      : (label === undefined ? catalog.edgeLabels() : [catalog.edgeLabel(label)]);
    let n = 0;
    for (const r of records) {
      if (r === undefined) continue;
      if (r.ttl > 0) for (const _ of kind === 'vertex' ? this.vertexSlots(r.name) : this.edgeSlots(r.name)) n++;
      else n += this.liveCount(kind, r.id);
    }
    return n;
  }

  vertexSlot(id: ElementId): number {
    const vt = this.state.vertices;
    let slot = vt.slotOf(id);
    if (slot < 0) for (const form of idForms(id).slice(1)) if ((slot = vt.slotOf(form)) >= 0) break;
    return slot >= 0 && this.vertexVisible(slot) ? slot : -1;
  }

  edgeSlot(id: ElementId): number {
    const s = this.state;
    const explicit = s.edgeIdSlots.get(idMapKey(id)) ?? (typeof id === 'string' ? undefined : s.edgeIdSlots.get(idMapKey(String(id))));
    if (explicit !== undefined) return this.edgeVisible(explicit) ? explicit : -1;
    if (typeof id !== 'string' || !id.includes('>')) return -1;
    let parts;
    try {
      parts = parseEdgeId(id);
    } catch {
      return -1;
    }
    const out = this.vertexSlot(parts.out);
    const inV = this.vertexSlot(parts.in);
    const label = s.catalog.edgeLabelById(parts.subLabelId);
    if (out < 0 || inV < 0 || label === undefined) return -1;
    const e = this.findEdge(label, out, inV, parts.sortValues);
    return e >= 0 && this.edgeVisible(e) ? e : -1;
  }

  /** Live edge of a label between two vertices with these sort values, or -1. */
  findEdge(label: EdgeLabelRecord, out: number, inV: number, sortValues: string): number {
    const s = this.state;
    const adj = s.adjacency.get(label.id);
    if (adj === undefined) return -1;
    if (label.frequency === 'SINGLE' && !s.pairFilter(label.id).mightContain(out, inV)) return -1;
    if (label.sortKeys.length === 0) return s.findLiveEdge(label.id, out, inV);
    if (adj.out.degree(out) === 0 || adj.in.degree(inV) === 0) return -1;
    const accept = (e: number): boolean => sortValues === this.sortValuesOf(e);
    const useOut = adj.out.degree(out) <= adj.in.degree(inV);
    const csr = useOut ? adj.out : adj.in;
    const want = useOut ? inV : out;
    let found = -1;
    csr.each(useOut ? out : inV, s.edges.alive, (t, e) => {
      if (t === want && accept(e)) found = e;
      return found < 0;
    });
    return found;
  }

  /** Sort-values text of an edge (empty for labels without sort keys). */
  sortValuesOf(e: number): string {
    const s = this.state;
    const labelId = s.edges.label[e]!;
    if (!s.hasSortKeys(labelId)) return '';
    const label = s.catalog.edgeLabelById(labelId);
    if (label === undefined) return '';
    return formatSortValues(
      label.sortKeys.map((k) => {
        const key = s.catalog.propertyKey(k)!;
        return { value: this.edgeValueAt(e, key.id) ?? null, dataType: key.dataType };
      }),
    );
  }

  vertexId(slot: number): ElementId {
    return this.state.vertices.idOf(slot);
  }

  plainVertexIds(slots: ArrayLike<number>, into: PlainId[]): void {
    this.state.vertices.plainIdsInto(slots, into);
  }

  vertexLabel(slot: number): string {
    return this.state.catalog.vertexLabelById(this.state.vertices.labelOf[slot]!)?.name ?? '';
  }

  vertexLabelId(slot: number): number {
    return this.state.vertices.labelOf[slot]!;
  }

  multiValuedKey(key: string): boolean {
    const record = this.state.catalog.propertyKey(key);
    return record !== undefined && record.cardinality !== 'SINGLE';
  }

  edgeId(slot: number): ElementId {
    const s = this.state;
    const explicit = s.edgeIds.size === 0 ? undefined : s.edgeIds.get(slot);
    if (explicit !== undefined) return explicit;
    const labelId = s.edges.label[slot]!;
    return formatEdgeId({
      out: this.vertexId(s.edges.out[slot]!),
      labelId,
      subLabelId: labelId,
      sortValues: this.sortValuesOf(slot),
      in: this.vertexId(s.edges.in[slot]!),
    });
  }

  edgeLabel(slot: number): string {
    return this.state.catalog.edgeLabelById(this.state.edges.label[slot]!)?.name ?? '';
  }

  edgeLabelId(slot: number): number {
    return this.state.edges.label[slot]!;
  }

  edgeOutVertex(slot: number): number {
    return this.state.edges.out[slot]!;
  }

  edgeInVertex(slot: number): number {
    return this.state.edges.in[slot]!;
  }

  vertexPropertyKeys(slot: number): readonly string[] {
    const s = this.state;
    const table = s.vertexTables.get(s.vertices.labelOf[slot]!);
    if (table === undefined) return [];
    const row = s.vertices.rowOf[slot]!;
    const hidden = s.hiddenOlap();
    const present: number[] = [];
    for (const [k, column] of table.columns) if (column.has(row) && hidden?.has(k) !== true) present.push(k);
    if (present.length > 1) present.sort((a, b) => a - b);
    const names: string[] = [];
    for (const k of present) {
      const name = s.catalog.propertyKeyById(k)?.name;
      if (name !== undefined) names.push(name);
    }
    return names;
  }

  vertexProperties(slot: number, keys?: readonly string[]): readonly VertexPropertyRecord[] {
    const s = this.state;
    const out: VertexPropertyRecord[] = [];
    let owner: string | undefined;
    const hidden = keys === undefined ? undefined : s.hiddenOlap();
    for (const name of keys ?? this.vertexPropertyKeys(slot)) {
      const key = s.catalog.propertyKey(name);
      const value = key === undefined || hidden?.has(key.id) === true ? undefined : this.vertexValueAt(slot, key.id);
      if (key === undefined || value === undefined) continue;
      const values = key.cardinality === 'SINGLE' ? [value] : (value as readonly PropertyValue[]);
      const side = this.vertexSideAt(slot, key.id);
      for (let i = 0; i < values.length; i++) {
        const id = side?.ids[i] ?? `${(owner ??= String(this.vertexId(slot)))}>${name}`;
        out.push({ key: name, value: values[i]!, id, meta: side?.meta[i] ?? EMPTY_META });
      }
    }
    return out;
  }

  edgePropertyKeys(slot: number): readonly string[] {
    const s = this.state;
    const table = s.edges.tables.get(s.edges.label[slot]!);
    if (table === undefined || s.edges.rowOf === undefined) return [];
    const row = s.edges.rowOf[slot]!;
    return [...table.columns]
      .filter(([, c]) => c.has(row))
      .map(([k]) => k)
      .sort((a, b) => a - b)
      .map((k) => s.catalog.propertyKeyById(k)?.name)
      .filter((n): n is string => n !== undefined);
  }

  edgeProperty(slot: number, key: string): PropertyValue | undefined {
    const k = this.state.catalog.propertyKey(key);
    return k === undefined ? undefined : this.edgeValueAt(slot, k.id);
  }

  lookup(element: 'vertex' | 'edge', query: { readonly label?: string; readonly key: string; readonly predicate: IndexPredicate; readonly from?: number }): Iterable<number> | undefined {
    const olap = this.state.catalog.propertyKey(query.key);
    // An OLAP key has no index here: a scan answers it, and nothing has it while it is hidden
    if (olap !== undefined && olap.writeType !== 'OLTP') return this.state.hiddenOlap()?.has(olap.id) === true ? [] : undefined;
    const slots = lookupSlots(this.state, element, query, (id) => this.vertexSlot(id));
    if (slots === undefined) return undefined;
    return slots.filter((x) => (element === 'vertex' ? this.vertexVisible(x) : this.edgeVisible(x)));
  }
}

/**
 * The forms an id may be stored under: as given, a numeric string as a long, a UUID text as a
 * UUID, a non-string as its text.
 */
export function idForms(id: ElementId): ElementId[] {
  const forms: ElementId[] = [id];
  if (typeof id === 'string' && /^-?\d+$/.test(id)) forms.push(new TypedNumber('long', BigInt(id)));
  if (typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) forms.push(new Uuid(id));
  if (typeof id !== 'string') forms.push(String(id));
  return forms;
}
