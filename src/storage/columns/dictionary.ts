/**
 * String dictionaries: each distinct string gets a dense code.
 * @module
 */

/**
 * A per-key string dictionary. Codes are dense and never reused, so growth made by a batch
 * that rolls back is harmless.
 */
export class Dictionary {
  private readonly codes = new Map<string, number>();
  private readonly strings: string[] = [];

  /** Code of a string, adding it when new. */
  encode(text: string): number {
    let code = this.codes.get(text);
    if (code === undefined) {
      code = this.strings.length;
      this.strings.push(text);
      this.codes.set(text, code);
    }
    return code;
  }

  /** Code of a string, or -1 when it was never seen. */
  find(text: string): number {
    return this.codes.get(text) ?? -1;
  }

  /** String of a code. */
  decode(code: number): string {
    return this.strings[code]!;
  }

  /** Number of distinct strings. */
  get size(): number {
    return this.strings.length;
  }

  /** All strings in code order, for snapshots. */
  entries(): readonly string[] {
    return this.strings;
  }

  /**
   * Rebuilds a dictionary from its strings in code order.
   */
  static from(strings: readonly string[]): Dictionary {
    const d = new Dictionary();
    for (const s of strings) d.encode(s);
    return d;
  }
}
