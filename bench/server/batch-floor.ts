/**
 * The floor of a REST batch insert, in process: CPU microseconds per 500-element batch for
 * `JSON.parse` of the request body plus the library call (`Graph.addEdgeIds` /
 * `Graph.addVertexIds` on a durable graph) plus `JSON.stringify` of the ids, with the bodies and
 * the 20,000 preloaded item vertices of `npm run bench:server`. What the server spends above
 * this is HTTP, routing, validation and the socket.
 * Usage: `node dist/bench/server/batch-floor.js [--batches 200] [--only edges|vertices] [--inflight 1]`
 * (`--only` measures one kind, for a CPU profile of it: `node --cpu-prof dist/bench/server/batch-floor.js --only edges`;
 * `--inflight n` keeps n batches under way at once, see perBatch).
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from '../../src/index.js';
import type { EdgeInput, VertexInput } from '../../src/index.js';

const BATCH = 500;
const PRELOAD = 20_000;
const at = process.argv.indexOf('--batches');
const batches = at < 0 ? 200 : Number(process.argv[at + 1]);
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt < 0 ? undefined : process.argv[onlyAt + 1];
if (only !== undefined && only !== 'edges' && only !== 'vertices') throw new Error(`Invalid --only: expected edges or vertices but got ${only}`);
const inflightAt = process.argv.indexOf('--inflight');
const inflight = inflightAt < 0 ? 1 : Number(process.argv[inflightAt + 1]);
if (!Number.isSafeInteger(inflight) || inflight < 1) throw new Error(`Invalid --inflight: expected a positive integer but got ${process.argv[inflightAt + 1]}`);

interface RestEdge {
  readonly label: string;
  readonly outV: string;
  readonly inV: string;
  readonly outVLabel: string;
  readonly inVLabel: string;
  readonly properties: { readonly n: number };
}

const edgeBody = (b: number): string =>
  JSON.stringify(
    Array.from({ length: BATCH }, (_, i): RestEdge => ({
      label: 'link',
      outV: `1:v${(b * 7919 + i * 31) % PRELOAD}`,
      inV: `1:v${(b * 104729 + i * 17 + 1) % PRELOAD}`,
      outVLabel: 'item',
      inVLabel: 'item',
      properties: { n: i },
    })),
  );
const vertexBody = (b: number): string => JSON.stringify(Array.from({ length: BATCH }, (_, i): VertexInput => ({ label: 'item', properties: { name: `b${b}-${i}`, n: i } })));

/**
 * CPU µs per batch of the whole step and of its JSON.parse alone, after 20 warm-up batches.
 * With `inflight` > 1, that many batches are under way at once (each parsed and written, then
 * awaited), as a loaded server has them: their log records share one group commit, so the
 * per-batch cost of the durable write (a thread-pool job and an O_DSYNC write, several hundred
 * µs of CPU on this machine) is spread over them.
 */
async function perBatch(bodies: readonly string[], call: (items: unknown) => Promise<readonly unknown[]>): Promise<{ totalUs: number; parseUs: number }> {
  const warm = 20;
  for (let k = 0; k < warm; k++) await call(JSON.parse(bodies[k]!));
  const start = process.cpuUsage();
  let parse = 0;
  const step = async (k: number): Promise<void> => {
    const p = process.cpuUsage();
    const items: unknown = JSON.parse(bodies[k]!);
    const parsed = process.cpuUsage(p);
    parse += parsed.user + parsed.system;
    JSON.stringify(await call(items));
  };
  for (let k = warm; k < bodies.length; k += inflight) {
    await Promise.all(Array.from({ length: Math.min(inflight, bodies.length - k) }, (_, j) => step(k + j)));
  }
  const used = process.cpuUsage(start);
  const n = bodies.length - warm;
  return { totalUs: Math.round((used.user + used.system) / n), parseUs: Math.round(parse / n) };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-floor-'));
  const db = await open({ path: dir });
  try {
    const graph = await db.createGraph('hugegraph');
    const s = graph.schema();
    await s.propertyKey('name').asText().ifNotExist().create();
    await s.propertyKey('n').asInt().ifNotExist().create();
    await s.vertexLabel('item').properties('name', 'n').primaryKeys('name').nullableKeys('n').ifNotExist().create();
    await s.edgeLabel('link').sourceLabel('item').targetLabel('item').properties('n').nullableKeys('n').ifNotExist().create();
    for (let b = 0; b < PRELOAD / BATCH; b++) {
      await graph.addVertexIds(Array.from({ length: BATCH }, (_, i) => ({ label: 'item', properties: { name: `v${b * BATCH + i}`, n: i } })));
    }
    const count = batches + 20;
    const skipped = { totalUs: 0, parseUs: 0 };
    const edges = only === 'vertices' ? skipped : await perBatch(Array.from({ length: count }, (_, b) => edgeBody(b)), (items) =>
      graph.addEdgeIds((items as RestEdge[]).map((e): EdgeInput => ({ label: e.label, out: e.outV, in: e.inV, properties: e.properties, outLabel: e.outVLabel, inLabel: e.inVLabel }))),
    );
    const vertices = only === 'edges' ? skipped : await perBatch(Array.from({ length: count }, (_, b) => vertexBody(b)), (items) => graph.addVertexIds(items as VertexInput[]));
    console.log(JSON.stringify({ edgeBatchUs: edges.totalUs, edgeParseUs: edges.parseUs, vertexBatchUs: vertices.totalUs, vertexParseUs: vertices.parseUs }));
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
