/**
 * The schema catalog of a graph: records, validation rules, JSON-serialisable changes, the
 * fluent builder and the Groovy export.
 * @module
 */
export * from './types.js';
export * from './specs.js';
export { SchemaCatalog } from './catalog.js';
export type { SchemaRemoval, SchemaResult } from './catalog.js';
export { catalogOperations } from './operations.js';
export type { SchemaOperations } from './operations.js';
export { SchemaBuilder, PropertyKeyBuilder, IndexLabelBuilder } from './builder.js';
export { VertexLabelBuilder, EdgeLabelBuilder, LabelBuilder } from './label-builders.js';
export { ElementBuilder } from './element-builder.js';
export { schemaToGroovy, groovyString } from './groovy.js';
export { isRangeIndex } from './index-rules.js';
export { DEFAULT_ILLEGAL_NAME_REGEX, CREATE_TIME_KEY, formatSchemaDate, parseDataType, parseCardinality, isNumeric } from './rules.js';
export type { SchemaKind } from './rules.js';
export type { SchemaLookup } from './label-rules.js';
