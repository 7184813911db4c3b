/**
 * Rules shared by every schema kind: names, data types, cardinalities, user data, ids and the
 * HugeGraph-like errors they raise.
 * @module
 */
import { ArgumentError, ConflictError, LimitError, NotFoundError, SchemaError } from '../../errors.js';
import { compileRegex, type LinearRegex } from '../../values/index.js';
import type { CardinalityInput, DataTypeInput } from './specs.js';
import type { Cardinality, DataType, GraphMode, UserData } from './schema-types.js';

/**
 * The four kinds of schema element, by their readable HugeGraph names.
 */
export type SchemaKind = 'property key' | 'vertex label' | 'edge label' | 'index label';

/**
 * Default of `schema.illegal_name_regex`.
 */
export const DEFAULT_ILLEGAL_NAME_REGEX = '.*\\s+$|~.*';

const FORBIDDEN_CHARACTERS = ['#', '>', ':', '!'] as const;
const MAX_NAME_LENGTH = 256;

/**
 * Compiles `schema.illegal_name_regex` (RE2 syntax, linear-time matching) for whole-name
 * matches, like Java's `String.matches`.
 */
export function compileIllegalNameRegex(source: string): LinearRegex {
  try {
    return compileRegex(source, { dotAll: true, what: 'schema.illegal_name_regex' });
  } catch (cause) {
    throw new ArgumentError('SCHEMA_ILLEGAL_NAME_REGEX', `Invalid schema.illegal_name_regex '${source}': ${(cause as Error).message}`, { cause });
  }
}

/**
 * Checks a schema name: non-empty, shorter than 256 characters, not matching the illegal
 * name pattern, and free of the characters `#`, `>`, `:` and `!` that ids use as separators.
 */
export function checkSchemaName(name: string, illegal: LinearRegex): void {
  if (typeof name !== 'string' || name.length === 0) {
    throw new ArgumentError('SCHEMA_NAME_EMPTY', "The name can't be empty");
  }
  if (name.length >= MAX_NAME_LENGTH) {
    throw new ArgumentError('SCHEMA_NAME_TOO_LONG', `The length of name must less than ${MAX_NAME_LENGTH}: '${name.slice(0, 32)}...'`);
  }
  if (illegal.matches(name)) {
    throw new ArgumentError('SCHEMA_NAME_ILLEGAL', `Illegal schema name '${name}'`);
  }
  for (const c of FORBIDDEN_CHARACTERS) {
    if (name.includes(c)) {
      throw new ArgumentError('SCHEMA_NAME_CHARACTER', `The name can't contain character '${c}': '${name}'`);
    }
  }
}

const DATA_TYPES: ReadonlyMap<string, DataType> = new Map<string, DataType>([
  ['BOOLEAN', 'BOOLEAN'], ['BOOL', 'BOOLEAN'], ['BYTE', 'BYTE'], ['INT', 'INT'], ['LONG', 'LONG'],
  ['FLOAT', 'FLOAT'], ['DOUBLE', 'DOUBLE'], ['TEXT', 'TEXT'], ['STRING', 'TEXT'], ['DATE', 'DATE'],
  ['UUID', 'UUID'], ['BLOB', 'BLOB'], ['OBJECT', 'OBJECT'],
]);

/**
 * Resolves an input data type (`int`, `string`, `bool`, `TEXT`...) to the stored name.
 */
export function parseDataType(input: DataTypeInput | undefined): DataType {
  if (input === undefined) return 'TEXT';
  const found = typeof input === 'string' ? DATA_TYPES.get(input.toUpperCase()) : undefined;
  if (found === undefined) {
    throw new ArgumentError('INVALID_DATA_TYPE', `Invalid data type: '${String(input)}', expect one of bool, byte, int, long, float, double, string, text, date, uuid, blob, object`);
  }
  return found;
}

/**
 * Resolves an input cardinality (`single`, `LIST`...) to the stored name.
 */
export function parseCardinality(input: CardinalityInput | undefined): Cardinality {
  if (input === undefined) return 'SINGLE';
  const upper = typeof input === 'string' ? input.toUpperCase() : '';
  if (upper === 'SINGLE' || upper === 'LIST' || upper === 'SET') return upper;
  throw new ArgumentError('INVALID_CARDINALITY', `Invalid cardinality: '${String(input)}', expect one of single, list, set`);
}

/**
 * True for the numeric data types (BYTE, INT, LONG, FLOAT, DOUBLE).
 */
export function isNumeric(type: DataType): boolean {
  return type === 'BYTE' || type === 'INT' || type === 'LONG' || type === 'FLOAT' || type === 'DOUBLE';
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * Formats epoch milliseconds as HugeGraph's `yyyy-MM-dd HH:mm:ss.SSS` in local time.
 */
export function formatSchemaDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1, 2)}-${pad(d.getDate(), 2)} ` +
    `${pad(d.getHours(), 2)}:${pad(d.getMinutes(), 2)}:${pad(d.getSeconds(), 2)}.${pad(d.getMilliseconds(), 3)}`;
}

/**
 * Key of the creation time in user data.
 */
export const CREATE_TIME_KEY = '~create_time';

/** Most levels of arrays and objects a user data value may nest (docs/limits.md). */
const MAX_USER_DATA_DEPTH = 100;

/**
 * Whether a value is a JSON value, nested at most {@link MAX_USER_DATA_DEPTH} levels (LimitError
 * `USER_DATA_TOO_DEEP` past it, before the walk could reach the end of the stack).
 */
function isJsonValue(value: unknown, kind: SchemaKind, key: string, depth = 1): boolean {
  if (value === null) return true;
  if (typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object') return false;
  if (depth > MAX_USER_DATA_DEPTH) {
    throw new LimitError('USER_DATA_TOO_DEEP', `Invalid userdata value of ${kind}: '${key}' nests deeper than ${MAX_USER_DATA_DEPTH} levels of lists and maps`);
  }
  if (Array.isArray(value)) return value.every((v) => isJsonValue(v, kind, key, depth + 1));
  if (Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value as Record<string, unknown>).every((v) => isJsonValue(v, kind, key, depth + 1));
  }
  return false;
}

/**
 * Checks user data given on create or append: values are JSON values (strings, finite
 * numbers, booleans, arrays, plain objects) and not null. Returns a detached copy.
 */
export function checkUserData(userData: UserData | undefined, kind: SchemaKind): Record<string, UserData[string]> {
  const out: Record<string, UserData[string]> = {};
  for (const [key, value] of Object.entries(userData ?? {})) {
    if (value === null || value === undefined) {
      throw new ArgumentError('USER_DATA_NULL', `Not allowed pass null userdata value when create or append ${kind}: '${key}'`);
    }
    if (!isJsonValue(value, kind, key)) {
      throw new ArgumentError('USER_DATA_VALUE', `Invalid userdata value of ${kind}: '${key}' must be a JSON value`);
    }
    out[key] = JSON.parse(JSON.stringify(value)) as UserData[string];
  }
  return out;
}

/**
 * The error for a name that already exists within its kind.
 */
export function existedError(kind: SchemaKind, name: string): ConflictError {
  return new ConflictError('SCHEMA_EXISTS', `The ${kind} '${name}' has existed`, { details: { kind, name } });
}

/**
 * The error for a reference to an undefined element inside a definition (HTTP 400).
 */
export function undefinedError(kind: SchemaKind, name: string, detail = ''): SchemaError {
  const code = `UNDEFINED_${kind.toUpperCase().replace(' ', '_')}`;
  return new SchemaError(code, `Undefined ${kind}: '${name}'${detail}`, { details: { kind, name } });
}

/**
 * The error for a direct lookup of a missing element (HTTP 404).
 */
export function notFoundError(kind: SchemaKind, name: string): NotFoundError {
  const code = `${kind.toUpperCase().replace(' ', '_')}_NOT_FOUND`;
  return new NotFoundError(code, `The ${kind} with name '${name}' does not exist`, { details: { kind, name } });
}

/**
 * Checks an explicit id against the graph mode: required and allowed only in RESTORING mode,
 * a positive safe integer, and not already used within its kind.
 */
export function checkExplicitId(options: { id: number | undefined; mode: GraphMode; kind: SchemaKind; taken: (id: number) => boolean }): void {
  const { id, mode, kind } = options;
  if (id === undefined) {
    if (mode === 'RESTORING') {
      throw new ArgumentError('SCHEMA_ID_REQUIRED', `Must provide schema id if in RESTORING mode: ${kind} has no id`);
    }
    return;
  }
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new ArgumentError('SCHEMA_ID_INVALID', `Schema id must be number and >0, but got '${String(id)}'`);
  }
  if (mode !== 'RESTORING') {
    throw new ArgumentError('SCHEMA_ID_NOT_ALLOWED', `Can't build schema with provided id '${id}' when graph in mode '${mode}'`);
  }
  if (options.taken(id)) {
    throw new ConflictError('SCHEMA_ID_EXISTS', `The ${kind} id '${id}' has existed`);
  }
}

/**
 * Checks that a list holds no name twice.
 */
export function checkUnique(names: readonly string[], what: string): void {
  if (new Set(names).size !== names.length) {
    throw new ArgumentError('SCHEMA_DUPLICATE_KEYS', `Invalid ${what} [${names.join(', ')}], which contains some duplicate properties`);
  }
}

/**
 * Formats a list of names as HugeGraph prints a Java list: `[a, b]`.
 */
export function list(names: Iterable<string>): string {
  return `[${[...names].join(', ')}]`;
}
