/**
 * `npm run bench:server`: a live `quiver serve` child on loopback, driven by autocannon from
 * this (second) process. Measures get-by-id req/s with p50/p99, batch insert vertices/s and
 * edges/s (500 per batch), single inserts/s, and a Gremlin round-trip req/s with p99 over REST
 * /gremlin (at --connections, and over 1 and 8 connections) and over the Gremlin Server
 * WebSocket with the `gremlin` driver (over 1 and 8 connections, one traversal in flight each).
 * Options: --duration <s> (default 10), --connections <n> (default 32), --only <names> (a comma
 * list of get, batch-vertices, batch-edges, single, gremlin, ws; default all), --rate <n> (total
 * requests per second, default unlimited: the server CPU per request falls as the rate rises,
 * because more requests share each event-loop turn and group write, so two builds compare
 * best at one fixed rate that both sustain), --pipelining <n> (requests in flight per connection,
 * default 1 as HugeGraph's clients send them; autocannon's and fastify's own benchmarks use 10),
 * --batch-connections <n> (connections of the two batch measures, default 4).
 * The load generator shares the two cores with the server, so it is kept cheap: gets cycle
 * through 1,024 prebuilt requests for spread ids, and batch bodies are joined from element texts.
 * @module
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { defineItemSchema, startLiveServer } from './live-server.js';
import { websocketLoop } from './websocket.js';

const BATCH = 500;
const PRELOAD = 20_000;

/**
 * A JSON array text of `n` element texts, built by concatenation: the load generator shares the
 * cores with the server, so request bodies cost it one string join instead of a JSON.stringify
 * of 500 objects (the texts are what JSON.stringify writes for these ASCII values).
 */
function textArray(n: number, element: (i: number) => string): string {
  const parts = new Array<string>(n);
  for (let i = 0; i < n; i++) parts[i] = element(i);
  return `[${parts.join(',')}]`;
}

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
}

const duration = flag('duration', 10);
const connections = flag('connections', 32);
const rate = flag('rate', 0);
const pipelining = flag('pipelining', 1);
const batchConnections = flag('batch-connections', 4);
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt < 0 ? undefined : new Set(process.argv[onlyAt + 1]!.split(','));

/** CPU seconds (user + system) the process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${String(pid)}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

interface Figure {
  readonly name: string;
  readonly reqPerSec: number;
  readonly perSec?: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  /** Server CPU microseconds per request: robust on a shared machine where req/s is not. */
  readonly serverCpuUs: number;
}

async function main(): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'quiver-bench-'));
  const profile = process.env.QUIVER_BENCH_PROFILE;
  const server = await startLiveServer(data, { extraArgs: ['--gremlin-port', '0'], ...(profile === undefined ? {} : { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profile}`] }) });
  const figures: Figure[] = [];
  try {
    await defineItemSchema(server);
    for (let b = 0; b < PRELOAD / BATCH; b++) {
      const body = Array.from({ length: BATCH }, (_, i) => ({ label: 'item', properties: { name: `v${b * BATCH + i}`, n: i } }));
      const res = await server.request('POST', '/graphs/hugegraph/graph/vertices/batch', body);
      if (res.status !== 201) throw new Error(`preload failed: ${JSON.stringify(res.json)}`);
    }
    const headers = { authorization: server.auth, 'content-type': 'application/json' };
    let counter = 0;
    const run = async (name: string, options: { conns: number; requests: autocannon.Request[]; perRequest?: number; key: string }): Promise<void> => {
      if (only !== undefined && !only.has(options.key)) return;
      const cpu0 = cpuSeconds(server.child.pid);
      const result = await autocannon({ url: server.url, connections: options.conns, duration, requests: options.requests, pipelining, ...(rate > 0 ? { overallRate: rate } : {}) });
      const figure: Figure = {
        name,
        reqPerSec: Math.round(result.requests.average),
        ...(options.perRequest === undefined ? {} : { perSec: Math.round(result.requests.average * options.perRequest) }),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.non2xx + result.errors,
        serverCpuUs: Math.round(((cpuSeconds(server.child.pid) - cpu0) * 1e6) / Math.max(1, result.requests.total)),
      };
      figures.push(figure);
      console.log(JSON.stringify(figure));
    };
    const vertexPath = (i: number): string => `/graphs/hugegraph/graph/vertices/${encodeURIComponent(JSON.stringify(`1:v${i}`))}`;
    await run('get vertex by id', { key: 'get', conns: connections, requests: Array.from({ length: 1024 }, (_, i) => ({ method: 'GET', path: vertexPath((i * 7919) % PRELOAD), headers: { authorization: server.auth } })) });
    await run('batch insert vertices (500)', {
      key: 'batch-vertices',
      conns: batchConnections,
      perRequest: BATCH,
      requests: [{
        method: 'POST', path: '/graphs/hugegraph/graph/vertices/batch', headers,
        setupRequest: (req) => {
          const b = counter++;
          return { ...req, body: textArray(BATCH, (i) => `{"label":"item","properties":{"name":"b${b}-${i}","n":${i}}}`) };
        },
      }],
    });
    await run('batch insert edges (500)', {
      key: 'batch-edges',
      conns: batchConnections,
      perRequest: BATCH,
      requests: [{
        method: 'POST', path: '/graphs/hugegraph/graph/edges/batch', headers,
        setupRequest: (req) => {
          const b = counter++;
          const body = textArray(BATCH, (i) => {
            const from = (b * 7919 + i * 31) % PRELOAD;
            const to = (b * 104729 + i * 17 + 1) % PRELOAD;
            return `{"label":"link","outV":"1:v${from}","inV":"1:v${to}","outVLabel":"item","inVLabel":"item","properties":{"n":${i}}}`;
          });
          return { ...req, body };
        },
      }],
    });
    await run('single vertex insert', {
      key: 'single',
      conns: connections,
      requests: [{ method: 'POST', path: '/graphs/hugegraph/graph/vertices', headers, setupRequest: (req) => ({ ...req, body: `{"label":"item","properties":{"name":"s${counter++}","n":1}}` }) }],
    });
    const gremlinRequest: autocannon.Request = {
      method: 'POST', path: '/gremlinunzip', headers,
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ gremlin: "g.V(id).out('link').count()", bindings: { id: `1:v${counter++ % PRELOAD}` }, aliases: { g: '__g_hugegraph' } }) }),
    };
    await run('gremlin round-trip', { key: 'gremlin', conns: connections, requests: [gremlinRequest] });
    for (const conns of [1, 8]) await run(`gremlin REST /gremlin (${conns} conn)`, { key: 'gremlin', conns, requests: [gremlinRequest] });
    for (const conns of [1, 8]) {
      if (only !== undefined && !only.has('ws')) break;
      const cpu0 = cpuSeconds(server.child.pid);
      const loop = await websocketLoop(server.gremlinUrl!, { connections: conns, seconds: duration, ids: (n) => `1:v${n % PRELOAD}` });
      const figure: Figure = { name: `gremlin WebSocket, driver (${conns} conn)`, reqPerSec: loop.reqPerSec, p50: loop.p50, p99: loop.p99, errors: loop.errors, serverCpuUs: Math.round(((cpuSeconds(server.child.pid) - cpu0) * 1e6) / Math.max(1, loop.total)) };
      figures.push(figure);
      console.log(JSON.stringify(figure));
    }
    console.log('\n| measure | req/s | elements/s | p50 ms | p99 ms | non-2xx+errors | server CPU µs/req |\n|---|---|---|---|---|---|---|');
    for (const f of figures) console.log(`| ${f.name} | ${f.reqPerSec} | ${f.perSec ?? ''} | ${f.p50} | ${f.p99} | ${f.errors} | ${f.serverCpuUs} |`);
  } finally {
    await server.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
  }
}

await main();
