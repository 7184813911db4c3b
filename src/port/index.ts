/**
 * The port layer: the interfaces through which the engine reads and writes a graph
 * (GraphSource, GraphWriter, ReadView) and the narrow adjacency port (AdjacencySource) that
 * traversers and worker jobs use. A leaf beside values: it imports only values, so storage
 * implements the port without importing the engine, and the engine uses it without storage.
 * @module
 */
export * from './adjacency.js';
export * from './graph-source.js';
