/**
 * hugegraph-loader's mapping file (`struct.json`) in both versions the loader reads: 1.0 (top-level
 * `vertices` and `edges`, each with its own `input`) and 2.0 (`structs`, one input each with its
 * vertex and edge mappings). A 1.0 file becomes 2.0 as the loader converts it: the mappings of the
 * same input path are grouped into one struct, numbered from "1" in order of first appearance.
 * @module
 */
import { readFileSync } from 'node:fs';
import { ArgumentError } from '../../index.js';
import { flag, isEmpty, JsonPlace, objectAt, onlyDefault, optionalText, requiredText, textList, textMap } from './json-check.js';
import type { JsonObject } from './json-check.js';
import { parseInput } from './mapping-input.js';
import type { FileInput } from './mapping-input.js';

/**
 * What vertex and edge mappings share: the label, the field renames (`field_mapping`), the
 * value renames per field (`value_mapping`), which fields become properties (`selected` or
 * `ignored`) and which raw values stand for null (`null_values`, `[""]` by default).
 */
interface ElementMappingBase {
  readonly label: string;
  readonly skip: boolean;
  readonly fieldMapping: ReadonlyMap<string, string>;
  readonly valueMapping: ReadonlyMap<string, ReadonlyMap<string, unknown>>;
  readonly selected: ReadonlySet<string>;
  readonly ignored: ReadonlySet<string>;
  readonly nullValues: ReadonlySet<unknown>;
}

/** A vertex mapping: `idField` names the field holding a customised id. */
export interface VertexMapping extends ElementMappingBase {
  readonly kind: 'vertex';
  readonly idField: string | undefined;
}

/** An edge mapping: the fields whose values identify the source and the target vertex. */
export interface EdgeMapping extends ElementMappingBase {
  readonly kind: 'edge';
  readonly source: readonly string[];
  readonly target: readonly string[];
}

/** One input and the elements built from each of its rows. */
export interface InputStruct {
  readonly id: string;
  readonly skip: boolean;
  readonly input: FileInput;
  readonly vertices: readonly VertexMapping[];
  readonly edges: readonly EdgeMapping[];
}

/** A mapping file, as version 2.0. */
export interface LoadMapping {
  /** The version the file was written in. */
  readonly version: '1.0' | '2.0';
  readonly structs: readonly InputStruct[];
}

const ELEMENT_KEYS = ['label', 'skip', 'field_mapping', 'value_mapping', 'selected', 'ignored', 'null_values', 'update_strategies'];
const VERTEX_KEYS = [...ELEMENT_KEYS, 'id', 'unfold'];
const EDGE_KEYS = [...ELEMENT_KEYS, 'source', 'unfold_source', 'target', 'unfold_target'];

function valueMapping(value: unknown, place: JsonPlace): Map<string, Map<string, unknown>> {
  if (value === undefined || value === null) return new Map();
  const object = objectAt(value, place, Object.keys(value as object));
  return new Map(Object.entries(object).map(([field, renames]) => [field, new Map(Object.entries(objectAt(renames, place.at(field), Object.keys((renames ?? {}) as object))))]));
}

function nullValues(value: unknown, place: JsonPlace): Set<unknown> {
  if (value === undefined || value === null) return new Set(['']);
  if (!Array.isArray(value)) return place.fail('expected an array of values');
  return new Set(value);
}

function elementBase(object: JsonObject, place: JsonPlace): ElementMappingBase {
  onlyDefault(object.update_strategies, place.at('update_strategies'), isEmpty, 'update_strategies');
  const selected = new Set(textList(object.selected, place.at('selected')));
  const ignored = new Set(textList(object.ignored, place.at('ignored')));
  if (selected.size > 0 && ignored.size > 0) place.fail('selected and ignored cannot both be given');
  return {
    label: requiredText(object.label, place.at('label')),
    skip: flag(object.skip, place.at('skip')),
    fieldMapping: textMap(object.field_mapping, place.at('field_mapping')),
    valueMapping: valueMapping(object.value_mapping, place.at('value_mapping')),
    selected,
    ignored,
    nullValues: nullValues(object.null_values, place.at('null_values')),
  };
}

function vertexMapping(value: unknown, place: JsonPlace, extraKeys: readonly string[]): VertexMapping {
  const object = objectAt(value, place, [...VERTEX_KEYS, ...extraKeys]);
  onlyDefault(object.unfold, place.at('unfold'), (v) => v === false, 'unfold');
  return { kind: 'vertex', ...elementBase(object, place), idField: optionalText(object.id, place.at('id')) };
}

function edgeMapping(value: unknown, place: JsonPlace, extraKeys: readonly string[]): EdgeMapping {
  const object = objectAt(value, place, [...EDGE_KEYS, ...extraKeys]);
  onlyDefault(object.unfold_source, place.at('unfold_source'), (v) => v === false, 'unfold_source');
  onlyDefault(object.unfold_target, place.at('unfold_target'), (v) => v === false, 'unfold_target');
  const source = textList(object.source, place.at('source'));
  const target = textList(object.target, place.at('target'));
  if (source.length === 0) place.at('source').fail('an edge mapping needs at least one source field');
  if (target.length === 0) place.at('target').fail('an edge mapping needs at least one target field');
  return { kind: 'edge', ...elementBase(object, place), source, target };
}

function mappings<T>(value: unknown, place: JsonPlace, one: (item: unknown, at: JsonPlace) => T): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return place.fail('expected an array of mappings');
  return value.map((item, i) => one(item, place.at(i)));
}

/** Checks the fields a mapping names against a header given in the mapping. */
function checkFields(struct: InputStruct, place: JsonPlace): void {
  const header = struct.input.header;
  if (header === undefined) return;
  const check = (fields: Iterable<string>, what: string, at: JsonPlace): void => {
    for (const field of fields) if (!header.includes(field)) at.fail(`${what} '${field}' is not in the input's header [${header.join(', ')}]`);
  };
  const all: ElementMappingBase[] = [...struct.vertices, ...struct.edges];
  all.forEach((m, i) => {
    const at = place.at(i < struct.vertices.length ? `vertices[${i}]` : `edges[${i - struct.vertices.length}]`);
    check(m.selected, 'selected field', at);
    check(m.ignored, 'ignored field', at);
    check(m.fieldMapping.keys(), 'field_mapping field', at);
    check(m.valueMapping.keys(), 'value_mapping field', at);
  });
}

function parseV2(root: JsonObject, place: JsonPlace): InputStruct[] {
  if (!Array.isArray(root.structs) || root.structs.length === 0) return place.at('structs').fail('expected a non-empty array of structs');
  const structs = root.structs.map((value: unknown, i: number): InputStruct => {
    const at = place.at('structs').at(i);
    const object = objectAt(value, at, ['id', 'skip', 'input', 'vertices', 'edges']);
    const struct: InputStruct = {
      id: requiredText(typeof object.id === 'number' ? String(object.id) : object.id, at.at('id')),
      skip: flag(object.skip, at.at('skip')),
      input: parseInput(object.input, at.at('input')),
      vertices: mappings(object.vertices, at.at('vertices'), (v, p) => vertexMapping(v, p, [])),
      edges: mappings(object.edges, at.at('edges'), (e, p) => edgeMapping(e, p, [])),
    };
    if (struct.vertices.length + struct.edges.length === 0) at.fail('a struct needs at least one vertex or edge mapping');
    checkFields(struct, at);
    return struct;
  });
  const ids = new Set(structs.map((s) => s.id));
  if (ids.size !== structs.length) place.at('structs').fail('struct ids must be unique');
  return structs;
}

function parseV1(root: JsonObject, place: JsonPlace): InputStruct[] {
  const byPath = new Map<string, { input: FileInput; vertices: VertexMapping[]; edges: EdgeMapping[] }>();
  const add = (input: unknown, at: JsonPlace): { vertices: VertexMapping[]; edges: EdgeMapping[] } => {
    const parsed = parseInput(input, at.at('input'));
    const group = byPath.get(parsed.path) ?? { input: parsed, vertices: [], edges: [] };
    byPath.set(parsed.path, group);
    return group;
  };
  mappings(root.vertices, place.at('vertices'), (v, at) => add((v as JsonObject | null)?.input, at).vertices.push(vertexMapping(v, at, ['input'])));
  mappings(root.edges, place.at('edges'), (e, at) => add((e as JsonObject | null)?.input, at).edges.push(edgeMapping(e, at, ['input'])));
  if (byPath.size === 0) place.fail('a 1.0 mapping needs at least one vertex or edge mapping');
  return [...byPath.values()].map((group, i) => {
    const struct: InputStruct = { id: String(i + 1), skip: false, ...group };
    checkFields(struct, place);
    return struct;
  });
}

/**
 * Parses a mapping file's text; `file` names it in messages. Fails with ArgumentError
 * `LOAD_MAPPING` naming the JSON path of the first bad value, and with UnsupportedError
 * `LOAD_MAPPING_UNSUPPORTED` for an option hugegraph-loader has and `quiver load` does not.
 */
export function parseMapping(text: string, file: string): LoadMapping {
  const place = new JsonPlace(file, '');
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (e) {
    return place.fail(`not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const version = (root as JsonObject | null)?.version ?? '1.0';
  if (version === '2.0') return { version, structs: parseV2(objectAt(root, place, ['version', 'structs']), place) };
  if (version === '1.0') return { version, structs: parseV1(objectAt(root, place, ['version', 'vertices', 'edges']), place) };
  return place.at('version').fail(`expected "1.0" or "2.0" but got ${JSON.stringify(version)}`);
}

/** Reads and parses the mapping file at `path` (see {@link parseMapping}). */
export function readMapping(path: string): LoadMapping {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new ArgumentError('LOAD_MAPPING', `Cannot read mapping file '${path}': ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  return parseMapping(text, path);
}
