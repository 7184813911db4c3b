/**
 * Write-ahead log segment format. A segment file `wal-<firstLsn>.log` (the LSN zero-padded to
 * 20 digits so that names sort) holds consecutive records framed as
 * `[u32 length][u32 crc32 of payload][u64 lsn][payload]`, all little-endian.
 * @module
 */
import { crc32 } from '../codec.js';

/**
 * Bytes of the record header: length, crc32, lsn.
 */
export const RECORD_HEADER_BYTES = 16;

/**
 * Largest payload a record may carry (its length is a u32).
 */
export const MAX_PAYLOAD_BYTES = 0xffffffff;

const SEGMENT_NAME = /^wal-(\d{1,20})\.log$/;

/**
 * One valid record found by {@link scanSegment}; `payload` is a view into the scanned bytes.
 */
export interface WalRecord {
  readonly lsn: bigint;
  readonly payload: Uint8Array;
}

/**
 * A run of bytes in a segment that holds no valid record: from the first byte that fails to
 * verify up to the next record that verifies again (or the end of the file).
 */
interface DamagedBytes {
  /** Offset of the first byte that fails to verify. */
  readonly offset: number;
  /** Offset just past the damaged bytes: where the next valid record starts, or the file size. */
  readonly end: number;
  /** LSN the record at `offset` should have carried. */
  readonly firstLsn: bigint;
  /** LSN of the next valid record in the same file, or undefined when none follows (a tail). */
  readonly nextLsn: bigint | undefined;
  /** What failed first. */
  readonly problem: string;
}

/**
 * What {@link scanSegment} found: the valid records, where they end, and every damaged run.
 */
interface SegmentScan {
  readonly records: WalRecord[];
  /** Byte offset just past the last valid record (0 when there is none). */
  readonly validEnd: number;
  /** LSN after the last valid record (the segment's first LSN when there is none). */
  readonly nextLsn: bigint;
  /** Damaged runs, in file order; a torn tail is the last one, with `nextLsn` undefined. */
  readonly damage: readonly DamagedBytes[];
}

/**
 * File name of the segment whose first record has LSN `firstLsn`.
 */
export function segmentName(firstLsn: bigint): string {
  return `wal-${firstLsn.toString().padStart(20, '0')}.log`;
}

/**
 * The first LSN encoded in a segment file name, or undefined if the name is not a segment's.
 */
export function parseSegmentName(name: string): bigint | undefined {
  const match = SEGMENT_NAME.exec(name);
  return match?.[1] === undefined ? undefined : BigInt(match[1]);
}

/** Records up to this payload size are copied into a shared buffer; larger ones are written in place. */
const COALESCE_BELOW = 64 * 1024;

/**
 * Frames records for one gathered write: runs of small records share one new buffer, large
 * payloads are passed through uncopied after their own header.
 */
export function frameRecords(records: readonly WalRecord[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let i = 0;
  while (i < records.length) {
    let j = i;
    let size = 0;
    while (j < records.length && (records[j] as WalRecord).payload.byteLength < COALESCE_BELOW) {
      size += RECORD_HEADER_BYTES + (records[j] as WalRecord).payload.byteLength;
      j++;
    }
    if (j > i) {
      const buffer = Buffer.allocUnsafe(size);
      let at = 0;
      for (let k = i; k < j; k++) {
        const { lsn, payload } = records[k] as WalRecord;
        writeHeader(buffer, at, lsn, payload);
        buffer.set(payload, at + RECORD_HEADER_BYTES);
        at += RECORD_HEADER_BYTES + payload.byteLength;
      }
      out.push(buffer);
      i = j;
      continue;
    }
    const { lsn, payload } = records[i] as WalRecord;
    const header = Buffer.allocUnsafe(RECORD_HEADER_BYTES);
    writeHeader(header, 0, lsn, payload);
    out.push(header, payload);
    i++;
  }
  return out;
}

function writeHeader(target: Buffer, offset: number, lsn: bigint, payload: Uint8Array): void {
  target.writeUInt32LE(payload.byteLength, offset);
  target.writeUInt32LE(crc32(payload), offset + 4);
  target.writeBigUInt64LE(lsn, offset + 8);
}

/**
 * Reads every record of one segment's bytes. A record that does not verify (short header,
 * length past the end, LSN out of sequence, checksum mismatch) starts a damaged run; the scan
 * then looks for the next offset holding a whole record that verifies, with a later LSN, and
 * goes on from there, so that damage followed by valid records is told apart from a torn tail.
 */
export function scanSegment(bytes: Uint8Array, firstLsn: bigint): SegmentScan {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: WalRecord[] = [];
  const damage: DamagedBytes[] = [];
  let offset = 0;
  let expected = firstLsn;
  let validEnd = 0;
  while (offset < bytes.byteLength) {
    const problem = checkRecord(bytes, view, { offset, lsn: expected });
    if (problem === undefined) {
      const length = view.getUint32(offset, true);
      records.push({ lsn: expected, payload: bytes.subarray(offset + RECORD_HEADER_BYTES, offset + RECORD_HEADER_BYTES + length) });
      offset += RECORD_HEADER_BYTES + length;
      validEnd = offset;
      expected += 1n;
      continue;
    }
    const next = resync(bytes, view, { offset: offset + 1, lsn: expected });
    damage.push({ offset, end: next?.offset ?? bytes.byteLength, firstLsn: expected, nextLsn: next?.lsn, problem });
    if (next === undefined) break;
    offset = next.offset;
    expected = next.lsn;
  }
  return { records, validEnd, nextLsn: expected, damage };
}

/** Why the record at `at.offset` is not a valid record with LSN `at.lsn`, or undefined when it is. */
function checkRecord(bytes: Uint8Array, view: DataView, at: { offset: number; lsn: bigint }): string | undefined {
  const { offset } = at;
  if (bytes.byteLength - offset < RECORD_HEADER_BYTES) return `short header at offset ${offset}`;
  const length = view.getUint32(offset, true);
  const start = offset + RECORD_HEADER_BYTES;
  if (length > bytes.byteLength - start) return `record length ${length} runs past the end at offset ${offset}`;
  const lsn = view.getBigUint64(offset + 8, true);
  if (lsn !== at.lsn) return `LSN ${lsn} where ${at.lsn} was expected at offset ${offset}`;
  if (crc32(bytes.subarray(start, start + length)) !== view.getUint32(offset + 4, true)) return `checksum mismatch for LSN ${lsn} at offset ${offset}`;
  return undefined;
}

/**
 * The first offset from `from.offset` holding a whole record that verifies, whose LSN is at
 * least `from.lsn` and no further ahead than the bytes left could hold.
 */
function resync(bytes: Uint8Array, view: DataView, from: { offset: number; lsn: bigint }): { offset: number; lsn: bigint } | undefined {
  const low = from.lsn;
  const high = low + BigInt(Math.floor((bytes.byteLength - from.offset) / RECORD_HEADER_BYTES));
  for (let offset = from.offset; offset + RECORD_HEADER_BYTES <= bytes.byteLength; offset++) {
    const lsn = view.getBigUint64(offset + 8, true);
    if (lsn < low || lsn > high) continue;
    if (checkRecord(bytes, view, { offset, lsn }) === undefined) return { offset, lsn };
  }
  return undefined;
}
