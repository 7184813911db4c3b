/**
 * What a policy lets a handle read: the element tests of one permission, memoised per label,
 * and the source decorator of READ, a {@link FilteredSource} whose filters are those tests. A
 * vertex is visible when READ covers it; an edge when READ covers it and both its ends.
 * @module
 */
import { FilteredSource } from '../../../engine/index.js';
import type { GraphSource, SourceDecorator, ViewFilters } from '../../../engine/index.js';
import type { Permission } from '../access-policy.js';
import type { SchemaView } from '../schema-view.js';
import type { CompiledPolicy, ElementKind, LabelAccess } from './compiled-policy.js';

/**
 * The tests one permission of a policy puts on elements, with each label's test looked up once
 * per holder: a label the permission covers whole or not at all costs one map lookup per
 * element; a label with property conditions reads the condition keys' values.
 */
export class ElementTests {
  readonly #policy: CompiledPolicy;
  readonly #permission: Permission;
  readonly #vertices = new Map<string, LabelAccess>();
  readonly #edges = new Map<string, LabelAccess>();

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

  /** Whether the permission covers vertex `slot` as `source` shows it. */
  vertex(source: GraphSource, slot: number): boolean {
    const access = this.access('vertex', source.vertexLabel(slot));
    return typeof access === 'boolean' ? access : access(source, slot);
  }

  /** Whether the permission covers edge `slot` itself as `source` shows it (its ends are not looked at). */
  edge(source: GraphSource, slot: number): boolean {
    const access = this.access('edge', source.edgeLabel(slot));
    return typeof access === 'boolean' ? access : access(source, slot);
  }
}

/**
 * The filters of what READ shows of `source`: a test per vertex and per edge (absent when READ
 * covers every element of that kind), the ends of an edge checked by the filtered source, and
 * counts answered from the source's own when every label counted is shown whole or hidden.
 */
function readFilters(policy: CompiledPolicy, source: GraphSource, schema: SchemaView): ViewFilters {
  const reads = new ElementTests(policy, 'READ');
  const vertex = policy.coversEveryElement('READ', 'vertex') ? undefined : (slot: number): boolean => reads.vertex(source, slot);
  const edge = policy.coversEveryElement('READ', 'edge') ? undefined : (slot: number): boolean => reads.edge(source, slot);
  const countOf = (kind: ElementKind, label: string): number => (kind === 'vertex' ? source.vertexCount(label) : source.edgeCount(label));
  const count = (kind: ElementKind, label?: string): number | undefined => {
    // An edge's visibility depends on its ends unless every vertex is shown.
    if (kind === 'edge' && vertex !== undefined) return undefined;
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
  return (source) => new FilteredSource(source, readFilters(policy, source, schema));
}
