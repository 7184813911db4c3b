/**
 * The format-neutral graph a reader produces, and how it is written into a graph through the
 * GraphWriter port: every vertex first (explicit id, properties with their cardinality and
 * meta-properties), then every edge (explicit id, properties), all in document order.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import type { GraphWriter, PropertyCardinality } from '../../port/index.js';
import type { ElementId, PropertyValue } from '../../values/index.js';

/**
 * One vertex property of a read document, with its meta-properties.
 */
export interface DocumentVertexProperty {
  readonly key: string;
  readonly value: PropertyValue;
  /** The id the file gives the property; stores assign their own vertex-property ids. */
  readonly id?: ElementId;
  readonly meta: ReadonlyArray<readonly [string, PropertyValue]>;
}

/**
 * One vertex of a read document.
 */
export interface DocumentVertex {
  readonly id: ElementId;
  readonly label: string;
  readonly properties: readonly DocumentVertexProperty[];
}

/**
 * One edge of a read document; `out` and `in` are vertex ids.
 */
export interface DocumentEdge {
  readonly id: ElementId | undefined;
  readonly label: string;
  readonly out: ElementId;
  readonly in: ElementId;
  readonly properties: ReadonlyArray<readonly [string, PropertyValue]>;
}

/**
 * A whole graph as read from a file.
 */
export interface GraphDocument {
  readonly vertices: readonly DocumentVertex[];
  readonly edges: readonly DocumentEdge[];
}

/**
 * Counts of what {@link writeDocument} added.
 */
export interface LoadCounts {
  readonly vertices: number;
  readonly edges: number;
}

/** Keys that some vertex holds more than once: they are written with list cardinality. */
function multiKeys(doc: GraphDocument): Set<string> {
  const keys = new Set<string>();
  for (const v of doc.vertices) {
    const seen = new Set<string>();
    for (const p of v.properties) {
      if (seen.has(p.key)) keys.add(p.key);
      seen.add(p.key);
    }
  }
  return keys;
}

/**
 * Writes a read document into the graph behind `writer`. Vertex and edge ids are kept; an
 * edge whose end vertex is in neither the document nor the graph is an error.
 */
export function writeDocument(writer: GraphWriter, doc: GraphDocument): LoadCounts {
  const lists = multiKeys(doc);
  for (const v of doc.vertices) {
    const slot = writer.addVertex(v.label, { id: v.id });
    for (const p of v.properties) {
      const cardinality: PropertyCardinality = lists.has(p.key) ? 'list' : 'single';
      writer.setVertexProperty(slot, p.key, p.value, { cardinality, meta: p.meta });
    }
  }
  for (const e of doc.edges) {
    const out = writer.vertexSlot(e.out);
    const inV = writer.vertexSlot(e.in);
    if (out < 0 || inV < 0) {
      const missing = out < 0 ? e.out : e.in;
      throw new ArgumentError('IO_MISSING_VERTEX', `Cannot read edge ${String(e.id ?? e.label)}: vertex ${String(missing)} does not exist`);
    }
    const options = e.properties.length > 0 ? { properties: e.properties } : {};
    writer.addEdge(e.label, { out, in: inV }, e.id === undefined ? options : { ...options, id: e.id });
  }
  return { vertices: doc.vertices.length, edges: doc.edges.length };
}
