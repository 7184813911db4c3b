/**
 * HugeGraph's snowflake generator for AUTOMATIC vertex ids (SnowflakeIdGenerator.IdWorker):
 * a 64-bit id of milliseconds since 2017-11-28 shifted left by 22, then 5 bits of datacenter id,
 * 5 bits of worker id and a 12-bit sequence within the millisecond.
 * @module
 */
import { ArgumentError, QuiverError } from '../../errors.js';

/**
 * Epoch of the timestamp field: 2017-11-28T00:00:00Z in milliseconds (HugeGraph's
 * `TimeUtil.BASE_TIME`, which Java computes at local midnight; Quiver fixes it to UTC).
 */
export const SNOWFLAKE_EPOCH_MS = Date.UTC(2017, 10, 28);

const SEQUENCE_BITS = 12n;
const WORKER_BITS = 5n;
const DATACENTER_BITS = 5n;
const WORKER_SHIFT = SEQUENCE_BITS;
const DATACENTER_SHIFT = WORKER_SHIFT + WORKER_BITS;
const TIMESTAMP_SHIFT = DATACENTER_SHIFT + DATACENTER_BITS;
const SEQUENCE_MASK = (1 << Number(SEQUENCE_BITS)) - 1;
const MAX_NODE_ID = (1 << Number(WORKER_BITS)) - 1;

/**
 * Options of a {@link Snowflake} generator.
 */
interface SnowflakeOptions {
  /** Worker id, 0..31 (default 0). */
  readonly workerId?: number;
  /** Datacenter id, 0..31 (default 0). */
  readonly datacenterId?: number;
  /** Wall clock in epoch milliseconds (default `Date.now`); injectable for tests. */
  readonly now?: () => number;
  /**
   * How far the clock may step back before `next()` fails instead of waiting for it to catch
   * up (default 10 ms). HugeGraph itself always fails.
   */
  readonly maxBackwardMs?: number;
}

/**
 * The fields of a snowflake id.
 */
interface SnowflakeFields {
  /** Wall-clock time of the id in epoch milliseconds. */
  readonly timestamp: number;
  readonly datacenterId: number;
  readonly workerId: number;
  readonly sequence: number;
}

function nodeId(value: number | undefined, name: string): number {
  const id = value ?? 0;
  if (!Number.isInteger(id) || id < 0 || id > MAX_NODE_ID) {
    throw new ArgumentError('SNOWFLAKE_NODE_ID', `Invalid snowflake ${name} id ${id}: it must be an integer from 0 to ${MAX_NODE_ID}`);
  }
  return id;
}

/**
 * Generator of AUTOMATIC vertex ids. Ids from one generator strictly increase. When the clock
 * steps back by at most `maxBackwardMs` it waits for the clock to catch up; further back it
 * fails with QuiverError `CLOCK_MOVED_BACKWARDS` (kind `internal`).
 */
export class Snowflake {
  private readonly workerId: bigint;
  private readonly datacenterId: bigint;
  private readonly now: () => number;
  private readonly maxBackwardMs: number;
  private lastTimestamp = -1;
  private sequence = 0;

  constructor(options: SnowflakeOptions = {}) {
    this.workerId = BigInt(nodeId(options.workerId, 'worker'));
    this.datacenterId = BigInt(nodeId(options.datacenterId, 'datacenter'));
    this.now = options.now ?? Date.now;
    this.maxBackwardMs = options.maxBackwardMs ?? 10;
  }

  /** The next id. */
  next(): bigint {
    let timestamp = this.tick();
    if (timestamp < this.lastTimestamp) {
      const behind = this.lastTimestamp - timestamp;
      if (behind > this.maxBackwardMs) {
        throw new QuiverError(
          'internal',
          'CLOCK_MOVED_BACKWARDS',
          `Cannot generate snowflake id: the clock moved backwards by ${behind} ms`,
        );
      }
      timestamp = this.waitUntil(this.lastTimestamp);
    }
    if (timestamp === this.lastTimestamp) {
      this.sequence = (this.sequence + 1) & SEQUENCE_MASK;
      if (this.sequence === 0) {
        timestamp = this.waitUntil(this.lastTimestamp + 1);
      }
    } else {
      this.sequence = 0;
    }
    this.lastTimestamp = timestamp;
    return (
      (BigInt(timestamp) << TIMESTAMP_SHIFT) |
      (this.datacenterId << DATACENTER_SHIFT) |
      (this.workerId << WORKER_SHIFT) |
      BigInt(this.sequence)
    );
  }

  private tick(): number {
    return this.now() - SNOWFLAKE_EPOCH_MS;
  }

  private waitUntil(target: number): number {
    let timestamp = this.tick();
    while (timestamp < target) {
      timestamp = this.tick();
    }
    return timestamp;
  }
}

/**
 * Splits a snowflake id into its fields.
 */
export function decodeSnowflake(id: bigint): SnowflakeFields {
  const mask = (bits: bigint): bigint => (1n << bits) - 1n;
  return {
    timestamp: Number(id >> TIMESTAMP_SHIFT) + SNOWFLAKE_EPOCH_MS,
    datacenterId: Number((id >> DATACENTER_SHIFT) & mask(DATACENTER_BITS)),
    workerId: Number((id >> WORKER_SHIFT) & mask(WORKER_BITS)),
    sequence: Number(id & mask(SEQUENCE_BITS)),
  };
}
