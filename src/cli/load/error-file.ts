/**
 * The error file of a load: one line per row that failed to parse or to insert, tab-separated:
 * `file:line`, `parse` or `insert`, the mapping's label, the reason, and the row's raw text. The
 * file is created at the first error, so a clean load leaves none.
 * @module
 */
import { createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import type { SourceRow } from './reader.js';

function oneLine(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ');
}

/** Appends failed rows to a file opened on the first one. */
export class ErrorFile {
  private stream: WriteStream | undefined;
  private count = 0;

  constructor(readonly path: string) {}

  /** Records a row that failed with `reason` in `phase`, for the mapping of `label`. */
  write(row: SourceRow, phase: 'parse' | 'insert', label: string, reason: string): void {
    this.stream ??= createWriteStream(this.path, { flags: 'w' });
    this.count++;
    this.stream.write(`${row.file}:${row.line}\t${phase}\t${label}\t${oneLine(reason)}\t${oneLine(row.raw)}\n`);
  }

  /** How many rows were written. */
  get rows(): number {
    return this.count;
  }

  /** Flushes and closes the file. */
  async close(): Promise<void> {
    const stream = this.stream;
    if (stream === undefined) return;
    await new Promise<void>((resolve, reject) => stream.end((e?: Error | null) => (e ? reject(e) : resolve())));
  }
}
