/**
 * Offline verification and repair of a data directory: `quiver check` reads every checksum of
 * every snapshot and log segment and changes nothing; `quiver repair --truncate-at-damage` keeps
 * each graph's valid prefix and reports exactly what it dropped.
 * @module
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ArgumentError, QuiverError } from '../../errors.js';
import { describeDamage, examineLog, inspectSnapshots, lockDirectory, repairLog } from '../../storage/index.js';
import type { DamageNote, DroppedPart, SnapshotFile } from '../../storage/index.js';
import { readGraphConfig } from '../graph/config.js';
import { snapshotBounds, snapshotDamage } from './durability.js';

/**
 * The verdict on one file: `ok`, `damaged` (opening fails on it), `warning` (damaged but not
 * needed; opening reports it), or `torn-tail` (a crash leftover that opening cuts).
 *
 * @example
 * ```ts
 * const line: FileCheck = { file: 'graphs/g/wal/wal-00000000000000000001.log', status: 'ok', detail: '30 records, LSN 1..30' };
 * ```
 */
export interface FileCheck {
  readonly file: string;
  readonly status: 'ok' | 'damaged' | 'warning' | 'torn-tail';
  readonly detail: string;
}

/**
 * What {@link checkDataDirectory} found: one line per file (and per damage), and whether every
 * checksum verified (a torn tail does not count as damage).
 *
 * @example
 * ```ts
 * const report = await checkDataDirectory('./data');
 * process.exitCode = report.clean ? 0 : 1;
 * ```
 */
export interface DirectoryCheck {
  readonly files: readonly FileCheck[];
  readonly clean: boolean;
}

/**
 * Verifies every graph of a data directory: its config.json, every snapshot file and every log
 * record, classified as opening would classify them. Reads only; takes no lock.
 *
 * @example
 * ```ts
 * for (const f of (await checkDataDirectory('./data')).files) console.log(f.status, f.file, f.detail);
 * ```
 */
export async function checkDataDirectory(path: string): Promise<DirectoryCheck> {
  const files: FileCheck[] = [];
  for (const graph of await graphDirectories(path)) {
    try {
      await readGraphConfig(graph.dir, graph.name);
      files.push({ file: join(graph.dir, 'config.json'), status: 'ok', detail: 'valid configuration' });
    } catch (error) {
      if (!(error instanceof QuiverError)) throw error;
      files.push({ file: join(graph.dir, 'config.json'), status: 'damaged', detail: error.message });
    }
    const snapshots = await inspectSnapshots(join(graph.dir, 'snapshots'));
    const { bounds, chosen, newerDamaged } = snapshotBounds(snapshots);
    const exam = await examineLog(join(graph.dir, 'wal'), bounds).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    });
    const logFails = exam === undefined || exam.damage.length > 0;
    for (const s of snapshots) files.push(snapshotLine(s, { chosen: s === chosen, fatal: newerDamaged.includes(s) && logFails }));
    if (exam === undefined) continue;
    const notes: (readonly [FileCheck['status'], DamageNote])[] = [...exam.damage.map((d) => ['damaged', d] as const), ...exam.warnings.map((d) => ['warning', d] as const)];
    if (exam.tail !== undefined) notes.push(['torn-tail', exam.tail]);
    for (const segment of exam.segments) {
      const span = segment.valid === 0 ? 'no records' : `${segment.valid} valid records, LSN ${segment.firstLsn}..${segment.nextLsn - 1n}`;
      const own = notes.filter(([, d]) => d.file === segment.path);
      if (own.length === 0) files.push({ file: segment.path, status: 'ok', detail: `${span}, ${segment.size} bytes` });
    }
    for (const [status, d] of notes) files.push({ file: d.file, status, detail: damageDetail(status, d) });
  }
  return { files, clean: files.every((f) => f.status === 'ok' || f.status === 'torn-tail') };
}

/**
 * What {@link repairDataDirectory} dropped, graph by graph.
 *
 * @example
 * ```ts
 * const report: DirectoryRepair = { graphs: [{ graph: 'g', dropped: [] }] };
 * ```
 */
export interface DirectoryRepair {
  readonly graphs: readonly { readonly graph: string; readonly dropped: readonly DroppedPart[] }[];
}

/**
 * Repairs every graph of a data directory (under its lock) so that it opens again: deletes
 * snapshot files that do not verify, truncates each log at its first damage in needed records
 * (deleting later segments), and cuts torn tails. Returns exactly what was dropped. A damaged
 * config.json is not repaired: it throws StorageError `CONFIG_DAMAGED` before anything changes.
 *
 * @example
 * ```ts
 * const { graphs } = await repairDataDirectory('./data');
 * for (const g of graphs) for (const part of g.dropped) console.log(g.graph, part.file, part.firstLsn, part.lastLsn);
 * ```
 */
export async function repairDataDirectory(path: string): Promise<DirectoryRepair> {
  await requireDatabaseDirectory(path);
  const lock = await lockDirectory(resolve(path));
  try {
    const graphs = await graphDirectories(path);
    for (const graph of graphs) await readGraphConfig(graph.dir, graph.name);
    const out: { graph: string; dropped: DroppedPart[] }[] = [];
    for (const graph of graphs) {
      const snapshots = await inspectSnapshots(join(graph.dir, 'snapshots'));
      const { chosen } = snapshotBounds(snapshots);
      const dropped: DroppedPart[] = [];
      for (const s of snapshots.filter((f) => f.problem !== undefined)) {
        await rm(s.file, { force: true });
        const firstLsn = s.lsn > (chosen?.lsn ?? 0n) ? (chosen?.lsn ?? 0n) + 1n : s.lsn;
        dropped.push({ file: s.file, fromOffset: 0, toOffset: s.size, firstLsn, lastLsn: s.lsn, reason: `snapshot does not verify (${s.problem ?? 'unreadable'})` });
      }
      const coveredLsn = chosen?.lsn ?? 0n;
      dropped.push(...(await repairLog(join(graph.dir, 'wal'), { coveredLsn, reachLsn: coveredLsn })));
      out.push({ graph: graph.name, dropped });
    }
    return { graphs: out };
  } finally {
    await lock.release();
  }
}

/**
 * One line describing a dropped part: file, byte range, LSN range and reason.
 *
 * @example
 * ```ts
 * declare const part: DroppedPart;
 * console.log(describeDropped(part));
 * ```
 */
export function describeDropped(part: DroppedPart): string {
  const lsns = part.firstLsn === part.lastLsn ? `LSN ${part.firstLsn}` : `LSN ${part.firstLsn}..${part.lastLsn}`;
  return `${part.file}: bytes ${part.fromOffset}..${part.toOffset}, ${lsns}: ${part.reason}`;
}

async function requireDatabaseDirectory(path: string): Promise<void> {
  const dir = await stat(resolve(path)).catch(() => undefined);
  if (dir?.isDirectory() !== true) {
    throw new ArgumentError('DATABASE_PATH', `Cannot read database directory '${path}': ${dir === undefined ? 'it does not exist' : 'it is not a directory'}`);
  }
}

async function graphDirectories(path: string): Promise<{ name: string; dir: string }[]> {
  await requireDatabaseDirectory(path);
  const root = join(resolve(path), 'graphs');
  const entries = await readdir(root, { withFileTypes: true }).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.dropped-'))
    .map((e) => ({ name: e.name, dir: join(root, e.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function snapshotLine(s: SnapshotFile, role: { chosen: boolean; fatal: boolean }): FileCheck {
  if (s.problem === undefined) return { file: s.file, status: 'ok', detail: `LSN ${s.lsn}, ${s.size} bytes${role.chosen ? ', recovery starts here' : ''}` };
  const note = snapshotDamage(s, role.fatal ? 'the log cannot replace it, opening fails' : 'not needed (an older snapshot and the log cover it), opening warns');
  return { file: s.file, status: role.fatal ? 'damaged' : 'warning', detail: note.message };
}

function damageDetail(status: FileCheck['status'], d: DamageNote): string {
  const consequence = status === 'damaged' ? 'opening fails' : status === 'warning' ? 'not needed, opening warns' : 'opening cuts it';
  return `${describeDamage(d)} (${consequence})`;
}
