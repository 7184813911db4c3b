/**
 * The schema catalog of a graph: records, validation rules, JSON-serialisable changes and the
 * one list of its mutators. The fluent builder and the Groovy export are API and presentation
 * code, in src/database/graph/schema.
 * @module
 */
export * from './schema-types.js';
export * from './specs.js';
export { SchemaCatalog } from './catalog.js';
export type { SchemaRemoval, SchemaResult } from './catalog.js';
export { SCHEMA_MUTATORS } from './mutators.js';
export type { SchemaMutator } from './mutators.js';
export { isRangeIndex } from './index-rules.js';
export { DEFAULT_ILLEGAL_NAME_REGEX, CREATE_TIME_KEY, formatSchemaDate, notFoundError, parseDataType, parseCardinality, isNumeric } from './rules.js';
export type { SchemaKind } from './rules.js';
export type { SchemaLookup } from './label-rules.js';
