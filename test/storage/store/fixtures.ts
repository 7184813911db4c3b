/**
 * Shared fixtures of the store tests: a HugeGraph-like schema (person/software, knows/created)
 * and store factories.
 * @module
 */
import { GraphStore, type GraphStoreOptions, type StoreConfig } from '../../../src/storage/graph-store.js';
import { SchemaCatalog } from '../../../src/storage/schema/catalog.js';
import type { GraphMode } from '../../../src/storage/schema/schema-types.js';

/** Default strict config. */
export const STRICT: StoreConfig = { autoCreate: false, vertexTxCapacity: 10000, edgeTxCapacity: 10000, checkCustomizedIdExist: false };

/** A mutable mode holder. */
export class ModeBox {
  mode: GraphMode = 'NONE';
  readonly get = (): GraphMode => this.mode;
}

/** A mutable clock. */
export class Clock {
  ms = 1_000_000;
  readonly get = (): number => this.ms;
}

/** The fixture catalog of hugegraph-notes §8 plus a few extra labels and indexes. */
export function fixtureCatalog(mode: () => GraphMode = () => 'NONE'): SchemaCatalog {
  const c = new SchemaCatalog({ mode });
  c.createPropertyKey({ name: 'name', dataType: 'TEXT' });
  c.createPropertyKey({ name: 'age', dataType: 'INT' });
  c.createPropertyKey({ name: 'city', dataType: 'TEXT' });
  c.createPropertyKey({ name: 'lang', dataType: 'TEXT' });
  c.createPropertyKey({ name: 'date', dataType: 'TEXT' });
  c.createPropertyKey({ name: 'price', dataType: 'INT' });
  c.createPropertyKey({ name: 'weight', dataType: 'DOUBLE' });
  c.createPropertyKey({ name: 'tags', dataType: 'TEXT', cardinality: 'SET' });
  c.createPropertyKey({ name: 'scores', dataType: 'INT', cardinality: 'LIST' });
  c.createPropertyKey({ name: 'born', dataType: 'DATE' });
  c.createPropertyKey({ name: 'big', dataType: 'LONG' });
  c.createPropertyKey({ name: 'bio', dataType: 'TEXT' });
  c.createPropertyKey({ name: 'email', dataType: 'TEXT' });
  c.createVertexLabel({ name: 'person', properties: ['name', 'age', 'city', 'tags', 'scores', 'born', 'big', 'bio', 'email'], primaryKeys: ['name'], nullableKeys: ['age', 'city', 'tags', 'scores', 'born', 'big', 'bio', 'email'] });
  c.createVertexLabel({ name: 'software', properties: ['name', 'lang', 'price'], primaryKeys: ['name'], nullableKeys: ['lang', 'price'] });
  c.createVertexLabel({ name: 'user', idStrategy: 'CUSTOMIZE_STRING', properties: ['name'], nullableKeys: ['name'] });
  c.createVertexLabel({ name: 'item', idStrategy: 'CUSTOMIZE_NUMBER', properties: ['name'], nullableKeys: ['name'] });
  c.createVertexLabel({ name: 'node', idStrategy: 'AUTOMATIC', properties: ['name'], nullableKeys: ['name'] });
  c.createEdgeLabel({ name: 'knows', sourceLabel: 'person', targetLabel: 'person', frequency: 'MULTIPLE', sortKeys: ['date'], properties: ['date', 'weight'], nullableKeys: ['weight'] });
  c.createEdgeLabel({ name: 'created', sourceLabel: 'person', targetLabel: 'software', properties: ['date', 'weight'], nullableKeys: ['date', 'weight'] });
  c.createEdgeLabel({ name: 'link', sourceLabel: 'node', targetLabel: 'node' });
  c.createIndexLabel({ name: 'personByCity', baseType: 'VERTEX_LABEL', baseValue: 'person', indexType: 'SECONDARY', fields: ['city'] });
  c.createIndexLabel({ name: 'personByAge', baseType: 'VERTEX_LABEL', baseValue: 'person', indexType: 'RANGE', fields: ['age'] });
  c.createIndexLabel({ name: 'personByBio', baseType: 'VERTEX_LABEL', baseValue: 'person', indexType: 'SEARCH', fields: ['bio'] });
  c.createIndexLabel({ name: 'personByEmail', baseType: 'VERTEX_LABEL', baseValue: 'person', indexType: 'UNIQUE', fields: ['email'] });
  c.createIndexLabel({ name: 'createdByWeight', baseType: 'EDGE_LABEL', baseValue: 'created', indexType: 'RANGE', fields: ['weight'] });
  return c;
}

/** A strict store over the fixture catalog. */
export function fixtureStore(options: Partial<Omit<GraphStoreOptions, 'config'>> & { config?: Partial<StoreConfig> } = {}): GraphStore {
  const mode = options.mode ?? (() => 'NONE' as GraphMode);
  return new GraphStore(fixtureCatalog(mode), { config: { ...STRICT, ...options.config }, mode, now: options.now });
}

/** An auto-create store over an empty catalog. */
export function autoStore(): GraphStore {
  return new GraphStore(new SchemaCatalog(), { config: { ...STRICT, autoCreate: true }, mode: () => 'NONE' });
}
