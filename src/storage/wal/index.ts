/**
 * Write-ahead log: segment files of checksummed records, group commit, torn-tail recovery.
 * @module
 */
export { WriteAheadLog, type WalOptions } from './write-ahead-log.js';
export type { RecoveryReport } from './recovery.js';
export type { WalRecord } from './segment.js';
export { nodeFileSystem, syncFileSystem, type SegmentFile, type WalFileSystem } from './file-system.js';
