/**
 * How long a large Gremlin result keeps other requests waiting: a live `quiver serve` child with
 * `--vertices` item vertices (default 100,000), then each query of `--queries` (a `|`-separated
 * list) sent to POST /gremlin with `Accept-Encoding: gzip` while a probe sends GET /versions
 * every 5 ms; a query that starts with `/` is a REST path of DEFAULT/hugegraph sent as a GET
 * instead (`/graph/vertices?limit=100000`). Prints, per query, its round trip, reply bytes
 * (decoded) and the slowest probe.
 * Usage: `node dist/bench/server/result-stall.js [--vertices 100000] [--queries "g.V()|/graph/vertices?limit=100000"]`
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { defineItemSchema, startLiveServer } from './live-server.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : (process.argv[at + 1] ?? fallback);
}

const vertices = Number(option('vertices', '100000'));
if (!Number.isSafeInteger(vertices) || vertices < 500 || vertices % 500 !== 0) throw new Error(`Invalid --vertices: expected a multiple of 500 but got ${option('vertices', '')}`);
const queries = option('queries', "g.V()|g.V().valueMap()|g.V().values('name')|g.V().limit(5)|/graph/vertices?limit=100000").split('|');

const dir = mkdtempSync(join(tmpdir(), 'quiver-result-stall-'));
const server = await startLiveServer(dir);
try {
  await defineItemSchema(server);
  for (let b = 0; b < vertices / 500; b++) {
    const batch = Array.from({ length: 500 }, (_, i) => ({ label: 'item', properties: { name: `v${b * 500 + i}`, n: i } }));
    const res = await server.request('POST', '/graphspaces/DEFAULT/graphs/hugegraph/graph/vertices/batch', batch);
    if (res.status !== 201) throw new Error(`batch failed: ${JSON.stringify(res.json)}`);
  }
  const rows: Array<Record<string, string | number>> = [];
  for (const gremlin of queries) {
    let worst = 0;
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const start = performance.now();
        await (await fetch(`${server.url}/versions`)).text();
        worst = Math.max(worst, performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const start = performance.now();
    const res = gremlin.startsWith('/')
      ? await fetch(`${server.url}/graphspaces/DEFAULT/graphs/hugegraph${gremlin}`, { headers: { authorization: server.auth } })
      : await fetch(`${server.url}/gremlin`, {
          method: 'POST',
          headers: { authorization: server.auth, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
          body: JSON.stringify({ gremlin }),
        });
    const bytes = (await res.arrayBuffer()).byteLength;
    const ms = performance.now() - start;
    probing = false;
    await probe;
    if (res.status !== 200) throw new Error(`${gremlin} answered ${res.status}`);
    rows.push({ gremlin, ms: Math.round(ms), replyBytes: bytes, worstProbeMs: Math.round(worst) });
  }
  for (const row of rows) process.stdout.write(`${JSON.stringify(row)}\n`);
} finally {
  await server.kill();
  rmSync(dir, { recursive: true, force: true });
}
