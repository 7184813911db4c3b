/**
 * Edge ids (hugegraph-notes §7.2): `S<src>><labelId>><subLabelId>><sortValues>>S<tgt>`, always
 * written source → target. Parsing also accepts the directed 6-part form
 * `owner>direction>labelId>subLabelId>sortValues>other`, where the direction is HugeType's
 * EDGE_OUT (`O`, code 130) or EDGE_IN (`I`, code 140), and normalises it to source → target.
 * @module
 */
import { NotFoundError } from '../../errors.js';
import type { ElementId } from '../../values/index.js';
import { ESCAPE, IDS_SEPARATOR, joinEscaped, splitEscaped } from './splicing.js';
import { formatVertexIdForEdge, parseJavaLong, parseVertexIdFromEdge } from './vertex-id.js';

/**
 * The parts of an edge id, source → target.
 *
 * @example
 * ```ts
 * const p: EdgeIdParts = { out: '1:marko', labelId: 2, subLabelId: 2, sortValues: '', in: '2:lop' };
 * ```
 */
export interface EdgeIdParts {
  /** Source vertex id. */
  readonly out: ElementId;
  /** Edge label id (the parent label for a child edge label). */
  readonly labelId: number;
  /** Edge label id of the child label; equal to `labelId` for ordinary labels. */
  readonly subLabelId: number;
  /** Sort values text (see formatSortValues); empty when the label has no sort keys. */
  readonly sortValues: string;
  /** Target vertex id. */
  readonly in: ElementId;
}

const OUT_CODES: ReadonlySet<string> = new Set(['O', '130']);
const IN_CODES: ReadonlySet<string> = new Set(['I', '140']);
function labelIdOf(text: string): number | undefined {
  const value = Number(parseJavaLong(text) ?? Number.NaN);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** The text between the two vertex ids of an edge id without sort values (`>2>2>>S`), kept per label id when the sub-label is the label. */
const MIDDLES: string[] = [];

/**
 * `>labelId>subLabelId>>S`: one cached string per ordinary label, so that an edge id is three
 * concatenations instead of seven, each of which allocates (the batch-insert reply formats one
 * id per edge; docs/design-choices.md, "Batch write path: per-element cost").
 */
function middleOf(labelId: number, subLabelId: number): string {
  const cached = labelId === subLabelId ? MIDDLES[labelId] : undefined;
  if (cached !== undefined) return cached;
  const text = `${IDS_SEPARATOR}${labelId}${IDS_SEPARATOR}${subLabelId}${IDS_SEPARATOR}${IDS_SEPARATOR}S`;
  if (labelId === subLabelId && Number.isInteger(labelId) && labelId >= 0 && labelId < 1 << 16) MIDDLES[labelId] = text;
  return text;
}

/**
 * Writes an edge id in the 5-part source → target form.
 * Fails with ArgumentError `VERTEX_ID_TYPE` for an invalid vertex id, and with
 * `ID_PART_ESCAPE` when a part other than the target ends with a backquote.
 */
export function formatEdgeId(parts: EdgeIdParts): string {
  const { out: o, in: i } = parts;
  // String ends (PRIMARY_KEY and CUSTOMIZE_STRING ids, the batch-insert case) need no prefixed copies first.
  if (typeof o === 'string' && typeof i === 'string' && parts.sortValues === '' && !o.includes(IDS_SEPARATOR) && !o.endsWith(ESCAPE) && !i.includes(IDS_SEPARATOR)) {
    return `S${o}${middleOf(parts.labelId, parts.subLabelId)}${i}`;
  }
  const out = formatVertexIdForEdge(parts.out);
  const inV = formatVertexIdForEdge(parts.in);
  // The common case (no sort values, no separator or escape in the ends; label ids are digits) needs no escaping: one template.
  if (parts.sortValues === '' && !out.includes(IDS_SEPARATOR) && !out.endsWith(ESCAPE) && !inV.includes(IDS_SEPARATOR)) {
    return `${out}${IDS_SEPARATOR}${parts.labelId}${IDS_SEPARATOR}${parts.subLabelId}${IDS_SEPARATOR}${IDS_SEPARATOR}${inV}`;
  }
  return joinEscaped([out, String(parts.labelId), String(parts.subLabelId), parts.sortValues, inV], IDS_SEPARATOR);
}

/**
 * Reads an edge id in the 5-part or the directed 6-part form, or in the 4-part form of Part B
 * §2.1 and HugeGraph's documentation (`S1:peter>1>>S2:lop`, no sub-label: it is the label),
 * normalised to source → target.
 * Fails with NotFoundError `EDGE_ID_FORMAT`: "Edge id must be formatted as 5~6 parts, but got
 * N parts: 'x'" for a wrong part count, "Invalid format of edge id 'x'" for a bad part.
 *
 * @example
 * ```ts
 * parseEdgeId('S1:marko>2>2>>S2:lop');   // { out: '1:marko', labelId: 2, subLabelId: 2, sortValues: '', in: '2:lop' }
 * parseEdgeId('S2:lop>I>2>2>>S1:marko'); // the same edge, read from its target
 * parseEdgeId('S1:marko>2>>S2:lop');     // the same edge, in the documented 4-part form
 * ```
 */
export function parseEdgeId(text: string): EdgeIdParts {
  const parts = splitEscaped(text, IDS_SEPARATOR);
  if (parts.length < 4 || parts.length > 6) {
    throw new NotFoundError(
      'EDGE_ID_FORMAT',
      `Edge id must be formatted as 5~6 parts, but got ${parts.length} parts: '${text}'`,
    );
  }
  const invalid = (cause?: unknown): NotFoundError =>
    new NotFoundError('EDGE_ID_FORMAT', `Invalid format of edge id '${text}'`, cause === undefined ? {} : { cause });
  const vertex = (part: string): ElementId => {
    try {
      return parseVertexIdFromEdge(part);
    } catch (cause) {
      throw invalid(cause);
    }
  };
  const label = (part: string): number => {
    const value = labelIdOf(part);
    if (value === undefined) {
      throw invalid();
    }
    return value;
  };
  if (parts.length === 4) {
    const [out = '', labelText = '', sortValues = '', target = ''] = parts;
    const labelId = label(labelText);
    return { out: vertex(out), labelId, subLabelId: labelId, sortValues, in: vertex(target) };
  }
  if (parts.length === 5) {
    const [out = '', labelText = '', subText = '', sortValues = '', target = ''] = parts;
    return { out: vertex(out), labelId: label(labelText), subLabelId: label(subText), sortValues, in: vertex(target) };
  }
  const [owner = '', direction = '', labelText = '', subText = '', sortValues = '', other = ''] = parts;
  const ownerId = vertex(owner);
  const otherId = vertex(other);
  const labelId = label(labelText);
  const subLabelId = label(subText);
  if (OUT_CODES.has(direction)) {
    return { out: ownerId, labelId, subLabelId, sortValues, in: otherId };
  }
  if (IN_CODES.has(direction)) {
    return { out: otherId, labelId, subLabelId, sortValues, in: ownerId };
  }
  throw invalid();
}
