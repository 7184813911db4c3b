/**
 * Runaway requests on the Gremlin Server endpoint: `evaluationTimeout` stops one with 598, and
 * closing its socket stops another, while small queries on another socket keep answering
 * promptly (the engine's turns serve the socket as they serve REST).
 * @module
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture } from './fixture.js';
import type { GremlinFixture } from './fixture.js';

let fixture: GremlinFixture;
before(async () => {
  fixture = await startFixture();
});
after(async () => {
  await fixture.close();
});

/** A traversal that never ends on its own. */
const RUNAWAY = 'g.inject(1).repeat(constant(1)).until(is(2))';

/** The longest a small query may take while a runaway runs, in milliseconds (generous for a loaded CI machine). */
const PROMPT_MS = 1000;

async function smallQueriesMeanwhile(work: Promise<unknown>): Promise<number> {
  const other = fixture.client();
  await other.submit('g.V().count()', {});
  let worst = 0;
  let running = true;
  void work.finally(() => (running = false));
  for (let i = 0; i < 20 && running; i++) {
    const started = performance.now();
    assert.deepEqual((await other.submit("g.V().has('name', 'marko').values('age')", {})).toArray(), [29]);
    worst = Math.max(worst, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return worst;
}

test('evaluationTimeout stops a runaway request with 598 while another socket keeps answering', async () => {
  const client = fixture.client();
  // Connect and log in (scrypt) before the clock starts.
  await client.submit('g.V().count()', {});
  const started = performance.now();
  const runaway = client.submit(RUNAWAY, {}, { evaluationTimeout: 700 } as never).then(
    () => assert.fail('the runaway request ended on its own'),
    (error: { statusCode?: number }) => error.statusCode,
  );
  const sameSocket = performance.now();
  assert.deepEqual((await client.submit('g.V().count()', {})).toArray(), [6]);
  assert.ok(performance.now() - sameSocket < PROMPT_MS, 'a small query on the runaway\'s own socket answered promptly');
  const worst = await smallQueriesMeanwhile(runaway);
  assert.equal(await runaway, 598);
  const took = performance.now() - started;
  assert.ok(took >= 650 && took < 5000, `the timeout took ${took} ms`);
  assert.ok(worst < PROMPT_MS, `a small query took ${worst} ms during the runaway`);
});

test("g.with('evaluationTimeout') stops a runaway bytecode traversal with 598", async () => {
  const g = fixture.remote();
  const statics = (await import('gremlin')).default.process.statics;
  await assert.rejects(
    g.with_('evaluationTimeout', 300).inject(1).repeat(statics.constant(1)).until(statics.is(2)).toList(),
    (error: { statusCode?: number }) => error.statusCode === 598,
  );
});

test('Closing the socket stops its running request while another socket keeps answering', async () => {
  const before = fixture.state.graph('DEFAULT', 'modern');
  const client = fixture.client();
  await client.submit('g.V().count()', {});
  const runaway = client.submit(RUNAWAY, {}, { evaluationTimeout: 60_000 } as never).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const closed = performance.now();
  await client.close();
  const worst = await smallQueriesMeanwhile(runaway);
  await runaway;
  assert.ok(performance.now() - closed < 5000, 'the request ended soon after its socket closed');
  assert.ok(worst < PROMPT_MS, `a small query took ${worst} ms after the close`);
  // The runaway no longer runs: the process idles (a running one would keep a core busy).
  const cpu = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const used = process.cpuUsage(cpu);
  assert.ok((used.user + used.system) / 1000 < 250, `the process used ${(used.user + used.system) / 1000} ms of CPU in 500 ms after the close`);
  assert.deepEqual(await before.gremlin('g.V().count()'), [6]);
});
