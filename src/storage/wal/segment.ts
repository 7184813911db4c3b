/**
 * Write-ahead log segment format. A segment file `wal-<firstLsn>.log` (the LSN zero-padded to
 * 20 digits so that names sort) holds consecutive records framed as
 * `[u32 length][u32 crc32 of payload][u64 lsn][payload]`, all little-endian.
 * @module
 */
import { crc32 } from '../codec.js';

/**
 * Bytes of the record header: length, crc32, lsn.
 *
 * @example
 * ```ts
 * const recordBytes = RECORD_HEADER_BYTES + payload.byteLength;
 * ```
 */
export const RECORD_HEADER_BYTES = 16;

/**
 * Largest payload a record may carry (its length is a u32).
 *
 * @example
 * ```ts
 * if (payload.byteLength > MAX_PAYLOAD_BYTES) throw new Error('too large');
 * ```
 */
export const MAX_PAYLOAD_BYTES = 0xffffffff;

const SEGMENT_NAME = /^wal-(\d{1,20})\.log$/;

/**
 * One valid record found by {@link scanSegment}; `payload` is a view into the scanned bytes.
 *
 * @example
 * ```ts
 * for (const r of scanSegment(bytes, 1n).records) console.log(r.lsn, r.payload.length);
 * ```
 */
export interface WalRecord {
  readonly lsn: bigint;
  readonly payload: Uint8Array;
}

/**
 * What {@link scanSegment} found: the valid records, where they end, and why scanning stopped.
 *
 * @example
 * ```ts
 * const scan = scanSegment(bytes, 1n);
 * if (scan.problem !== undefined) console.log(`torn at ${scan.validEnd}: ${scan.problem}`);
 * ```
 */
export interface SegmentScan {
  readonly records: WalRecord[];
  /** Byte offset just past the last valid record. */
  readonly validEnd: number;
  /** Why scanning stopped before the end of the bytes, if it did. */
  readonly problem?: string;
}

/**
 * File name of the segment whose first record has LSN `firstLsn`.
 *
 * @example
 * ```ts
 * segmentName(1n); // 'wal-00000000000000000001.log'
 * ```
 */
export function segmentName(firstLsn: bigint): string {
  return `wal-${firstLsn.toString().padStart(20, '0')}.log`;
}

/**
 * The first LSN encoded in a segment file name, or undefined if the name is not a segment's.
 *
 * @example
 * ```ts
 * parseSegmentName('wal-00000000000000000042.log'); // 42n
 * ```
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
 *
 * @example
 * ```ts
 * await file.write(frameRecords([{ lsn: 1n, payload }, { lsn: 2n, payload: other }]), offset);
 * ```
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
 * Reads the records of one segment's bytes, stopping at the first short, torn or corrupt record
 * (length past the end, checksum mismatch, or an LSN out of sequence).
 *
 * @example
 * ```ts
 * const scan = scanSegment(await readFile(path), 1n);
 * if (scan.validEnd < size) await truncate(path, scan.validEnd);
 * ```
 */
export function scanSegment(bytes: Uint8Array, firstLsn: bigint, options: { verify?: boolean } = {}): SegmentScan {
  const verify = options.verify ?? true;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: WalRecord[] = [];
  let offset = 0;
  let expected = firstLsn;
  const stop = (problem: string): SegmentScan => ({ records, validEnd: offset, problem });
  while (offset < bytes.byteLength) {
    if (bytes.byteLength - offset < RECORD_HEADER_BYTES) return stop(`short header at offset ${offset}`);
    const length = view.getUint32(offset, true);
    const checksum = view.getUint32(offset + 4, true);
    const lsn = view.getBigUint64(offset + 8, true);
    const start = offset + RECORD_HEADER_BYTES;
    if (length > bytes.byteLength - start) return stop(`record length ${length} runs past the end at offset ${offset}`);
    if (lsn !== expected) return stop(`LSN ${lsn} where ${expected} was expected at offset ${offset}`);
    const payload = bytes.subarray(start, start + length);
    if (verify && crc32(payload) !== checksum) return stop(`checksum mismatch for LSN ${lsn} at offset ${offset}`);
    records.push({ lsn, payload });
    offset = start + length;
    expected += 1n;
  }
  return { records, validEnd: offset };
}
