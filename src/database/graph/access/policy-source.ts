/**
 * What a policy lets a handle read: the element tests of one permission, looked up per label
 * (by label id where the source gives one), and the source decorator of READ, a
 * {@link FilteredSource} whose filters are those tests. A vertex is visible when READ covers
 * it; an edge when READ covers it and both its ends. Where READ shows every element of a kind
 * the source holds, that kind gets no filter at all, and where it shows nothing to filter, the
 * source is not wrapped.
 * @module
 */
import { FilteredSource } from '../../../engine/index.js';
import type { GraphSource, SourceDecorator, ViewFilters } from '../../../engine/index.js';
import type { Permission } from '../access-policy.js';
import type { SchemaView } from '../schema-view.js';
import type { CompiledPolicy, ElementKind, LabelAccess } from './compiled-policy.js';

/**
 * The tests one permission of a policy puts on elements, with each label's test looked up once
 * per holder: a label the permission covers whole or not at all costs one array lookup by label
 * id per element; a label with property conditions reads the condition keys' values.
 */
export class ElementTests {
  readonly #policy: CompiledPolicy;
  readonly #permission: Permission;
  readonly #vertices = new Map<string, LabelAccess>();
  readonly #edges = new Map<string, LabelAccess>();
  /** The tests by label id, for sources that give one ({@link GraphSource.vertexLabelId}). */
  readonly #vertexIds: LabelAccess[] = [];
  readonly #edgeIds: LabelAccess[] = [];

  constructor(policy: CompiledPolicy, permission: Permission) {
    this.#policy = policy;
    this.#permission = permission;
  }

  /** The test of the elements of `kind` with label `label`. */
  access(kind: ElementKind, label: string): LabelAccess {
    const known = kind === 'vertex' ? this.#vertices : this.#edges;
    let access = known.get(label);
    if (access === undefined) known.set(label, (access = this.#policy.labelAccess(this.#permission, { kind, label })));
    return access;
  }

  /** The test of vertex `slot`'s label, looked up by label id when `source` gives one. */
  vertexAccess(source: GraphSource, slot: number): LabelAccess {
    return this.#labelled('vertex', source, slot);
  }

  /** The test of edge `slot`'s label, looked up by label id when `source` gives one. */
  edgeAccess(source: GraphSource, slot: number): LabelAccess {
    return this.#labelled('edge', source, slot);
  }

  #labelled(kind: ElementKind, source: GraphSource, slot: number): LabelAccess {
    const vertex = kind === 'vertex';
    const id = vertex ? source.vertexLabelId?.(slot) : source.edgeLabelId?.(slot);
    const byId = vertex ? this.#vertexIds : this.#edgeIds;
    let access = id === undefined ? undefined : byId[id];
    if (access === undefined) {
      access = this.access(kind, vertex ? source.vertexLabel(slot) : source.edgeLabel(slot));
      if (id !== undefined) byId[id] = access;
    }
    return access;
  }

  /** Whether the permission covers vertex `slot` as `source` shows it. */
  vertex(source: GraphSource, slot: number): boolean {
    const access = this.vertexAccess(source, slot);
    return typeof access === 'boolean' ? access : access(source, slot);
  }

  /** Whether the permission covers edge `slot` itself as `source` shows it (its ends are not looked at). */
  edge(source: GraphSource, slot: number): boolean {
    const access = this.edgeAccess(source, slot);
    return typeof access === 'boolean' ? access : access(source, slot);
  }
}

/**
 * Whether READ shows every element of `kind` that `source` holds, judged by label: READ covers
 * every label of the kind, or each label the schema holds now is shown whole or has no element
 * in `source`. Then no element needs a test (within a writing traversal, what it creates itself
 * under a new label is shown to it too).
 */
function showsAll(kind: ElementKind, reads: ElementTests, on: { readonly policy: CompiledPolicy; readonly source: GraphSource; readonly schema: SchemaView }): boolean {
  if (on.policy.coversEveryElement('READ', kind)) return true;
  const labels = kind === 'vertex' ? on.schema.vertexLabels() : on.schema.edgeLabels();
  return labels.every(({ name }) => {
    const access = reads.access(kind, name);
    return access === true || (access === false && (kind === 'vertex' ? on.source.vertexCount(name) : on.source.edgeCount(name)) === 0);
  });
}

/**
 * The filters of what READ shows of `source`: a test per vertex and per edge (absent when READ
 * shows every element of that kind, see {@link showsAll}), the ends of an edge checked by the
 * filtered source, a vertex's property conditions evaluated once per query, and counts answered
 * without the filtered walk when every label counted is shown whole or hidden whole: vertices
 * from the source's own counts, edges from them too when every vertex is shown, else from the
 * ends of each edge in the label's column batches. Undefined when there is nothing to filter.
 */
function readFilters(policy: CompiledPolicy, source: GraphSource, schema: SchemaView): ViewFilters | undefined {
  const reads = new ElementTests(policy, 'READ');
  const on = { policy, source, schema };
  const allVertices = showsAll('vertex', reads, on);
  const allEdges = showsAll('edge', reads, on);
  if (allVertices && allEdges) return undefined;
  const known = new Map<number, boolean>();
  const vertex = allVertices
    ? undefined
    : (slot: number): boolean => {
        const access = reads.vertexAccess(source, slot);
        if (typeof access === 'boolean') return access;
        let shown = known.get(slot);
        if (shown === undefined) known.set(slot, (shown = access(source, slot)));
        return shown;
      };
  const edge = allEdges ? undefined : (slot: number): boolean => reads.edge(source, slot);
  // With every vertex label shown or hidden whole, an edge of a label shown whole is visible when
  // both its ends are: counted over the label's column batches, an array read per end.
  let labelOnly: boolean | undefined;
  const countOf = (kind: ElementKind, name: string): number => {
    if (kind === 'vertex') return source.vertexCount(name);
    if (vertex === undefined) return source.edgeCount(name);
    let n = 0;
    for (const batch of source.scanColumns('edge', { labels: [name] })) {
      for (let i = 0; i < batch.length; i++) if (vertex(source.edgeOutVertex(batch.slots[i]!)) && vertex(source.edgeInVertex(batch.slots[i]!))) n++;
    }
    return n;
  };
  const count = (kind: ElementKind, label?: string): number | undefined => {
    labelOnly ??= vertex === undefined || schema.vertexLabels().every(({ name }) => typeof reads.access('vertex', name) === 'boolean');
    if (kind === 'edge' && !labelOnly) return undefined;
    const labels = label !== undefined ? [label] : (kind === 'vertex' ? schema.vertexLabels() : schema.edgeLabels()).map((r) => r.name);
    let n = 0;
    for (const name of labels) {
      const access = reads.access(kind, name);
      if (typeof access !== 'boolean') return undefined;
      if (access) n += countOf(kind, name);
    }
    return n;
  };
  return { vertex, edge, count };
}

/**
 * The source decorator of a policy's READ grants, or undefined when READ covers every vertex
 * and edge (nothing to filter, so nothing is wrapped).
 */
export function readDecorator(policy: CompiledPolicy, schema: SchemaView): SourceDecorator | undefined {
  if (policy.coversEveryElement('READ', 'vertex') && policy.coversEveryElement('READ', 'edge')) return undefined;
  return (source) => {
    const filters = readFilters(policy, source, schema);
    return filters === undefined ? source : new FilteredSource(source, filters);
  };
}
