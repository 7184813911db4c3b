/**
 * The cluster's replicated log in etcd: one global order of entries under `<prefix>/log/`,
 * extended by a transaction that compares and swaps the head key (`if head == "n t" then put
 * log/n+1, put head = "n+1 t'"`), so any node appends without a leader and two appends can
 * never take the same position. The head also carries the clock of the last entry; each entry's
 * clock is the appender's wall clock but at least one millisecond after the previous one, so
 * clocks strictly increase along the log (AUTOMATIC ids are made of them). A failed comparison
 * also reads the entry it aimed at, so a transaction that committed but whose reply was lost
 * (and that the client sent again) is recognised instead of appended twice. Every call has its
 * own deadline: etcd itself waits about 7 s for a quorum that is not there.
 * @module
 */
import { Range } from 'etcd3';
import type { Etcd3, IKeyValue } from 'etcd3';
import { LimitError, StorageError } from '../errors.js';
import type { ReplicatedRequest } from '../http/index.js';

/**
 * One entry of the log.
 */
export interface LogEntry {
  /** Position, from 1. */
  readonly index: number;
  /** Clock of the entry in epoch milliseconds, strictly increasing along the log. */
  readonly time: number;
  /** Unique id, by which the node that appended it finds its own reply. */
  readonly id: string;
  /** Node that appended it. */
  readonly origin: string;
  /** The appending node's run (a random id of one start of its process). */
  readonly run?: string;
  /** The stage holding the request's body, when it was too large to travel in the entry. */
  readonly bodyStage?: string;
  readonly request: ReplicatedRequest;
}

/** Position and clock of the newest entry. */
export interface LogHead {
  readonly index: number;
  readonly time: number;
}

/** How long a write may wait for etcd before it fails with 503 (the bound is 5 s). */
export const WRITE_DEADLINE_MS = 4000;

/** The 503 of a cluster that cannot take a write now. */
export function unavailable(cause?: unknown): StorageError {
  return new StorageError('CLUSTER_UNAVAILABLE', 'Cannot write: the cluster (etcd) did not accept the write in time; reads still answer, retry later', { cause });
}

/** Rejects with {@link unavailable} when `work` has not settled by `deadline` (epoch ms). */
export async function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(unavailable()), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work, late]);
  } catch (error) {
    throw error instanceof StorageError ? error : unavailable(error);
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined);
  }
}

/** Largest entry, and largest group of entries in one transaction, in bytes: below etcd's 1.5 MiB request limit. */
const MAX_ENTRY_BYTES = 1024 * 1024;
/** Most entries in one transaction (etcd allows 128 operations in one). */
const MAX_BATCH = 100;

/** An entry waiting for the next transaction. */
interface Queued {
  readonly entry: Omit<LogEntry, 'index' | 'time'>;
  readonly bytes: number;
  readonly deadline: number;
  readonly resolve: (entry: LogEntry) => void;
  readonly reject: (error: unknown) => void;
}

function headText(head: LogHead): string {
  return `${head.index} ${head.time}`;
}

function parseHead(text: string | undefined): LogHead {
  const [index, time] = (text ?? '0 0').split(' ');
  return { index: Number(index), time: Number(time) };
}

/**
 * The log, the head and the keys beside them, under one prefix of one etcd cluster.
 */
export class EtcdLog {
  #head: LogHead = { index: 0, time: 0 };
  readonly #queue: Queued[] = [];
  #flushing = false;

  constructor(
    readonly client: Etcd3,
    readonly prefix: string,
  ) {}

  /** The key `name` under the prefix. */
  key(name: string): string {
    return `${this.prefix}/${name}`;
  }

  /** The key of log position `index` (zero-padded, so keys sort as positions). */
  entryKey(index: number): string {
    return this.key(`log/${String(index).padStart(16, '0')}`);
  }

  /** The newest head this node knows of. */
  get head(): LogHead {
    return this.#head;
  }

  /** Notes a head this node learned of (an applied entry, a snapshot) if newer than the one it knew. */
  learn(head: LogHead): void {
    if (head.index > this.#head.index) this.#head = { index: head.index, time: head.time };
  }

  /** Reads the head from etcd. */
  async readHead(deadline = Date.now() + WRITE_DEADLINE_MS): Promise<LogHead> {
    const text = await withDeadline(this.client.get(this.key('head')).options({ deadline: new Date(deadline) }).string(), deadline);
    const head = parseHead(text ?? undefined);
    this.learn(head);
    return head;
  }

  /** Creates the head (an empty log at `head`) unless it exists; false when it did. */
  async create(head: LogHead, meta: string): Promise<boolean> {
    const result = await this.client
      .if(this.key('meta'), 'Version', '==', 0)
      .then(this.client.put(this.key('meta')).value(meta), this.client.put(this.key('head')).value(headText(head)))
      .commit();
    if (result.succeeded) this.learn(head);
    return result.succeeded;
  }

  /**
   * Appends an entry at the next free position; resolves with it once etcd committed it, or
   * rejects with StorageError `CLUSTER_UNAVAILABLE` (503) after {@link WRITE_DEADLINE_MS}.
   * Entries appended while a transaction is in flight go together in the next one (a group
   * commit: the node's writers never race each other for the head).
   */
  append(entry: Omit<LogEntry, 'index' | 'time'>): Promise<LogEntry> {
    const bytes = Buffer.byteLength(JSON.stringify(entry));
    if (bytes > MAX_ENTRY_BYTES) {
      return Promise.reject(new LimitError('CLUSTER_WRITE_TOO_LARGE', `Cannot write: the request is ${bytes} bytes, more than a cluster log entry holds (${MAX_ENTRY_BYTES}); split it`));
    }
    return new Promise((resolve, reject) => {
      this.#queue.push({ entry, bytes, deadline: Date.now() + WRITE_DEADLINE_MS, resolve, reject });
      if (!this.#flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.#flushing = true;
    try {
      while (this.#queue.length > 0) {
        const batch: Queued[] = [];
        for (let size = 0; this.#queue.length > 0 && batch.length < MAX_BATCH && size + this.#queue[0]!.bytes <= MAX_ENTRY_BYTES; ) {
          const next = this.#queue.shift()!;
          size += next.bytes;
          if (next.deadline <= Date.now()) next.reject(unavailable());
          else batch.push(next);
        }
        if (batch.length === 0) continue;
        try {
          const placed = await this.appendBatch(batch.map((q) => q.entry), Math.min(...batch.map((q) => q.deadline)));
          batch.forEach((q, i) => q.resolve(placed[i]!));
        } catch (error) {
          for (const q of batch) q.reject(error);
        }
      }
    } finally {
      this.#flushing = false;
    }
  }

  private async appendBatch(entries: ReadonlyArray<Omit<LogEntry, 'index' | 'time'>>, deadline: number): Promise<LogEntry[]> {
    for (;;) {
      const head = this.#head;
      let time = head.time;
      const placed = entries.map((entry, i): LogEntry => {
        time = Math.max(Date.now(), time + 1);
        return { ...entry, index: head.index + 1 + i, time };
      });
      const last = placed[placed.length - 1]!;
      const txn = this.client
        .if(this.key('head'), 'Value', '==', headText(head))
        .then(...placed.map((e) => this.client.put(this.entryKey(e.index)).value(JSON.stringify(e))), this.client.put(this.key('head')).value(headText(last)))
        .else(this.client.get(this.key('head')), this.client.get(this.entryKey(head.index + 1)))
        .options({ deadline: new Date(deadline) });
      const result = await withDeadline(txn.commit(), deadline);
      // A transaction the client sent again after a lost reply finds its own first entry in place.
      const taken = result.responses[1]?.response_range?.kvs?.[0]?.value;
      if (result.succeeded || (taken !== undefined && (JSON.parse(taken.toString('utf8')) as LogEntry).id === placed[0]!.id)) {
        this.learn(last);
        return placed;
      }
      const current = result.responses[0]?.response_range?.kvs?.[0]?.value;
      this.#head = parseHead(current?.toString());
    }
  }

  /** Up to `limit` entries from position `from` on, in order. */
  async read(from: number, limit: number): Promise<LogEntry[]> {
    const deadline = Date.now() + WRITE_DEADLINE_MS;
    const response = await withDeadline(
      this.client.getAll().inRange(new Range(this.entryKey(from), `${this.prefix}/log0`)).sort('Key', 'Ascend').limit(limit).options({ deadline: new Date(deadline) }).exec(),
      deadline,
    );
    return response.kvs.map((kv: IKeyValue) => JSON.parse(kv.value.toString('utf8')) as LogEntry);
  }

  /** Calls `changed` whenever the head moves (a watch; it reconnects by itself). */
  async watchHead(changed: () => void): Promise<{ cancel(): Promise<void> }> {
    const watcher = await this.client.watch().key(this.key('head')).create();
    watcher.on('put', (kv: IKeyValue) => {
      this.learn(parseHead(kv.value.toString('utf8')));
      changed();
    });
    watcher.on('connected', changed);
    watcher.on('error', () => undefined);
    return { cancel: () => watcher.cancel() };
  }

  /** Deletes the entries up to and including `upTo` and compacts etcd's history up to now. */
  async compact(upTo: number): Promise<void> {
    const removed = await this.client.delete().range(new Range(this.key('log/'), this.entryKey(upTo + 1))).exec();
    const revision = removed.header.revision;
    await this.client.kv.compact({ revision, physical: false });
  }
}
