/**
 * The write check of a policy: the changes of one atomic batch, each checked before it is made
 * against the state before the batch, and every element the batch wrote checked again when
 * the batch ends, against the state it leaves. A change to an element that existed before
 * needs it visible (READ) and covered by WRITE (DELETE for a removal) as it was; an element
 * that exists after needs WRITE as it is. A failed check throws, and the batch rolls back.
 * @module
 */
import { NotFoundError } from '../../../errors.js';
import type { ElementId, GraphSource, GraphWriter, PropertyCardinality, PropertyValue, VertexPropertyRecord } from '../../../engine/index.js';
import { permissionDenied } from './compiled-policy.js';
import type { CompiledPolicy, ElementKind } from './compiled-policy.js';
import { ElementTests } from './policy-source.js';

/**
 * The changes of a {@link GraphWriter}: what a write check intercepts, the reads aside.
 */
export type WriterChanges = Omit<GraphWriter, keyof GraphSource>;

type Pairs = ReadonlyArray<readonly [string, PropertyValue]>;
type Columns = ReadonlyArray<readonly [string, ReadonlyArray<PropertyValue | undefined>]>;

const WRITE = 1;
const DELETE = 2;

/** The pairs of row `i` of property columns. */
function row(columns: Columns | undefined, i: number): Array<[string, PropertyValue]> {
  const pairs: Array<[string, PropertyValue]> = [];
  for (const [key, values] of columns ?? []) {
    const value = values[i];
    if (value !== undefined && value !== null) pairs.push([key, value]);
  }
  return pairs;
}

/**
 * The changes of one batch under one policy: `writer` is the batch's writer (the changes go to
 * it after their check), `before` a read view of the graph as the batch (or the request's
 * transaction) found it. Call {@link PolicyWrites.finish} when the batch function returns.
 */
export class PolicyWrites implements WriterChanges {
  readonly #w: GraphWriter;
  readonly #before: GraphSource;
  readonly #read: ElementTests;
  readonly #tests: Readonly<Record<'WRITE' | 'DELETE', ElementTests>>;
  /** Checks passed per slot of an element that existed before (WRITE and DELETE bits). */
  readonly #checked: Readonly<Record<ElementKind, Map<number, number>>> = { vertex: new Map(), edge: new Map() };
  readonly #written: Readonly<Record<ElementKind, Set<number>>> = { vertex: new Set(), edge: new Set() };
  readonly #createdEdges = new Set<number>();
  readonly #removedEdges = new Set<number>();
  readonly #edgeExisted = new Map<number, boolean>();
  readonly #readable = new Map<number, boolean>();

  constructor(writer: GraphWriter, options: { readonly before: GraphSource; readonly policy: CompiledPolicy }) {
    this.#w = writer;
    this.#before = options.before;
    this.#read = new ElementTests(options.policy, 'READ');
    this.#tests = { WRITE: new ElementTests(options.policy, 'WRITE'), DELETE: new ElementTests(options.policy, 'DELETE') };
  }

  addVertex(label: string, options?: { readonly id?: ElementId; readonly properties?: Pairs }): number {
    return this.#vertexWritten(this.#w.addVertex(label, options));
  }

  addVerticesBulk(label: string, count: number, options?: { readonly properties?: Columns; readonly ids?: ReadonlyArray<ElementId | undefined> }): Int32Array {
    const slots = this.#w.addVerticesBulk?.(label, count, options) ?? Int32Array.from({ length: count }, (_, i) => this.#w.addVertex(label, { id: options?.ids?.[i], properties: row(options?.properties, i) }));
    for (const slot of slots) this.#vertexWritten(slot);
    return slots;
  }

  addEdge(label: string, ends: { readonly out: number; readonly in: number }, options?: { readonly id?: ElementId; readonly properties?: Pairs }): number {
    this.#requireEnd(ends.out);
    this.#requireEnd(ends.in);
    const slot = this.#w.addEdge(label, ends, options);
    return this.#edgeWritten(slot, !this.#edgeExistedBefore(slot));
  }

  addEdgesBulk(label: string, outSlots: Int32Array, inSlots: Int32Array, options?: { readonly properties?: Columns }): Int32Array {
    for (const slot of outSlots) this.#requireEnd(slot);
    for (const slot of inSlots) this.#requireEnd(slot);
    const count = this.#w.edgeCount(label);
    const slots =
      this.#w.addEdgesBulk?.(label, outSlots, inSlots, options) ??
      Int32Array.from(outSlots, (out, i) => this.#w.addEdge(label, { out, in: inSlots[i]! }, { properties: row(options?.properties, i) }));
    // When the count grew by one per edge, every slot is a new edge; else each is looked up.
    const allNew = this.#w.edgeCount(label) - count === slots.length;
    for (const slot of slots) this.#edgeWritten(slot, allNew || !this.#edgeExistedBefore(slot));
    return slots;
  }

  setVertexProperty(slot: number, key: string, value: PropertyValue, options?: { readonly cardinality?: PropertyCardinality; readonly meta?: Pairs }): VertexPropertyRecord {
    this.#change('vertex', slot);
    return this.#w.setVertexProperty(slot, key, value, options);
  }

  setVertexValuesBulk(key: string, slots: Int32Array, values: ReadonlyArray<PropertyValue | undefined>): void {
    for (const slot of slots) this.#change('vertex', slot);
    if (this.#w.setVertexValuesBulk !== undefined) this.#w.setVertexValuesBulk(key, slots, values);
    else slots.forEach((slot, i) => (values[i] === undefined ? this.#w.removeVertexProperty(slot, key) : this.#w.setVertexProperty(slot, key, values[i]!)));
  }

  setMetaProperty(slot: number, propertyId: ElementId, key: string, value: PropertyValue): void {
    this.#change('vertex', slot);
    this.#w.setMetaProperty(slot, propertyId, key, value);
  }

  removeVertexProperty(slot: number, key: string, propertyId?: ElementId): void {
    this.#change('vertex', slot);
    this.#w.removeVertexProperty(slot, key, propertyId);
  }

  removeMetaProperty(slot: number, propertyId: ElementId, key: string): void {
    this.#change('vertex', slot);
    this.#w.removeMetaProperty(slot, propertyId, key);
  }

  setEdgeProperty(slot: number, key: string, value: PropertyValue): void {
    this.#change('edge', slot);
    this.#w.setEdgeProperty(slot, key, value);
  }

  removeEdgeProperty(slot: number, key: string): void {
    this.#change('edge', slot);
    this.#w.removeEdgeProperty(slot, key);
  }

  /** Needs DELETE on the vertex and on each incident edge the handle could see; hidden edges go with their vertex. */
  removeVertex(slot: number): void {
    this.#checkBefore('vertex', slot, 'DELETE');
    for (const batch of this.#w.scanNeighbours(Int32Array.of(slot), 'BOTH')) {
      for (let i = 0; i < batch.length; i++) {
        const edge = batch.edges[batch.selection?.[i] ?? i]!;
        if (this.#existedBefore('edge', edge) && this.#seenBefore('edge', edge)) this.#checkBefore('edge', edge, 'DELETE');
        this.#removedEdges.add(edge);
      }
    }
    this.#w.removeVertex(slot);
  }

  removeEdge(slot: number): void {
    this.#checkBefore('edge', slot, 'DELETE');
    this.#removedEdges.add(slot);
    this.#w.removeEdge(slot);
  }

  /** Checks the state the batch leaves: WRITE on every element it created or changed that is still there. */
  finish(): void {
    const w = this.#w;
    const write = this.#tests.WRITE;
    for (const slot of this.#written.vertex) {
      if (w.vertexVisible(slot) && !write.vertex(w, slot)) throw permissionDenied('WRITE', { type: 'VERTEX', label: w.vertexLabel(slot) });
    }
    for (const slot of this.#written.edge) {
      if (!this.#removedEdges.has(slot) && !write.edge(w, slot)) throw permissionDenied('WRITE', { type: 'EDGE', label: w.edgeLabel(slot) });
    }
  }

  #vertexWritten(slot: number): number {
    // A slot the view before the batch shows is an existing vertex the write replaced.
    if (this.#before.vertexVisible(slot)) this.#checkBefore('vertex', slot, 'WRITE', { replaced: true });
    this.#written.vertex.add(slot);
    return slot;
  }

  #edgeWritten(slot: number, created: boolean): number {
    if (created) this.#createdEdges.add(slot);
    else this.#checkBefore('edge', slot, 'WRITE', { replaced: true });
    this.#written.edge.add(slot);
    return slot;
  }

  #change(kind: ElementKind, slot: number): void {
    this.#checkBefore(kind, slot, 'WRITE');
    this.#written[kind].add(slot);
  }

  /** An end of a new edge must be visible, unless this batch (or request) created it. */
  #requireEnd(slot: number): void {
    if (this.#existedBefore('vertex', slot) && !this.#seenBefore('vertex', slot)) {
      throw new NotFoundError('VERTEX_NOT_FOUND', `Cannot create edge: vertex slot ${slot} does not exist`);
    }
  }

  /**
   * Checks `permission` on an element as it was before the batch, once per element: nothing to
   * check for one the batch (or request) created; one the handle cannot see is missing
   * (NotFoundError, as for an absent slot), or, when a write replaced it, denied.
   */
  #checkBefore(kind: ElementKind, slot: number, permission: 'WRITE' | 'DELETE', options: { readonly replaced?: boolean } = {}): void {
    const bit = permission === 'WRITE' ? WRITE : DELETE;
    const done = this.#checked[kind].get(slot) ?? 0;
    if ((done & bit) !== 0 || !this.#existedBefore(kind, slot)) return;
    const before = this.#before;
    const label = kind === 'vertex' ? before.vertexLabel(slot) : before.edgeLabel(slot);
    const type = kind === 'vertex' ? 'VERTEX' : 'EDGE';
    if (!this.#seenBefore(kind, slot)) {
      if (options.replaced === true) throw permissionDenied(permission, { type, label });
      throw new NotFoundError(kind === 'vertex' ? 'VERTEX_NOT_FOUND' : 'EDGE_NOT_FOUND', `Cannot write: ${kind} slot ${slot} does not exist`);
    }
    const tests = this.#tests[permission];
    if (!(kind === 'vertex' ? tests.vertex(before, slot) : tests.edge(before, slot))) throw permissionDenied(permission, { type, label });
    this.#checked[kind].set(slot, done | bit);
  }

  #existedBefore(kind: ElementKind, slot: number): boolean {
    return kind === 'vertex' ? this.#before.vertexVisible(slot) : !this.#createdEdges.has(slot) && this.#edgeExistedBefore(slot);
  }

  /** Whether the view before the batch holds this edge slot: its id (which a slot keeps for good) leads back to it there. */
  #edgeExistedBefore(slot: number): boolean {
    let existed = this.#edgeExisted.get(slot);
    if (existed === undefined) this.#edgeExisted.set(slot, (existed = this.#before.edgeSlot(this.#w.edgeId(slot)) === slot));
    return existed;
  }

  /** Whether READ showed the element before the batch (an edge with both its ends). */
  #seenBefore(kind: ElementKind, slot: number): boolean {
    const before = this.#before;
    if (kind === 'edge') return this.#read.edge(before, slot) && this.#seenBefore('vertex', before.edgeOutVertex(slot)) && this.#seenBefore('vertex', before.edgeInVertex(slot));
    let seen = this.#readable.get(slot);
    if (seen === undefined) this.#readable.set(slot, (seen = this.#read.vertex(before, slot)));
    return seen;
  }
}
