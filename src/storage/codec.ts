/**
 * Binary codec shared by the write-ahead log, snapshots and the store's batch logs:
 * a growable little-endian {@link ByteWriter}, its {@link ByteReader}, and {@link crc32}.
 *
 * `value()` writes a tagged encoding of every {@link PropertyValue}, so nested lists, sets and
 * maps round-trip with their exact types (a plain number stays an Integer, a long stays a long).
 * Strings are UTF-8: a lone surrogate cannot be represented and is written as U+FFFD.
 * @module
 */
export { ByteWriter } from './codec/codec-writer.js';
export { ByteReader } from './codec/codec-reader.js';
export { crc32, crc32Portable } from './codec/crc32.js';
