/**
 * The one place dates become text. Each consumer picks a style, and a date formats
 * identically wherever it is formatted in the same style:
 * - `gremlin`: Java's `OffsetDateTime.toString` in UTC (`2023-08-02T00:00Z`), as Gremlin and its
 *   console print a date;
 * - `iso`: `Date.prototype.toISOString` (`2023-08-02T00:00:00.000Z`), the library's JSON form;
 * - `hugegraph`: `yyyy-MM-dd HH:mm:ss.SSS` in UTC (`2023-08-02 00:00:00.000`), as HugeGraph's REST
 *   and Gremlin replies and its records write a date.
 * @module
 */

/**
 * A style of date text (see the module comment).
 */
export type DateStyle = 'gremlin' | 'iso' | 'hugegraph';

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function day(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function gremlinText(d: Date): string {
  let text = `${day(d)}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  const seconds = d.getUTCSeconds();
  const millis = d.getUTCMilliseconds();
  if (seconds !== 0 || millis !== 0) text += `:${pad(seconds)}`;
  if (millis !== 0) text += `.${pad(millis, 3)}`;
  return text + 'Z';
}

/**
 * The text of `date` in `style`; `Invalid Date` for a date whose time is NaN, in every style.
 */
export function formatDate(date: Date, style: DateStyle): string {
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  switch (style) {
    case 'iso':
      return date.toISOString();
    case 'gremlin':
      return gremlinText(date);
    case 'hugegraph':
      return `${day(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}`;
  }
}
