/**
 * Vertex ids as text: the type-prefixed form used inside edge ids and as canonical map keys
 * (`L123`, `S1:marko`, `U<uuid>`), the JSON-literal form of REST paths and query strings, and
 * PRIMARY_KEY ids `<labelId>:<values>` (hugegraph-notes §7.1 and §7.3).
 * @module
 */
import { ArgumentError, LimitError } from '../../errors.js';
import { TypedNumber, Uuid, type ElementId } from '../../values/index.js';
import { LONG_MAX, LONG_MIN } from './sortable.js';
import { ID_SEPARATOR, joinEscaped, NAME_SEPARATOR, splitEscaped } from './splicing.js';
import { formatSortValues, splitValues, valueToIdText, type TypedValue } from './id-values.js';

const INT_MIN = -2147483648n;
const INT_MAX = 2147483647n;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const JSON_INTEGER = /^-?(?:0|[1-9]\d*)$/;
const JAVA_LONG = /^[+-]?\d+$/;

/**
 * An integer id value typed by the value typing rule: a plain number when it fits a Java int,
 * a `TypedNumber('long')` otherwise. Returns undefined outside the Java long range.
 */
function longIdValue(value: bigint): number | TypedNumber | undefined {
  if (value < LONG_MIN || value > LONG_MAX) {
    return undefined;
  }
  return value >= INT_MIN && value <= INT_MAX ? Number(value) : new TypedNumber('long', value);
}

/**
 * Reads text as Java's `Long.parseLong` does (optional sign, decimal digits, within the long
 * range); undefined when it is not a long.
 */
export function parseJavaLong(text: string): bigint | undefined {
  if (!JAVA_LONG.test(text)) {
    return undefined;
  }
  const value = BigInt(text);
  return value < LONG_MIN || value > LONG_MAX ? undefined : value;
}

/**
 * A UUID from text in the canonical 8-4-4-4-12 hex form (any case), lower-cased; undefined if
 * the text is not one.
 */
function uuidFromText(text: string): Uuid | undefined {
  return UUID_PATTERN.test(text) ? new Uuid(text.toLowerCase()) : undefined;
}

/**
 * The vertex id with its type prefix, as written inside edge ids: `L<digits>` for numbers and
 * long TypedNumbers, `S<text>` for strings (PRIMARY_KEY ids included), `U<uuid>` for UUIDs.
 * Fails with ArgumentError `VERTEX_ID_TYPE` for a non-integer number or another numeric type.
 */
export function formatVertexIdForEdge(id: ElementId): string {
  if (typeof id === 'string') {
    return `S${id}`;
  }
  if (id instanceof Uuid) {
    return `U${id.text}`;
  }
  if (typeof id === 'number' && Number.isSafeInteger(id)) {
    return `L${id}`;
  }
  if (id instanceof TypedNumber && id.type === 'long' && typeof id.value === 'bigint') {
    return `L${id.value}`;
  }
  const shown = id instanceof TypedNumber ? `${id.type} ${id.value}` : String(id);
  throw new ArgumentError('VERTEX_ID_TYPE', `Invalid vertex id ${shown}: a vertex id must be an integer, a long, a string or a UUID`);
}

/**
 * The canonical map key of a vertex id, equal for equal ids whatever their JS form: `1` and
 * `TypedNumber('long', 1n)` share the key `L1`. Same text as {@link formatVertexIdForEdge}.
 */
export function vertexIdKey(id: ElementId): string {
  return formatVertexIdForEdge(id);
}

/**
 * Reads a type-prefixed vertex id (`L123`, `S1:marko`, `U<uuid>`), the inverse of
 * {@link formatVertexIdForEdge}. Long ids follow {@link longIdValue}. Fails with ArgumentError
 * `PREFIXED_VERTEX_ID` when the prefix or the content is invalid.
 */
export function parseVertexIdFromEdge(text: string): ElementId {
  const content = text.slice(1);
  const bad = (detail: string): never => {
    throw new ArgumentError('PREFIXED_VERTEX_ID', `Invalid prefixed vertex id '${text}': ${detail}`);
  };
  switch (text.charAt(0)) {
    case 'S':
      return content;
    case 'L': {
      const value = parseJavaLong(content);
      return (value === undefined ? undefined : longIdValue(value)) ?? bad('the content is not a Java long');
    }
    case 'U':
      return uuidFromText(content) ?? bad('the content is not a UUID');
    default:
      return bad('the prefix must be S, L or U');
  }
}

/**
 * Parses a vertex id given as a JSON literal in a URL path or query string (hugegraph-notes
 * §7.3): `"1:marko"` gives a string, `123` a number (a `TypedNumber('long')` beyond the Java int
 * range, exact beyond 2^53), `U"<uuid>"` a `Uuid`. Fails with ArgumentError `VERTEX_ID_FORMAT`
 * on anything else, fractional and out-of-long-range numbers included.
 */
export function parseVertexIdLiteral(text: string): ElementId {
  const isUuid = text.startsWith('U"');
  const literal = isUuid ? text.slice(1) : text;
  const bad = (): never => {
    throw new ArgumentError('VERTEX_ID_FORMAT', `The vertex id must be formatted as Number/String/UUID, but got '${literal}'`);
  };
  const trimmed = literal.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
  if (trimmed.startsWith('"')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return bad();
    }
    if (typeof parsed !== 'string') {
      return bad();
    }
    return isUuid ? (uuidFromText(parsed) ?? bad()) : parsed;
  }
  if (isUuid || !JSON_NUMBER.test(trimmed)) {
    return bad();
  }
  if (JSON_INTEGER.test(trimmed)) {
    return longIdValue(BigInt(trimmed)) ?? bad();
  }
  const number = Number(trimmed);
  return Number.isSafeInteger(number) ? (longIdValue(BigInt(number)) ?? bad()) : bad();
}

/** Most UTF-8 bytes of a string id (HugeGraph's `BytesBuffer.ID_LEN_MAX`, docs/limits.md). */
const MAX_ID_BYTES = 16 * 1024;

/**
 * `id` when it is not a string, or a string of at most 16 KiB of UTF-8; LimitError `ID_TOO_LONG`
 * (HugeGraph's message) for a longer one. `kind` names the element in the message.
 */
export function checkIdLength<T>(id: T, kind: 'vertex' | 'edge'): T {
  // A string of n UTF-16 units has at most 3n UTF-8 bytes: most ids are judged by their length.
  if (typeof id !== 'string' || id.length * 3 <= MAX_ID_BYTES) return id;
  const bytes = Buffer.byteLength(id, 'utf8');
  if (bytes > MAX_ID_BYTES) {
    throw new LimitError('ID_TOO_LONG', `The max length of ${kind} id is ${MAX_ID_BYTES}, but got ${bytes} {${id.slice(0, 64)}...}`);
  }
  return id;
}

/**
 * The parts of a PRIMARY_KEY vertex id: the vertex label id and the id text of each
 * primary-key value (numbers still sortable-encoded, the empty string still `\u0002`).
 */
interface PrimaryKeyIdParts {
  readonly labelId: number;
  readonly parts: string[];
}

/**
 * Builds a PRIMARY_KEY vertex id `<labelId>:<values joined by !>` from the primary-key values
 * in the label's `primary_keys` order. Fails with ArgumentError `PRIMARY_KEY_ID_FORMAT` when
 * there are no values or the label id is not a non-negative integer, and with `ID_VALUE` for a
 * value that cannot be part of an id.
 */
export function formatPrimaryKeyId(labelId: number, values: readonly TypedValue[]): string {
  if (!Number.isSafeInteger(labelId) || labelId < 0) {
    throw new ArgumentError('PRIMARY_KEY_ID_FORMAT', `Cannot build primary key id: invalid vertex label id ${labelId}`);
  }
  if (values.length === 0) {
    throw new ArgumentError('PRIMARY_KEY_ID_FORMAT', `Cannot build primary key id: vertex label ${labelId} gave no primary key values`);
  }
  if (values.length === 1) {
    // One key (the batch-insert case): with neither separator in its text, both joins are one concatenation.
    const text = valueToIdText(values[0]!);
    if (!text.includes(NAME_SEPARATOR) && !text.includes(ID_SEPARATOR)) return `${labelId}${ID_SEPARATOR}${text}`;
  }
  return joinEscaped([String(labelId), formatSortValues(values)], ID_SEPARATOR);
}

/**
 * Splits a PRIMARY_KEY vertex id into its label id and value texts, the inverse of
 * {@link formatPrimaryKeyId}. Fails with ArgumentError `PRIMARY_KEY_ID_FORMAT` unless the id is
 * `<digits>:<non-empty values>`.
 */
export function parsePrimaryKeyId(id: string): PrimaryKeyIdParts {
  const halves = splitEscaped(id, ID_SEPARATOR);
  const bad = (detail: string): never => {
    throw new ArgumentError('PRIMARY_KEY_ID_FORMAT', `Invalid primary key id '${id}': ${detail}`);
  };
  if (halves.length !== 2) {
    return bad(`expected 2 parts split by '${ID_SEPARATOR}' but got ${halves.length}`);
  }
  const [label = '', name = ''] = halves;
  const labelId = /^\d+$/.test(label) ? Number(label) : Number.NaN;
  if (!Number.isSafeInteger(labelId)) {
    return bad(`the vertex label id '${label}' is not a non-negative integer`);
  }
  if (name === '') {
    return bad('there are no primary key values');
  }
  return { labelId, parts: splitValues(name) };
}
