/**
 * Soak (not in npm test): a live `quiver serve` on loopback driven for a bounded time by 64
 * concurrent connections mixing gets, batch inserts, updates, deletes and Gremlin reads, plus
 * one runaway Gremlin query per second. Afterwards every acknowledged write must be present,
 * nothing else, and no 5xx may have occurred. Options: --seconds <n> (default 30).
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineItemSchema, startLiveServer } from './live-server.js';

const at = process.argv.indexOf('--seconds');
const seconds = at < 0 ? 30 : Number(process.argv[at + 1]);
const CONNECTIONS = 64;
const V = '/graphs/hugegraph/graph/vertices';

async function main(): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'quiver-soak-'));
  const server = await startLiveServer(data);
  const expected = new Map<string, number>();
  const counts = { requests: 0, fiveXX: 0, runaways: 0, runawayCancelled: 0 };
  const latencies: number[] = [];
  try {
    await defineItemSchema(server);
    const end = Date.now() + seconds * 1000;
    let next = 0;
    const timed = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> => {
      const t0 = performance.now();
      const res = await server.request(method, path, body);
      latencies.push(performance.now() - t0);
      counts.requests++;
      if (res.status >= 500) counts.fiveXX++;
      return res;
    };
    const worker = async (w: number): Promise<void> => {
      while (Date.now() < end) {
        const k = next++;
        const op = k % 5;
        if (op === 0) {
          const body = Array.from({ length: 20 }, (_, i) => ({ label: 'item', properties: { name: `w${w}-${k}-${i}`, n: i } }));
          const res = await timed('POST', `${V}/batch`, body);
          if (res.status === 201) for (const [i, id] of (res.json as string[]).entries()) expected.set(id, i);
        } else if (op === 1 && expected.size > 0) {
          const ids = [...expected.keys()];
          const id = ids[k % ids.length]!;
          const res = await timed('PUT', `${V}/${encodeURIComponent(JSON.stringify(id))}?action=append`, { label: 'item', properties: { n: 1000 + k } });
          if (res.status === 200) expected.set(id, 1000 + k);
        } else if (op === 2 && expected.size > 100) {
          const id = [...expected.keys()][k % expected.size]!;
          const res = await timed('DELETE', `${V}/${encodeURIComponent(JSON.stringify(id))}`);
          if (res.status === 204) expected.delete(id);
        } else if (op === 3) {
          await timed('POST', '/gremlinunzip', { gremlin: "g.V().hasLabel('item').limit(5).values('n')", aliases: { g: '__g_hugegraph' } });
        } else {
          const id = [...expected.keys()][k % Math.max(1, expected.size)];
          if (id !== undefined) await timed('GET', `${V}/${encodeURIComponent(JSON.stringify(id))}`);
        }
      }
    };
    const runaway = async (): Promise<void> => {
      while (Date.now() < end) {
        const started = Date.now();
        counts.runaways++;
        void timed('POST', '/gremlinunzip', { gremlin: "g.V().repeat(both()).times(50).count()", aliases: { g: '__g_hugegraph' } }).then((res) => {
          if (res.status === 400) counts.runawayCancelled++;
        });
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
      }
    };
    await Promise.all([...Array.from({ length: CONNECTIONS }, (_, w) => worker(w)), runaway()]);
    const stored = new Map<string, number>();
    let page: string | null = '';
    while (page !== null) {
      const res = await server.request('GET', `${V}?page=${encodeURIComponent(page)}&limit=1000`);
      for (const v of res.json.vertices as Array<{ id: string; properties: { n: number } }>) stored.set(v.id, v.properties.n);
      page = res.json.page as string | null;
    }
    const missing = [...expected.keys()].filter((id) => !stored.has(id));
    const extra = [...stored.keys()].filter((id) => !expected.has(id));
    const wrong = [...expected].filter(([id, n]) => stored.has(id) && stored.get(id) !== n);
    latencies.sort((a, b) => a - b);
    const pct = (p: number): number => Math.round(latencies[Math.floor((latencies.length - 1) * p)] ?? 0);
    console.log(JSON.stringify({ seconds, connections: CONNECTIONS, ...counts, reqPerSec: Math.round(counts.requests / seconds), p50: pct(0.5), p99: pct(0.99), acknowledged: expected.size, missing: missing.length, extra: extra.length, wrong: wrong.length }));
    if (missing.length + extra.length + wrong.length + counts.fiveXX > 0) process.exitCode = 1;
  } finally {
    await server.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
  }
}

await main();
