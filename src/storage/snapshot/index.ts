/**
 * Snapshots (checksummed, atomically renamed section files) and the data directory lock.
 * @module
 */
export { inspectSnapshots, readLatestSnapshot, snapshotName, writeSnapshot, type SnapshotFile } from './snapshot-file.js';
export { lockDirectory, LOCK_FILE } from './lock.js';
export type { Snapshot } from './snapshot-format.js';
