/**
 * The extra outputs of a computation job (HugeGraph-Computer's `output.output_class`): a local
 * CSV file of `id<delimiter>value` lines, or files on HDFS written through the WebHDFS REST
 * protocol (`op=MKDIRS`, then `op=CREATE`: the name node answers with a redirect to a data
 * node, which takes the bytes).
 * @module
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { StorageError } from '../../../errors.js';
import type { PlainId } from '../../../engine/index.js';
import type { ComputeOutput } from './compute-api.js';

/** HugeGraph-Computer's default HDFS delimiter, char27. */
const ESCAPE = '\u001b';

/** One line per vertex; a list value is written as `[a, b]`. */
function lines(values: ReadonlyMap<PlainId, unknown>, delimiter: string): string[] {
  const out: string[] = [];
  for (const [id, value] of values) out.push(`${String(id)}${delimiter}${Array.isArray(value) ? `[${value.join(', ')}]` : String(value)}\n`);
  return out;
}

/** The WebHDFS base of an HDFS address: `hdfs://` is read as `http://` on the same host and port. */
function webhdfsBase(url: string): string {
  const base = new URL(url.replace(/^hdfs:/i, 'http:'));
  return `${base.protocol}//${base.host}/webhdfs/v1`;
}

async function hdfsCall(url: string, init: RequestInit, what: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'manual' });
  } catch (error) {
    throw new StorageError('COMPUTE_OUTPUT', `Cannot write the job's output to HDFS: ${what} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (response.status >= 400) throw new StorageError('COMPUTE_OUTPUT', `Cannot write the job's output to HDFS: ${what} answered ${response.status} ${await response.text()}`);
  return response;
}

/** Creates one HDFS file through WebHDFS (two steps: the name node's redirect, then the data). */
async function hdfsCreate(base: string, path: string, user: string, body: string): Promise<void> {
  const at = `${base}${path}?op=CREATE&overwrite=true&user.name=${encodeURIComponent(user)}`;
  const first = await hdfsCall(at, { method: 'PUT' }, `CREATE ${path}`);
  const location = first.headers.get('location');
  await first.arrayBuffer();
  if (location === null) throw new StorageError('COMPUTE_OUTPUT', `Cannot write the job's output to HDFS: CREATE ${path} gave no data node location`);
  const second = await hdfsCall(location, { method: 'PUT', body, headers: { 'content-type': 'application/octet-stream' } }, `writing ${path}`);
  await second.arrayBuffer();
}

/**
 * Writes a job's values to `output`: a file at `output.path`, or on HDFS under
 * `<pathPrefix>/<key>/` one file `part-00000`, or (mergePartitions false) `partitions` files.
 * StorageError `COMPUTE_OUTPUT` when the file system or HDFS refuses.
 */
export async function writeOutput(output: ComputeOutput, run: { readonly key: string; readonly values: ReadonlyMap<PlainId, unknown>; readonly partitions?: number }): Promise<void> {
  if (output.kind === 'file') {
    try {
      await mkdir(dirname(output.path), { recursive: true });
      await writeFile(output.path, lines(run.values, output.delimiter ?? ',').join(''));
    } catch (error) {
      throw new StorageError('COMPUTE_OUTPUT', `Cannot write the job's output to '${output.path}': ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    return;
  }
  const base = webhdfsBase(output.url);
  const dir = `${(output.pathPrefix ?? '/hugegraph-computer/results').replace(/\/+$/, '')}/${run.key}`;
  const mkdirs = await hdfsCall(`${base}${dir}?op=MKDIRS&user.name=${encodeURIComponent(output.user)}`, { method: 'PUT' }, `MKDIRS ${dir}`);
  await mkdirs.arrayBuffer();
  const all = lines(run.values, output.delimiter ?? ESCAPE);
  const parts = output.mergePartitions === false ? Math.max(1, run.partitions ?? 1) : 1;
  for (let p = 0; p < parts; p++) {
    const slice = all.slice(Math.floor((all.length * p) / parts), Math.floor((all.length * (p + 1)) / parts));
    await hdfsCreate(base, `${dir}/part-${String(p).padStart(5, '0')}`, output.user, slice.join(''));
  }
}
