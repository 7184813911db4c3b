/**
 * Child process of the crash test: writes batches of 100 vertices forever to a durable graph,
 * each followed by the graph variable `last` set to the batch's number, and prints
 * `ack <batch>` once both are acknowledged, until it is killed.
 * Usage: node crash-writer.js <dir> <snapshotEveryBytes>
 */
import { open } from '../../src/index.js';
import { readGraph } from '../read-graph.js';

const [dir, snapshotBytes] = process.argv.slice(2);
const db = await open({ path: dir!, snapshotEveryBytes: Number(snapshotBytes) });
const graph = db.hasGraph('crash') ? db.graph('crash') : await db.createGraph('crash');
await graph.schema().propertyKey('n').asInt().ifNotExist().create();
await graph.schema().propertyKey('tag').asText().ifNotExist().create();
await graph.schema().vertexLabel('item').useCustomizeNumberId().properties('n', 'tag').ifNotExist().create();
let batch = readGraph(graph, (s) => s.vertexCount('item')) / 100;
process.stdout.write(`start ${batch}\n`);
for (;;) {
  const first = batch * 100;
  await graph.addVertices(Array.from({ length: 100 }, (_, i) => ({ label: 'item', id: first + i, properties: { n: first + i, tag: `t${first + i}` } })));
  await graph.variables.set('last', batch);
  process.stdout.write(`ack ${batch}\n`);
  batch++;
}
