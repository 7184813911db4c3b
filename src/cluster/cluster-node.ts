/**
 * One node of a cluster: joins (the first node initialises the cluster from its data
 * directory; a later one starts from its own data when it left cleanly, or from the newest
 * snapshot in etcd), applies the log in order, appends this node's writes, takes snapshots and
 * compacts the log, and keeps its entry under `<prefix>/nodes/` alive with a lease.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Etcd3 } from 'etcd3';
import type { Lease } from 'etcd3';
import { StorageError } from '../errors.js';
import type { ReplicationHooks } from '../index.js';
import type { ClusterNodeStatus, ClusterPort, ReplicatedRequest, ReplicatedResponse } from '../http/index.js';
import { runApplying, replicationHooks } from './apply-context.js';
import { EtcdLog, unavailable, WRITE_DEADLINE_MS, withDeadline } from './etcd-log.js';
import type { LogEntry, LogHead } from './etcd-log.js';
import { restoreSnapshot, saveSnapshot, snapshotMeta } from './snapshots.js';
import { dropStagesBefore, putStage, readStage } from './staging.js';
import { ClusterTasks } from './task-runs.js';

/**
 * Options of {@link joinCluster}, as `quiver serve --etcd` gives them.
 */
export interface ClusterOptions {
  /** etcd client URLs. */
  readonly etcd: readonly string[];
  /** This node's id, stable across restarts. */
  readonly nodeId: string;
  /** Key prefix of the cluster in etcd. */
  readonly prefix: string;
  /** The node's data directory. */
  readonly data: string;
  /** A snapshot is taken after this many log entries (default 10,000). */
  readonly snapshotEvery?: number;
}

/** `cluster.json` in the data directory: which cluster the data belongs to and how far it is applied. */
interface LocalMark extends LogHead {
  readonly cluster: string;
  /** Written on a clean stop: the data is exactly the log up to `index`. */
  readonly clean: boolean;
}

const MARK = 'cluster.json';
/** Request bodies larger than this travel in a stage beside the log, not in their entry. */
const STAGE_BODIES_OVER = 256 * 1024;
/** A node takes a snapshot after it staged this many bytes, so that compaction frees them. */
const STAGED_SNAPSHOT_BYTES = 64 * 1024 * 1024;
const LEASE_SECONDS = 3;
const POLL_MS = 1000;

async function readMark(dir: string): Promise<LocalMark | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, MARK), 'utf8')) as LocalMark;
  } catch {
    return undefined;
  }
}

async function isEmpty(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch {
    return true;
  }
}

/**
 * Connects to etcd and readies the data directory: nothing to do for the first node (its data
 * becomes the cluster's first snapshot) or for a node that left cleanly; the newest snapshot
 * otherwise. Open the server state with `replication`, then call `node.start`.
 */
export async function joinCluster(options: ClusterOptions): Promise<{ node: ClusterNode; replication: ReplicationHooks; tasks: ClusterTasks }> {
  const data = resolve(options.data);
  const client = new Etcd3({ hosts: [...options.etcd], dialTimeout: 2000 });
  const log = new EtcdLog(client, options.prefix.replace(/\/+$/, ''));
  try {
    const deadline = Date.now() + 10_000;
    let meta = await withDeadline(client.get(log.key('meta')).string(), deadline);
    let initialise = false;
    if (meta === null) {
      // The first node claims the cluster in one transaction; a node that loses the race joins.
      const claimed = JSON.stringify({ id: randomUUID(), created: new Date().toISOString() });
      initialise = await withDeadline(log.create({ index: 0, time: 0 }, claimed), deadline);
      meta = initialise ? claimed : await withDeadline(client.get(log.key('meta')).string(), deadline);
    }
    const cluster = (JSON.parse(meta ?? '{}') as { id: string }).id;
    const from = initialise ? { index: 0, time: 0 } : await startingPoint(log, data, cluster);
    await mkdir(data, { recursive: true });
    const node = new ClusterNode(log, { ...options, data, cluster, from, initialise });
    await node.mark(false);
    return { node, replication: replicationHooks(), tasks: new ClusterTasks(node, log) };
  } catch (error) {
    await client.close();
    throw error;
  }
}

/**
 * Where a joining node starts: from its own data when it left cleanly and the log after that is
 * still kept (compaction keeps what follows the newest snapshot); from the newest snapshot when
 * its data is this cluster's or it has none; else it refuses (the data is not the cluster's).
 */
async function startingPoint(log: EtcdLog, data: string, cluster: string): Promise<LogHead> {
  const mark = await readMark(data);
  if (mark?.cluster === cluster && mark.clean && mark.index >= ((await snapshotMeta(log))?.index ?? 0)) return { index: mark.index, time: mark.time };
  if (mark?.cluster === cluster || (await isEmpty(data))) return restoreWhenReady(log, data);
  throw new StorageError('CLUSTER_STATE', `Cannot join the cluster: '${data}' holds data that is not this cluster's; start the node with an empty --data`);
}

/** Restores the newest snapshot, waiting up to 30 s for the first node to store it. */
async function restoreWhenReady(log: EtcdLog, data: string): Promise<LogHead> {
  for (let waited = 0; ; waited += 500) {
    if ((await snapshotMeta(log)) !== undefined || waited >= 30_000) return restoreSnapshot(log, data);
    await new Promise((done) => setTimeout(done, 500));
  }
}

/**
 * A running cluster node: the {@link ClusterPort} the REST server uses.
 */
export class ClusterNode implements ClusterPort {
  readonly nodeId: string;
  /** This start of the node's process: tasks it runs belong to it, and end when it does. */
  readonly run = randomUUID();
  #applied: LogHead;
  #apply: ((request: ReplicatedRequest) => Promise<ReplicatedResponse>) | undefined;
  readonly #waiting = new Map<string, (response: ReplicatedResponse) => void>();
  /** Entries this node appended and has not applied yet, by position, with their bodies: applied without reading them back. */
  readonly #appended = new Map<number, LogEntry>();
  /** Whether the next drain reads the log even when the head this node knows of says it is applied (the poll's check). */
  #mustRead = true;
  /** Bytes this node staged since its last snapshot. */
  #stagedBytes = 0;
  #draining: Promise<void> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  #watch: { cancel(): Promise<void> } | undefined;
  #lease: Lease | undefined;
  #url = '';
  #closed = false;
  /** Why this node cannot follow the log any more (it was compacted past it), if so. */
  #stuck: StorageError | undefined;
  #becameStale: (error: Error) => void = () => undefined;
  readonly stale = new Promise<Error>((resolve) => {
    this.#becameStale = resolve;
  });

  constructor(
    private readonly log: EtcdLog,
    private readonly options: ClusterOptions & { readonly data: string; readonly cluster: string; readonly from: LogHead; readonly initialise: boolean },
  ) {
    this.nodeId = options.nodeId;
    this.#applied = options.from;
    log.learn(options.from);
  }

  /** Writes `cluster.json`: the cluster, the applied position, and whether the node stopped cleanly. */
  async mark(clean: boolean): Promise<void> {
    const mark: LocalMark = { cluster: this.options.cluster, index: this.#applied.index, time: this.#applied.time, clean };
    await writeFile(join(this.options.data, MARK), `${JSON.stringify(mark)}\n`);
  }

  async start(apply: (request: ReplicatedRequest) => Promise<ReplicatedResponse>): Promise<void> {
    this.#apply = apply;
    if (this.options.initialise) await saveSnapshot(this.log, this.options.data, { index: 0, time: 0 });
    await this.drain();
    this.#watch = await this.log.watchHead(() => this.pump());
    this.#timer = setInterval(() => {
      this.#mustRead = true;
      this.pump();
      void this.report();
    }, POLL_MS);
    this.#timer.unref();
  }

  async announce(url: string): Promise<void> {
    this.#url = url;
    await this.log.client.put(this.log.key(`members/${this.nodeId}`)).value(JSON.stringify({ url }));
    await this.report();
  }

  async submit(request: ReplicatedRequest): Promise<ReplicatedResponse> {
    if (this.#stuck !== undefined) throw this.#stuck;
    if (this.#closed) throw unavailable();
    const id = randomUUID();
    const answered = new Promise<ReplicatedResponse>((done) => this.#waiting.set(id, done));
    try {
      const body = request.body;
      let placed: LogEntry;
      if (body !== undefined && Buffer.byteLength(body) > STAGE_BODIES_OVER) {
        const { body: _staged, ...rest } = request;
        const { bodyStage: _stage, ...entry } = await this.log.append({ id, origin: this.nodeId, run: this.run, request: rest, bodyStage: await this.stage(Buffer.from(body, 'utf8')) });
        placed = { ...entry, request };
      } else {
        placed = await this.log.append({ id, origin: this.nodeId, run: this.run, request });
      }
      if (placed.index > this.#applied.index) this.#appended.set(placed.index, placed);
    } catch (error) {
      this.#waiting.delete(id);
      throw error;
    }
    this.pump();
    return answered;
  }

  async status(): Promise<{ readonly head: number; readonly nodes: readonly ClusterNodeStatus[] }> {
    const deadline = Date.now() + WRITE_DEADLINE_MS;
    const [members, live, head] = await Promise.all([
      withDeadline(this.log.client.getAll().prefix(this.log.key('members/')).strings(), deadline),
      withDeadline(this.log.client.getAll().prefix(this.log.key('nodes/')).strings(), deadline),
      this.log.readHead(deadline),
    ]);
    const nodes: ClusterNodeStatus[] = Object.entries(members).map(([key, text]) => {
      const id = key.slice(this.log.key('members/').length);
      const up = live[this.log.key(`nodes/${id}`)];
      const seen = JSON.parse(up ?? text) as { url: string; applied?: number };
      return { node_id: id, url: seen.url, state: up === undefined ? 'down' : 'up', applied: seen.applied ?? 0 };
    });
    return { head: head.index, nodes: nodes.sort((a, b) => a.node_id.localeCompare(b.node_id)) };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#timer);
    await this.#draining?.catch(() => undefined);
    await this.#watch?.cancel().catch(() => undefined);
    this.answerWaiting('The node stopped before it applied the write; it may still have been made');
    await this.mark(true);
    await this.#lease?.revoke().catch(() => undefined);
    this.log.client.close();
  }

  /** Answers every write still waiting for this node to apply it with a 503. */
  private answerWaiting(message: string): void {
    for (const [id, done] of this.#waiting) {
      this.#waiting.delete(id);
      done({ status: 503, contentType: 'application/json', body: JSON.stringify({ exception: 'class jakarta.ws.rs.ServiceUnavailableException', message, cause: '' }) });
    }
  }

  /** Starts draining the log unless a drain runs (which then runs once more). */
  private pump(): void {
    if (this.#closed || this.#apply === undefined || this.#stuck !== undefined) return;
    if (this.#draining !== undefined) {
      this.#again = true;
      return;
    }
    this.#draining = (async () => {
      do {
        this.#again = false;
        await this.drain().catch((error: unknown) => {
          // etcd unreachable: the poll tries again; compacted past this node: it cannot go on
          if (error instanceof StorageError && error.code === 'CLUSTER_STATE') {
            this.#stuck ??= error;
            this.answerWaiting(error.message);
            this.#becameStale(error);
          }
        });
      } while (this.#again && !this.#closed && this.#stuck === undefined);
    })().finally(() => {
      this.#draining = undefined;
    });
  }

  /**
   * Applies every entry after the applied position, in order: this node's own from memory, the
   * others' read from etcd while the head this node knows of (from its appends and the head's
   * watch) is ahead, and once more after each poll.
   */
  private async drain(): Promise<void> {
    for (;;) {
      const own = this.#appended.get(this.#applied.index + 1);
      if (own !== undefined) {
        this.#appended.delete(own.index);
        if (this.#closed) return;
        await this.applyEntry(own);
        continue;
      }
      if (!this.#mustRead && this.#applied.index >= this.log.head.index) return;
      this.#mustRead = false;
      const entries = await this.log.read(this.#applied.index + 1, 64);
      const first = entries[0];
      if (first === undefined) return;
      if (first.index !== this.#applied.index + 1) {
        throw new StorageError('CLUSTER_STATE', `Cannot follow the cluster log: it was compacted past position ${this.#applied.index} while this node was away; the node starts again from the newest cluster snapshot`);
      }
      for (const entry of entries) {
        if (this.#closed) return;
        this.#appended.delete(entry.index);
        await this.applyEntry(entry);
      }
    }
  }

  private async applyEntry(entry: LogEntry): Promise<void> {
    const apply = this.#apply;
    if (apply === undefined) return;
    // a stage that cannot be read now throws: the entry is applied again on the next drain
    const request = entry.bodyStage === undefined ? entry.request : { ...entry.request, body: (await readStage(this.log, entry.bodyStage)).toString('utf8') };
    const response = await runApplying(entry, () => apply(request)).catch((error: unknown) => ({
      status: 500,
      contentType: 'text/plain',
      body: error instanceof Error ? error.message : String(error),
    }));
    this.#applied = { index: entry.index, time: entry.time };
    this.log.learn(this.#applied);
    const done = this.#waiting.get(entry.id);
    this.#waiting.delete(entry.id);
    done?.(response);
    const every = this.options.snapshotEvery ?? 10_000;
    // a node that staged much since its last snapshot takes one, so compaction frees the stages
    if ((entry.index % every === 0 || this.#stagedBytes >= STAGED_SNAPSHOT_BYTES) && entry.origin === this.nodeId) {
      this.#stagedBytes = 0;
      await this.snapshot().catch(() => undefined);
    }
  }

  /** Stores a snapshot at the applied position and compacts the log up to what every live node applied. */
  private async snapshot(): Promise<void> {
    const taken = await saveSnapshot(this.log, this.options.data, this.#applied);
    const live = await this.log.client.getAll().prefix(this.log.key('nodes/')).strings();
    const applied = Object.values(live).map((text) => (JSON.parse(text) as { applied: number }).applied);
    const upTo = Math.min(taken.index, ...applied);
    if (upTo <= 0) return;
    const last = (await this.log.read(upTo, 1))[0];
    await this.log.compact(upTo);
    if (last?.index === upTo) await dropStagesBefore(this.log, last.time);
  }

  stage(bytes: Buffer): Promise<string> {
    this.#stagedBytes += bytes.length;
    return putStage(this.log, bytes);
  }

  staged(id: string): Promise<Buffer> {
    return readStage(this.log, id);
  }

  /** Keeps `nodes/<id>` (url and applied position) alive under a short lease. */
  private async report(): Promise<void> {
    if (this.#url === '' || this.#closed) return;
    try {
      if (this.#lease === undefined) {
        const lease = this.log.client.lease(LEASE_SECONDS);
        lease.on('lost', () => {
          if (this.#lease === lease) this.#lease = undefined;
        });
        this.#lease = lease;
      }
      const deadline = Date.now() + POLL_MS * 2;
      const seen = { url: this.#url, applied: this.#applied.index, run: this.run };
      await withDeadline(this.#lease.put(this.log.key(`nodes/${this.nodeId}`)).value(JSON.stringify(seen)).exec(), deadline);
    } catch {
      this.#lease = undefined;
    }
  }
}
