/**
 * `graph.compute()` end to end on worker threads: a job on the modern graph writes its OLAP key,
 * which vertex records show only under the read mode ALL.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openModern } from '../../api/modern-graph.js';

test('graph.compute runs pageRank on worker threads and writes page_rank as an OLAP key shown only under ALL', async () => {
  const { db, graph } = await openModern();
  try {
    const job = graph.compute('pageRank', { alpha: 0.15, maxSuperStep: 20 }, { workers: 2 });
    const result = await job.result;
    assert.equal(job.status, 'success');
    assert.equal(result.key, 'page_rank');
    const sum = [...result.values.values()].reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) < 1e-9, `ranks sum to ${sum}`);
    assert.equal(graph.catalog().propertyKey('page_rank')?.writeType, 'OLAP_COMMON');
    assert.deepEqual(await graph.gremlin("g.V(1).values('page_rank')"), []);
    await graph.setReadMode('ALL');
    const [rank] = await graph.gremlin("g.V(1).values('page_rank')");
    assert.equal(rank, result.values.get(1));
    await graph.setReadMode('OLTP_ONLY');
    assert.equal((await graph.getVertex(1))?.properties.page_rank, undefined);
  } finally {
    await db.close();
  }
});
