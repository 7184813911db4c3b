/**
 * Input completeness for the console: decides whether the lines typed so far form a whole
 * statement or whether the console should show a continuation prompt and read more.
 *
 * A buffer is incomplete while a bracket, parenthesis, brace, string or block comment is
 * open, or while its last line ends with `.` (a traversal continued on the next line), `,`
 * or `\` (an explicit line continuation). Surplus closing brackets make the buffer complete,
 * so the parser can report them with their position.
 * @module
 */

/**
 * What the scanner found at the end of a buffer.
 */
interface InputState {
  /** Brackets still open, innermost last (`(`, `[` or `{`). */
  readonly open: readonly string[];
  /** The quote of an unterminated string (`'`, `"`, `'''` or `"""`), or undefined. */
  readonly inString: string | undefined;
  /** True inside an unterminated block comment. */
  readonly inComment: boolean;
}

const CLOSER: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

function quoteAt(text: string, i: number): string | undefined {
  const c = text[i];
  if (c !== "'" && c !== '"') return undefined;
  return text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
}

/**
 * Scans Gremlin-Groovy text and reports the open brackets, string and comment at its end.
 * Escapes inside strings and `//` line comments are honoured.
 */
export function scanInput(text: string): InputState {
  const open: string[] = [];
  let quote: string | undefined;
  let inComment = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (inComment) {
      if (text.startsWith('*/', i)) {
        inComment = false;
        i += 2;
      } else i += 1;
    } else if (quote !== undefined) {
      if (c === '\\') i += 2;
      else if (text.startsWith(quote, i)) {
        i += quote.length;
        quote = undefined;
      } else i += 1;
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (text.startsWith('/*', i)) {
      inComment = true;
      i += 2;
    } else {
      quote = quoteAt(text, i);
      if (quote !== undefined) i += quote.length;
      else {
        if (c === '(' || c === '[' || c === '{') open.push(c);
        else if (CLOSER[c] !== undefined && open[open.length - 1] === CLOSER[c]) open.pop();
        i += 1;
      }
    }
  }
  return { open, inString: quote, inComment };
}

function lastCodeLine(text: string): string {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.replace(/\/\/.*$/, '').trimEnd();
    if (line.length > 0) return line;
  }
  return '';
}

/**
 * True when the buffer is a whole statement the console can run. An empty buffer is complete.
 */
export function isCompleteInput(text: string): boolean {
  const state = scanInput(text);
  if (state.open.length > 0 || state.inString !== undefined || state.inComment) return false;
  const last = lastCodeLine(text);
  return !(last.endsWith('.') || last.endsWith(',') || last.endsWith('\\'));
}

function isCommand(line: string): boolean {
  return line.trimStart().startsWith(':');
}

function finish(lines: readonly string[]): string {
  return lines.map((l) => l.replace(/\\\s*$/, '')).join('\n');
}

/**
 * Gathers typed lines into statements: {@link StatementBuffer.push} returns a statement once
 * its lines are complete, or undefined while more input is needed. A trailing `\` is dropped
 * from its line; lines are joined with newlines so error positions match. A console
 * command (a line starting with `:`) is always one whole line.
 *
 * With `lookahead` (used for piped input), a complete statement is held until the next line
 * is read, and joined with it when that line starts with `.` (Groovy's leading-dot method
 * chain); {@link StatementBuffer.end} releases the last held statement.
 */
export class StatementBuffer {
  #lines: string[] = [];
  #held: string[] | undefined;
  readonly #lookahead: boolean;

  constructor(options: { readonly lookahead?: boolean } = {}) {
    this.#lookahead = options.lookahead ?? false;
  }

  #count = 0;
  #start = 0;
  #heldStart = 0;
  #emittedStart = 0;

  /** True while some lines wait for the rest of their statement. */
  get pending(): boolean {
    return this.#lines.length > 0;
  }

  /** Input line (1-based) where the statement last returned by push or end began. */
  get statementLine(): number {
    return this.#emittedStart;
  }

  /** Input line (1-based) where the unfinished text of {@link StatementBuffer.rest} began. */
  get restLine(): number {
    return this.#start;
  }

  /** Adds one line; returns a statement when one is complete. */
  push(line: string): string | undefined {
    this.#count += 1;
    let emitted: string | undefined;
    if (this.#held !== undefined) {
      if (/^\s*\./.test(line) && !isCommand(this.#held[0]!)) {
        this.#lines = this.#held;
        this.#start = this.#heldStart;
      } else {
        emitted = finish(this.#held);
        this.#emittedStart = this.#heldStart;
      }
      this.#held = undefined;
    }
    if (this.#lines.length === 0) {
      if (line.trim().length === 0) return emitted;
      this.#start = this.#count;
    }
    this.#lines.push(line);
    if (!isCommand(this.#lines[0]!) && !isCompleteInput(this.#lines.join('\n'))) return emitted;
    const done = this.#lines;
    this.#lines = [];
    if (!this.#lookahead) {
      this.#emittedStart = this.#start;
      return finish(done);
    }
    this.#held = done;
    this.#heldStart = this.#start;
    return emitted;
  }

  /** At the end of input: the statement held for lookahead, if any. */
  end(): string | undefined {
    const held = this.#held;
    this.#held = undefined;
    this.#emittedStart = this.#heldStart;
    return held === undefined ? undefined : finish(held);
  }

  /** The unfinished text, for the error shown when input ends inside a statement. */
  rest(): string {
    return this.#lines.join('\n');
  }

  /** Forgets the pending lines (Ctrl-C). */
  clear(): void {
    this.#lines = [];
  }
}
