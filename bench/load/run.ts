/**
 * `npm run bench:load`: bulk loading the R-MAT graph (edge factor 16, seed 1) from CSV files,
 * by `quiver load` into a fresh data directory (the CLI in a child process, as a user runs it:
 * a hugegraph-loader mapping with the vertex ids in `nodes.csv` and the edge list in
 * `edges.csv`, customised number ids, the columnar batch path) against Kuzu's `COPY FROM` of
 * the same two files into an on-disk database (the `kuzu` npm package, installed by the bench
 * into a temporary directory, never a dependency). Each side is timed once, wall clock, files
 * already written; wall clock and CPU seconds (user + system, all threads) are both given, as a
 * shared machine's load stretches the first and not the second. Never part of `npm test`.
 *
 * Options: `--scale 20`, `--batch-size 5000`, `--no-kuzu`.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { generateRmat } from '../rmat.js';
import { kuzuPeer, writeCsv } from '../traversers/kuzu.js';

const options = new Command()
  .option('--scale <n>', 'R-MAT scale', '20')
  .option('--batch-size <n>', 'quiver load --batch-size', '5000')
  .option('--no-kuzu', 'leave Kuzu out')
  .parse()
  .opts<{ scale: string; batchSize: string; kuzu: boolean }>();

const rmat = generateRmat({ scale: Number(options.scale), edgeFactor: 16, seed: 1 });
const dir = mkdtempSync(join(tmpdir(), 'quiver-bench-load-'));
const nodes = join(dir, 'nodes.csv');
const edges = join(dir, 'edges.csv');
writeCsv(nodes, rmat.vertexCount, (v) => String(v));
writeCsv(edges, rmat.edgeCount, (e) => `${rmat.sources[e]},${rmat.targets[e]}`);
writeFileSync(join(dir, 'schema.groovy'), [
  'schema.vertexLabel("node").useCustomizeNumberId().ifNotExist().create()',
  'schema.edgeLabel("link").sourceLabel("node").targetLabel("node").ifNotExist().create()',
].join('\n'));
writeFileSync(join(dir, 'struct.json'), JSON.stringify({
  version: '2.0',
  structs: [
    { id: 'nodes', input: { type: 'FILE', path: nodes, format: 'CSV', header: ['id'] }, vertices: [{ label: 'node', id: 'id' }] },
    { id: 'edges', input: { type: 'FILE', path: edges, format: 'CSV', header: ['s', 't'] }, edges: [{ label: 'link', source: ['s'], target: ['t'] }] },
  ],
}));
console.log(`R-MAT scale ${options.scale}: ${rmat.vertexCount} vertices, ${rmat.edgeCount} edges; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);

const rows: string[][] = [];
const row = (name: string, ms: number, cpuSeconds: number, note: string): void => {
  rows.push([name, `${(ms / 1000).toFixed(1)} s`, `${cpuSeconds.toFixed(1)} s`, `${Math.round((rmat.edgeCount / ms) * 1000).toLocaleString('en')} edges/s`, note]);
};

// bash's `time` gives the child's CPU seconds (user + system), which the load of a shared machine does not inflate.
const started = performance.now();
const quiver = spawnSync('bash', ['-c', 'TIMEFORMAT="cpu %U %S"; time "$0" "$@"', process.execPath,
  '--max-old-space-size=8192', fileURLToPath(new URL('../../src/cli/main.js', import.meta.url)), 'load', '--graph', 'DEFAULT/hugegraph',
  '--mapping', join(dir, 'struct.json'), '--schema', join(dir, 'schema.groovy'), '--data', join(dir, 'data'),
  '--batch-size', options.batchSize, '--no-progress', '--error-file', join(dir, 'errors.tsv'),
], { encoding: 'utf8', env: { ...process.env, QUIVER_ADMIN_PASSWORD: 'bench-load' } });
const quiverMs = performance.now() - started;
if (quiver.status !== 0) throw new Error(`quiver load failed (${quiver.status}): ${quiver.stderr}${quiver.stdout}`);
process.stdout.write(quiver.stdout);
const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(quiver.stderr);
row('quiver load --data (CLI, durable)', quiverMs, Number(cpu?.[1] ?? NaN) + Number(cpu?.[2] ?? NaN), `batch size ${options.batchSize}, process start and schema included`);

if (options.kuzu) {
  kuzuPeer('kuzu-load', (module, dispose) => {
    const kuzu = module as { Database: new (path: string) => { closeSync(): void }; Connection: new (db: unknown) => { querySync(q: string): unknown; closeSync(): void } };
    const db = new kuzu.Database(join(dir, 'kuzu'));
    const conn = new kuzu.Connection(db);
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    conn.querySync('CREATE NODE TABLE N(id INT64, PRIMARY KEY(id))');
    conn.querySync('CREATE REL TABLE E(FROM N TO N)');
    conn.querySync(`COPY N FROM '${nodes}' (HEADER=false)`);
    conn.querySync(`COPY E FROM '${edges}' (HEADER=false)`);
    const used = process.cpuUsage(cpuStart);
    row('Kuzu COPY FROM (on disk)', performance.now() - start, (used.user + used.system) / 1e6, 'kuzu 0.11.3, its default threads');
    dispose(conn, db);
  });
}
console.log(['engine', 'wall time', 'CPU time', 'rate (wall)', 'note'].join(' | '));
for (const r of rows) console.log(r.join(' | '));
rmSync(dir, { recursive: true, force: true });
