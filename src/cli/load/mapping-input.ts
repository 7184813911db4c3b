/**
 * The `input` of a hugegraph-loader mapping: a local file or directory (`type: file`) in CSV,
 * TEXT (a delimiter, tab by default: TSV) or JSON (one object per line), with its header,
 * charset, date formats, time zone, skipped lines and list format. Other input types (HDFS,
 * JDBC, Kafka) and compression are refused by name.
 * @module
 */
import { isEmpty, objectAt, onlyDefault, optionalText, textList } from './json-check.js';
import type { JsonPlace } from './json-check.js';

/** The formats of a file input. */
type FileFormat = 'CSV' | 'TEXT' | 'JSON';

/** How a list value is written in one field: `[a|b|c]` with start, end and element delimiter. */
export interface ListFormat {
  readonly start: string;
  readonly end: string;
  readonly delimiter: string;
  readonly ignored: ReadonlySet<string>;
}

/** A file input of a mapping, with hugegraph-loader's defaults filled in. */
export interface FileInput {
  /** The file or directory, as written (resolved against the working directory when loading). */
  readonly path: string;
  readonly format: FileFormat;
  /** Field names given in the mapping; otherwise a CSV or TEXT file's first line is its header. */
  readonly header: readonly string[] | undefined;
  /** The field delimiter of CSV (always `,`) and TEXT (tab unless given). */
  readonly delimiter: string;
  /** A charset name TextDecoder knows (UTF-8 unless given). */
  readonly charset: string;
  /** Java date patterns tried in order for DATE properties (`yyyy-MM-dd HH:mm:ss` unless given). */
  readonly dateFormats: readonly string[];
  /** Offset of the time zone dates are read in, in minutes east of UTC (GMT+8 unless given). */
  readonly zoneOffsetMinutes: number;
  /** Lines matching it whole are skipped (comments and empty lines unless given). */
  readonly skippedLine: RegExp;
  readonly listFormat: ListFormat | undefined;
  /** File name extensions a directory input keeps; undefined keeps every file. */
  readonly extensions: readonly string[] | undefined;
}

const INPUT_KEYS = [
  'type', 'path', 'file_filter', 'dir_filter', 'format', 'delimiter', 'date_format', 'extra_date_formats', 'time_zone',
  'skipped_line', 'compression', 'batch_size', 'header', 'charset', 'list_format', 'split_count',
];
const DEFAULT_SKIPPED = '(^#|^//).*|';

function format(value: unknown, place: JsonPlace): FileFormat {
  const text = (optionalText(value, place) ?? 'CSV').toUpperCase();
  if (text === 'CSV' || text === 'TEXT' || text === 'JSON') return text;
  return place.unsupported(`format '${String(value)}' is not supported (CSV, TEXT or JSON)`);
}

function charset(value: unknown, place: JsonPlace): string {
  const name = optionalText(value, place) ?? 'UTF-8';
  try {
    new TextDecoder(name);
  } catch {
    return place.fail(`unknown charset '${name}'`);
  }
  return name;
}

/** Minutes east of UTC of `GMT`, `UTC`, `GMT+8`, `GMT-05:30` or `UTC+0800`. */
function zoneOffset(value: unknown, place: JsonPlace): number {
  const text = optionalText(value, place) ?? 'GMT+8';
  const match = /^(?:GMT|UTC|Z)(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/i.exec(text);
  if (match === null) return place.unsupported(`time zone '${text}' is not supported (write it as GMT+H or GMT+HH:MM)`);
  const minutes = Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

function skippedLine(value: unknown, place: JsonPlace): RegExp {
  let regex = DEFAULT_SKIPPED;
  if (value !== undefined && value !== null) {
    const object = objectAt(value, place, ['regex']);
    regex = typeof object.regex === 'string' ? object.regex : place.at('regex').fail('expected a regular expression');
  }
  try {
    return new RegExp(`^(?:${regex})$`);
  } catch (e) {
    return place.at('regex').fail(`not a regular expression (${e instanceof Error ? e.message : String(e)})`);
  }
}

function listFormat(value: unknown, place: JsonPlace): ListFormat | undefined {
  if (value === undefined || value === null) return undefined;
  const object = objectAt(value, place, ['start_symbol', 'end_symbol', 'elem_delimiter', 'ignored_elems']);
  const symbol = (v: unknown, at: JsonPlace, fallback: string): string => (v === undefined || v === null ? fallback : typeof v === 'string' ? v : at.fail('expected a string'));
  return {
    start: symbol(object.start_symbol, place.at('start_symbol'), ''),
    end: symbol(object.end_symbol, place.at('end_symbol'), ''),
    delimiter: optionalText(object.elem_delimiter, place.at('elem_delimiter')) ?? '|',
    ignored: new Set(textList(object.ignored_elems, place.at('ignored_elems'))),
  };
}

function header(value: unknown, place: JsonPlace): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const names = textList(value, place);
  return names.length > 0 ? names : place.fail('a header given in the mapping cannot be empty');
}

function extensions(value: unknown, place: JsonPlace): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = textList(objectAt(value, place, ['extensions']).extensions, place.at('extensions'));
  return list.length === 0 || list.includes('*') ? undefined : list;
}

/** Parses the `input` object of a struct (or of a 1.0 element mapping). */
export function parseInput(value: unknown, place: JsonPlace): FileInput {
  const object = objectAt(value, place, INPUT_KEYS);
  const type = (optionalText(object.type, place.at('type')) ?? 'FILE').toUpperCase();
  if (type !== 'FILE') place.at('type').unsupported(`input type '${String(object.type)}' is not supported (only file inputs)`);
  onlyDefault(object.compression, place.at('compression'), (v) => v === 'NONE', 'compression');
  onlyDefault(object.split_count, place.at('split_count'), (v) => v === 0, 'split_count');
  onlyDefault(object.dir_filter, place.at('dir_filter'), (v) => isEmpty(v) || Object.values(v as object).every((r) => r === '' || r === null), 'dir_filter');
  if (object.batch_size !== undefined && object.batch_size !== null && !(Number.isSafeInteger(object.batch_size) && (object.batch_size as number) > 0)) {
    place.at('batch_size').fail('expected a positive integer');
  }
  const fileFormat = format(object.format, place.at('format'));
  const given = optionalText(object.delimiter, place.at('delimiter'));
  if (fileFormat === 'CSV' && given !== undefined && given !== ',') place.at('delimiter').fail(`the delimiter of a CSV input must be ',' but got '${given}' (use format TEXT)`);
  if (fileFormat === 'JSON' && given !== undefined) place.at('delimiter').fail('a JSON input has no delimiter');
  const dateFormat = optionalText(object.date_format, place.at('date_format')) ?? 'yyyy-MM-dd HH:mm:ss';
  const list = listFormat(object.list_format, place.at('list_format'));
  const delimiter = fileFormat === 'CSV' ? ',' : given ?? '\t';
  if (list !== undefined && list.delimiter === delimiter) place.at('list_format').fail(`the list element delimiter and the field delimiter cannot both be '${delimiter}'`);
  return {
    path: optionalText(object.path, place.at('path')) ?? place.at('path').fail('is required'),
    format: fileFormat,
    header: header(object.header, place.at('header')),
    delimiter,
    charset: charset(object.charset, place.at('charset')),
    dateFormats: [dateFormat, ...textList(object.extra_date_formats, place.at('extra_date_formats'))],
    zoneOffsetMinutes: zoneOffset(object.time_zone, place.at('time_zone')),
    skippedLine: skippedLine(object.skipped_line, place.at('skipped_line')),
    listFormat: list,
    extensions: extensions(object.file_filter, place.at('file_filter')),
  };
}
