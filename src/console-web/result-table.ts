/**
 * The web console's Table tab as data: one row per result, with columns that fit the results
 * (id, label and properties for elements, the keys of maps, one value column otherwise) and
 * cells as text. Plain data and no DOM, so it runs (and is tested) under node as well.
 * @module
 */

/** A table: a header and one row of cell texts per result. */
export interface ResultTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

type Json = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isElement(value: unknown): value is Json {
  return isObject(value) && (value['type'] === 'vertex' || value['type'] === 'edge') && 'id' in value && 'label' in value;
}

/** The text of one cell: strings as they are, everything else as compact JSON. */
export function cellText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

/** Flat property values: a single-valued list (HugeGraph's vertex properties) as its value. */
function propertiesText(properties: unknown): string {
  if (!isObject(properties)) return '';
  return Object.entries(properties)
    .map(([key, value]) => `${key}: ${cellText(Array.isArray(value) && value.length === 1 ? value[0] : value)}`)
    .join(', ');
}

function elementRow(element: Json): string[] {
  const ends = element['type'] === 'edge' ? `${cellText(element['outV'])} → ${cellText(element['inV'])}` : '';
  return [cellText(element['id']), cellText(element['label']), cellText(element['type']), ends, propertiesText(element['properties'])];
}

/**
 * The table of a Gremlin result: elements (vertices and edges) as id, label, type, ends and
 * properties; maps (all results maps that are not elements) as one column per key, in the
 * order first met; any other mix as one `value` column of JSON texts.
 */
export function resultTable(data: readonly unknown[]): ResultTable {
  const objects = data.filter(isObject);
  if (data.length === 0 || objects.length < data.length) return { columns: ['value'], rows: data.map((item) => [cellText(item)]) };
  const elements = objects.filter(isElement);
  if (elements.length === objects.length) return { columns: ['id', 'label', 'type', 'ends', 'properties'], rows: elements.map(elementRow) };
  if (elements.length > 0) return { columns: ['value'], rows: data.map((item) => [cellText(item)]) };
  const columns = [...new Set(objects.flatMap((item) => Object.keys(item)))];
  return { columns, rows: objects.map((item) => columns.map((key) => cellText(item[key]))) };
}
