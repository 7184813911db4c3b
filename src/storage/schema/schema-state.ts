/**
 * The stored state of a schema catalog: records by name and id, id counters, and `apply`,
 * which replays a {@link SchemaChange} deterministically.
 * @module
 */
import { SchemaError } from '../../errors.js';
import type { RemovedSchema, SchemaChange, SchemaCounters, SchemaSnapshot } from './specs.js';
import type { EdgeLabelRecord, IndexLabelRecord, PropertyKeyRecord, VertexLabelRecord } from './schema-types.js';

interface Named {
  readonly id: number;
  readonly name: string;
}

/**
 * Records of one kind, by name and by id.
 */
export class SchemaTable<R extends Named> {
  private readonly names = new Map<string, R>();
  private readonly ids = new Map<number, R>();
  /** {@link SchemaTable.all}, until the next change (read paths ask for it on every query). */
  #sorted: readonly R[] | undefined;
  /** Next id to hand out. */
  next = 1;

  constructor(/** Readable kind, for errors. */ readonly kind: string) {}

  /** The record with this name. */
  byName(name: string): R | undefined {
    return this.names.get(name);
  }

  /** The record with this id. */
  byId(id: number): R | undefined {
    return this.ids.get(id);
  }

  /** All records in id order (one frozen array, shared until the next change). */
  all(): readonly R[] {
    return (this.#sorted ??= Object.freeze([...this.ids.values()].sort((a, b) => a.id - b.id)));
  }

  /** Adds a new record; the name and the id must be free. */
  add(record: R): void {
    if (this.names.has(record.name) || this.ids.has(record.id)) {
      throw inconsistent(`${this.kind} '${record.name}' (id ${record.id}) already exists`);
    }
    const frozen = deepFreeze(record);
    this.names.set(record.name, frozen);
    this.ids.set(record.id, frozen);
    this.#sorted = undefined;
    this.next = Math.max(this.next, record.id + 1);
  }

  /** Replaces the record called `name` by one with the same id (its name may change). */
  replace(name: string, record: R): void {
    const old = this.names.get(name);
    if (old === undefined || old.id !== record.id) {
      throw inconsistent(`${this.kind} '${name}' with id ${record.id} does not exist`);
    }
    if (record.name !== name && this.names.has(record.name)) {
      throw inconsistent(`${this.kind} '${record.name}' already exists`);
    }
    this.names.delete(name);
    const frozen = deepFreeze(record);
    this.names.set(record.name, frozen);
    this.ids.set(record.id, frozen);
    this.#sorted = undefined;
  }

  /** Drops every record and resets the counter. */
  clear(): void {
    this.names.clear();
    this.ids.clear();
    this.#sorted = undefined;
    this.next = 1;
  }

  /** Removes the record called `name` and returns it. */
  remove(name: string): R {
    const old = this.names.get(name);
    if (old === undefined) throw inconsistent(`${this.kind} '${name}' does not exist`);
    this.names.delete(name);
    this.ids.delete(old.id);
    this.#sorted = undefined;
    return old;
  }
}

function inconsistent(detail: string): SchemaError {
  return new SchemaError('SCHEMA_CHANGE_INCONSISTENT', `Cannot apply schema change: ${detail}`);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value as object)) deepFreeze(inner);
  }
  return value;
}

/** Restores `ttlStartTime: undefined`, which a JSON round trip drops, so records compare equal. */
function label<R extends VertexLabelRecord | EdgeLabelRecord>(record: R): R {
  return { ...record, ttlStartTime: record.ttlStartTime ?? undefined };
}

function renameIn(names: readonly string[], from: string, to: string): string[] {
  return names.map((n) => (n === from ? to : n));
}

/**
 * The mutable state behind a catalog. `apply` performs no rule checks beyond consistency
 * (names and ids exist or are free as the change expects).
 */
export class SchemaState {
  protected readonly keys = new SchemaTable<PropertyKeyRecord>('property key');
  protected readonly vertices = new SchemaTable<VertexLabelRecord>('vertex label');
  protected readonly edges = new SchemaTable<EdgeLabelRecord>('edge label');
  protected readonly indexes = new SchemaTable<IndexLabelRecord>('index label');

  /** Replays one change. Throws SchemaError SCHEMA_CHANGE_INCONSISTENT when it does not fit. */
  apply(change: SchemaChange): void {
    this.applyAndReport(change);
  }

  /** Replays one change, all or nothing, and reports what a removal took away. */
  protected applyAndReport(change: SchemaChange): RemovedSchema {
    const before = this.toJSON();
    try {
      return this.applyUnchecked(change);
    } catch (error) {
      for (const table of [this.keys, this.vertices, this.edges, this.indexes]) table.clear();
      this.load(before);
      throw error;
    }
  }

  private applyUnchecked(change: SchemaChange): RemovedSchema {
    const removed = { propertyKeys: [] as string[], vertexLabels: [] as string[], edgeLabels: [] as string[], indexLabels: [] as string[] };
    switch (change.op) {
      case 'createPropertyKey':
        this.keys.add(change.record);
        break;
      case 'updatePropertyKey':
        this.keys.replace(change.name, change.record);
        if (change.record.name !== change.name) this.renameKeyReferences(change.name, change.record.name);
        break;
      case 'removePropertyKey':
        removed.propertyKeys.push(this.keys.remove(change.name).name);
        break;
      case 'createVertexLabel':
        this.vertices.add(label(change.record));
        break;
      case 'updateVertexLabel':
        this.vertices.replace(change.name, label(change.record));
        break;
      case 'removeVertexLabel':
        removed.indexLabels.push(...this.dropIndexesOf(this.vertices.byName(change.name)));
        removed.vertexLabels.push(this.vertices.remove(change.name).name);
        break;
      case 'createEdgeLabel':
        this.edges.add(label(change.record));
        break;
      case 'updateEdgeLabel':
        this.edges.replace(change.name, label(change.record));
        break;
      case 'removeEdgeLabel':
        removed.indexLabels.push(...this.dropIndexesOf(this.edges.byName(change.name)));
        removed.edgeLabels.push(this.edges.remove(change.name).name);
        break;
      case 'createIndexLabel':
        for (const name of change.replaced) removed.indexLabels.push(this.removeIndex(name));
        this.indexes.add(change.record);
        this.updateBase(change.record, (names) => [...names, change.record.name]);
        break;
      case 'updateIndexLabel':
        this.indexes.replace(change.name, change.record);
        break;
      case 'removeIndexLabel':
        removed.indexLabels.push(this.removeIndex(change.name));
        break;
    }
    return removed;
  }

  /** The catalog as plain JSON data, records in id order, with the id counters. */
  toJSON(): SchemaSnapshot {
    return {
      propertyKeys: this.keys.all(),
      vertexLabels: this.vertices.all(),
      edgeLabels: this.edges.all(),
      indexLabels: this.indexes.all(),
      nextIds: this.counters(),
    };
  }

  /** The next id per kind. */
  counters(): SchemaCounters {
    return { propertyKey: this.keys.next, vertexLabel: this.vertices.next, edgeLabel: this.edges.next, indexLabel: this.indexes.next };
  }

  /** Loads a snapshot into this (empty) state. */
  protected load(snapshot: SchemaSnapshot): void {
    for (const r of snapshot.propertyKeys) this.keys.add({ ...r, userData: { ...r.userData } });
    for (const r of snapshot.vertexLabels) this.vertices.add(label(r));
    for (const r of snapshot.edgeLabels) this.edges.add(label(r));
    for (const r of snapshot.indexLabels) {
      const base = r.baseType === 'VERTEX_LABEL' ? this.vertices.byName(r.baseValue) : this.edges.byName(r.baseValue);
      if (base === undefined || !base.indexLabels.includes(r.name)) {
        throw inconsistent(`index label '${r.name}' is not listed by its base label '${r.baseValue}'`);
      }
      this.indexes.add(r);
    }
    this.keys.next = Math.max(this.keys.next, snapshot.nextIds.propertyKey);
    this.vertices.next = Math.max(this.vertices.next, snapshot.nextIds.vertexLabel);
    this.edges.next = Math.max(this.edges.next, snapshot.nextIds.edgeLabel);
    this.indexes.next = Math.max(this.indexes.next, snapshot.nextIds.indexLabel);
  }

  private renameKeyReferences(from: string, to: string): void {
    for (const v of this.vertices.all()) {
      this.vertices.replace(v.name, {
        ...v,
        properties: renameIn(v.properties, from, to),
        primaryKeys: renameIn(v.primaryKeys, from, to),
        nullableKeys: renameIn(v.nullableKeys, from, to),
        ttlStartTime: v.ttlStartTime === from ? to : v.ttlStartTime,
      });
    }
    for (const e of this.edges.all()) {
      this.edges.replace(e.name, {
        ...e,
        properties: renameIn(e.properties, from, to),
        sortKeys: renameIn(e.sortKeys, from, to),
        nullableKeys: renameIn(e.nullableKeys, from, to),
        ttlStartTime: e.ttlStartTime === from ? to : e.ttlStartTime,
      });
    }
    for (const i of this.indexes.all()) {
      if (i.fields.includes(from)) this.indexes.replace(i.name, { ...i, fields: renameIn(i.fields, from, to) });
    }
  }

  private dropIndexesOf(label: VertexLabelRecord | EdgeLabelRecord | undefined): string[] {
    if (label === undefined) return [];
    return [...label.indexLabels].map((name) => this.removeIndex(name));
  }

  private removeIndex(name: string): string {
    const record = this.indexes.remove(name);
    this.updateBase(record, (names) => names.filter((n) => n !== name));
    return name;
  }

  private updateBase(index: IndexLabelRecord, update: (names: readonly string[]) => string[]): void {
    if (index.baseType === 'VERTEX_LABEL') {
      const base = this.vertices.byName(index.baseValue);
      if (base === undefined) throw inconsistent(`base vertex label '${index.baseValue}' of index label '${index.name}' does not exist`);
      this.vertices.replace(base.name, { ...base, indexLabels: update(base.indexLabels) });
    } else {
      const base = this.edges.byName(index.baseValue);
      if (base === undefined) throw inconsistent(`base edge label '${index.baseValue}' of index label '${index.name}' does not exist`);
      this.edges.replace(base.name, { ...base, indexLabels: update(base.indexLabels) });
    }
  }
}
