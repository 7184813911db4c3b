/**
 * CRC-32 checksums: node:zlib's native crc32 when present, a table-driven one otherwise.
 * @module
 */
import * as zlib from 'node:zlib';

const CRC_TABLE = ((): Uint32Array => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * Table-driven CRC-32 (IEEE 802.3, as zlib), continuing from `previous` when given.
 * Used where node:zlib has no `crc32` (Node before 20.15).
 */
export function crc32Portable(bytes: Uint8Array, previous = 0): number {
  let c = ~previous >>> 0;
  for (let i = 0; i < bytes.length; i++) c = (CRC_TABLE[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return ~c >>> 0;
}

const nativeCrc32: ((data: Uint8Array, value?: number) => number) | undefined = (
  zlib as { crc32?: (data: Uint8Array, value?: number) => number }
).crc32;

/**
 * CRC-32 of `bytes` (node:zlib's native implementation when present), continuing from
 * `previous` when given so that a checksum can span several buffers.
 */
export function crc32(bytes: Uint8Array, previous = 0): number {
  return nativeCrc32 === undefined ? crc32Portable(bytes, previous) : nativeCrc32(bytes, previous) >>> 0;
}
