/**
 * `quiver backup` and `quiver restore` (docs/backup.md). Against a running server (`--url`)
 * they use its REST routes; against a data directory (`--data`, no server running on it) they
 * open it themselves. A backup is written to `<out>.partial-…`, verified whole, and only then
 * renamed to `--out`: a killed or failed backup never leaves a file that looks good. A restore
 * verifies the whole file before it changes anything.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Command } from 'commander';
import { ArgumentError, backupStream, openServerState, restoreDirectory, StorageError, verifyBackup } from '../index.js';
import type { RestoreReport } from '../index.js';

/** Where a command reads from or writes to. */
interface TargetOptions {
  readonly url?: string;
  readonly user?: string;
  readonly password?: string;
  readonly data?: string;
  readonly graph?: string;
}

function checkTarget(options: TargetOptions): void {
  if ((options.url === undefined) === (options.data === undefined)) throw new ArgumentError('BACKUP_TARGET', 'Give exactly one of --url (a running server) and --data (a data directory)');
}

function authorization(options: TargetOptions): Record<string, string> {
  if (options.user === undefined) return {};
  return { authorization: `Basic ${Buffer.from(`${options.user}:${options.password ?? ''}`).toString('base64')}` };
}

/** The error a server answered with, as a QuiverError. */
async function refused(response: Response, what: string): Promise<StorageError> {
  const text = await response.text();
  let message = text;
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? text;
  } catch {
    // not JSON: keep the text
  }
  return new StorageError('BACKUP_REQUEST', `${what} failed with HTTP ${response.status}: ${message}`);
}

/** The bytes of a backup from a server's `GET /backup`. */
async function* fromServer(options: TargetOptions): AsyncGenerator<Uint8Array> {
  const url = new URL('/backup', options.url);
  if (options.graph !== undefined) url.searchParams.set('graph', options.graph);
  const response = await fetch(url, { headers: authorization(options) });
  if (!response.ok || response.body === null) throw await refused(response, 'Backup');
  for await (const chunk of response.body) yield chunk;
}

/** The bytes of a backup of a data directory. */
async function* fromDirectory(data: string, graph: string | undefined): AsyncGenerator<Uint8Array> {
  const { state } = await openServerState({ path: data });
  try {
    const scope = graph === undefined ? {} : { graph: graph.includes('/') ? { space: graph.split('/')[0] as string, name: graph.split('/')[1] as string } : { space: 'DEFAULT', name: graph } };
    yield* backupStream(state, scope);
  } finally {
    await state.close();
  }
}

/**
 * Takes a backup into `out`: written to a temporary file, synced, verified, then renamed.
 */
async function runBackup(options: TargetOptions & { readonly out: string }, out: (line: string) => void): Promise<void> {
  checkTarget(options);
  const partial = `${options.out}.partial-${randomUUID()}`;
  const handle = await open(partial, 'w');
  let bytes = 0;
  try {
    for await (const chunk of options.url === undefined ? fromDirectory(options.data as string, options.graph) : fromServer(options)) {
      await handle.write(chunk);
      bytes += chunk.length;
    }
    await handle.sync();
    await handle.close();
    const { graphs } = await verifyBackup(partial);
    await rename(partial, options.out);
    out(`Backup written to ${options.out}: ${bytes} bytes, ${graphs.length} graph(s) (${graphs.map((g) => `${g.space}/${g.name}`).join(', ')}), verified`);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * Restores `in` into a server or a data directory, after verifying it whole.
 */
async function runRestore(options: TargetOptions & { readonly in: string }, out: (line: string) => void): Promise<void> {
  checkTarget(options);
  await verifyBackup(options.in);
  let report: RestoreReport;
  if (options.data !== undefined) {
    report = await restoreDirectory(options.in, options.data, options.graph === undefined ? {} : { graph: options.graph });
  } else {
    const url = new URL('/restore', options.url);
    if (options.graph !== undefined) url.searchParams.set('graph', options.graph);
    const body = Readable.toWeb(createReadStream(options.in)) as ReadableStream<Uint8Array>;
    const response = await fetch(url, { method: 'PUT', headers: { ...authorization(options), 'content-type': 'application/octet-stream' }, body, duplex: 'half' } as RequestInit);
    if (!response.ok) throw await refused(response, 'Restore');
    report = (await response.json()) as RestoreReport;
  }
  for (const g of report.graphs) out(`Restored ${g.graph} (${g.mode}): ${g.vertices} vertices, ${g.edges} edges`);
  if (report.generatedPassword !== undefined) out(`Super administrator 'admin' created with the generated password: ${report.generatedPassword}`);
}

/**
 * Adds `backup` and `restore` to the program.
 */
export function registerBackupCommands(program: Command): void {
  const print = (line: string): void => {
    process.stdout.write(`${line}\n`);
  };
  program
    .command('backup')
    .description('write a consistent backup of a running server (--url) or a data directory (--data): every graph, or one with --graph')
    .option('--url <url>', 'a running server, e.g. http://127.0.0.1:8080')
    .option('--user <name>', 'administrator name (with --url)')
    .option('--password <password>', 'administrator password (with --url)')
    .option('--data <dir>', 'a data directory no server is running on')
    .requiredOption('--out <file>', 'the backup file to write')
    .option('--graph <space/graph>', 'back up only this graph (SPACE/GRAPH, or GRAPH in DEFAULT)')
    .action(async (options: TargetOptions & { out: string }) => {
      await runBackup(options, print);
    });
  program
    .command('restore')
    .description('restore a backup into a running server (--url) or a new data directory (--data); refuses a damaged file and changes nothing then')
    .requiredOption('--in <file>', 'the backup file')
    .option('--url <url>', 'a running server, e.g. http://127.0.0.1:8080')
    .option('--user <name>', 'administrator name (with --url)')
    .option('--password <password>', 'administrator password (with --url)')
    .option('--data <dir>', 'a data directory that does not exist or is empty')
    .option('--graph <space/graph>', 'restore only this graph of the file')
    .action(async (options: TargetOptions & { in: string }) => {
      await runRestore(options, print);
    });
}
