/**
 * GraphBinary v1's type codes (TinkerPop's IO reference, "GraphBinary"), shared by the reader
 * and the writer, and the codes of the enums by the engine's enum type names.
 * @module
 */

/** The version byte that starts every GraphBinary request and response message. */
export const BINARY_VERSION = 0x81;

/** Type codes of GraphBinary v1. */
export const TYPE = {
  INT: 0x01,
  LONG: 0x02,
  STRING: 0x03,
  DATE: 0x04,
  TIMESTAMP: 0x05,
  CLASS: 0x06,
  DOUBLE: 0x07,
  FLOAT: 0x08,
  LIST: 0x09,
  MAP: 0x0a,
  SET: 0x0b,
  UUID: 0x0c,
  EDGE: 0x0d,
  PATH: 0x0e,
  PROPERTY: 0x0f,
  GRAPH: 0x10,
  VERTEX: 0x11,
  VERTEX_PROPERTY: 0x12,
  BINDING: 0x14,
  BYTECODE: 0x15,
  LAMBDA: 0x1d,
  P: 0x1e,
  TRAVERSER: 0x21,
  BIG_DECIMAL: 0x22,
  BIG_INTEGER: 0x23,
  BYTE: 0x24,
  BYTE_BUFFER: 0x25,
  SHORT: 0x26,
  BOOLEAN: 0x27,
  TEXT_P: 0x28,
  TRAVERSAL_STRATEGY: 0x29,
  BULK_SET: 0x2a,
  TREE: 0x2b,
  CHAR: 0x80,
  DURATION: 0x81,
  OFFSET_DATE_TIME: 0x88,
  UNSPECIFIED_NULL: 0xfe,
} as const;

/** The type code of each enum, by the engine's name of its type (EnumValue.type). */
export const ENUM_CODES: ReadonlyMap<string, number> = new Map([
  ['Barrier', 0x13],
  ['Cardinality', 0x16],
  ['Column', 0x17],
  ['Direction', 0x18],
  ['Operator', 0x19],
  ['Order', 0x1a],
  ['Pick', 0x1b],
  ['Pop', 0x1c],
  ['Scope', 0x1f],
  ['T', 0x20],
  ['Merge', 0x2e],
  ['DT', 0x2f],
  ['GType', 0x30],
]);

/** The engine's enum type name of each enum type code. */
export const ENUM_BY_CODE: ReadonlyMap<number, string> = new Map([...ENUM_CODES].map(([name, code]) => [code, name]));
