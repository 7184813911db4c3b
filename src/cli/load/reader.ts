/**
 * Reading the rows of a file input line by line, as hugegraph-loader does: the bytes are decoded
 * in the input's charset, lines matching `skipped_line` are dropped, a CSV or TEXT file's first
 * remaining line is its header unless the mapping gives one, and each line becomes one row of
 * field names and raw values (CSV through csv-parse when the line holds a quote, TEXT split on
 * its delimiter, JSON one object per line). A line that cannot be read is a row with a reason.
 * @module
 */
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { ArgumentError } from '../../index.js';
import type { FileInput } from './mapping-input.js';

/**
 * One line of an input: where it is, its text, and its fields (names and raw values) or the
 * reason it could not be read.
 */
export interface SourceRow {
  readonly file: string;
  /** 1-based line number in the file. */
  readonly line: number;
  readonly raw: string;
  readonly names: readonly string[];
  readonly values: readonly unknown[];
  /** Set when the line could not be split into fields. */
  readonly error?: string;
}

/** Rows in batches, with the bytes of the input read so far (for progress). */
interface RowBatch {
  readonly rows: readonly SourceRow[];
  readonly bytesRead: number;
}

/**
 * The files of an input: the path itself, or the files of a directory (sorted by name, kept by
 * the input's extensions). Fails with ArgumentError `LOAD_INPUT` when the path does not exist.
 */
export function inputFiles(input: FileInput, base: string): string[] {
  const path = resolve(base, input.path);
  let stat;
  try {
    stat = statSync(path);
  } catch {
    throw new ArgumentError('LOAD_INPUT', `Cannot read input '${input.path}': no such file or directory (${path})`);
  }
  if (!stat.isDirectory()) return [path];
  const keep = input.extensions;
  return readdirSync(path)
    .sort()
    .map((name) => join(path, name))
    .filter((file) => statSync(file).isFile() && (keep === undefined || keep.includes(extname(file).slice(1))));
}

/** Splits one CSV line: a plain split when it has no quote, csv-parse otherwise. */
function csvFields(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const records = parseCsv(line, { relax_column_count: true }) as string[][];
  if (records.length !== 1) throw new Error('a quoted field runs past the end of the line');
  return records[0]!;
}

function jsonFields(line: string): { names: string[]; values: unknown[] } {
  const value: unknown = JSON.parse(line);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('a JSON line must hold one object');
  return { names: Object.keys(value), values: Object.values(value) };
}

/** The decoded lines of a file, in chunks, with the bytes read so far. */
async function* lines(file: string, charset: string): AsyncGenerator<{ lines: string[]; bytesRead: number }> {
  const decoder = new TextDecoder(charset);
  let rest = '';
  let bytesRead = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const buffer = chunk as Buffer;
    bytesRead += buffer.length;
    const text = rest + decoder.decode(buffer, { stream: true });
    const parts = text.split('\n');
    rest = parts.pop()!;
    yield { lines: parts, bytesRead };
  }
  const last = rest + decoder.decode();
  yield { lines: last === '' ? [] : [last], bytesRead };
}

/**
 * Reads the rows of one file of an input, in batches; `header` is the mapping's header or, when
 * undefined, the file's first line that is not skipped.
 */
export async function* readRows(file: string, input: FileInput): AsyncGenerator<RowBatch> {
  let header = input.header;
  let lineNo = 0;
  const split = input.format === 'CSV' ? csvFields : (line: string): string[] => line.split(input.delimiter);
  for await (const chunk of lines(file, input.charset)) {
    const rows: SourceRow[] = [];
    for (let raw of chunk.lines) {
      lineNo++;
      if (raw.endsWith('\r')) raw = raw.slice(0, -1);
      if (lineNo === 1 && raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
      if (input.skippedLine.test(raw)) continue;
      try {
        if (input.format === 'JSON') {
          rows.push({ file, line: lineNo, raw, ...jsonFields(raw) });
          continue;
        }
        const fields = split(raw);
        if (header === undefined) {
          header = fields;
          continue;
        }
        if (fields.length !== header.length) {
          rows.push({ file, line: lineNo, raw, names: header, values: fields, error: `expected ${header.length} fields (${header.join(', ')}) but got ${fields.length}` });
          continue;
        }
        rows.push({ file, line: lineNo, raw, names: header, values: fields });
      } catch (e) {
        rows.push({ file, line: lineNo, raw, names: [], values: [], error: `cannot read the line: ${e instanceof Error ? e.message : String(e)}` });
      }
    }
    yield { rows, bytesRead: chunk.bytesRead };
  }
}
