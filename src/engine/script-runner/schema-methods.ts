/**
 * The allow-list of `graph.schema()` chains: the schema builder and its property key, vertex
 * label, edge label and index label builders, as HugeGraph's Groovy schema API names them.
 * The interfaces are what the runner needs from the host's builder (the storage builder
 * satisfies them structurally); the tables are all a script can call on them.
 * @module
 */
import { method, callAllowed, type MethodSpec, type ScriptCall } from './methods.js';

/**
 * Methods that every schema element builder shares.
 */
interface ElementBuilderLike {
  /** The script passes a `JsonData` (json.ts); the builder checks it further. */
  userdata(key: string, value: unknown): this;
  userData(entries: { readonly [key: string]: unknown }): this;
  ifNotExist(): this;
  checkExist(check: boolean): this;
  id(id: number): this;
  create(): Promise<unknown>;
  append(): Promise<unknown>;
  eliminate(): Promise<unknown>;
  remove(): Promise<unknown>;
}

/**
 * A property key builder (`schema.propertyKey('age')`).
 */
interface PropertyKeyBuilderLike extends ElementBuilderLike {
  dataType(type: string): this;
  cardinality(cardinality: string): this;
  asText(): this;
  asInt(): this;
  asLong(): this;
  asDouble(): this;
  asFloat(): this;
  asBoolean(): this;
  asByte(): this;
  asDate(): this;
  asUUID(): this;
  asBlob(): this;
  asObject(): this;
  valueSingle(): this;
  valueList(): this;
  valueSet(): this;
}

/**
 * What vertex and edge label builders share.
 */
interface LabelBuilderLike extends ElementBuilderLike {
  properties(...names: string[]): this;
  nullableKeys(...names: string[]): this;
  enableLabelIndex(enable: boolean): this;
  ttl(ms: number): this;
  ttlStartTime(name: string): this;
  rebuildIndex(): Promise<unknown>;
}

/**
 * A vertex label builder (`schema.vertexLabel('person')`).
 */
interface VertexLabelBuilderLike extends LabelBuilderLike {
  idStrategy(strategy: string): this;
  useAutomaticId(): this;
  usePrimaryKeyId(): this;
  useCustomizeStringId(): this;
  useCustomizeNumberId(): this;
  useCustomizeUuidId(): this;
  primaryKeys(...names: string[]): this;
}

/**
 * An edge label builder (`schema.edgeLabel('knows')`).
 */
interface EdgeLabelBuilderLike extends LabelBuilderLike {
  sourceLabel(name: string): this;
  targetLabel(name: string): this;
  link(source: string, target: string): this;
  singleTime(): this;
  multiTimes(): this;
  frequency(frequency: string): this;
  sortKeys(...names: string[]): this;
}

/**
 * An index label builder (`schema.indexLabel('personByAge')`).
 */
interface IndexLabelBuilderLike extends ElementBuilderLike {
  onV(label: string): this;
  onE(label: string): this;
  by(...fields: string[]): this;
  indexType(type: string): this;
  secondary(): this;
  range(): this;
  search(): this;
  shard(): this;
  unique(): this;
  rebuild(): Promise<unknown>;
}

/**
 * The schema builder a script reaches through `graph.schema()`.
 */
export interface SchemaBuilderLike {
  propertyKey(name: string): PropertyKeyBuilderLike;
  vertexLabel(name: string): VertexLabelBuilderLike;
  edgeLabel(name: string): EdgeLabelBuilderLike;
  indexLabel(name: string): IndexLabelBuilderLike;
  renamePropertyKey(oldName: string, newName: string): Promise<unknown>;
  getPropertyKey(name: string): unknown;
  getVertexLabel(name: string): unknown;
  getEdgeLabel(name: string): unknown;
  getIndexLabel(name: string): unknown;
  getPropertyKeys(): unknown;
  getVertexLabels(): unknown;
  getEdgeLabels(): unknown;
  getIndexLabels(): unknown;
}

/** One link of a schema chain: what kind of builder it is, and the builder. */
type ChainLink =
  | { readonly kind: 'schema'; readonly target: SchemaBuilderLike }
  | { readonly kind: 'property key builder'; readonly target: PropertyKeyBuilderLike }
  | { readonly kind: 'vertex label builder'; readonly target: VertexLabelBuilderLike }
  | { readonly kind: 'edge label builder'; readonly target: EdgeLabelBuilderLike }
  | { readonly kind: 'index label builder'; readonly target: IndexLabelBuilderLike };

/**
 * A value inside a `graph.schema()` chain: a builder together with which allow-list applies.
 */
export class SchemaChain {
  constructor(readonly link: ChainLink) {}
}

/** An exhaustive allow-list: one spec for every method of the interface, and nothing else. */
type Table<T> = { readonly [K in keyof T]-?: MethodSpec<T> };

function elementMethods<T extends ElementBuilderLike>(): { readonly [K in keyof ElementBuilderLike]: MethodSpec<T> } {
  return {
    userdata: method(['string', 'json'], (b: T, [key, value]) => b.userdata(key, value)),
    userData: method(['map'], (b: T, [entries]) => b.userData(entries)),
    ifNotExist: method([], (b: T) => b.ifNotExist()),
    checkExist: method(['boolean'], (b: T, [check]) => b.checkExist(check)),
    id: method(['integer'], (b: T, [id]) => b.id(id)),
    create: method([], (b: T) => b.create()),
    append: method([], (b: T) => b.append()),
    eliminate: method([], (b: T) => b.eliminate()),
    remove: method([], (b: T) => b.remove()),
  };
}

function labelMethods<T extends LabelBuilderLike>(): { readonly [K in Exclude<keyof LabelBuilderLike, keyof ElementBuilderLike>]: MethodSpec<T> } {
  return {
    properties: method([], (b: T, names) => b.properties(...names), { rest: 'string' }),
    nullableKeys: method([], (b: T, names) => b.nullableKeys(...names), { rest: 'string' }),
    enableLabelIndex: method(['boolean'], (b: T, [enable]) => b.enableLabelIndex(enable)),
    ttl: method(['integer'], (b: T, [ms]) => b.ttl(ms)),
    ttlStartTime: method(['string'], (b: T, [name]) => b.ttlStartTime(name)),
    rebuildIndex: method([], (b: T) => b.rebuildIndex()),
  };
}

const PROPERTY_KEY_METHODS: Table<PropertyKeyBuilderLike> = {
  ...elementMethods<PropertyKeyBuilderLike>(),
  dataType: method(['string'], (b: PropertyKeyBuilderLike, [type]) => b.dataType(type)),
  cardinality: method(['string'], (b: PropertyKeyBuilderLike, [cardinality]) => b.cardinality(cardinality)),
  asText: method([], (b: PropertyKeyBuilderLike) => b.asText()),
  asInt: method([], (b: PropertyKeyBuilderLike) => b.asInt()),
  asLong: method([], (b: PropertyKeyBuilderLike) => b.asLong()),
  asDouble: method([], (b: PropertyKeyBuilderLike) => b.asDouble()),
  asFloat: method([], (b: PropertyKeyBuilderLike) => b.asFloat()),
  asBoolean: method([], (b: PropertyKeyBuilderLike) => b.asBoolean()),
  asByte: method([], (b: PropertyKeyBuilderLike) => b.asByte()),
  asDate: method([], (b: PropertyKeyBuilderLike) => b.asDate()),
  asUUID: method([], (b: PropertyKeyBuilderLike) => b.asUUID()),
  asBlob: method([], (b: PropertyKeyBuilderLike) => b.asBlob()),
  asObject: method([], (b: PropertyKeyBuilderLike) => b.asObject()),
  valueSingle: method([], (b: PropertyKeyBuilderLike) => b.valueSingle()),
  valueList: method([], (b: PropertyKeyBuilderLike) => b.valueList()),
  valueSet: method([], (b: PropertyKeyBuilderLike) => b.valueSet()),
};

const VERTEX_LABEL_METHODS: Table<VertexLabelBuilderLike> = {
  ...elementMethods<VertexLabelBuilderLike>(),
  ...labelMethods<VertexLabelBuilderLike>(),
  idStrategy: method(['string'], (b: VertexLabelBuilderLike, [strategy]) => b.idStrategy(strategy)),
  useAutomaticId: method([], (b: VertexLabelBuilderLike) => b.useAutomaticId()),
  usePrimaryKeyId: method([], (b: VertexLabelBuilderLike) => b.usePrimaryKeyId()),
  useCustomizeStringId: method([], (b: VertexLabelBuilderLike) => b.useCustomizeStringId()),
  useCustomizeNumberId: method([], (b: VertexLabelBuilderLike) => b.useCustomizeNumberId()),
  useCustomizeUuidId: method([], (b: VertexLabelBuilderLike) => b.useCustomizeUuidId()),
  primaryKeys: method([], (b: VertexLabelBuilderLike, names) => b.primaryKeys(...names), { rest: 'string' }),
};

const EDGE_LABEL_METHODS: Table<EdgeLabelBuilderLike> = {
  ...elementMethods<EdgeLabelBuilderLike>(),
  ...labelMethods<EdgeLabelBuilderLike>(),
  sourceLabel: method(['string'], (b: EdgeLabelBuilderLike, [name]) => b.sourceLabel(name)),
  targetLabel: method(['string'], (b: EdgeLabelBuilderLike, [name]) => b.targetLabel(name)),
  link: method(['string', 'string'], (b: EdgeLabelBuilderLike, [source, target]) => b.link(source, target)),
  singleTime: method([], (b: EdgeLabelBuilderLike) => b.singleTime()),
  multiTimes: method([], (b: EdgeLabelBuilderLike) => b.multiTimes()),
  frequency: method(['string'], (b: EdgeLabelBuilderLike, [frequency]) => b.frequency(frequency)),
  sortKeys: method([], (b: EdgeLabelBuilderLike, names) => b.sortKeys(...names), { rest: 'string' }),
};

const INDEX_LABEL_METHODS: Table<IndexLabelBuilderLike> = {
  ...elementMethods<IndexLabelBuilderLike>(),
  onV: method(['string'], (b: IndexLabelBuilderLike, [label]) => b.onV(label)),
  onE: method(['string'], (b: IndexLabelBuilderLike, [label]) => b.onE(label)),
  by: method([], (b: IndexLabelBuilderLike, fields) => b.by(...fields), { rest: 'string' }),
  indexType: method(['string'], (b: IndexLabelBuilderLike, [type]) => b.indexType(type)),
  secondary: method([], (b: IndexLabelBuilderLike) => b.secondary()),
  range: method([], (b: IndexLabelBuilderLike) => b.range()),
  search: method([], (b: IndexLabelBuilderLike) => b.search()),
  shard: method([], (b: IndexLabelBuilderLike) => b.shard()),
  unique: method([], (b: IndexLabelBuilderLike) => b.unique()),
  rebuild: method([], (b: IndexLabelBuilderLike) => b.rebuild()),
};

const SCHEMA_METHODS: Table<SchemaBuilderLike> = {
  propertyKey: method(['string'], (s: SchemaBuilderLike, [name]) => new SchemaChain({ kind: 'property key builder', target: s.propertyKey(name) })),
  vertexLabel: method(['string'], (s: SchemaBuilderLike, [name]) => new SchemaChain({ kind: 'vertex label builder', target: s.vertexLabel(name) })),
  edgeLabel: method(['string'], (s: SchemaBuilderLike, [name]) => new SchemaChain({ kind: 'edge label builder', target: s.edgeLabel(name) })),
  indexLabel: method(['string'], (s: SchemaBuilderLike, [name]) => new SchemaChain({ kind: 'index label builder', target: s.indexLabel(name) })),
  renamePropertyKey: method(['string', 'string'], (s: SchemaBuilderLike, [from, to]) => s.renamePropertyKey(from, to)),
  getPropertyKey: method(['string'], (s: SchemaBuilderLike, [name]) => s.getPropertyKey(name)),
  getVertexLabel: method(['string'], (s: SchemaBuilderLike, [name]) => s.getVertexLabel(name)),
  getEdgeLabel: method(['string'], (s: SchemaBuilderLike, [name]) => s.getEdgeLabel(name)),
  getIndexLabel: method(['string'], (s: SchemaBuilderLike, [name]) => s.getIndexLabel(name)),
  getPropertyKeys: method([], (s: SchemaBuilderLike) => s.getPropertyKeys()),
  getVertexLabels: method([], (s: SchemaBuilderLike) => s.getVertexLabels()),
  getEdgeLabels: method([], (s: SchemaBuilderLike) => s.getEdgeLabels()),
  getIndexLabels: method([], (s: SchemaBuilderLike) => s.getIndexLabels()),
};

function callLink(link: ChainLink, call: ScriptCall): unknown {
  const on = link.kind;
  switch (link.kind) {
    case 'schema':
      return callAllowed(SCHEMA_METHODS, link.target, { call, on });
    case 'property key builder':
      return callAllowed(PROPERTY_KEY_METHODS, link.target, { call, on });
    case 'vertex label builder':
      return callAllowed(VERTEX_LABEL_METHODS, link.target, { call, on });
    case 'edge label builder':
      return callAllowed(EDGE_LABEL_METHODS, link.target, { call, on });
    case 'index label builder':
      return callAllowed(INDEX_LABEL_METHODS, link.target, { call, on });
  }
}

/**
 * Calls an allow-listed method on a schema chain. A builder method that returns its builder
 * keeps the chain; a new builder starts a chain of its kind; anything else (records, the
 * result of `create()`) is a plain value.
 */
export async function callSchemaMethod(chain: SchemaChain, call: ScriptCall): Promise<unknown> {
  const result = await callLink(chain.link, call);
  return result === chain.link.target ? chain : result;
}
