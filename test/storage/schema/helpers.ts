/**
 * Shared fixtures of the schema catalog tests.
 * @module
 */
import assert from 'node:assert/strict';
import { QuiverError } from '../../../src/errors.js';
import { SchemaCatalog } from '../../../src/storage/schema/index.js';
import type { GraphMode, SchemaCatalogOptions } from '../../../src/storage/schema/index.js';

/** 2024-01-02 03:04:05.678 local time. */
export const FIXED_NOW = new Date(2024, 0, 2, 3, 4, 5, 678).getTime();

/**
 * A catalog with a fixed clock and a switchable mode.
 *
 * @example
 * ```ts
 * const { catalog, setMode } = newCatalog(); setMode('RESTORING');
 * ```
 */
export function newCatalog(options: SchemaCatalogOptions = {}): { catalog: SchemaCatalog; setMode: (m: GraphMode) => void } {
  let mode: GraphMode = 'NONE';
  const catalog = new SchemaCatalog({ now: () => FIXED_NOW, mode: () => mode, ...options });
  return { catalog, setMode: (m) => { mode = m; } };
}

/**
 * The classic "modern" schema: name/age/lang/weight/date keys, person, software, knows, created.
 *
 * @example
 * ```ts
 * const catalog = modernCatalog();
 * ```
 */
export function modernCatalog(): SchemaCatalog {
  const { catalog } = newCatalog();
  catalog.createPropertyKey({ name: 'name', dataType: 'string' });
  catalog.createPropertyKey({ name: 'age', dataType: 'int' });
  catalog.createPropertyKey({ name: 'lang', dataType: 'text' });
  catalog.createPropertyKey({ name: 'weight', dataType: 'double' });
  catalog.createPropertyKey({ name: 'born', dataType: 'date' });
  catalog.createPropertyKey({ name: 'tags', dataType: 'text', cardinality: 'set' });
  catalog.createVertexLabel({ name: 'person', properties: ['name', 'age', 'born', 'tags'], primaryKeys: ['name'], nullableKeys: ['age', 'born', 'tags'] });
  catalog.createVertexLabel({ name: 'software', properties: ['name', 'lang'], primaryKeys: ['name'], nullableKeys: ['lang'] });
  catalog.createEdgeLabel({ name: 'knows', sourceLabel: 'person', targetLabel: 'person', properties: ['weight'], nullableKeys: ['weight'] });
  catalog.createEdgeLabel({ name: 'created', sourceLabel: 'person', targetLabel: 'software', properties: ['weight'], nullableKeys: ['weight'] });
  return catalog;
}

/**
 * Asserts that `fn` throws a QuiverError with this code (and kind, when given).
 *
 * @example
 * ```ts
 * throwsCode(() => catalog.createPropertyKey({ name: '' }), 'SCHEMA_NAME_EMPTY');
 * ```
 */
export function throwsCode(fn: () => unknown, code: string, kind?: string): QuiverError {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof QuiverError, `expected a QuiverError with code ${code}, got ${String(caught)}`);
  assert.equal(caught.code, code, caught.message);
  if (kind !== undefined) assert.equal(caught.kind, kind);
  assert.doesNotMatch(caught.message, /\.$/, 'messages have no trailing period');
  return caught;
}
