/**
 * Snapshot file format, version 1 (all integers little-endian):
 *
 * ```
 * 'QSNP' | u32 version | u64 lsn | u32 section count | u32 crc32 of the preceding 20 bytes
 * per section: u32 name length | name (UTF-8) | u64 length | u32 crc32 of name + bytes | bytes
 * ```
 * The file ends exactly after the last section.
 * @module
 */
import { crc32 } from '../codec.js';

/**
 * Version written by this code and the only one it reads.
 */
const SNAPSHOT_VERSION = 1;

const MAGIC = Buffer.from('QSNP', 'latin1');
const FILE_HEADER_BYTES = 24;

/**
 * A decoded snapshot; section bytes are views into the file's buffer.
 */
export interface Snapshot {
  readonly lsn: bigint;
  readonly sections: Map<string, Uint8Array>;
}

/**
 * The bytes of one snapshot section: one buffer, or parts whose concatenation is the section
 * (a store capture hands out views of its arrays as parts, so that nothing is copied).
 */
export type SectionBytes = Uint8Array | readonly Uint8Array[];

/** Bytes checksummed between two returns to the event loop while a snapshot is encoded. */
const CHECKSUM_SLICE = 8 * 1024 * 1024;

/**
 * The buffers that make up a snapshot file, in order: headers are small new buffers, section
 * bytes are passed through uncopied, ready for one writev. The checksums are computed in slices
 * of 8 MiB with a return to the event loop between them, so that a large snapshot does not hold
 * up other work.
 */
export async function encodeSnapshot(lsn: bigint, sections: ReadonlyMap<string, SectionBytes>): Promise<Uint8Array[]> {
  const header = Buffer.alloc(FILE_HEADER_BYTES);
  MAGIC.copy(header, 0);
  header.writeUInt32LE(SNAPSHOT_VERSION, 4);
  header.writeBigUInt64LE(lsn, 8);
  header.writeUInt32LE(sections.size, 16);
  header.writeUInt32LE(crc32(header.subarray(0, 20)), 20);
  const out: Uint8Array[] = [header];
  let sinceYield = 0;
  for (const [name, section] of sections) {
    const parts = section instanceof Uint8Array ? [section] : section;
    const nameBytes = Buffer.from(name, 'utf8');
    let length = 0;
    let crc = crc32(nameBytes);
    for (const part of parts) {
      length += part.byteLength;
      for (let at = 0; at < part.byteLength; at += CHECKSUM_SLICE) {
        const slice = part.subarray(at, at + CHECKSUM_SLICE);
        crc = crc32(slice, crc);
        sinceYield += slice.byteLength;
        if (sinceYield >= CHECKSUM_SLICE) {
          sinceYield = 0;
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      }
    }
    const sectionHeader = Buffer.alloc(4 + nameBytes.length + 12);
    sectionHeader.writeUInt32LE(nameBytes.length, 0);
    nameBytes.copy(sectionHeader, 4);
    sectionHeader.writeBigUInt64LE(BigInt(length), 4 + nameBytes.length);
    sectionHeader.writeUInt32LE(crc, 12 + nameBytes.length);
    out.push(sectionHeader, ...parts);
  }
  return out;
}

/**
 * Parses and verifies a whole snapshot file. Returns the snapshot, or the reason it is invalid.
 */
export function decodeSnapshot(file: Uint8Array): Snapshot | { problem: string } {
  const buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (buf.length < FILE_HEADER_BYTES) return { problem: `file of ${buf.length} bytes is shorter than the header` };
  if (!buf.subarray(0, 4).equals(MAGIC)) return { problem: 'bad magic' };
  if (buf.readUInt32LE(20) !== crc32(buf.subarray(0, 20))) return { problem: 'header checksum mismatch' };
  const version = buf.readUInt32LE(4);
  if (version !== SNAPSHOT_VERSION) return { problem: `unsupported version ${version}` };
  const lsn = buf.readBigUInt64LE(8);
  const count = buf.readUInt32LE(16);
  const sections = new Map<string, Uint8Array>();
  let at = FILE_HEADER_BYTES;
  for (let i = 0; i < count; i++) {
    if (buf.length - at < 4) return { problem: `section ${i} header runs past the end` };
    const nameLength = buf.readUInt32LE(at);
    if (buf.length - at - 4 < nameLength + 12) return { problem: `section ${i} header runs past the end` };
    const nameBytes = buf.subarray(at + 4, at + 4 + nameLength);
    const length = buf.readBigUInt64LE(at + 4 + nameLength);
    const checksum = buf.readUInt32LE(at + 12 + nameLength);
    const start = at + 16 + nameLength;
    if (length > BigInt(buf.length - start)) return { problem: `section ${i} of ${length} bytes runs past the end` };
    const bytes = buf.subarray(start, start + Number(length));
    if (crc32(bytes, crc32(nameBytes)) !== checksum) return { problem: `section ${i} checksum mismatch` };
    sections.set(nameBytes.toString('utf8'), new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    at = start + bytes.length;
  }
  if (at !== buf.length) return { problem: `${buf.length - at} trailing bytes after the last section` };
  return { lsn, sections };
}
