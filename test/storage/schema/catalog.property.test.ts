import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { QuiverError } from '../../../src/errors.js';
import { SchemaCatalog } from '../../../src/storage/schema/index.js';
import type { SchemaChange } from '../../../src/storage/schema/index.js';

const KEYS = ['k1', 'k2', 'k3', 'k4'];
const VLS = ['v1', 'v2', 'v3'];
const ELS = ['e1', 'e2'];
const ILS = ['i1', 'i2', 'i3'];
const TYPES = ['int', 'text', 'double', 'date'] as const;
const STORED: Record<(typeof TYPES)[number], string> = { int: 'INT', text: 'TEXT', double: 'DOUBLE', date: 'DATE' };

type Op =
  | { kind: 'key'; name: string; type: (typeof TYPES)[number] }
  | { kind: 'vertex'; name: string; props: string[]; pk: boolean }
  | { kind: 'edge'; name: string; src: string; tgt: string; props: string[] }
  | { kind: 'index'; name: string; label: string; field: string; range: boolean }
  | { kind: 'append'; name: string; prop: string }
  | { kind: 'rename'; from: string; to: string }
  | { kind: 'removeKey'; name: string }
  | { kind: 'removeVertex'; name: string }
  | { kind: 'removeEdge'; name: string }
  | { kind: 'removeIndex'; name: string };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('key' as const), name: fc.constantFrom(...KEYS), type: fc.constantFrom(...TYPES) }),
  fc.record({ kind: fc.constant('vertex' as const), name: fc.constantFrom(...VLS), props: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 3 }), pk: fc.boolean() }),
  fc.record({ kind: fc.constant('edge' as const), name: fc.constantFrom(...ELS), src: fc.constantFrom(...VLS), tgt: fc.constantFrom(...VLS), props: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 2 }) }),
  fc.record({ kind: fc.constant('index' as const), name: fc.constantFrom(...ILS), label: fc.constantFrom(...VLS), field: fc.constantFrom(...KEYS), range: fc.boolean() }),
  fc.record({ kind: fc.constant('append' as const), name: fc.constantFrom(...VLS), prop: fc.constantFrom(...KEYS) }),
  fc.record({ kind: fc.constant('rename' as const), from: fc.constantFrom(...KEYS), to: fc.constantFrom(...KEYS, 'k5') }),
  fc.record({ kind: fc.constant('removeKey' as const), name: fc.constantFrom(...KEYS) }),
  fc.record({ kind: fc.constant('removeVertex' as const), name: fc.constantFrom(...VLS) }),
  fc.record({ kind: fc.constant('removeEdge' as const), name: fc.constantFrom(...ELS) }),
  fc.record({ kind: fc.constant('removeIndex' as const), name: fc.constantFrom(...ILS) }),
);

interface ModelVertex { props: string[]; pks: string[]; nullable: string[] }
interface ModelIndex { label: string; field: string; type: string }

/** A deliberately naive reference model of the catalog rules that the generated operations exercise. */
class Model {
  keys = new Map<string, string>();
  vertices = new Map<string, ModelVertex>();
  edges = new Map<string, { src: string; tgt: string; props: string[] }>();
  indexes = new Map<string, ModelIndex>();

  /** Applies an operation; returns false (changing nothing) when the catalog must refuse it. */
  run(op: Op): boolean {
    switch (op.kind) {
      case 'key':
        if (this.keys.has(op.name)) return false;
        this.keys.set(op.name, STORED[op.type]);
        return true;
      case 'vertex': {
        if (this.vertices.has(op.name) || !op.props.every((p) => this.keys.has(p))) return false;
        const pks = op.pk && op.props.length > 0 ? [op.props[0] as string] : [];
        this.vertices.set(op.name, { props: [...op.props], pks, nullable: op.props.filter((p) => !pks.includes(p)) });
        return true;
      }
      case 'edge':
        if (this.edges.has(op.name) || !this.vertices.has(op.src) || !this.vertices.has(op.tgt) || !op.props.every((p) => this.keys.has(p))) return false;
        this.edges.set(op.name, { src: op.src, tgt: op.tgt, props: [...op.props] });
        return true;
      case 'index':
        return this.index(op);
      case 'append': {
        const v = this.vertices.get(op.name);
        if (v === undefined || !this.keys.has(op.prop) || v.pks.includes(op.prop)) return false;
        if (!v.props.includes(op.prop)) v.props.push(op.prop);
        if (!v.nullable.includes(op.prop)) v.nullable.push(op.prop);
        return true;
      }
      case 'rename': {
        const type = this.keys.get(op.from);
        if (type === undefined || this.keys.has(op.to)) return false;
        this.keys.delete(op.from);
        this.keys.set(op.to, type);
        const swap = (list: string[]): string[] => list.map((n) => (n === op.from ? op.to : n));
        for (const v of this.vertices.values()) Object.assign(v, { props: swap(v.props), pks: swap(v.pks), nullable: swap(v.nullable) });
        for (const e of this.edges.values()) e.props = swap(e.props);
        for (const i of this.indexes.values()) if (i.field === op.from) i.field = op.to;
        return true;
      }
      case 'removeKey':
        if (!this.keys.has(op.name) || [...this.vertices.values(), ...this.edges.values()].some((l) => l.props.includes(op.name))) return false;
        this.keys.delete(op.name);
        return true;
      case 'removeVertex':
        if (!this.vertices.has(op.name) || [...this.edges.values()].some((e) => e.src === op.name || e.tgt === op.name)) return false;
        this.vertices.delete(op.name);
        for (const [n, i] of this.indexes) if (i.label === op.name) this.indexes.delete(n);
        return true;
      case 'removeEdge':
        return this.edges.delete(op.name);
      case 'removeIndex':
        return this.indexes.delete(op.name);
    }
  }

  private index(op: Extract<Op, { kind: 'index' }>): boolean {
    const v = this.vertices.get(op.label);
    const type = this.keys.get(op.field);
    if (this.indexes.has(op.name) || v === undefined || type === undefined || !v.props.includes(op.field)) return false;
    const resolved = op.range ? ({ INT: 'RANGE_INT', DOUBLE: 'RANGE_DOUBLE', DATE: 'RANGE_LONG' } as Record<string, string>)[type] : 'SECONDARY';
    if (resolved === undefined) return false;
    if (!op.range && v.pks.length > 0 && v.pks.every((k) => k === op.field)) return false;
    const same = [...this.indexes].filter(([, i]) => i.label === op.label && i.field === op.field);
    if (same.some(([, i]) => op.range ? i.type.startsWith('RANGE') : true)) return false;
    if (op.range) for (const [n, i] of same) if (i.type === 'SECONDARY') this.indexes.delete(n);
    this.indexes.set(op.name, { label: op.label, field: op.field, type: resolved });
    return true;
  }
}

function runOnCatalog(catalog: SchemaCatalog, op: Op): SchemaChange | undefined {
  switch (op.kind) {
    case 'key': return catalog.createPropertyKey({ name: op.name, dataType: op.type }).change;
    case 'vertex': {
      const pks = op.pk && op.props.length > 0 ? [op.props[0] as string] : [];
      return catalog.createVertexLabel({ name: op.name, properties: op.props, primaryKeys: pks, nullableKeys: op.props.filter((p) => !pks.includes(p)) }).change;
    }
    case 'edge': return catalog.createEdgeLabel({ name: op.name, sourceLabel: op.src, targetLabel: op.tgt, properties: op.props, nullableKeys: op.props }).change;
    case 'index': return catalog.createIndexLabel({ name: op.name, baseType: 'VERTEX_LABEL', baseValue: op.label, fields: [op.field], indexType: op.range ? 'RANGE' : 'SECONDARY' }).change;
    case 'append': return catalog.appendVertexLabel(op.name, { properties: [op.prop], nullableKeys: [op.prop] }).change;
    case 'rename': return catalog.renamePropertyKey(op.from, op.to).change;
    case 'removeKey': return catalog.removePropertyKey(op.name).change;
    case 'removeVertex': return catalog.removeVertexLabel(op.name).change;
    case 'removeEdge': return catalog.removeEdgeLabel(op.name).change;
    case 'removeIndex': return catalog.removeIndexLabel(op.name).change;
  }
}

const sorted = (list: readonly string[]): string[] => [...list].sort();

function project(catalog: SchemaCatalog): unknown {
  return {
    keys: Object.fromEntries(catalog.propertyKeys().map((k) => [k.name, k.dataType])),
    vertices: Object.fromEntries(catalog.vertexLabels().map((v) => [v.name, { props: sorted(v.properties), pks: [...v.primaryKeys], nullable: sorted(v.nullableKeys) }])),
    edges: Object.fromEntries(catalog.edgeLabels().map((e) => [e.name, { src: e.sourceLabel, tgt: e.targetLabel, props: sorted(e.properties) }])),
    indexes: Object.fromEntries(catalog.indexLabels().map((i) => [i.name, { label: i.baseValue, field: i.fields[0], type: i.indexType }])),
    indexNames: Object.fromEntries(catalog.vertexLabels().map((v) => [v.name, sorted(v.indexLabels)])),
  };
}

function projectModel(model: Model): unknown {
  const byName = <T, U>(map: Map<string, T>, f: (t: T) => U): Record<string, U> => Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)).map(([n, t]) => [n, f(t)]));
  return {
    keys: byName(model.keys, (t) => t),
    vertices: byName(model.vertices, (v) => ({ props: sorted(v.props), pks: v.pks, nullable: sorted(v.nullable) })),
    edges: byName(model.edges, (e) => ({ src: e.src, tgt: e.tgt, props: sorted(e.props) })),
    indexes: byName(model.indexes, (i) => ({ label: i.label, field: i.field, type: i.type })),
    indexNames: byName(model.vertices, (_v) => [] as string[]),
  };
}

function normalise(value: unknown): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, sortKeys(x)]));
    return v;
  };
  return JSON.stringify(sortKeys(value));
}

describe('SchemaCatalog against a reference model', () => {
  it('accepts and refuses the same operations as the model and ends in the same state', () => {
    fc.assert(fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
      const catalog = new SchemaCatalog({ now: () => 0 });
      const model = new Model();
      const changes: SchemaChange[] = [];
      for (const op of ops) {
        const expected = model.run(op);
        let change: SchemaChange | undefined;
        let ok = true;
        try {
          change = runOnCatalog(catalog, op);
        } catch (e) {
          assert.ok(e instanceof QuiverError, String(e));
          ok = false;
        }
        assert.equal(ok, expected, `${JSON.stringify(op)} -> ${ok}`);
        if (change) changes.push(change);
      }
      const actual = project(catalog) as { indexNames: Record<string, string[]> };
      const wanted = projectModel(model) as { indexNames: Record<string, string[]> };
      for (const [name, indexes] of Object.entries(actual.indexNames)) {
        assert.deepEqual(indexes, sorted([...model.indexes].filter(([, i]) => i.label === name).map(([n]) => n)));
        wanted.indexNames[name] = indexes;
      }
      assert.equal(normalise(actual), normalise(wanted));

      const replayed = new SchemaCatalog();
      for (const change of changes) replayed.apply(JSON.parse(JSON.stringify(change)) as SchemaChange);
      assert.deepEqual(replayed.toJSON(), catalog.toJSON());
      const restored = SchemaCatalog.fromJSON(JSON.parse(JSON.stringify(catalog.toJSON())) as ReturnType<SchemaCatalog['toJSON']>);
      assert.equal(JSON.stringify(restored.toJSON()), JSON.stringify(catalog.toJSON()));
    }), { numRuns: 300, seed: 20240102 });
  });
});
