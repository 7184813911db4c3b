/**
 * Cluster snapshots: the files of a node's data directory at one log position (server
 * documents, each graph's configuration, snapshot and log files), packed, gzipped and kept in
 * etcd in chunks below etcd's request limit (1.5 MiB), so that a node with an empty `--data`
 * starts from the newest snapshot and applies only the log after it, and the log before it can
 * be compacted away.
 * @module
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { Range } from 'etcd3';
import { StorageError } from '../errors.js';
import type { EtcdLog, LogHead } from './etcd-log.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Bytes of one chunk key: well below etcd's default 1.5 MiB request limit. */
const CHUNK_BYTES = 1024 * 1024;

/** What the `snapshot` key says of the newest snapshot. */
interface SnapshotMeta extends LogHead {
  readonly chunks: number;
  readonly bytes: number;
}

/** Files of a data directory that are this node's own, not part of the shared state. */
function local(path: string): boolean {
  const parts = path.split('/');
  const name = parts[parts.length - 1] ?? '';
  return parts[0] === 'audit' || name === 'quiver.lock' || name === 'cluster.json' || name.endsWith('.tmp') || name.startsWith('.dropped-');
}

async function listFiles(root: string, dir = root): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(root, full)));
    else if (entry.isFile()) out.push(relative(root, full).split(sep).join('/'));
  }
  return out.filter((path) => !local(path));
}

/**
 * The files of `root` packed as one buffer: for each file its path length, path, data length
 * and data. A file that disappears while it is read (a log segment a background snapshot
 * dropped) makes the whole listing start again.
 */
async function pack(root: string): Promise<Buffer> {
  for (let attempt = 0; ; attempt++) {
    const parts: Buffer[] = [];
    try {
      for (const path of await listFiles(root)) {
        const data = await readFile(join(root, path));
        const name = Buffer.from(path, 'utf8');
        const head = Buffer.alloc(8);
        head.writeUInt32BE(name.length, 0);
        head.writeUInt32BE(data.length, 4);
        parts.push(head, name, data);
      }
      return Buffer.concat(parts);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 5) throw error;
    }
  }
}

async function unpack(bytes: Buffer, root: string): Promise<void> {
  for (let at = 0; at < bytes.length; ) {
    const nameLength = bytes.readUInt32BE(at);
    const dataLength = bytes.readUInt32BE(at + 4);
    const path = bytes.subarray(at + 8, at + 8 + nameLength).toString('utf8');
    const data = bytes.subarray(at + 8 + nameLength, at + 8 + nameLength + dataLength);
    at += 8 + nameLength + dataLength;
    if (path.split('/').includes('..')) throw new StorageError('CLUSTER_STATE', `Cannot restore the cluster snapshot: it names the path '${path}' outside the data directory`);
    const target = join(root, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, data);
  }
}

/**
 * Stores a snapshot of `root`, taken at log position `head`, in etcd and makes it the newest;
 * older snapshot chunks are deleted.
 */
export async function saveSnapshot(log: EtcdLog, root: string, head: LogHead): Promise<SnapshotMeta> {
  const bytes = await gzipAsync(await pack(root));
  const base = log.key(`snap/${String(head.index).padStart(16, '0')}/`);
  const chunks = Math.max(1, Math.ceil(bytes.length / CHUNK_BYTES));
  for (let i = 0; i < chunks; i++) {
    await log.client.put(`${base}${String(i).padStart(6, '0')}`).value(bytes.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES));
  }
  const meta: SnapshotMeta = { index: head.index, time: head.time, chunks, bytes: bytes.length };
  await log.client.put(log.key('snapshot')).value(JSON.stringify(meta));
  await log.client.delete().range(new Range(log.key('snap/'), base)).exec();
  return meta;
}

/** What the `snapshot` key says, or undefined when no snapshot was stored yet. */
export async function snapshotMeta(log: EtcdLog): Promise<SnapshotMeta | undefined> {
  const text = await log.client.get(log.key('snapshot')).string();
  return text === null ? undefined : (JSON.parse(text) as SnapshotMeta);
}

/**
 * Writes the newest snapshot's files into `root` (which must be empty) and returns the log
 * position it was taken at.
 */
export async function restoreSnapshot(log: EtcdLog, root: string): Promise<LogHead> {
  const meta = await snapshotMeta(log);
  if (meta === undefined) throw new StorageError('CLUSTER_STATE', 'Cannot join the cluster: it has no snapshot yet (its first node has not finished starting)');
  const base = log.key(`snap/${String(meta.index).padStart(16, '0')}/`);
  const chunks = await log.client.getAll().prefix(base).sort('Key', 'Ascend').buffers();
  const parts = Object.values(chunks);
  if (parts.length !== meta.chunks) throw new StorageError('CLUSTER_STATE', `Cannot join the cluster: snapshot ${meta.index} has ${parts.length} of its ${meta.chunks} chunks`);
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  await unpack(await gunzipAsync(Buffer.concat(parts)), root);
  return { index: meta.index, time: meta.time };
}
