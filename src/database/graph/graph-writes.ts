/**
 * The element writes of a graph handle: vertex and edge CRUD, batches, bulk edges and batch
 * updates with strategies. Each call is one atomic batch through the handle's write guard
 * ({@link GraphHandle.write}), resolving once it is durable, with the written elements as
 * plain (or Java-typed) views.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { plainId } from '../../engine/index.js';
import type { ElementId, GraphWriter, PlainId, PropertyCardinality, PropertyValue, ValueTypes } from '../../engine/index.js';
import { edgeView, requireEdge, requireVertex, toEntries, vertexView } from './element-views.js';
import type { CheckedEdgeInput, CheckedVertexInput, EdgeInput, EdgeViewOf, PropertiesInput, VertexInput, VertexViewOf } from './element-views.js';
import { addEdgeBatch, addEdgeRow, addVertexBatch, addVertexRow } from './element-batches.js';
import { UPDATE_STRATEGIES, updateEdgesIn, updateVerticesIn } from './batch-update.js';
import type { BatchUpdate, EdgeInputLike, UpdateStrategy, VertexInputLike } from './batch-update.js';
import type { TypesOption } from './read-api.js';
import type { ElementWrites, IdOf } from './write-api.js';
import type { GraphHandle } from './graph-handle.js';
import { describeValue, optionalProperties, requireElementId, requireList, requireRecord, requireText, resultTypes } from './validate.js';

const CARDINALITIES: readonly PropertyCardinality[] = ['single', 'list', 'set'];

function vertexInput(value: unknown): CheckedVertexInput {
  const v = requireRecord(value, 'vertex input');
  return {
    label: requireText(v.label, 'vertex label'),
    properties: optionalProperties(v.properties, 'vertex properties'),
    id: v.id === undefined ? undefined : requireElementId(v.id, 'vertex id'),
  };
}

function bulkEnds(value: unknown, end: string): Int32Array | ElementId[] {
  if (value instanceof Int32Array) return value;
  return requireList(value, `bulk edge ${end} ends`).map((id) => requireElementId(id, `bulk edge ${end} vertex id`));
}

function edgeInput(value: unknown): CheckedEdgeInput {
  const e = requireRecord(value, 'edge input');
  return {
    label: requireText(e.label, 'edge label'),
    out: requireElementId(e.out, 'edge out vertex id'),
    in: requireElementId(e.in, 'edge in vertex id'),
    id: e.id === undefined ? undefined : requireElementId(e.id, 'edge id'),
    properties: optionalProperties(e.properties, 'edge properties'),
    outLabel: e.outLabel === undefined ? undefined : requireText(e.outLabel, 'edge out vertex label'),
    inLabel: e.inLabel === undefined ? undefined : requireText(e.inLabel, 'edge in vertex label'),
  };
}

/** The ids of written slots, in order (a counted loop: `Array.from` with a mapper walks the typed array through its iterator). */
function idsOf<I>(slots: Int32Array, idOf: (slot: number) => I): I[] {
  const ids = new Array<I>(slots.length);
  for (let i = 0; i < slots.length; i++) ids[i] = idOf(slots[i]!);
  return ids;
}

function idConverter(types: ValueTypes): (id: ElementId) => ElementId | PlainId {
  return types === 'java' ? (id) => id : plainId;
}

/**
 * The element writes of one graph ({@link ElementWrites} documents them).
 */
export class GraphWrites implements ElementWrites {
  constructor(private readonly handle: GraphHandle) {}

  async addVertex<T extends ValueTypes = 'plain'>(label: string, properties?: PropertiesInput, options: { readonly id?: ElementId | bigint } & TypesOption<T> = {}): Promise<VertexViewOf<T>> {
    const given = requireRecord(options, 'vertex options');
    const types = resultTypes(given as TypesOption<T>);
    const input = vertexInput({ label, properties, id: given.id as ElementId | undefined });
    return await this.handle.write((w) => this.vertexViews(w, [addVertexRow(w, input)], types)[0]!);
  }

  async addVertices<T extends ValueTypes = 'plain'>(vertices: readonly VertexInput[], options: TypesOption<T> = {}): Promise<VertexViewOf<T>[]> {
    const types = resultTypes(options);
    const inputs = requireList(vertices, 'vertex batch').map(vertexInput);
    return this.handle.write((w) => this.vertexViews(w, inputs.map((v) => addVertexRow(w, v)), types));
  }

  async addVertexIds<T extends ValueTypes = 'plain'>(vertices: readonly VertexInput[], options: TypesOption<T> = {}): Promise<IdOf<T>[]> {
    const id = idConverter(resultTypes(options));
    const inputs = requireList(vertices, 'vertex batch').map(vertexInput);
    return this.handle.write((w) => idsOf(addVertexBatch(w, inputs), (slot) => id(w.vertexId(slot)) as IdOf<T>));
  }

  async addEdge<T extends ValueTypes = 'plain'>(label: string, edge: Omit<EdgeInput, 'label'>, options: TypesOption<T> = {}): Promise<EdgeViewOf<T>> {
    const [added] = await this.addEdges([{ ...(requireRecord(edge, 'edge') as Omit<EdgeInput, 'label'>), label }], options);
    return added!;
  }

  async addEdges<T extends ValueTypes = 'plain'>(edges: readonly EdgeInput[], options: TypesOption<T> = {}): Promise<EdgeViewOf<T>[]> {
    const types = resultTypes(options);
    const inputs = requireList(edges, 'edge batch').map(edgeInput);
    return this.handle.write((w) => inputs.map((e) => addEdgeRow(w, e)).map((slot) => edgeView(w, slot, types)));
  }

  async addEdgeIds<T extends ValueTypes = 'plain'>(edges: readonly EdgeInput[], options: TypesOption<T> = {}): Promise<IdOf<T>[]> {
    const id = idConverter(resultTypes(options));
    const inputs = requireList(edges, 'edge batch').map(edgeInput);
    return this.handle.write((w) => idsOf(addEdgeBatch(w, inputs), (slot) => id(w.edgeId(slot)) as IdOf<T>));
  }

  async addEdgesBulk(label: string, ends: { readonly out: Int32Array | readonly (ElementId | bigint)[]; readonly in: Int32Array | readonly (ElementId | bigint)[] }): Promise<number> {
    const name = requireText(label, 'edge label');
    const given = requireRecord(ends, 'bulk edge ends');
    const outEnds = bulkEnds(given.out, 'out');
    const inEnds = bulkEnds(given.in, 'in');
    return this.handle.write((w) => {
      // Slots are checked by the writer (VERTEX_NOT_FOUND for a slot with no live vertex).
      const slots = (given: Int32Array | ElementId[]): Int32Array =>
        given instanceof Int32Array ? given : Int32Array.from(given, (id) => requireVertex(w, { id, action: 'Cannot create edge' }));
      const outSlots = slots(outEnds);
      const inSlots = slots(inEnds);
      if (w.addEdgesBulk !== undefined) return w.addEdgesBulk(name, outSlots, inSlots).length;
      if (outSlots.length !== inSlots.length) throw new ArgumentError('BULK_LENGTH_MISMATCH', `Cannot add edges: ${outSlots.length} out slots but ${inSlots.length} in slots`);
      outSlots.forEach((out, i) => w.addEdge(name, { out, in: inSlots[i]! }));
      return outSlots.length;
    });
  }

  async updateVertexProperties<T extends ValueTypes = 'plain'>(
    id: ElementId | bigint,
    properties: PropertiesInput,
    options: { readonly cardinality?: PropertyCardinality } & TypesOption<T> = {},
  ): Promise<VertexViewOf<T>> {
    const vertexId = requireElementId(id, 'vertex id');
    const entries = toEntries(optionalProperties(properties ?? null, 'vertex properties'));
    const types = resultTypes(options);
    const cardinality = requireRecord(options, 'update options').cardinality;
    if (cardinality !== undefined && !CARDINALITIES.includes(cardinality as PropertyCardinality)) {
      throw new ArgumentError('INVALID_ARGUMENT', `Invalid cardinality: expected one of ${CARDINALITIES.join(', ')} but got ${describeValue(cardinality)}`);
    }
    return this.handle.write((w) => {
      const slot = requireVertex(w, { id: vertexId, action: 'Cannot update vertex' });
      for (const [key, value] of entries) {
        const multi = this.handle.state.store.catalog.propertyKey(key)?.cardinality;
        const values = Array.isArray(value) && multi !== undefined && multi !== 'SINGLE' && cardinality === undefined ? (value as PropertyValue[]) : [value];
        for (const item of values) w.setVertexProperty(slot, key, item, { cardinality: cardinality as PropertyCardinality | undefined });
      }
      return vertexView(w, { slot, catalog: this.handle.state.store.catalog, types });
    });
  }

  async updateEdgeProperties<T extends ValueTypes = 'plain'>(id: ElementId | bigint, properties: PropertiesInput, options: TypesOption<T> = {}): Promise<EdgeViewOf<T>> {
    const edgeId = requireElementId(id, 'edge id');
    const entries = toEntries(optionalProperties(properties ?? null, 'edge properties'));
    const types = resultTypes(options);
    return this.handle.write((w) => {
      const slot = requireEdge(w, { id: edgeId, action: 'Cannot update edge' });
      for (const [key, value] of entries) w.setEdgeProperty(slot, key, value);
      return edgeView(w, slot, types);
    });
  }

  async removeVertex(id: ElementId | bigint): Promise<void> {
    const vertexId = requireElementId(id, 'vertex id');
    await this.handle.write((w) => w.removeVertex(requireVertex(w, { id: vertexId, action: 'Cannot remove vertex' })));
  }

  async removeEdge(id: ElementId | bigint): Promise<void> {
    const edgeId = requireElementId(id, 'edge id');
    await this.handle.write((w) => w.removeEdge(requireEdge(w, { id: edgeId, action: 'Cannot remove edge' })));
  }

  async eliminateVertexProperties<T extends ValueTypes = 'plain'>(id: ElementId | bigint, keys: readonly string[], options: TypesOption<T> = {}): Promise<VertexViewOf<T>> {
    const vertexId = requireElementId(id, 'vertex id');
    const types = resultTypes(options);
    const names = requireList(keys, 'property keys').map((k) => requireText(k, 'property key'));
    return this.handle.write((w) => {
      const slot = requireVertex(w, { id: vertexId, action: 'Cannot update vertex' });
      const present = w.vertexPropertyKeys(slot);
      for (const key of names) if (present.includes(key)) w.removeVertexProperty(slot, key);
      return vertexView(w, { slot, catalog: this.handle.state.store.catalog, types });
    });
  }

  async eliminateEdgeProperties<T extends ValueTypes = 'plain'>(id: ElementId | bigint, keys: readonly string[], options: TypesOption<T> = {}): Promise<EdgeViewOf<T>> {
    const edgeId = requireElementId(id, 'edge id');
    const types = resultTypes(options);
    const names = requireList(keys, 'property keys').map((k) => requireText(k, 'property key'));
    return this.handle.write((w) => {
      const slot = requireEdge(w, { id: edgeId, action: 'Cannot update edge' });
      for (const key of names) if (w.edgeProperty(slot, key) !== undefined) w.removeEdgeProperty(slot, key);
      return edgeView(w, slot, types);
    });
  }

  async updateVertices<T extends ValueTypes = 'plain'>(update: BatchUpdate<VertexInputLike>, options: TypesOption<T> = {}): Promise<VertexViewOf<T>[]> {
    const types = resultTypes(options);
    const checked = checkBatchUpdate(update, 'vertex');
    const items = checked.items.map((v) => {
      const input = vertexInput(v);
      return { ...input, properties: input.properties ?? {} };
    });
    return this.handle.write((w) => this.vertexViews(w, updateVerticesIn(w, this.handle.state.store.catalog, { ...checked, items }), types));
  }

  async updateEdges<T extends ValueTypes = 'plain'>(update: BatchUpdate<EdgeInputLike> & { readonly checkVertex?: boolean }, options: TypesOption<T> = {}): Promise<EdgeViewOf<T>[]> {
    const types = resultTypes(options);
    const checked = checkBatchUpdate(update, 'edge');
    const items = checked.items.map((e) => {
      const input = edgeInput(e);
      return { ...input, properties: input.properties ?? {} };
    });
    const checkVertex = requireRecord(update, 'edge update').checkVertex !== false;
    return this.handle.write((w) => updateEdgesIn(w, this.handle.state.store.catalog, { ...checked, items }, checkVertex).map((slot) => edgeView(w, slot, types)));
  }

  private vertexViews<T extends ValueTypes>(w: GraphWriter, slots: readonly number[], types: T): VertexViewOf<T>[] {
    return slots.map((slot) => vertexView(w, { slot, catalog: this.handle.state.store.catalog, types }));
  }
}

function checkBatchUpdate(value: unknown, element: string): { items: readonly unknown[]; strategies: Readonly<Record<string, UpdateStrategy>>; createIfNotExist: boolean } {
  const given = requireRecord(value, `${element} batch update`);
  const strategies = requireRecord(given.strategies, `${element} update strategies`);
  for (const [key, strategy] of Object.entries(strategies)) {
    if (!UPDATE_STRATEGIES.includes(strategy as UpdateStrategy)) {
      throw new ArgumentError('INVALID_UPDATE_STRATEGY', `Invalid update strategy for '${key}': expected one of ${UPDATE_STRATEGIES.join(', ')} but got ${describeValue(strategy)}`);
    }
  }
  if (given.createIfNotExist !== undefined && typeof given.createIfNotExist !== 'boolean') {
    throw new ArgumentError('INVALID_ARGUMENT', `Invalid createIfNotExist: expected a boolean but got ${describeValue(given.createIfNotExist)}`);
  }
  return { items: requireList(given.items, `${element} batch`), strategies: strategies as Record<string, UpdateStrategy>, createIfNotExist: given.createIfNotExist !== false };
}
