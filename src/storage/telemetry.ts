/**
 * Where storage tells the outside how its durable writes go, without knowing who listens: named
 * `node:diagnostics_channel` channels. A message is published only while a subscriber exists
 * (`hasSubscribers`), so an unobserved store pays one property read per group commit.
 * @module
 */
import { channel } from 'node:diagnostics_channel';

/**
 * The channel names: `walCommit` carries a {@link WalCommitEvent} per group commit (one write
 * and one fdatasync), `snapshot` a {@link SnapshotEvent} per snapshot written, `query` a
 * {@link QueryEvent} per Gremlin request the database ran (every road: REST, WebSocket, jobs,
 * the library).
 *
 * @example
 * ```ts
 * import { subscribe } from 'node:diagnostics_channel';
 * subscribe(TELEMETRY_CHANNELS.walCommit, (event) => console.log(event));
 * ```
 */
export const TELEMETRY_CHANNELS = Object.freeze({ walCommit: 'quiver:wal-commit', snapshot: 'quiver:snapshot', query: 'quiver:query' } as const);

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

/**
 * One Gremlin request: how long it ran and how it ended (`timeout`: its deadline passed;
 * `cancelled`: its signal aborted it; `failed`: any other error).
 *
 * @example
 * ```ts
 * const event: QueryEvent = { ms: 12, outcome: 'ok' };
 * ```
 */
export interface QueryEvent {
  readonly ms: number;
  readonly outcome: 'ok' | 'timeout' | 'cancelled' | 'failed';
}

const walCommits = channel(TELEMETRY_CHANNELS.walCommit);
const queries = channel(TELEMETRY_CHANNELS.query);
const snapshots = channel(TELEMETRY_CHANNELS.snapshot);

/** Publishes a group commit when someone listens. */
export function publishWalCommit(records: number, bytes: number, startedAt: number): void {
  if (walCommits.hasSubscribers) walCommits.publish({ records, bytes, syncMs: performance.now() - startedAt } satisfies WalCommitEvent);
}

/** Publishes a snapshot when someone listens. */
export function publishSnapshot(startedAt: number): void {
  if (snapshots.hasSubscribers) snapshots.publish({ ms: performance.now() - startedAt } satisfies SnapshotEvent);
}

/** Publishes the end of a Gremlin request when someone listens; `error` is what it failed with, if it did. */
export function publishQuery(startedAt: number, error?: unknown): void {
  if (!queries.hasSubscribers) return;
  const code = (error as { readonly code?: unknown } | undefined)?.code;
  const outcome = error === undefined ? 'ok' : code === 'TIMEOUT' ? 'timeout' : code === 'CANCELLED' ? 'cancelled' : 'failed';
  queries.publish({ ms: performance.now() - startedAt, outcome } satisfies QueryEvent);
}
