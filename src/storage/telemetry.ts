/**
 * Where storage tells the outside how its durable writes go, without knowing who listens: named
 * `node:diagnostics_channel` channels. A message is published only while a subscriber exists
 * (`hasSubscribers`), so an unobserved store pays one property read per group commit.
 * @module
 */
import { channel } from 'node:diagnostics_channel';

/**
 * The channel names: `walCommit` carries a {@link WalCommitEvent} per group commit (one write
 * and one fdatasync), `snapshot` a {@link SnapshotEvent} per snapshot written.
 *
 * @example
 * ```ts
 * import { subscribe } from 'node:diagnostics_channel';
 * subscribe(TELEMETRY_CHANNELS.walCommit, (event) => console.log(event));
 * ```
 */
export const TELEMETRY_CHANNELS = Object.freeze({ walCommit: 'quiver:wal-commit', snapshot: 'quiver:snapshot' } as const);

/**
 * One group commit of a write-ahead log: records and bytes written, and the time the
 * write and the fdatasync took.
 *
 * @example
 * ```ts
 * const event: WalCommitEvent = { records: 3, bytes: 120, syncMs: 0.8 };
 * ```
 */
export interface WalCommitEvent {
  readonly records: number;
  readonly bytes: number;
  readonly syncMs: number;
}

/**
 * One snapshot written: how long it took from capture to rename.
 *
 * @example
 * ```ts
 * const event: SnapshotEvent = { ms: 42 };
 * ```
 */
export interface SnapshotEvent {
  readonly ms: number;
}

const walCommits = channel(TELEMETRY_CHANNELS.walCommit);
const snapshots = channel(TELEMETRY_CHANNELS.snapshot);

/** Publishes a group commit when someone listens. */
export function publishWalCommit(records: number, bytes: number, startedAt: number): void {
  if (walCommits.hasSubscribers) walCommits.publish({ records, bytes, syncMs: performance.now() - startedAt } satisfies WalCommitEvent);
}

/** Publishes a snapshot when someone listens. */
export function publishSnapshot(startedAt: number): void {
  if (snapshots.hasSubscribers) snapshots.publish({ ms: performance.now() - startedAt } satisfies SnapshotEvent);
}
