/**
 * Value model shared by the engine, the storage port and the public API.
 *
 * Gremlin follows Java's numeric types. A plain JS `number` is a Java **Integer** (int32).
 * Every other numeric type is a {@link TypedNumber}: `long` and `biginteger` hold a `bigint`,
 * `byte`, `short`, `float` and `double` hold a `number`, and `bigdecimal` holds its decimal
 * text. Storage returns values typed by the property key's data type.
 * @module
 */

/**
 * Java numeric types other than Integer (which is a plain JS number).
 *
 * @example
 * ```ts
 * const t: NumericType = 'long';
 * ```
 */
export type NumericType = 'byte' | 'short' | 'long' | 'float' | 'double' | 'biginteger' | 'bigdecimal';

/**
 * A number with an explicit Java type.
 *
 * @example
 * ```ts
 * const count = new TypedNumber('long', 6n);
 * const weight = new TypedNumber('double', 0.5);
 * ```
 */
export class TypedNumber {
  constructor(
    /** The Java type of the number. */
    readonly type: NumericType,
    /** `bigint` for long and biginteger, decimal text for bigdecimal, `number` otherwise. */
    readonly value: number | bigint | string,
  ) {}

  /** The value as a JS number (may lose precision for long, biginteger and bigdecimal). */
  toNumber(): number {
    return typeof this.value === 'number' ? this.value : Number(this.value);
  }

  /** Text as Gremlin would print it. */
  toString(): string {
    return String(this.value);
  }

  /** A JSON number; a long, BigInteger or BigDecimal that a double cannot hold exactly is its decimal text. */
  toJSON(): number | string {
    const plain = plainNumber(this);
    return typeof plain === 'bigint' ? String(plain) : plain;
  }
}

function strippedDecimal(text: string): string {
  const lower = text.trim().toLowerCase().replace(/^\+/, '');
  if (lower.includes('e') || !lower.includes('.')) return lower;
  return lower.replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * A Java number as a plain JS value: every integral and floating type a `number`; a long or
 * BigInteger outside ±(2^53 - 1) a `bigint`; a BigDecimal a `number` when it is integral and
 * safe or when the double prints back as the same decimal, a `bigint` when it is a larger
 * integer, and its decimal text otherwise (so that no digit is lost silently).
 */
export function plainNumber(n: TypedNumber): number | bigint | string {
  const v = n.value;
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return safeInteger(v);
  const text = strippedDecimal(v);
  if (/^-?\d+$/.test(text)) return safeInteger(BigInt(text));
  const d = Number(v);
  return Number.isFinite(d) && strippedDecimal(String(d)) === text ? d : v;
}

function safeInteger(v: bigint): number | bigint {
  const d = Number(v);
  return Number.isSafeInteger(d) && BigInt(d) === v ? d : v;
}

/**
 * A UUID value, kept distinct from strings.
 *
 * @example
 * ```ts
 * const u = new Uuid('4b8b1c2e-0d45-4f2a-9d8e-3c3c0c3b5a11');
 * ```
 */
export class Uuid {
  constructor(/** Canonical lower-case text. */ readonly text: string) {}
  /** Canonical text form. */
  toString(): string {
    return this.text;
  }
  /** The text, as JSON. */
  toJSON(): string {
    return this.text;
  }
}

/**
 * Direction of an adjacency scan.
 *
 * @example
 * ```ts
 * const d: Direction = 'OUT';
 * ```
 */
export type Direction = 'OUT' | 'IN' | 'BOTH';

/**
 * Any value that can be stored as a property or flow through a traversal.
 * Elements, paths and other engine objects are added by the engine on top of these.
 *
 * @example
 * ```ts
 * const v: PropertyValue = ['a', 1, new TypedNumber('long', 2n)];
 * ```
 */
export type PropertyValue =
  | null
  | boolean
  | number
  | string
  | TypedNumber
  | Uuid
  | Date
  | Uint8Array
  | readonly PropertyValue[]
  | ReadonlySet<PropertyValue>
  | ReadonlyMap<PropertyValue, PropertyValue>;

/**
 * An element id as the outside world sees it: a number (int), a long, a string or a UUID.
 *
 * @example
 * ```ts
 * const id: ElementId = '1:marko';
 * ```
 */
export type ElementId = number | string | TypedNumber | Uuid;

/**
 * An element id as plain results hand it out (see {@link plainId}): a `number`, a `bigint` for a
 * long outside ±(2^53 - 1), or text (string and UUID ids).
 *
 * @example
 * ```ts
 * const id: PlainId = 1190507458385149952n;
 * ```
 */
export type PlainId = number | bigint | string;

/**
 * An element id as a plain value: a long as a `number` (a `bigint` outside ±(2^53 - 1)), a
 * UUID as its text, a number or string unchanged.
 */
export function plainId(id: ElementId): PlainId {
  if (id instanceof TypedNumber) return plainNumber(id);
  if (id instanceof Uuid) return id.text;
  return id;
}
