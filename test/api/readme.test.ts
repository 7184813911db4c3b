import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from '../../src/index.js';
import { docBlocks, instrument, runDocBlock } from './doc-blocks.js';

async function inTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-doc-'));
  try {
    return await run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the README quick start runs as written, states its results right, and its data survives a reopen', async () => {
  const quickStart = docBlocks().find((b) => b.file === 'README.md');
  assert.ok(quickStart !== undefined, 'README.md has a library code block');
  await inTempDir(async (dir) => {
    const { ran, checks } = await runDocBlock(quickStart, dir);
    assert.ok(checks >= 6, `the quick start states ${checks} results`);
    assert.equal(ran, checks);
    const db = await open({ path: join(dir, 'data') });
    const graph = db.graph('hugegraph');
    assert.equal((await graph.getVertex('1:marko'))?.properties.age, 30);
    const edges = (await graph.edges({ label: 'knows' })).edges.map((e) => [e.outV, e.inV]);
    assert.deepEqual(edges.sort(), [['1:josh', '1:marko'], ['1:josh', '1:peter'], ['1:marko', '1:vadas']]);
    await db.close();
  });
});

test('every library code block of README.md and docs/ runs as written with the results it states', async () => {
  const blocks = docBlocks();
  assert.ok(blocks.length > 0);
  for (const block of blocks) {
    const { ran, checks } = await inTempDir((dir) => runDocBlock(block, dir));
    assert.equal(ran, checks, `${block.file}:${block.line}`);
  }
});

test('instrument checks the stated results of a block and leaves prose comments alone', async () => {
  const block = {
    file: 'x.md',
    line: 1,
    code: [
      "import { open } from 'quiverdb';",
      'const db = await open();          // open() without a path',
      'const xs = [1, 2];                // [1, 2]',
      "const v = { id: 'a', type: 'v' }; // id 'a'",
      "v;                                // { id, type: 'v' }",
      'xs.length + 1;                    // 3, a number',
      'xs.length;                        // gremlin-javascript style',
    ].join('\n'),
  };
  assert.equal(instrument(block, 'file:///nowhere.js').checks, 4);
  await inTempDir(async (dir) => assert.deepEqual(await runDocBlock(block, dir), { ran: 4, checks: 4 }));
  const wrong = { ...block, code: `${block.code}\nxs.length;  // '2'` };
  await inTempDir((dir) => assert.rejects(runDocBlock(wrong, dir), /x\.md:1: the block failed[\s\S]*line 8/));
});
