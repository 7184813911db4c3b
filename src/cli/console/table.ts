/**
 * A compact aligned-table renderer for the console: a header, a rule and one line per row,
 * with columns padded to their widest cell. Cells are single-line (newlines and tabs are
 * shown escaped) and may be capped to a maximum width with an ellipsis.
 * @module
 */

/**
 * Options of {@link renderTable}.
 */
export interface TableOptions {
  /** Longest cell text in characters before it is cut with `…` (default 60; minimum 2). */
  readonly maxCellWidth?: number;
}

const DEFAULT_MAX_CELL = 60;

/**
 * Columns shown by a terminal for a string: wide (East Asian) characters count two,
 * combining marks none.
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (/\p{Mn}/u.test(ch)) continue;
    const wide =
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x1f300 && code <= 0x1faff) ||
      (code >= 0x20000 && code <= 0x3fffd);
    width += wide ? 2 : 1;
  }
  return width;
}

function oneLine(text: string): string {
  return text.replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/\t/g, '\\t');
}

function cut(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  let out = '';
  for (const ch of text) {
    if (displayWidth(out + ch) > max - 1) break;
    out += ch;
  }
  return `${out}…`;
}

function padCell(text: string, width: number): string {
  return text + ' '.repeat(width - displayWidth(text));
}

/**
 * Renders rows under a header as aligned text lines: `header`, a rule of `-`, then the rows.
 * Missing cells are blank; trailing spaces are trimmed from each line.
 */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[], options: TableOptions = {}): string[] {
  const max = Math.max(2, options.maxCellWidth ?? DEFAULT_MAX_CELL);
  const columns = Math.max(header.length, ...rows.map((r) => r.length));
  const cell = (row: readonly string[], i: number): string => cut(oneLine(row[i] ?? ''), max);
  const head = Array.from({ length: columns }, (_, i) => cell(header, i));
  const body = rows.map((row) => Array.from({ length: columns }, (_, i) => cell(row, i)));
  const widths = head.map((h, i) => Math.max(displayWidth(h), ...body.map((r) => displayWidth(r[i]!))));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => padCell(c, widths[i]!))
      .join(' | ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('-+-');
  return [line(head), rule, ...body.map(line)];
}
