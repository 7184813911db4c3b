/**
 * Schema resolution for writes: strict mode raises HugeGraph's errors for undefined labels and
 * keys; auto-create mode creates them on first use (recorded in the batch log and undone on
 * rollback).
 * @module
 */
import { SchemaError } from '../../errors.js';
import type { PropertyValue } from '../../values/index.js';
import type { PropertyCardinality } from '../../port/index.js';
import type { SchemaChange } from '../schema/specs.js';
import type { EdgeLabelRecord, PropertyKeyRecord, VertexLabelRecord } from '../schema/schema-types.js';
import { inferKeyType } from './coerce.js';
import type { StoreState } from './store-state.js';

/**
 * Resolves labels and property keys of writes. Auto-created keys are LIST keys, so that any
 * vertex may hold one or several values of a key as TinkerGraph allows; edge values of such
 * keys stay single (see the store's edge columns).
 */
export class AutoSchema {
  constructor(
    private readonly state: StoreState,
    private readonly enabled: boolean,
  ) {}

  /** A vertex label, created when missing in auto-create mode. */
  vertexLabel(name: string): VertexLabelRecord {
    const c = this.state.catalog;
    const found = c.vertexLabel(name);
    if (found !== undefined) return found;
    if (!this.enabled) throw new SchemaError('UNDEFINED_VERTEX_LABEL', `Undefined vertex label: '${name}'`);
    const { change, record } = c.createVertexLabel({ name, idStrategy: 'AUTOMATIC' });
    this.recorded(change, { op: 'removeVertexLabel', name });
    return record;
  }

  /** An edge label, created when missing in auto-create mode. */
  edgeLabel(name: string, sourceLabel: string, targetLabel: string): EdgeLabelRecord {
    const c = this.state.catalog;
    const found = c.edgeLabel(name);
    if (found !== undefined) return found;
    if (!this.enabled) throw new SchemaError('UNDEFINED_EDGE_LABEL', `Undefined edge label: '${name}'`);
    const { change, record } = c.createEdgeLabel({ name, sourceLabel, targetLabel });
    this.recorded(change, { op: 'removeEdgeLabel', name });
    return record;
  }

  /** An existing property key. */
  key(name: string): PropertyKeyRecord {
    const k = this.state.catalog.propertyKey(name);
    if (k === undefined) throw new SchemaError('UNDEFINED_PROPERTY_KEY', `Undefined property key: '${name}'`);
    return k;
  }

  /** The key of a vertex property write, checked against (or added to) the label. */
  propertyOf(label: VertexLabelRecord, name: string, value: PropertyValue, cardinality: PropertyCardinality | undefined): PropertyKeyRecord {
    const key = this.ensureKey(name, value, cardinality);
    const current = this.state.catalog.vertexLabel(label.name) ?? label;
    // an OLAP key (a computation job's result) belongs to every vertex label
    if (key.writeType === 'OLTP' && !current.properties.includes(name)) {
      if (!this.enabled) throw new SchemaError('PROPERTY_NOT_IN_LABEL', `Invalid property '${name}' for vertex label '${label.name}'`);
      const { change } = this.state.catalog.appendVertexLabel(label.name, { properties: [name], nullableKeys: [name] });
      this.recorded(change, { op: 'updateVertexLabel', name: label.name, record: current });
    }
    return key;
  }

  /** The key of an edge property write, checked against (or added to) the label. */
  edgePropertyOf(label: EdgeLabelRecord, name: string, value: PropertyValue): PropertyKeyRecord {
    const key = this.ensureKey(name, value, undefined);
    const current = this.state.catalog.edgeLabel(label.name) ?? label;
    if (!current.properties.includes(name)) {
      if (!this.enabled) throw new SchemaError('PROPERTY_NOT_IN_LABEL', `Invalid property '${name}' for edge label '${label.name}'`);
      const { change } = this.state.catalog.appendEdgeLabel(label.name, { properties: [name], nullableKeys: [name] });
      this.recorded(change, { op: 'updateEdgeLabel', name: label.name, record: current });
    }
    return key;
  }

  private ensureKey(name: string, value: PropertyValue, cardinality: PropertyCardinality | undefined): PropertyKeyRecord {
    const c = this.state.catalog;
    const found = c.propertyKey(name);
    if (found !== undefined) return found;
    if (!this.enabled) throw new SchemaError('UNDEFINED_PROPERTY_KEY', `Undefined property key: '${name}'`);
    const { dataType } = inferKeyType(value, cardinality);
    const { change, record } = c.createPropertyKey({ name, dataType, cardinality: 'LIST' });
    this.recorded(change, { op: 'removePropertyKey', name });
    return record;
  }

  private recorded(change: SchemaChange | undefined, inverse: SchemaChange): void {
    if (change !== undefined) this.state.schemaApplied(change, inverse);
  }
}
