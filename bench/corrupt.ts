/**
 * Long fault-injection run: builds databases with several WAL segments and snapshots, then,
 * case by case, damages one file (flip, zero, truncate a byte range, or delete it), reopens
 * and judges the outcome. Prints cases run, opens that failed loudly, opens with warnings and
 * acknowledged writes lost (must be 0). Exits 1 on any violation.
 * Usage: node dist/bench/corrupt.js [--runs N] [--seed S]
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDatabase, runCase, type Fault } from '../test/database/fault-injection.js';

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

const runs = argument('--runs', 2000);
let seed = argument('--seed', 1);
const random = (): number => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const kinds = ['flip', 'zero', 'truncate', 'delete'] as const;
const root = mkdtempSync(join(tmpdir(), 'quiver-corrupt-bench-'));
const templates: { dir: string; acknowledged: readonly string[] }[] = [];
for (let t = 0; t < 4; t++) {
  const dir = join(root, `template-${t}`);
  templates.push({ dir, acknowledged: await buildDatabase(dir, { batches: 30 + t * 15, seed: t + 1 }) });
}
const tally = { cases: 0, exact: 0, failedLoudly: 0, withWarnings: 0, violations: 0, lost: 0 };
const byKind = new Map<string, { exact: number; failedLoudly: number }>();
const started = Date.now();
try {
  for (let i = 0; i < runs; i++) {
    const template = templates[i % templates.length]!;
    const fault: Fault = { file: Math.floor(random() * 1e6), kind: kinds[Math.floor(random() * kinds.length)]!, at: random(), length: random(), mask: Math.floor(random() * 1e6) };
    const outcome = await runCase(template.dir, join(root, 'work'), { acknowledged: template.acknowledged, fault });
    tally.cases++;
    const kind = byKind.get(fault.kind) ?? { exact: 0, failedLoudly: 0 };
    byKind.set(fault.kind, kind);
    if (outcome.result === 'exact') {
      tally.exact++;
      kind.exact++;
    } else if (outcome.result === 'failed-loudly') {
      tally.failedLoudly++;
      kind.failedLoudly++;
    } else {
      tally.violations++;
      process.stderr.write(`violation: ${outcome.detail}\n`);
    }
    if (outcome.warnings > 0) tally.withWarnings++;
    tally.lost += outcome.lost;
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
process.stdout.write(`cases run: ${tally.cases} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
process.stdout.write(`opened with exactly the acknowledged state: ${tally.exact} (of which with warnings: ${tally.withWarnings})\n`);
process.stdout.write(`opens that failed loudly (StorageError, files unchanged): ${tally.failedLoudly}\n`);
process.stdout.write(`violations: ${tally.violations}\n`);
process.stdout.write(`acknowledged writes lost: ${tally.lost}\n`);
for (const [kind, k] of byKind) process.stdout.write(`  ${kind}: exact ${k.exact}, failed loudly ${k.failedLoudly}\n`);
process.exitCode = tally.violations === 0 && tally.lost === 0 ? 0 : 1;
