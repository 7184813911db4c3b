import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compileRegex } from '../../../src/values/index.js';
import { QuiverError } from '../../../src/errors.js';

function refusedWith(code: string, message: RegExp): (e: unknown) => boolean {
  return (e) => e instanceof QuiverError && e.code === code && e.kind === 'argument' && message.test(e.message);
}

test('compileRegex answers catastrophic backtracking patterns correctly', () => {
  const nested = compileRegex('(a+)+$');
  assert.equal(nested.test(`${'a'.repeat(5000)}!`), false);
  assert.equal(nested.test(`!${'a'.repeat(5000)}`), true);
  assert.equal(compileRegex('(x+x+)+y').test('x'.repeat(5000)), false);
  assert.equal(compileRegex('(x+x+)+y').test(`${'x'.repeat(5000)}y`), true);
  assert.equal(compileRegex('^(a|aa)*c$').matches(`${'a'.repeat(5000)}c`), true);
  assert.equal(compileRegex('(.*a){20}').test('a'.repeat(19) + 'b'.repeat(5000)), false);
});

test('compileRegex refuses features that need backtracking and names them', () => {
  const cases: ReadonlyArray<readonly [string, RegExp]> = [
    ['(a)\\1', /backreferences/],
    ['(?<x>a)\\k<x>', /backreferences/],
    ['a(?=b)', /lookaheads/],
    ['a(?!b)', /negative lookaheads/],
    ['(?<=a)b', /lookbehinds/],
    ['(?<!a)b', /negative lookbehinds/],
    ['(?>a+)b', /atomic groups/],
    ['a++', /possessive quantifiers/],
    ['a*+b', /possessive quantifiers/],
    ['a{2}+', /possessive quantifiers/],
    ['(?x) a', /inline flags/],
    ['a\\Z', /\\Z anchors/],
    ['\\u00e9', /\\uXXXX escapes/],
  ];
  for (const [pattern, feature] of cases) {
    assert.throws(() => compileRegex(pattern), refusedWith('REGEX_UNSUPPORTED', feature), pattern);
  }
});

test('compileRegex reports invalid patterns as REGEX_INVALID with the offending part', () => {
  assert.throws(() => compileRegex('['), refusedWith('REGEX_INVALID', /missing closing \]/));
  assert.throws(() => compileRegex('a)'), refusedWith('REGEX_INVALID', /unexpected \)/));
  assert.throws(() => compileRegex('a{2,1}'), refusedWith('REGEX_INVALID', /invalid repeat count/));
  assert.throws(() => compileRegex('a**'), refusedWith('REGEX_INVALID', /nested repetition/));
  assert.throws(() => compileRegex('('.repeat(5000) + ')'.repeat(5000)), refusedWith('REGEX_INVALID', /^Invalid regular expression '\(+…': expression nests too deeply$/));
  assert.throws(() => compileRegex('[', { what: 'tinker.search regex' }), refusedWith('REGEX_INVALID', /^Invalid tinker\.search regex '\['/));
});

test('compileRegex reads RE2 syntax: named groups, classes, \\x escapes and inline flags', () => {
  assert.equal(compileRegex('(?P<a>x)(?<b>y)').test('xy'), true);
  assert.equal(compileRegex('[[:digit:]]+').matches('123'), true);
  assert.equal(compileRegex('\\x{e9}\\x41').matches('éA'), true);
  assert.equal(compileRegex('\\p{Greek}').test('λ'), true);
  assert.equal(compileRegex('(?i)MARKO').matches('marko'), true);
  assert.equal(compileRegex('\\Q.*\\E').matches('.*'), true);
  assert.equal(compileRegex('\\Q.*\\E').matches('ab'), false);
});

test('compileRegex test() finds anywhere, matches() needs the whole text, dotAll crosses lines', () => {
  const re = compileRegex('ar');
  assert.equal(re.test('marko'), true);
  assert.equal(re.matches('marko'), false);
  assert.equal(compileRegex('a.b').test('a\nb'), false);
  assert.equal(compileRegex('a.b', { dotAll: true }).test('a\nb'), true);
  assert.equal(compileRegex('^b$').test('a\nb'), false);
  assert.equal(compileRegex('(?m)^b$').test('a\nb'), true);
});

/** Patterns in the common subset of RE2 and JavaScript, over a small alphabet. */
const patterns: fc.Arbitrary<string> = fc.letrec<{ re: string; atom: string; piece: string }>((tie) => ({
  atom: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('a', 'b', '1', '.', '[ab]', '[^a]', '\\d', '\\w', '\\s', '[a-b1]'),
    tie('re').map((r) => `(${r})`),
    tie('re').map((r) => `(?:${r})`),
  ),
  piece: fc.oneof(
    tie('atom'),
    fc.tuple(tie('atom'), fc.constantFrom('*', '+', '?', '*?', '+?', '??', '{2}', '{1,3}', '{0,2}?', '{2,}')).map(([a, q]) => a + q),
    fc.constantFrom('^', '$', '\\b', '\\B'),
  ),
  re: fc.oneof(
    fc.array(tie('piece'), { minLength: 0, maxLength: 4 }).map((ps) => ps.join('')),
    fc.tuple(tie('piece'), tie('piece')).map(([x, y]) => `${x}|${y}`),
  ),
})).re;

const texts = fc.string({ unit: fc.constantFrom('a', 'b', '1', ' ', '\n', '_'), maxLength: 12 });

test('compileRegex agrees with JavaScript RegExp on patterns both engines support', () => {
  fc.assert(
    fc.property(patterns, texts, fc.boolean(), (pattern, text, dotAll) => {
      const re = compileRegex(pattern, { dotAll });
      const flags = dotAll ? 's' : '';
      assert.equal(re.test(text), new RegExp(pattern, flags).test(text), `test /${pattern}/${flags} on ${JSON.stringify(text)}`);
      assert.equal(re.matches(text), new RegExp(`^(?:${pattern})$`, flags).test(text), `matches /${pattern}/${flags} on ${JSON.stringify(text)}`);
    }),
    { numRuns: 500 },
  );
});
