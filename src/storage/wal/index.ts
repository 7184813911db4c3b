/**
 * Write-ahead log: segment files of checksummed records, group commit, torn-tail recovery, damage
 * detection and the opt-in repair.
 * @module
 */
export { WriteAheadLog } from './write-ahead-log.js';
export { describeDamage, examineLog, note } from './recovery.js';
export type { DamageNote, RecoveryBounds, RecoveryReport, ScannedSegment } from './recovery.js';
export { repairLog, type DroppedPart } from './repair.js';
export type { WalRecord } from './segment.js';
export { nodeFileSystem, replaceFileDurably, syncDirectory, syncFileSystem, unsyncedFileSystem, type SegmentFile, type WalFileSystem } from './file-system.js';
