/**
 * Puts one graph of a backup into a graph: its schema, then its vertices and edges chunk by
 * chunk (one atomic write batch per chunk), then its variables and modes. Into an empty graph
 * it runs in RESTORING mode (schema and vertex ids are kept as they were); into a graph that
 * already holds data, in MERGING mode (schema elements are matched by name, vertices keep
 * their ids, a vertex that exists takes the backup's property values). Spec Part A §3.
 * @module
 */
import type { GraphMode, SchemaSnapshot } from '../../storage/index.js';
import type { ElementId } from '../../values/index.js';
import type { Graph } from '../graph/graph.js';
import type { VariableValue } from '../graph/variable-values.js';
import type { ReadMode } from '../durability/records.js';
import type { BackupEdge, BackupVertex } from './backup-format.js';

/**
 * A graph's description as its GRAPH frame holds it.
 */
export interface GraphDescription {
  readonly space: string;
  readonly name: string;
  readonly info: { readonly backend: string; readonly description: string; readonly nickname: string; readonly factory: string };
  readonly config: Record<string, unknown>;
  readonly modes: { readonly mode: GraphMode; readonly readMode: ReadMode };
  readonly schema: SchemaSnapshot;
  readonly variables: Record<string, VariableValue>;
}

/**
 * Restoring one graph: {@link GraphRestore.begin}, then {@link GraphRestore.vertices} and
 * {@link GraphRestore.edges} for each chunk in file order, then {@link GraphRestore.finish}.
 */
export class GraphRestore {
  private readonly keyCardinality = new Map<string, 'single' | 'list' | 'set'>();
  private readonly derivedIds = new Set<string>();
  private previousMode: GraphMode = 'NONE';

  constructor(
    private readonly graph: Graph,
    private readonly description: GraphDescription,
    /** MERGING into a graph with data (true) or RESTORING into an empty one. */
    private readonly merge: boolean,
  ) {}

  /** Sets the mode and creates the schema. */
  async begin(): Promise<void> {
    const { graph, merge } = this;
    const { schema } = this.description;
    this.previousMode = graph.mode;
    await graph.setMode(merge ? 'MERGING' : 'RESTORING');
    const ops = graph.schemaOperations();
    const id = (value: number): { id?: number } => (merge ? {} : { id: value });
    const byId = <T extends { readonly id: number }>(records: readonly T[]): T[] => [...records].sort((a, b) => a.id - b.id);
    for (const k of byId(schema.propertyKeys)) {
      this.keyCardinality.set(k.name, k.cardinality.toLowerCase() as 'single' | 'list' | 'set');
      await ops.createPropertyKey({ name: k.name, dataType: k.dataType, cardinality: k.cardinality, userData: k.userData, writeType: k.writeType, ...id(k.id) }, { ifNotExist: true });
    }
    for (const l of byId(schema.vertexLabels)) {
      if (l.idStrategy === 'PRIMARY_KEY') this.derivedIds.add(l.name);
      await ops.createVertexLabel(
        { name: l.name, properties: l.properties, nullableKeys: l.nullableKeys, enableLabelIndex: l.enableLabelIndex, ttl: l.ttl, ...(l.ttlStartTime === undefined ? {} : { ttlStartTime: l.ttlStartTime }), userData: l.userData, idStrategy: l.idStrategy, primaryKeys: l.primaryKeys, ...id(l.id) },
        { ifNotExist: true },
      );
    }
    for (const l of byId(schema.edgeLabels)) {
      await ops.createEdgeLabel(
        { name: l.name, properties: l.properties, nullableKeys: l.nullableKeys, enableLabelIndex: l.enableLabelIndex, ttl: l.ttl, ...(l.ttlStartTime === undefined ? {} : { ttlStartTime: l.ttlStartTime }), userData: l.userData, sourceLabel: l.sourceLabel, targetLabel: l.targetLabel, frequency: l.frequency, sortKeys: l.sortKeys, ...id(l.id) },
        { ifNotExist: true },
      );
    }
    for (const l of byId(schema.indexLabels)) {
      await ops.createIndexLabel({ name: l.name, baseType: l.baseType, baseValue: l.baseValue, indexType: l.indexType, fields: l.fields, userData: l.userData, ...id(l.id) }, { ifNotExist: true });
    }
  }

  /** Adds (or, merging, updates) one chunk of vertices in one batch. */
  async vertices(chunk: readonly BackupVertex[]): Promise<void> {
    await this.graph.write((w) => {
      for (const v of chunk) {
        const plain = v.properties.filter((p) => p.meta.length === 0).map((p) => [p.key, p.value] as const);
        const existing = this.merge ? w.vertexSlot(v.id) : -1;
        let slot = existing;
        if (existing < 0) {
          slot = w.addVertex(v.label, { ...(this.derivedIds.has(v.label) ? {} : { id: v.id }), properties: plain });
        } else {
          for (const [key, value] of plain) w.setVertexProperty(slot, key, value, { cardinality: this.keyCardinality.get(key) ?? 'single' });
        }
        for (const p of v.properties) {
          if (p.meta.length > 0) w.setVertexProperty(slot, p.key, p.value, { cardinality: this.keyCardinality.get(p.key) ?? 'single', meta: p.meta });
        }
      }
    });
  }

  /** Adds one chunk of edges in one batch. */
  async edges(chunk: readonly BackupEdge[]): Promise<void> {
    await this.graph.write((w) => {
      const slotOf = (id: ElementId): number => w.vertexSlot(id);
      for (const e of chunk) w.addEdge(e.label, { out: slotOf(e.out), in: slotOf(e.in) }, { properties: e.properties });
    });
  }

  /** Sets the variables and puts the modes back (the backup's, or merging, the graph's own). */
  async finish(): Promise<void> {
    for (const [key, value] of Object.entries(this.description.variables)) await this.graph.variables.set(key, value);
    await this.graph.setMode(this.merge ? this.previousMode : this.description.modes.mode);
    if (!this.merge && this.graph.readMode !== this.description.modes.readMode) await this.graph.setReadMode(this.description.modes.readMode);
  }
}
