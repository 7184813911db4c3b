/**
 * Reading a hugegraph-loader mapping file's JSON: each reader names the path of the value it
 * checks (`structs[0].input.format`) and fails with ArgumentError `LOAD_MAPPING`; keys that
 * hugegraph-loader knows but `quiver load` does not carry out fail with UnsupportedError
 * `LOAD_MAPPING_UNSUPPORTED`, unless they hold the loader's default (a no-op).
 * @module
 */
import { ArgumentError, UnsupportedError } from '../../index.js';

/** A JSON object of the mapping file. */
export type JsonObject = Readonly<Record<string, unknown>>;

/**
 * Where a value sits in the mapping file, for messages: the file and the JSON path.
 */
export class JsonPlace {
  constructor(
    readonly file: string,
    readonly path: string,
  ) {}

  /** The place of a member of this object or array. */
  at(member: string | number): JsonPlace {
    return new JsonPlace(this.file, typeof member === 'number' ? `${this.path}[${member}]` : this.path === '' ? member : `${this.path}.${member}`);
  }

  /** ArgumentError `LOAD_MAPPING` naming this place. */
  fail(detail: string): never {
    throw new ArgumentError('LOAD_MAPPING', `Invalid mapping file '${this.file}': ${this.path === '' ? '' : `${this.path}: `}${detail}`);
  }

  /** UnsupportedError `LOAD_MAPPING_UNSUPPORTED` naming this place. */
  unsupported(detail: string): never {
    throw new UnsupportedError('LOAD_MAPPING_UNSUPPORTED', `Unsupported mapping in '${this.file}': ${this.path}: ${detail}`);
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/** The object at `place`, whose keys must all be in `known`. */
export function objectAt(value: unknown, place: JsonPlace, known: readonly string[]): JsonObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return place.fail(`expected an object but got ${describe(value)}`);
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) place.at(key).fail(`unknown key (known keys: ${known.join(', ')})`);
  }
  return value as JsonObject;
}

/** A non-empty string, or undefined when absent or null. */
export function optionalText(value: unknown, place: JsonPlace): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value === '') return place.fail(`expected a non-empty string but got ${describe(value)}`);
  return value;
}

/** A non-empty string. */
export function requiredText(value: unknown, place: JsonPlace): string {
  return optionalText(value, place) ?? place.fail('is required');
}

/** A boolean, false when absent or null. */
export function flag(value: unknown, place: JsonPlace): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') return place.fail(`expected true or false but got ${describe(value)}`);
  return value;
}

/** A list of non-empty strings (empty when absent or null), without duplicates. */
export function textList(value: unknown, place: JsonPlace): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return place.fail(`expected an array of strings but got ${describe(value)}`);
  const items = value.map((item, i) => requiredText(item, place.at(i)));
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item)) place.fail(`'${item}' is given twice`);
    seen.add(item);
  }
  return items;
}

/** A map of string values (empty when absent or null). */
export function textMap(value: unknown, place: JsonPlace): Map<string, string> {
  if (value === undefined || value === null) return new Map();
  const object = objectAt(value, place, Object.keys(value as object));
  return new Map(Object.entries(object).map(([k, v]) => [k, requiredText(v, place.at(k))]));
}

/**
 * Fails with `LOAD_MAPPING_UNSUPPORTED` unless a key hugegraph-loader knows is absent or holds
 * `isDefault` (what its MappingConverter writes for an option left out).
 */
export function onlyDefault(value: unknown, place: JsonPlace, isDefault: (value: unknown) => boolean, what: string): void {
  if (value === undefined || value === null || isDefault(value)) return;
  place.unsupported(`${what} is not supported by quiver load (got ${JSON.stringify(value)})`);
}

/** Whether a value is an empty array or object. */
export function isEmpty(value: unknown): boolean {
  return Array.isArray(value) ? value.length === 0 : typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}
