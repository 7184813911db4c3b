/**
 * `npm run bench:cluster`: one etcd member and three `quiver serve --etcd` nodes on loopback
 * (started as the cluster tests start them), driven by autocannon from this process. Measures
 * write throughput (single AUTOMATIC-id vertex inserts) through one node and through three,
 * get-by-id read throughput on one, two and three nodes at once, and the lag from a write's
 * acknowledgement on one node to its visibility on the two others (median and p99 of polling
 * every millisecond). Options: --duration <s> (default 5), --connections <n> per node (default 8),
 * --lag-writes <n> (default 100). Everything shares this machine's cores (two, on the reference
 * machine): etcd, three nodes and the load generator, so reads cannot grow with nodes here as
 * they would with a core (or machine) per node.
 * @module
 */
import autocannon from 'autocannon';
import { call, cleanUp, startEtcd, startNode, tempDir, PASSWORD } from '../../test/cluster/harness.js';
import type { QuiverNode } from '../../test/cluster/harness.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';
const AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
}

const duration = flag('duration', 5);
const connections = flag('connections', 8);
const lagWrites = flag('lag-writes', 100);

/** Total requests per second of autocannon runs on `nodes` at once (non-2xx counted apart). */
async function load(nodes: readonly QuiverNode[], request: (i: number) => { method: 'GET' | 'POST'; path: string; body?: string }): Promise<{ perSecond: number; errors: number }> {
  const runs = nodes.map((node) => {
    const requests = Array.from({ length: 256 }, (_, i) => {
      const r = request(i);
      const headers: Record<string, string> = r.body === undefined ? { authorization: AUTH } : { authorization: AUTH, 'content-type': 'application/json' };
      return { method: r.method, path: r.path, headers, ...(r.body === undefined ? {} : { body: r.body }) };
    });
    return autocannon({ url: node.url, connections, duration, requests });
  });
  const results = await Promise.all(runs);
  return { perSecond: results.reduce((sum, r) => sum + r.requests.average, 0), errors: results.reduce((sum, r) => sum + r.non2xx + r.errors, 0) };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const etcd = await startEtcd(1);
  try {
    const first = await startNode('b1', { etcd: etcd.urls, data: tempDir('b1') });
    const nodes = [first, ...(await Promise.all(['b2', 'b3'].map((id) => startNode(id, { etcd: etcd.urls, data: tempDir(id) }))))];
    const people = Array.from({ length: 256 }, (_, i) => ({ label: 'person', properties: { name: `p${i}` } }));
    const setup: Array<[string, unknown]> = [
      ['schema/propertykeys', { name: 'name', data_type: 'TEXT' }],
      // person first: its label id is 1, so its vertex ids are '1:p<i>'
      ['schema/vertexlabels', { name: 'person', id_strategy: 'PRIMARY_KEY', primary_keys: ['name'], properties: ['name'] }],
      ['schema/vertexlabels', { name: 'item', id_strategy: 'AUTOMATIC', properties: ['name'] }],
      ['graph/vertices/batch', people],
    ];
    for (const [path, body] of setup) {
      const { status, json } = await call(`${first.url}${G}/${path}`, { method: 'POST', body });
      if (status >= 300) throw new Error(`set-up ${path} failed: ${status} ${JSON.stringify(json)}`);
    }
    const insert = (): { method: 'POST'; path: string; body: string } => ({ method: 'POST', path: `${G}/graph/vertices`, body: '{"label":"item","properties":{"name":"x"}}' });
    const get = (i: number): { method: 'GET'; path: string } => ({ method: 'GET', path: `${G}/graph/vertices/${encodeURIComponent(`"1:p${i}"`)}` });
    const lines: string[] = [];
    for (const count of [1, 3]) {
      const { perSecond, errors } = await load(nodes.slice(0, count), insert);
      lines.push(`writes through ${count} node(s): ${perSecond.toFixed(0)} inserts/s (${errors} failed)`);
    }
    for (const count of [1, 2, 3]) {
      const { perSecond, errors } = await load(nodes.slice(0, count), get);
      lines.push(`reads on ${count} node(s): ${perSecond.toFixed(0)} gets/s (${errors} failed)`);
    }
    const lags: number[] = [];
    for (let i = 0; i < lagWrites; i++) {
      const written = await call(`${first.url}${G}/graph/vertices`, { method: 'POST', body: { label: 'person', properties: { name: `lag-${i}` } } });
      const acknowledged = performance.now();
      await Promise.all(
        nodes.slice(1).map(async (node) => {
          for (;;) {
            const res = await fetch(`${node.url}${G}/graph/vertices/${encodeURIComponent(JSON.stringify(written.json.id))}`, { headers: { authorization: AUTH } });
            await res.arrayBuffer();
            if (res.status === 200) break;
            await new Promise((done) => setTimeout(done, 1));
          }
          lags.push(performance.now() - acknowledged);
        }),
      );
    }
    lags.sort((a, b) => a - b);
    lines.push(`ack-to-visibility lag on the other nodes: median ${percentile(lags, 50).toFixed(1)} ms, p99 ${percentile(lags, 99).toFixed(1)} ms (${lags.length} samples)`);
    console.log(`bench:cluster (etcd 1 member, 3 nodes, ${connections} connections per node, ${duration} s per measure)`);
    for (const line of lines) console.log(`  ${line}`);
  } finally {
    cleanUp();
  }
}

await main();
