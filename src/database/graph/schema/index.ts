/**
 * The fluent schema API (`graph.schema()`, after HugeGraph's Groovy schema API), the
 * asynchronous mutators it calls, and the Groovy printer that writes a catalog back as a script
 * `graph.gremlin()` replays. The catalog itself (records, rules, changes) is storage's.
 * @module
 */
export { SchemaBuilder, PropertyKeyBuilder, IndexLabelBuilder } from './schema-builder.js';
export { VertexLabelBuilder, EdgeLabelBuilder } from './label-builders.js';
export { catalogOperations, schemaOperations } from './schema-operations.js';
export type { SchemaCall, SchemaOperations } from './schema-operations.js';
export { schemaToGroovy, groovyString } from './schema-groovy.js';
