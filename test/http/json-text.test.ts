import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TypedNumber, Uuid } from '../../src/index.js';
import { bigJsonText, jsonText, markLongs, restJson, restJsonText, unmarkLongs, vertexJsonText } from '../../src/http/json-text.js';
import type { VertexView } from '../../src/index.js';

/** Values as element views carry them: plain JSON mixed with what restJson has to shape. */
const leaf = fc.oneof(
  fc.string(),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
  fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }),
  fc.integer().map((n) => new TypedNumber('long', BigInt(n))),
  fc.uuid().map((u) => new Uuid(u)),
  fc.uint8Array({ maxLength: 8 }),
);
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 4 }), fc.array(tie('node'), { maxLength: 3 }).map((a) => new Set(a))),
})).node;

test('restJsonText writes the JSON text of restJson for any element-like value', () => {
  fc.assert(
    fc.property(fc.record({ id: fc.oneof(fc.string(), fc.integer()), label: fc.string(), properties: fc.dictionary(fc.string({ maxLength: 6 }), value, { maxKeys: 5 }) }), (element) => {
      assert.equal(restJsonText(element), jsonText(restJson(element)));
    }),
    { numRuns: 500 },
  );
});

test('restJsonText shapes nested dates, typed numbers and UUIDs, and leaves plain values as they are', () => {
  const uuid = '0a1b2c3d-0000-4000-8000-000000000001';
  assert.equal(
    restJsonText({ id: '1:marko', properties: { born: new Date(0), big: new TypedNumber('long', 2n ** 60n), tags: [new Uuid(uuid)], gone: undefined } }),
    `{"id":"1:marko","properties":{"born":"1970-01-01 00:00:00.000","big":1152921504606846976,"tags":["${uuid}"],"gone":null}}`,
  );
  assert.equal(restJsonText({ id: 1, label: 'person', properties: { name: 'marko', age: 29, ok: true, none: null } }), '{"id":1,"label":"person","properties":{"name":"marko","age":29,"ok":true,"none":null}}');
});

/** Any UTF-16 text, lone surrogates and control characters included. */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 8 });
const plainLeaf = fc.oneof(anyText, fc.double(), fc.integer(), fc.boolean(), fc.constant(null));

test('vertexJsonText writes the JSON text of restJson for any vertex view', () => {
  const view = fc.record({
    id: fc.oneof(anyText, fc.integer(), fc.bigInt()),
    label: anyText,
    type: fc.constant('vertex' as const),
    properties: fc.dictionary(anyText, fc.oneof({ weight: 4, arbitrary: plainLeaf }, { weight: 1, arbitrary: value }), { maxKeys: 5 }),
  });
  fc.assert(
    fc.property(view, (vertex) => {
      assert.equal(vertexJsonText(vertex as VertexView), jsonText(restJson(vertex)));
    }),
    { numRuns: 2000 },
  );
});

test('vertexJsonText writes a plain vertex field by field and shapes a dated one', () => {
  assert.equal(vertexJsonText({ id: 7, label: 'p"q', type: 'vertex', properties: { n: -0, x: Number.NaN, s: 'a\nb' } }), '{"id":7,"label":"p\\"q","type":"vertex","properties":{"n":0,"x":null,"s":"a\\nb"}}');
  assert.equal(vertexJsonText({ id: '1:a', label: 'item', type: 'vertex', properties: { born: new Date(0) } }), '{"id":"1:a","label":"item","type":"vertex","properties":{"born":"1970-01-01 00:00:00.000"}}');
});

/** Any JSON.stringify input made of plain values: JSON values, undefined members, non-finite numbers, -0 and toJSON objects. */
const stringifiable = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    anyText,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.date({ noInvalidDate: true }),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(anyText, tie('node'), { maxKeys: 4 }),
  ),
})).node;

test('the bigint-aware writer writes what JSON.stringify writes for any value without bigints', () => {
  fc.assert(
    fc.property(stringifiable, (v) => {
      assert.equal(bigJsonText(v), JSON.stringify(v));
    }),
    { numRuns: 2000 },
  );
});

/** Reference reader: every integer literal of the text (outside strings) as a bigint, read by wrapping it before JSON.parse. */
function parseIntegersExact(text: string): unknown {
  const wrapped = text.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (token) => (/^-?\d+$/.test(token) ? `{"$big":"${token}"}` : token));
  return JSON.parse(wrapped, (_key, v: unknown) => (v !== null && typeof v === 'object' && '$big' in v ? BigInt((v as { $big: string }).$big) : v));
}

/** `value` with every number that JSON writes as an integer literal as the bigint of that literal, as {@link parseIntegersExact} reads it back. */
function integersExact(value: unknown): unknown {
  if (typeof value === 'number') return /^-?\d+$/.test(JSON.stringify(value)) ? BigInt(JSON.stringify(value)) : value;
  if (Array.isArray(value)) return value.map(integersExact);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, integersExact(v)]));
  return value;
}

const big = fc.oneof(fc.bigInt(), fc.bigInt({ min: 2n ** 53n, max: 2n ** 64n }), fc.bigInt({ min: -(2n ** 64n), max: -(2n ** 53n) }));
/** Text holding long digit runs next to quotes and backslashes, which the body scan must leave alone. */
const digitText = fc.tuple(anyText, fc.bigInt({ min: 10n ** 15n, max: 10n ** 20n }), fc.constantFrom('"', '\\', '\\"', '')).map(([t, n, q]) => `${q}${n}${t}${q}`);
const withBig = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, big, anyText, digitText, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.oneof(anyText, digitText).filter((k) => k !== '$big'), tie('node'), { maxKeys: 4 })),
})).node;

test('jsonText writes bigints as exact JSON numbers that read back to the same integers', () => {
  fc.assert(
    fc.property(withBig, (v) => {
      assert.deepEqual(parseIntegersExact(jsonText(v)), integersExact(v));
    }),
    { numRuns: 2000 },
  );
  assert.equal(jsonText({ id: 1190728523124310016n, ids: [-(2n ** 63n), 5n], gone: undefined }), '{"id":1190728523124310016,"ids":[-9223372036854775808,5]}');
});

test('request bodies: marked long literals read back as the exact integers the text holds, strings unchanged', () => {
  const marker = 'long:test:';
  fc.assert(
    fc.property(withBig, fc.constantFrom('', ' ', '\n  '), (v, space) => {
      // Whitespace goes after the commas between values, never into a string's own text.
      const text = space === '' ? jsonText(v) : (bigJsonText(v) ?? 'null').replace(/"(?:[^"\\]|\\.)*"|,/g, (token) => (token === ',' ? `,${space}` : token));
      const marked = markLongs(text, marker);
      const read = marked === undefined ? JSON.parse(text) : unmarkLongs(JSON.parse(marked), marker);
      assert.deepEqual(integersExact(read), parseIntegersExact(text));
      if (marked === undefined) assert.deepEqual(read, JSON.parse(text));
    }),
    { numRuns: 2000 },
  );
  assert.equal(markLongs('{"outV":1190728523124310016,"n":9007199254740991,"s":"12345678901234567890"}', '#'), '{"outV":"#1190728523124310016","n":9007199254740991,"s":"12345678901234567890"}');
  assert.equal(markLongs('[1.2345678901234567890,1e12345678901234567]', '#'), undefined);
  // A leading zero is not JSON: left as it is, so that JSON.parse still refuses the body.
  assert.equal(markLongs('[01190728523124310016]', '#'), undefined);
  assert.throws(() => JSON.parse('[01190728523124310016]'), SyntaxError);
});
