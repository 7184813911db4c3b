/**
 * Columnar snapshot sections of a store: typed arrays as raw bytes, dictionaries as strings,
 * merged CSR arrays, and the schema catalog as JSON. Id maps, SINGLE-label pair hashes and
 * property indexes are rebuilt on load.
 * @module
 */
import { StorageError } from '../../errors.js';
import type { ElementId, PropertyValue } from '../../values/index.js';
import { ByteReader, ByteWriter } from '../codec.js';
import { BitSet, PropertyColumn } from '../columns/index.js';
import { Csr } from '../csr.js';
import type { DataType } from '../schema/schema-types.js';
import { LabelTable, idMapKey } from '../vertex-table.js';
import type { StoreState } from './store-state.js';

type Typed = Int32Array | Float64Array | BigInt64Array | Uint8Array | Uint16Array | Uint32Array;

/** Arrays from this size on become parts of their own instead of being copied into a run. */
const PART_MIN_BYTES = 64 * 1024;

/**
 * The bytes of one section as parts: runs written by `w`, and each large typed array (after its
 * length, as `ByteWriter.bytes` frames it) as a view of the array itself, or as a copy of it.
 */
class SectionParts {
  readonly w = new ByteWriter();
  private readonly parts: Uint8Array[] = [];

  constructor(private readonly copy: boolean) {}

  /** Writes `length` elements of `a` (all by default) prefixed with their byte length. */
  array(a: Typed, length = a.length): void {
    const bytes = new Uint8Array(a.buffer, a.byteOffset, length * a.BYTES_PER_ELEMENT);
    if (bytes.byteLength < PART_MIN_BYTES) {
      this.w.bytes(bytes);
      return;
    }
    this.w.varUint(bytes.byteLength);
    this.parts.push(this.w.finish(), this.copy ? bytes.slice() : bytes);
  }

  finish(): Uint8Array[] {
    this.parts.push(this.w.finish());
    return this.parts;
  }
}

function take<T extends Typed>(r: ByteReader, make: (b: ArrayBuffer) => T): T {
  const bytes = r.bytes();
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return make(copy.buffer);
}

const i32 = (r: ByteReader): Int32Array => take(r, (b) => new Int32Array(b));
const u32 = (r: ByteReader): Uint32Array => take(r, (b) => new Uint32Array(b));

/** `a` itself when it holds at least 16 elements (it is already a copy of its own), else a copy grown to 16. */
function withCapacity<T extends Typed>(a: T, make: (n: number) => T): T {
  if (a.length >= 16) return a;
  const out = make(16);
  (out as Int32Array).set(a as unknown as Int32Array);
  return out;
}

function writeTable(p: SectionParts, t: LabelTable): void {
  const w = p.w;
  w.varUint(t.labelId);
  w.varUint(t.rowCount);
  w.varUint(t.live);
  p.array(t.rows, t.rowCount);
  w.u8(t.insertedAt === undefined ? 0 : 1);
  if (t.insertedAt !== undefined) p.array(t.insertedAt);
  w.varUint(t.columns.size);
  for (const [keyId, c] of t.columns) {
    const raw = c.raw();
    w.varUint(keyId);
    w.string(c.dataType);
    w.u8(c.multi ? 1 : 0);
    w.u8(raw.data === undefined ? 0 : 1);
    if (raw.data !== undefined) p.array(raw.data);
    p.array(raw.present);
    w.varUint(raw.side.size);
    for (const [row, v] of raw.side) {
      w.varUint(row);
      w.value(v);
    }
    const dict = c.dictionary?.entries() ?? [];
    w.varUint(dict.length);
    for (const s of dict) w.string(s);
  }
}

function readTable(r: ByteReader): LabelTable {
  const t = new LabelTable(r.varUint());
  t.rowCount = r.varUint();
  t.live = r.varUint();
  t.rows = withCapacity(i32(r), (n) => new Int32Array(n));
  if (r.u8() === 1) t.insertedAt = take(r, (b) => new Float64Array(b));
  for (let n = r.varUint(); n > 0; n--) {
    const keyId = r.varUint();
    const dataType = r.string() as DataType;
    const multi = r.u8() === 1;
    const kind = new PropertyColumn(dataType, multi).kind;
    let data: Int32Array | Float64Array | BigInt64Array | Uint8Array | undefined;
    if (r.u8() === 1) {
      data =
        kind === 'float64' ? take(r, (b) => new Float64Array(b)) : kind === 'int64' ? take(r, (b) => new BigInt64Array(b)) : kind === 'bool' ? take(r, (b) => new Uint8Array(b)) : i32(r);
    }
    const present = u32(r);
    const side = new Map<number, PropertyValue>();
    for (let k = r.varUint(); k > 0; k--) side.set(r.varUint(), r.value());
    const dict: string[] = [];
    for (let k = r.varUint(); k > 0; k--) dict.push(r.string());
    t.columns.set(keyId, PropertyColumn.fromRaw(dataType, multi, { data, present, side }, dict));
  }
  return t;
}

/**
 * A capture of a store for a snapshot (GraphStore.captureSnapshot): its sections as
 * parts, whether they still hold the captured state, and the end of the capture.
 */
export interface StoreCapture {
  /** Section name to parts; a section's bytes are its parts concatenated. */
  readonly sections: Map<string, Uint8Array[]>;
  /** False once the store has changed since the capture (never for a copied one). */
  readonly intact: boolean;
  /** Ends the capture: the store stops telling it about changes. */
  release(): void;
}

/**
 * Captures a state for a snapshot: merges the adjacencies that hold dead entries, encodes the
 * sections as parts (views of the large arrays, or with `copy` copies), and unless copied adds
 * to `watches` the function that marks the capture no longer intact, which the store calls once
 * before it next changes (see GraphStore.captureSnapshot).
 */
export function captureState(s: StoreState, options: { readonly copy: boolean; readonly watches: Set<() => void> }): StoreCapture {
  const { copy, watches } = options;
  s.mergeAdjacency('tombstoned');
  const sections = encodeStateParts(s, { copy });
  let intact = true;
  const watch = (): void => {
    intact = false;
  };
  if (!copy) watches.add(watch);
  return {
    sections,
    get intact(): boolean {
      return intact;
    },
    release: () => {
      watches.delete(watch);
    },
  };
}

/**
 * Encodes a (merged) state into named sections, each as parts whose concatenation is the
 * section's bytes. Large typed arrays are parts of their own: views of the state's arrays (which
 * stay valid only until the state next changes), or with `copy` copies of them.
 */
export function encodeStateParts(s: StoreState, options: { readonly copy: boolean }): Map<string, Uint8Array[]> {
  const sections = new Map<string, Uint8Array[]>();
  sections.set('schema', [new TextEncoder().encode(JSON.stringify(s.catalog.toJSON()))]);
  const vp = new SectionParts(options.copy);
  const v = vp.w;
  const vt = s.vertices;
  v.varUint(vt.size);
  v.varUint(s.nextAutoId);
  vp.array(vt.labelOf, vt.size);
  vp.array(vt.rowOf, vt.size);
  vp.array(vt.idKind, vt.size);
  vp.array(vt.idNumber, vt.size);
  vp.array(vt.alive.toWords());
  for (let i = 0; i < vt.size; i++) v.string(vt.idText[i] ?? '');
  v.varUint(s.vertexTables.size);
  for (const t of s.vertexTables.values()) writeTable(vp, t);
  v.varUint(s.propertySides.size);
  for (const [slot, keys] of s.propertySides) {
    v.varUint(slot);
    v.varUint(keys.size);
    for (const [keyId, side] of keys) {
      v.varUint(keyId);
      v.varUint(side.ids.length);
      side.ids.forEach((id, i) => {
        v.value(id);
        const meta = side.meta[i] ?? new Map<string, PropertyValue>();
        v.varUint(meta.size);
        for (const [k, x] of meta) {
          v.string(k);
          v.value(x);
        }
      });
    }
  }
  sections.set('vertices', vp.finish());
  const ep = new SectionParts(options.copy);
  const e = ep.w;
  const et = s.edges;
  e.varUint(et.size);
  ep.array(et.label, et.size);
  ep.array(et.out, et.size);
  ep.array(et.in, et.size);
  ep.array(et.alive.toWords());
  e.u8(et.rowOf === undefined ? 0 : 1);
  if (et.rowOf !== undefined) ep.array(et.rowOf, Math.min(et.size, et.rowOf.length));
  e.varUint(et.tables.size);
  for (const t of et.tables.values()) writeTable(ep, t);
  e.varUint(s.edgeIds.size);
  for (const [slot, id] of s.edgeIds) {
    e.varUint(slot);
    e.value(id);
  }
  e.varUint(s.adjacency.size);
  for (const [labelId, adj] of s.adjacency) {
    e.varUint(labelId);
    for (const c of [adj.out, adj.in]) {
      ep.array(c.offsets);
      ep.array(c.targets);
      ep.array(c.edges);
    }
  }
  e.varUint(et.counts.size);
  for (const [labelId, n] of et.counts) {
    e.varUint(labelId);
    e.varUint(n);
  }
  e.varUint(0);
  // Buffered adjacency entries, as edge slots in insertion order (a capture does not merge them).
  e.varUint(s.adjacency.size);
  for (const [labelId, adj] of s.adjacency) {
    e.varUint(labelId);
    ep.array(adj.out.bufferedEdges());
    ep.array(adj.in.bufferedEdges());
  }
  sections.set('edges', ep.finish());
  return sections;
}

/**
 * Loads sections written by {@link encodeState} into an empty state whose catalog is loaded.
 */
export function decodeState(s: StoreState, sections: ReadonlyMap<string, Uint8Array>): void {
  const need = (name: string): ByteReader => {
    const bytes = sections.get(name);
    if (bytes === undefined) throw new StorageError('SNAPSHOT_SECTION', `Cannot decode snapshot: section '${name}' is missing`);
    return new ByteReader(bytes);
  };
  const v = need('vertices');
  const vt = s.vertices;
  vt.size = v.varUint();
  s.nextAutoId = v.varUint();
  vt.labelOf = withCapacity(i32(v), (n) => new Int32Array(n));
  vt.rowOf = withCapacity(i32(v), (n) => new Int32Array(n));
  vt.idKind = withCapacity(take(v, (b) => new Uint8Array(b)), (n) => new Uint8Array(n));
  vt.idNumber = withCapacity(take(v, (b) => new BigInt64Array(b)), (n) => new BigInt64Array(n));
  vt.alive = BitSet.fromWords(u32(v));
  for (let i = 0; i < vt.size; i++) {
    const text = v.string();
    if (vt.idKind[i]! >= 2) vt.idText[i] = text;
  }
  for (let n = v.varUint(); n > 0; n--) {
    const t = readTable(v);
    s.vertexTables.set(t.labelId, t);
  }
  for (let n = v.varUint(); n > 0; n--) {
    const slot = v.varUint();
    const keys = new Map<number, { ids: ElementId[]; meta: Map<string, PropertyValue>[] }>();
    for (let k = v.varUint(); k > 0; k--) {
      const keyId = v.varUint();
      const ids: ElementId[] = [];
      const meta: Map<string, PropertyValue>[] = [];
      for (let i = v.varUint(); i > 0; i--) {
        ids.push(v.value() as ElementId);
        const m = new Map<string, PropertyValue>();
        for (let j = v.varUint(); j > 0; j--) m.set(v.string(), v.value());
        meta.push(m);
      }
      keys.set(keyId, { ids, meta });
    }
    s.propertySides.set(slot, keys);
  }
  vt.rebuildIdMaps();
  const e = need('edges');
  const et = s.edges;
  et.size = e.varUint();
  et.label = withCapacity(take(e, (b) => new Uint16Array(b)), (n) => new Uint16Array(n));
  et.out = withCapacity(i32(e), (n) => new Int32Array(n));
  et.in = withCapacity(i32(e), (n) => new Int32Array(n));
  et.alive = BitSet.fromWords(u32(e));
  if (e.u8() === 1) et.rowOf = withCapacity(i32(e), (n) => new Int32Array(n));
  for (let n = e.varUint(); n > 0; n--) {
    const t = readTable(e);
    et.tables.set(t.labelId, t);
  }
  for (let n = e.varUint(); n > 0; n--) {
    const slot = e.varUint();
    const id = e.value() as ElementId;
    s.edgeIds.set(slot, id);
    if (et.alive.get(slot)) s.edgeIdSlots.set(idMapKey(id), slot);
  }
  for (let n = e.varUint(); n > 0; n--) {
    const labelId = e.varUint();
    const out = Csr.fromArrays(i32(e), i32(e), i32(e));
    const inn = Csr.fromArrays(i32(e), i32(e), i32(e));
    s.adjacency.set(labelId, { out, in: inn });
  }
  for (let n = e.varUint(); n > 0; n--) et.counts.set(e.varUint(), e.varUint());
  // Older snapshots stored SINGLE pair hashes: derived data, skipped (pair filters are rebuilt on use).
  for (let n = e.varUint(); n > 0; n--) {
    e.varUint();
    e.varUint();
    i32(e);
    take(e, (b) => new Uint8Array(b));
  }
  // Snapshots written before captures stopped merging end here; later ones list buffered entries.
  if (e.done) return;
  for (let n = e.varUint(); n > 0; n--) {
    const adj = s.adjacency.get(e.varUint());
    const out = i32(e);
    const inn = i32(e);
    if (adj === undefined) throw new StorageError('SNAPSHOT_SECTION', 'Cannot decode snapshot: buffered adjacency entries of an edge label without adjacency');
    for (const slot of out) adj.out.add(et.out[slot]!, et.in[slot]!, slot);
    for (const slot of inn) adj.in.add(et.in[slot]!, et.out[slot]!, slot);
  }
}
