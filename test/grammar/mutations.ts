/**
 * Random edits of Gremlin text for fuzz tests: a fast-check arbitrary that picks a corpus entry
 * and a few character edits, and the function that applies them.
 * @module
 */
import fc from 'fast-check';

/** Characters the fuzzers insert: Gremlin punctuation, digits, suffixes and a few letters. */
export const ALPHABET: readonly string[] = [...'g.V()__,[]{}:;="\'\\ \n0123456789abcdefxlLnm-+_$#@>PT'];

/** One character edit. */
export interface Edit {
  readonly kind: 'delete' | 'insert' | 'swap';
  readonly at: number;
  readonly char: string;
}

/**
 * An arbitrary corpus index with between `minEdits` and `maxEdits` edits.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(mutationOf(corpus.length, { minEdits: 1, maxEdits: 4 }), ({ index, edits }) => { ... }));
 * ```
 */
export function mutationOf(corpusLength: number, options: { minEdits: number; maxEdits: number }): fc.Arbitrary<{ index: number; edits: Edit[] }> {
  return fc.record({
    index: fc.nat({ max: corpusLength - 1 }),
    edits: fc.array(
      fc.record({ kind: fc.constantFrom<Edit['kind']>('delete', 'insert', 'swap'), at: fc.nat(), char: fc.constantFrom(...ALPHABET) }),
      { minLength: options.minEdits, maxLength: options.maxEdits },
    ),
  });
}

/**
 * Applies edits in order; positions wrap around the current text.
 *
 * @example
 * ```ts
 * mutate('g.V()', [{ kind: 'delete', at: 1, char: 'x' }]); // 'gV()'
 * ```
 */
export function mutate(text: string, edits: readonly Edit[]): string {
  let out = text;
  for (const edit of edits) {
    const at = out.length === 0 ? 0 : edit.at % out.length;
    if (edit.kind === 'delete') out = out.slice(0, at) + out.slice(at + 1);
    else if (edit.kind === 'insert') out = out.slice(0, at) + edit.char + out.slice(at);
    else if (at + 1 < out.length) out = out.slice(0, at) + out[at + 1]! + out[at]! + out.slice(at + 2);
  }
  return out;
}
