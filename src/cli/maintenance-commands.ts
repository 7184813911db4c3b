/**
 * `quiver check` and `quiver repair`: print the verdict on every file of a data directory, and
 * the explicit, opt-in repair with exactly what it dropped.
 * @module
 */
import { checkDataDirectory, describeDropped, repairDataDirectory } from '../index.js';

/**
 * Prints one line per file of the data directory and a summary; resolves with the exit code
 * (0 when every checksum verifies, 1 on damage).
 */
export async function runCheck(dataPath: string, out: (line: string) => void): Promise<number> {
  const report = await checkDataDirectory(dataPath);
  for (const f of report.files) out(`${f.status.padEnd(9)} ${f.file}: ${f.detail}`);
  const bad = report.files.filter((f) => f.status === 'damaged' || f.status === 'warning').length;
  out(report.clean ? `clean: ${report.files.length} files verified` : `damaged: ${bad} of ${report.files.length} entries report damage`);
  return report.clean ? 0 : 1;
}

/**
 * Refuses without `truncate` (explaining why); otherwise repairs the data directory and prints
 * every dropped file part with its byte and LSN range. Resolves with the exit code.
 */
export async function runRepair(dataPath: string, options: { truncate: boolean; out: (line: string) => void }): Promise<number> {
  const { out } = options;
  if (!options.truncate) {
    out('quiver repair drops data: it keeps the valid prefix of each graph (snapshots that verify, each log up to its first damage)');
    out('and deletes the rest, so acknowledged writes after the damage are lost. Run `quiver check` to see the damage first,');
    out('back up the directory, then rerun with --truncate-at-damage.');
    return 1;
  }
  const { graphs } = await repairDataDirectory(dataPath);
  let parts = 0;
  for (const g of graphs) {
    for (const part of g.dropped) {
      out(`dropped   graph '${g.graph}': ${describeDropped(part)}`);
      parts++;
    }
  }
  out(parts === 0 ? 'nothing to repair: every graph opens as it is' : `repaired: ${parts} part${parts === 1 ? '' : 's'} dropped`);
  return 0;
}
