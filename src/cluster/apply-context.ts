/**
 * The context of one log entry being applied on this node: its position and clock. Graphs ask
 * it, through the {@link ReplicationHooks} a node gives them, for the time and the AUTOMATIC ids
 * of the change, so that every node applying the same entry makes the same ids; and whether a
 * change comes from the log at all (a change made any other way is refused, since the other
 * nodes would never see it). The context follows the entry's asynchronous work
 * (AsyncLocalStorage), tasks it starts included.
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { LimitError, UnsupportedError } from '../errors.js';
import type { ReplicationHooks } from '../index.js';

/** HugeGraph's snowflake epoch (2017-11-28 UTC): ids keep its timestamp layout. */
const EPOCH_MS = Date.UTC(2017, 10, 28);
/** Bits below the timestamp of an id: the sequence of ids within one entry. */
const SEQUENCE_BITS = 22n;
const MAX_SEQUENCE = 2 ** Number(SEQUENCE_BITS);

/** Of the entry being applied: its clock, the node that appended it and that node's run. */
interface AppliedEntry {
  /** The entry's clock: strictly increasing along the log (see docs/cluster.md). */
  readonly time: number;
  readonly origin: string;
  /** The appending node's run (one start of its process); absent in entries of no node. */
  readonly run?: string;
}

/** One entry being applied. */
interface Applying extends AppliedEntry {
  /** AUTOMATIC ids the entry made so far. */
  sequence: number;
}

const applying = new AsyncLocalStorage<Applying>();

/**
 * Runs `fn` as the application of the log entry `entry`.
 */
export function runApplying<T>(entry: AppliedEntry, fn: () => Promise<T>): Promise<T> {
  return applying.run({ time: entry.time, origin: entry.origin, ...(entry.run === undefined ? {} : { run: entry.run }), sequence: 0 }, fn);
}

/** The entry being applied, or undefined outside the application of one. */
export function appliedEntry(): AppliedEntry | undefined {
  return applying.getStore();
}

/** Runs `work` outside the application of any entry: a change it tries is refused, not made on this node alone. */
export function detached<T>(work: () => Promise<T>): Promise<T> {
  return applying.exit(work);
}

/**
 * The hooks every graph of a cluster node is opened with: the clock of the entry being applied
 * (the wall clock elsewhere, for reads), ids made of that clock and a sequence (unique because
 * clocks strictly increase along the log), and the refusal of a change not being applied.
 */
export function replicationHooks(): ReplicationHooks {
  return {
    now: () => applying.getStore()?.time ?? Date.now(),
    nextId: () => {
      const at = applying.getStore();
      if (at === undefined) throw unlogged('a vertex');
      if (at.sequence >= MAX_SEQUENCE) throw new LimitError('CLUSTER_IDS_EXHAUSTED', `Cannot make more than ${MAX_SEQUENCE} AUTOMATIC ids in one cluster write`);
      return (BigInt(at.time - EPOCH_MS) << SEQUENCE_BITS) | BigInt(at.sequence++);
    },
    admitWrite: (graph) => {
      if (applying.getStore() === undefined) throw unlogged(`graph '${graph}'`);
    },
  };
}

function unlogged(what: string): UnsupportedError {
  return new UnsupportedError('CLUSTER_WRITE_NOT_LOGGED', `Cannot change ${what} here: on a cluster node every change goes through the replicated log (REST, /gremlin and sessionless Gremlin Server requests do that; Gremlin Server sessions and the library do not)`);
}
