/**
 * HugeGraph's splicing of id parts (SplicingIdGenerator / IdUtil.escape): parts are joined with
 * one separator per level (`>` between the parts of an edge id, `:` between a vertex label id
 * and its primary-key values, `!` between primary-key or sort values), and every occurrence of
 * that level's separator inside a part is prefixed with a backquote. The backquote itself is not
 * escaped, so a part that ends with a backquote cannot be followed by a separator; Quiver rejects
 * such a part instead of writing an id that would split differently when read back.
 * @module
 */
import { ArgumentError } from '../../errors.js';

/**
 * The escape character placed before a separator inside a part.
 */
export const ESCAPE = '`';
/**
 * Separator between the parts of an edge id.
 */
export const IDS_SEPARATOR = '>';
/**
 * Separator between a vertex label id and its primary-key values.
 */
export const ID_SEPARATOR = ':';
/**
 * Separator between primary-key values, sort values and list elements.
 */
export const NAME_SEPARATOR = '!';

/**
 * A separator of one splicing level.
 */
export type Separator = typeof IDS_SEPARATOR | typeof ID_SEPARATOR | typeof NAME_SEPARATOR;

/**
 * Joins parts with a separator, escaping the separator inside each part.
 * Fails with ArgumentError `ID_PART_ESCAPE` when a part other than the last ends with a
 * backquote, because the id could not be split back into the same parts.
 */
export function joinEscaped(parts: readonly string[], separator: Separator): string {
  if (parts.every((part, index) => !part.includes(separator) && (index === parts.length - 1 || !part.endsWith(ESCAPE)))) return parts.join(separator);
  const escaped: string[] = [];
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    if (index < parts.length - 1 && part.endsWith(ESCAPE)) {
      throw new ArgumentError(
        'ID_PART_ESCAPE',
        `Cannot build id: part '${part}' ends with '${ESCAPE}' and is followed by the separator '${separator}'`,
      );
    }
    escaped.push(part.includes(separator) ? part.split(separator).join(ESCAPE + separator) : part);
  }
  return escaped.join(separator);
}

/**
 * Splits text at every separator not preceded by a backquote, then removes the backquote before
 * escaped separators. The inverse of {@link joinEscaped}. Always returns at least one part.
 */
export function splitEscaped(text: string, separator: Separator): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charAt(i) === separator && (i === 0 || text.charAt(i - 1) !== ESCAPE)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.split(ESCAPE + separator).join(separator));
}
