/**
 * Staged payloads: data too large for one log entry (a computation's values, a request body
 * over 256 KiB), stored in etcd in chunks under `<prefix>/stage/<time>-<uuid>/` before the one
 * entry that names it is appended, so that entry stays small and every node applying it reads
 * the same bytes. Storing a stage takes at most a minute, so its entry follows it within a
 * minute and a few seconds; when the log is compacted up to an entry, the stages made more than
 * two minutes before that entry's clock belong to compacted entries (or to writes that failed)
 * and are deleted.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { Range } from 'etcd3';
import { StorageError } from '../errors.js';
import type { EtcdLog } from './etcd-log.js';
import { WRITE_DEADLINE_MS, withDeadline } from './etcd-log.js';

/** Bytes of one chunk: below etcd's default 1.5 MiB request limit. */
const CHUNK_BYTES = 1024 * 1024;
/** Longest time storing one stage may take (the write then fails with 503). */
const STAGE_DEADLINE_MS = 60_000;
/** A stage made this long before a compacted entry's clock belongs to a compacted entry. */
const KEEP_MS = 2 * STAGE_DEADLINE_MS;
/** Most bytes one stage may hold (etcd's default quota is 2 GiB for everything). */
const MAX_STAGE_BYTES = 256 * 1024 * 1024;

function stageKey(log: EtcdLog, id: string): string {
  return log.key(`stage/${id}/`);
}

/**
 * Stores `bytes` as a new stage; resolves with its id. Each chunk has its own deadline.
 */
export async function putStage(log: EtcdLog, bytes: Buffer): Promise<string> {
  if (bytes.length > MAX_STAGE_BYTES) throw new StorageError('CLUSTER_WRITE_TOO_LARGE', `Cannot stage ${bytes.length} bytes in the cluster: at most ${MAX_STAGE_BYTES}`);
  const id = `${String(Date.now()).padStart(15, '0')}-${randomUUID()}`;
  const base = stageKey(log, id);
  const chunks = Math.max(1, Math.ceil(bytes.length / CHUNK_BYTES));
  const end = Date.now() + STAGE_DEADLINE_MS;
  for (let i = 0; i < chunks; i++) {
    const deadline = Math.min(end, Date.now() + WRITE_DEADLINE_MS);
    await withDeadline(log.client.put(`${base}${String(i).padStart(6, '0')}`).value(bytes.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES)).exec(), deadline);
  }
  await withDeadline(log.client.put(`${base}count`).value(String(chunks)).exec(), Date.now() + WRITE_DEADLINE_MS);
  return id;
}

/**
 * The bytes of stage `id`; StorageError `CLUSTER_STATE` when it is gone or incomplete.
 */
export async function readStage(log: EtcdLog, id: string): Promise<Buffer> {
  if (!/^\d{15}-[0-9a-f-]{36}$/.test(id)) throw new StorageError('CLUSTER_STATE', `Cannot read the cluster stage '${id}': not a stage id`);
  const base = stageKey(log, id);
  const deadline = Date.now() + WRITE_DEADLINE_MS;
  const found = await withDeadline(log.client.getAll().prefix(base).sort('Key', 'Ascend').buffers(), deadline);
  const count = Number(found[`${base}count`]?.toString('utf8'));
  const parts = Object.entries(found).filter(([key]) => !key.endsWith('count')).map(([, value]) => value);
  if (!Number.isSafeInteger(count) || parts.length !== count) throw new StorageError('CLUSTER_STATE', `Cannot read the cluster stage '${id}': ${parts.length} of its chunks are kept`);
  return Buffer.concat(parts);
}

/** Deletes the stages made more than {@link KEEP_MS} before `time` (the clock of the last compacted entry). */
export async function dropStagesBefore(log: EtcdLog, time: number): Promise<void> {
  const before = String(Math.max(0, time - KEEP_MS)).padStart(15, '0');
  await log.client.delete().range(new Range(log.key('stage/'), log.key(`stage/${before}`))).exec();
}
