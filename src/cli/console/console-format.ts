/**
 * Turns the results of one statement into the lines the console prints. Homogeneous results
 * become aligned tables: vertices and edges (with their properties when the console can look
 * them up), maps, paths and properties. Anything else prints one result per line with the
 * Gremlin console's `==>` prefix. `:json` mode prints one JSON document per result instead, in
 * the library's one JSON shape (`jsonValue`, as `toJSON()` and the REST server write results).
 * @module
 */
import { GremlinSyntaxError, QuiverError, jsonValue } from '../../index.js';
import { renderTable, type TableOptions } from './table.js';
import { classify, valueText, type EdgeLike, type PathLike, type PropertyLike, type VertexLike } from './console-values.js';

/**
 * Options of {@link formatResults}.
 */
interface FormatOptions extends TableOptions {
  /** Print JSON (one document per result) instead of tables and `==>` lines. */
  readonly json?: boolean;
  /** The properties of a vertex or edge, for the element tables; undefined when unknown. */
  readonly properties?: (element: VertexLike | EdgeLike) => Readonly<Record<string, unknown>> | undefined;
}

/**
 * The `==>` prefix of the Gremlin console's result lines.
 */
const RESULT_PREFIX = '==>';

function propertyColumns(rows: readonly (Readonly<Record<string, unknown>> | undefined)[]): string[] {
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row ?? {})) keys.add(key);
  return [...keys];
}

function propertyText(value: unknown): string {
  return value === undefined ? '' : valueText(value);
}

function vertexTable(vertices: readonly VertexLike[], options: FormatOptions): string[] {
  const props = vertices.map((v) => options.properties?.(v));
  const keys = propertyColumns(props);
  const rows = vertices.map((v, i) => [valueText(v.id), v.label, ...keys.map((k) => propertyText(props[i]?.[k]))]);
  return renderTable(['id', 'label', ...keys], rows, options);
}

function edgeTable(edges: readonly EdgeLike[], options: FormatOptions): string[] {
  const props = edges.map((e) => options.properties?.(e));
  const keys = propertyColumns(props);
  const rows = edges.map((e, i) => [valueText(e.id), e.label, valueText(e.outV.id), valueText(e.inV.id), ...keys.map((k) => propertyText(props[i]?.[k]))]);
  return renderTable(['id', 'label', 'outV', 'inV', ...keys], rows, options);
}

function mapTable(maps: readonly ReadonlyMap<unknown, unknown>[], options: FormatOptions): string[] {
  if (maps.length === 1) {
    const rows = [...maps[0]!].map(([k, v]) => [valueText(k), valueText(v)]);
    return renderTable(['key', 'value'], rows, options);
  }
  const columns = new Map<string, unknown>();
  for (const map of maps) for (const key of map.keys()) columns.set(valueText(key), key);
  const keys = [...columns.values()];
  const rows = maps.map((m) => keys.map((k) => (m.has(k) ? valueText(m.get(k)) : '')));
  return renderTable([...columns.keys()], rows, options);
}

function pathHeader(paths: readonly PathLike[]): string[] {
  const width = Math.max(...paths.map((p) => p.objects.length));
  return Array.from({ length: width }, (_, i) => {
    const labels = paths[0]?.labels[i];
    return labels !== undefined && labels.size > 0 ? [...labels].join(',') : String(i + 1);
  });
}

function pathTable(paths: readonly PathLike[], options: FormatOptions): string[] {
  return renderTable(
    pathHeader(paths),
    paths.map((p) => p.objects.map(valueText)),
    options,
  );
}

function propertyTable(properties: readonly PropertyLike[], options: FormatOptions): string[] {
  return renderTable(
    ['key', 'value'],
    properties.map((p) => [p.key, valueText(p.value)]),
    options,
  );
}

function allOf<T>(results: readonly unknown[], kind: string): T[] | undefined {
  const out: T[] = [];
  for (const r of results) {
    const k = classify(r);
    if (k.kind !== kind) return undefined;
    out.push(k.value as T);
  }
  return out;
}

function tableOf(results: readonly unknown[], options: FormatOptions): string[] | undefined {
  const vertices = allOf<VertexLike>(results, 'vertex');
  if (vertices !== undefined) return vertexTable(vertices, options);
  const edges = allOf<EdgeLike>(results, 'edge');
  if (edges !== undefined) return edgeTable(edges, options);
  const maps = allOf<ReadonlyMap<unknown, unknown>>(results, 'map');
  if (maps !== undefined) return mapTable(maps, options);
  const paths = allOf<PathLike>(results, 'path');
  if (paths !== undefined) return pathTable(paths, options);
  const properties = allOf<PropertyLike>(results, 'property');
  if (properties !== undefined) return propertyTable(properties, options);
  return undefined;
}

/**
 * The lines to print for the results of one statement. No results print nothing.
 */
export function formatResults(results: readonly unknown[], options: FormatOptions = {}): string[] {
  if (results.length === 0) return [];
  if (options.json === true) return results.map((r) => JSON.stringify(jsonValue(r)));
  return tableOf(results, options) ?? results.map((r) => RESULT_PREFIX + valueText(r));
}

/**
 * The offending line of `text` and a caret line pointing at `column` (both 1-based). Tabs
 * before the column are kept so the caret lines up in a terminal.
 */
export function caretLines(text: string, position: { readonly line: number; readonly column: number }): string[] {
  const line = text.split('\n')[position.line - 1];
  if (line === undefined) return [];
  const before = line.slice(0, Math.max(0, position.column - 1)).replace(/[^\t]/g, ' ');
  return [line, `${before}^`];
}

/**
 * The lines describing an error thrown while running `statement`. A syntax error starts with
 * `Syntax error at <line>:<column>`; other Quiver errors show their message and code; any
 * other exception is reported as an internal error with its message.
 */
export function describeError(error: unknown, statement: string): string[] {
  if (error instanceof GremlinSyntaxError) {
    return [`Syntax error at ${error.line}:${error.column}: ${error.message} (${error.code})`, ...caretLines(statement, error)];
  }
  if (error instanceof QuiverError) return [`Error: ${error.message} (${error.code})`];
  const message = error instanceof Error ? error.message : String(error);
  return [`Internal error: ${message}`];
}
