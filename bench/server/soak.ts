/**
 * Soak (not in npm test): a live `quiver serve` on loopback driven for a bounded time by 64
 * concurrent connections mixing gets, batch inserts, updates, deletes and Gremlin reads, plus
 * one runaway Gremlin query per second (cancelled by the server's --query-timeout). Afterwards
 * every acknowledged write must be present with its last acknowledged value, nothing else may
 * be, and no 5xx or dropped connection may have occurred. Prints a summary table; exits 1 on a
 * failed check. Options: --seconds <n> (default 30), --query-timeout <ms> (default 2000),
 * --no-runaways (the same mix without them, for comparing latencies); with
 * QUIVER_SOAK_PROFILE=<dir> the server writes a CPU profile there.
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineItemSchema, startLiveServer } from './live-server.js';

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
}

const seconds = flag('seconds', 30);
const queryTimeout = flag('query-timeout', 2000);
const runaways = !process.argv.includes('--no-runaways');
const CONNECTIONS = 64;
const BATCH = 20;
const V = '/graphs/hugegraph/graph/vertices';
const RUNAWAY = 'g.V().V().V().count()';
const KINDS = ['batch insert', 'update', 'delete', 'gremlin read', 'get'] as const;
type Kind = (typeof KINDS)[number];

/** Acknowledged vertices with their last acknowledged `n`; O(1) pick and removal, and ids in flight are never picked twice. */
class IdPool {
  readonly values = new Map<string, number>();
  readonly #ids: string[] = [];
  readonly #slot = new Map<string, number>();
  readonly #busy = new Set<string>();

  add(id: string, n: number): void {
    if (!this.#slot.has(id)) {
      this.#slot.set(id, this.#ids.length);
      this.#ids.push(id);
    }
    this.values.set(id, n);
  }

  remove(id: string): void {
    const at = this.#slot.get(id);
    if (at === undefined) return;
    const last = this.#ids.pop()!;
    if (last !== id) {
      this.#ids[at] = last;
      this.#slot.set(last, at);
    }
    this.#slot.delete(id);
    this.values.delete(id);
  }

  get size(): number {
    return this.#ids.length;
  }

  /** An id no other request is using, reserved until {@link release}; undefined when the pick is busy. */
  take(k: number): string | undefined {
    const id = this.#ids[k % Math.max(1, this.#ids.length)];
    if (id === undefined || this.#busy.has(id)) return undefined;
    this.#busy.add(id);
    return id;
  }

  release(id: string): void {
    this.#busy.delete(id);
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return Math.round((sorted[Math.floor((sorted.length - 1) * p)] ?? 0) * 10) / 10;
}

function summary(values: number[]): { count: number; p50: number; p99: number; max: number } {
  values.sort((a, b) => a - b);
  return { count: values.length, p50: percentile(values, 0.5), p99: percentile(values, 0.99), max: Math.round(values[values.length - 1] ?? 0) };
}

async function main(): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'quiver-soak-'));
  const profile = process.env.QUIVER_SOAK_PROFILE;
  const nodeArgs = profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profile}`];
  const server = await startLiveServer(data, { extraArgs: ['--query-timeout', String(queryTimeout)], nodeArgs });
  const pool = new IdPool();
  const byKind = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
  const withRunaway: number[] = [];
  const withoutRunaway: number[] = [];
  const counts = { requests: 0, fiveXX: 0, dropped: 0, rejected: 0, runawaysStarted: 0, runawaysCancelled: 0, runawaysFinished: 0 };
  const runawayMs: number[] = [];
  let runawaysInFlight = 0;
  let started = 0;
  let clientCpu0 = process.cpuUsage();
  try {
    await defineItemSchema(server);
    started = performance.now();
    clientCpu0 = process.cpuUsage();
    const end = Date.now() + seconds * 1000;
    let next = 0;
    const timed = async (kind: Kind, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> => {
      const during = runawaysInFlight > 0;
      const t0 = performance.now();
      let res: { status: number; json: any };
      try {
        res = await server.request(method, path, body);
      } catch {
        counts.dropped++;
        return { status: 0, json: undefined };
      }
      const ms = performance.now() - t0;
      byKind.get(kind)!.push(ms);
      (during ? withRunaway : withoutRunaway).push(ms);
      counts.requests++;
      if (res.status >= 500) counts.fiveXX++;
      else if (res.status >= 400) counts.rejected++;
      return res;
    };
    const withId = async (k: number, use: (id: string, path: string) => Promise<void>): Promise<void> => {
      const id = pool.take(k);
      if (id === undefined) return;
      try {
        await use(id, `${V}/${encodeURIComponent(JSON.stringify(id))}`);
      } finally {
        pool.release(id);
      }
    };
    const worker = async (w: number): Promise<void> => {
      while (Date.now() < end) {
        const k = next++;
        const op = k % 5;
        if (op === 0) {
          const body = Array.from({ length: BATCH }, (_, i) => ({ label: 'item', properties: { name: `w${w}-${k}-${i}`, n: i } }));
          const res = await timed('batch insert', 'POST', `${V}/batch`, body);
          if (res.status === 201) for (const [i, id] of (res.json as string[]).entries()) pool.add(id, i);
        } else if (op === 1) {
          await withId(k * 7, async (id, path) => {
            const res = await timed('update', 'PUT', `${path}?action=append`, { label: 'item', properties: { n: 1000 + k } });
            if (res.status === 200) pool.add(id, 1000 + k);
          });
        } else if (op === 2 && pool.size > 100) {
          await withId(k * 13, async (id, path) => {
            const res = await timed('delete', 'DELETE', path);
            if (res.status === 204) pool.remove(id);
          });
        } else if (op === 3) {
          await timed('gremlin read', 'POST', '/gremlinunzip', { gremlin: "g.V().hasLabel('item').limit(5).values('n')", aliases: { g: '__g_hugegraph' } });
        } else {
          await withId(k, async (_id, path) => {
            await timed('get', 'GET', path);
          });
        }
      }
    };
    const runaway = async (): Promise<void> => {
      if (!runaways) return;
      await new Promise((r) => setTimeout(r, 1000));
      while (Date.now() < end) {
        const t0 = Date.now();
        counts.runawaysStarted++;
        runawaysInFlight++;
        const launched = performance.now();
        void server.request('POST', '/gremlinunzip', { gremlin: RUNAWAY, aliases: { g: '__g_hugegraph' } }).then(
          (res) => {
            runawaysInFlight--;
            runawayMs.push(performance.now() - launched);
            if (res.status === 400 && String(res.json?.exception).includes('TimeoutException')) counts.runawaysCancelled++;
            else counts.runawaysFinished++;
            if (res.status >= 500) counts.fiveXX++;
          },
          () => {
            runawaysInFlight--;
            runawayMs.push(performance.now() - launched);
            counts.dropped++;
          },
        );
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - t0))));
      }
    };
    await Promise.all([...Array.from({ length: CONNECTIONS }, (_, w) => worker(w)), runaway()]);
    const elapsed = (performance.now() - started) / 1000;
    const clientCpu = process.cpuUsage(clientCpu0);
    while (runawaysInFlight > 0) await new Promise((r) => setTimeout(r, 50));
    const stored = new Map<string, number>();
    let page: string | null = '';
    while (page !== null) {
      const res = await server.request('GET', `${V}?page=${encodeURIComponent(page)}&limit=1000`);
      for (const v of res.json.vertices as Array<{ id: string; properties: { n: number } }>) stored.set(v.id, v.properties.n);
      page = res.json.page as string | null;
    }
    const missing = [...pool.values.keys()].filter((id) => !stored.has(id)).length;
    const phantom = [...stored.keys()].filter((id) => !pool.values.has(id)).length;
    const wrong = [...pool.values].filter(([id, n]) => stored.has(id) && stored.get(id) !== n).length;
    const all = [...byKind.values()].flat();
    const overall = summary(all);
    const result = {
      seconds, connections: CONNECTIONS, queryTimeoutMs: queryTimeout, ...counts,
      reqPerSec: Math.round(counts.requests / elapsed), p50: overall.p50, p99: overall.p99,
      p99WhileRunaway: summary(withRunaway).p99, p99WithoutRunaway: summary(withoutRunaway).p99,
      acknowledgedChecked: pool.size, missing, phantom, wrong,
    };
    const runawayText = runaways ? `runaway '${RUNAWAY}' once a second` : 'no runaways';
    console.log(`soak: ${seconds} s, ${CONNECTIONS} connections, ${runawayText}, --query-timeout ${queryTimeout} ms`);
    console.log('\n| requests | kind | p50 ms | p99 ms | max ms |\n|---|---|---|---|---|');
    for (const [kind, values] of byKind) {
      const s = summary(values);
      console.log(`| ${s.count} | ${kind} | ${s.p50} | ${s.p99} | ${s.max} |`);
    }
    console.log(`| ${overall.count} | all normal requests | ${overall.p50} | ${overall.p99} | ${overall.max} |`);
    const r = summary(runawayMs);
    console.log(`| ${r.count} | runaway (until cancelled) | ${r.p50} | ${r.p99} | ${r.max} |`);
    console.log(`\nrequests ${counts.requests} (${result.reqPerSec} req/s), p50 ${overall.p50} ms, p99 ${overall.p99} ms`);
    console.log(`p99 of normal requests while a runaway ran: ${result.p99WhileRunaway} ms (${withRunaway.length} requests); while none ran: ${result.p99WithoutRunaway} ms (${withoutRunaway.length})`);
    console.log(`load generator (this process) CPU ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)} s over ${elapsed.toFixed(1)} s`);
    console.log(`5xx ${counts.fiveXX}, dropped connections ${counts.dropped}, 4xx ${counts.rejected}`);
    console.log(`runaways started ${counts.runawaysStarted}, cancelled by timeout ${counts.runawaysCancelled}, finished before the limit ${counts.runawaysFinished}`);
    console.log(`acknowledged vertices checked ${pool.size}: missing ${missing}, phantom ${phantom}, wrong value ${wrong}`);
    console.log(JSON.stringify(result));
    const failed = missing + phantom + wrong + counts.fiveXX + counts.dropped > 0;
    console.log(failed ? 'SOAK FAILED' : 'SOAK PASSED');
    if (failed) process.exitCode = 1;
  } finally {
    await server.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
  }
}

await main();
