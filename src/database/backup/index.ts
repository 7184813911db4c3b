/**
 * Online backup and restore of graphs and of the whole server (docs/backup.md).
 * @module
 */
export { backupStream } from './backup-writer.js';
export type { BackupScope } from './backup-writer.js';
export { restoreDirectory, restoreIntoServer, verifyBackup } from './restore.js';
export type { RestoreReport } from './restore.js';
