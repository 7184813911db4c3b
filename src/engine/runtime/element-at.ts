/**
 * Element objects for GraphSource slots.
 * @module
 */
import { DeferredEdgeId, Edge, Vertex } from '../elements.js';
import type { GraphSource } from '../../port/index.js';

/**
 * The vertex at a slot.
 */
export function vertexAt(source: GraphSource, slot: number): Vertex {
  return new Vertex(source.vertexId(slot), source.vertexLabel(slot), slot);
}

/**
 * The edge at a slot, with its end vertices; its id is formatted when first read.
 */
export function edgeAt(source: GraphSource, slot: number): Edge {
  return new Edge(new DeferredEdgeId(source), source.edgeLabel(slot), slot, {
    outV: vertexAt(source, source.edgeOutVertex(slot)),
    inV: vertexAt(source, source.edgeInVertex(slot)),
  });
}
