/**
 * A/B comparison of `quiver serve` variants on a shared, drifting machine: one live server per
 * variant (each started with an environment variable set to the variant's value, or from its
 * own build directory), all preloaded alike, then measured in alternation for several rounds, so
 * that drift hits every variant equally. Each run reports req/s (counted by autocannon) and the
 * server's CPU microseconds per request, both of the whole process and of its main thread only
 * (/proc/<pid>/task/<pid>/stat: the event loop, without GC helpers and the fsync pool).
 * Usage: `node dist/bench/server/ab.js --only get|single [--env NAME=a,b | --builds dirA,dirB]
 * [--rounds 5] [--duration 3] [--connections 32] [--pipelining 1] [--rate <req/s>] [--log-level info]`.
 * A build directory is a copy of `dist/` inside the repository (so that node_modules resolve),
 * with package.json in its parent (the CLI reads its version from there), e.g. `.ab/base`.
 * @module
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { defineItemSchema, startLiveServer } from './live-server.js';
import type { LiveServer } from './live-server.js';

const PRELOAD = 20_000;
const BATCH = 500;

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : process.argv[at + 1]!;
}

/** User + system CPU seconds of `/proc/<path>/stat`; NaN when unreadable. */
function cpuSeconds(path: string): number {
  try {
    const fields = readFileSync(`/proc/${path}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface Variant {
  readonly name: string;
  readonly server: LiveServer;
  readonly data: string;
  readonly runs: { reqPerSec: number; us: number; mainUs: number }[];
}

async function startVariant(name: string, envName: string | undefined, build: string | undefined): Promise<Variant> {
  if (envName !== undefined) process.env[envName] = name;
  const data = mkdtempSync(join(tmpdir(), 'quiver-ab-'));
  const server = await startLiveServer(data, { logLevel: flag('log-level', 'info'), ...(build === undefined ? {} : { main: join(build, 'src', 'cli', 'main.js') }) });
  await defineItemSchema(server);
  for (let b = 0; b < PRELOAD / BATCH; b++) {
    const body = Array.from({ length: BATCH }, (_, i) => ({ label: 'item', properties: { name: `v${b * BATCH + i}`, n: i } }));
    const res = await server.request('POST', '/graphs/hugegraph/graph/vertices/batch', body);
    if (res.status !== 201) throw new Error(`preload failed: ${JSON.stringify(res.json)}`);
  }
  return { name, server, data, runs: [] };
}

async function measure(variant: Variant, kind: string, options: { duration: number; connections: number; pipelining: number; rate: number }, counter: { n: number }): Promise<void> {
  const { server } = variant;
  const pid = String(server.child.pid);
  const requests: autocannon.Request[] =
    kind === 'get'
      ? Array.from({ length: 1024 }, (_, i) => ({ method: 'GET', path: `/graphs/hugegraph/graph/vertices/${encodeURIComponent(JSON.stringify(`1:v${(i * 7919) % PRELOAD}`))}`, headers: { authorization: server.auth } }))
      : [{
          method: 'POST', path: '/graphs/hugegraph/graph/vertices', headers: { authorization: server.auth, 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: `{"label":"item","properties":{"name":"s${counter.n++}","n":1}}` }),
        }];
  const all0 = cpuSeconds(pid);
  const main0 = cpuSeconds(`${pid}/task/${pid}`);
  const result = await autocannon({
    url: server.url, connections: options.connections, duration: options.duration, pipelining: options.pipelining, requests,
    ...(options.rate > 0 ? { overallRate: options.rate } : {}),
  });
  const total = Math.max(1, result.requests.total);
  const run = {
    reqPerSec: Math.round(result.requests.average),
    us: Math.round(((cpuSeconds(pid) - all0) * 1e6) / total),
    mainUs: Math.round(((cpuSeconds(`${pid}/task/${pid}`) - main0) * 1e6) / total),
  };
  if (result.non2xx + result.errors > 0) throw new Error(`${variant.name}: ${String(result.non2xx + result.errors)} failed requests`);
  variant.runs.push(run);
  console.log(`| ${variant.name} | ${String(run.reqPerSec)} | ${String(run.us)} | ${String(run.mainUs)} |`);
}

async function main(): Promise<void> {
  const env = flag('env', '');
  const builds = flag('builds', '');
  const [envName, envValues] = env === '' ? [undefined, ''] : env.split('=', 2) as [string, string];
  const names = builds !== '' ? builds.split(',') : envValues.split(',');
  if (names.length === 0 || names[0] === '') throw new Error('give --env NAME=a,b or --builds dirA,dirB');
  const kind = flag('only', 'get');
  const options = { duration: Number(flag('duration', '3')), connections: Number(flag('connections', '32')), pipelining: Number(flag('pipelining', '1')), rate: Number(flag('rate', '0')) };
  const rounds = Number(flag('rounds', '5'));
  const variants: Variant[] = [];
  const counter = { n: 0 };
  try {
    for (const name of names) variants.push(await startVariant(name, envName, builds === '' ? undefined : name));
    console.log(`${kind}, ${JSON.stringify(options)}\n| variant | req/s | server CPU µs/req | main thread µs/req |\n|---|---|---|---|`);
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < variants.length; i++) await measure(variants[(i + r) % variants.length]!, kind, options, counter);
    }
    console.log('\nmedians\n| variant | req/s | server CPU µs/req | main thread µs/req |\n|---|---|---|---|');
    for (const v of variants) {
      console.log(`| ${v.name} | ${String(median(v.runs.map((x) => x.reqPerSec)))} | ${String(median(v.runs.map((x) => x.us)))} | ${String(median(v.runs.map((x) => x.mainUs)))} |`);
    }
  } finally {
    for (const v of variants) {
      await v.server.kill('SIGKILL');
      rmSync(v.data, { recursive: true, force: true });
    }
  }
}

await main();
