/**
 * Snapshots (checksummed, atomically renamed section files) and the data directory lock.
 * @module
 */
export { inspectSnapshots, readLatestSnapshot, snapshotName, writeSnapshot, type SnapshotFile } from './snapshot.js';
export { lockDirectory, LOCK_FILE, type DirectoryLock } from './lock.js';
export { SNAPSHOT_VERSION, type Snapshot } from './format.js';
