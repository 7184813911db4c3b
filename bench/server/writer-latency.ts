/**
 * How long a REST writer waits while Gremlin requests that wrote hold the graph: a live
 * `quiver serve --query-timeout <ms>` child whose DEFAULT/hugegraph graph holds a 3-vertex
 * cycle; `--scripts` clients (default 4) each send, again and again, the request of issue 22,
 * `g.addV('n').property('name','lockx').iterate(); g.V().repeat(both()).until(has('name','nobody')).count()`
 * (it writes, then reads until its time limit), while one writer sends single-vertex REST inserts
 * one after another for `--seconds` (default 10). Prints the inserts' latency (p50, p99, max),
 * how many ran, and how the scripts ended (status and exception). `--main <cli/main.js>` runs
 * another build's server (to compare with the build before).
 * Usage: `node dist/bench/server/writer-latency.js [--scripts 4] [--seconds 10] [--query-timeout 5000] [--main <path>]`
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLiveServer } from './live-server.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : (process.argv[at + 1] ?? fallback);
}

const scripts = Number(option('scripts', '4'));
const seconds = Number(option('seconds', '10'));
const queryTimeout = option('query-timeout', '5000');
const main = option('main', '');

const G = '/graphspaces/DEFAULT/graphs/hugegraph';
const SCHEMA = [
  "graph.schema().propertyKey('name').asText().ifNotExist().create()",
  "graph.schema().vertexLabel('n').properties('name').primaryKeys('name').ifNotExist().create()",
  "graph.schema().edgeLabel('e').sourceLabel('n').targetLabel('n').ifNotExist().create()",
].join('\n');
const CYCLE =
  "g.addV('n').property('name','a').as('a').addV('n').property('name','b').as('b').addV('n').property('name','c').as('c')" +
  ".addE('e').from('a').to('b').addE('e').from('b').to('c').addE('e').from('c').to('a').iterate()";

/** The value at quantile `q` of sorted `xs`. */
function quantile(xs: readonly number[], q: number): number {
  return xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN;
}

const dir = mkdtempSync(join(tmpdir(), 'quiver-writer-latency-'));
const server = await startLiveServer(dir, { extraArgs: ['--query-timeout', queryTimeout], ...(main === '' ? {} : { main }) });
try {
  for (const gremlin of [SCHEMA, CYCLE]) {
    const res = await server.request('POST', '/gremlin', { gremlin });
    if (res.status !== 200) throw new Error(`set-up failed: ${JSON.stringify(res.json)}`);
  }
  const end = performance.now() + seconds * 1000;
  const outcomes = new Map<string, number>();
  const client = async (k: number): Promise<void> => {
    for (let i = 0; performance.now() < end; i++) {
      const gremlin = `g.addV('n').property('name','lockx${k}-${i}').iterate(); g.V().repeat(both()).until(has('name','nobody')).count()`;
      const res = await server.request('POST', '/gremlin', { gremlin });
      const key = `${res.status} ${String(res.json?.exception ?? '')}`.trim();
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
  };
  const clients = Array.from({ length: scripts }, (_, k) => client(k));
  // Let the scripts take the graph first.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const latencies: number[] = [];
  for (let i = 0; performance.now() < end; i++) {
    const started = performance.now();
    const res = await server.request('POST', `${G}/graph/vertices`, { label: 'n', properties: { name: `rest${i}` } });
    if (res.status !== 201) throw new Error(`insert failed: ${res.status} ${JSON.stringify(res.json)}`);
    latencies.push(performance.now() - started);
  }
  await Promise.all(clients);
  const kept = await server.request('POST', '/gremlin', { gremlin: "g.V().has('name', TextP.startingWith('lockx')).count()" });
  latencies.sort((a, b) => a - b);
  const row = {
    build: main === '' ? 'this' : main,
    scripts,
    queryTimeoutMs: Number(queryTimeout),
    inserts: latencies.length,
    p50Ms: Math.round(quantile(latencies, 0.5) * 10) / 10,
    p99Ms: Math.round(quantile(latencies, 0.99) * 10) / 10,
    maxMs: Math.round((latencies.at(-1) ?? Number.NaN) * 10) / 10,
    scriptOutcomes: Object.fromEntries(outcomes),
    lockxKept: kept.json?.result?.data?.[0] ?? kept.json,
  };
  process.stdout.write(`${JSON.stringify(row)}\n`);
} finally {
  await server.kill();
  rmSync(dir, { recursive: true, force: true });
}
