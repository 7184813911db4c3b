import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleSession } from '../../src/cli/console/session.js';
import { caretLines, describeError } from '../../src/cli/console/console-format.js';
import { standInBackend } from './console-stand-in.js';

async function session(): Promise<ConsoleSession> {
  const backend = standInBackend({ alpha: 2, beta: 5 });
  return new ConsoleSession(backend, { graph: await backend.graph('alpha') });
}

const signal = new AbortController().signal;

test('ConsoleSession runs statements on the current graph and :use switches graphs', async () => {
  const s = await session();
  assert.deepEqual((await s.handle('g.V().count()', { signal })).out, ['==>2']);
  assert.deepEqual((await s.handle(':graphs', { signal })).out, ['* alpha', '  beta']);
  assert.deepEqual((await s.handle(':use beta', { signal })).out, ['using graph beta']);
  assert.equal(s.graphName, 'beta');
  assert.deepEqual((await s.handle('g.V().count()', { signal })).out, ['==>5']);
});

test('ConsoleSession reports a missing graph on :use and keeps the current one', async () => {
  const s = await session();
  const reply = await s.handle(':use nope', { signal });
  assert.equal(reply.failed, true);
  assert.deepEqual(reply.err, ["Error: Graph 'nope' does not exist (GRAPH_NOT_FOUND)"]);
  assert.equal(s.graphName, 'alpha');
});

test('ConsoleSession toggles JSON output and timing', async () => {
  const s = await session();
  assert.deepEqual((await s.handle(':json', { signal })).out, ['json output on']);
  assert.deepEqual((await s.handle('g.V().valueMap()', { signal })).out, ['{"name":["marko"]}']);
  assert.deepEqual((await s.handle(':json', { signal })).out, ['json output off']);
  assert.deepEqual((await s.handle(':timing', { signal })).out, ['timing on']);
  let t = 10;
  const now = (): number => (t += 2.5);
  assert.deepEqual((await s.handle('g.V().count()', { signal, now })).out, ['==>2', 'elapsed: 2.5 ms']);
});

test('ConsoleSession prints help, schema and explained plans', async () => {
  const s = await session();
  const help = (await s.handle(':help', { signal })).out;
  for (const command of [':graphs', ':use', ':schema', ':explain', ':timing', ':json', ':quit']) assert.ok(help.some((l) => l.startsWith(command)), command);
  assert.deepEqual((await s.handle(':schema', { signal })).out, ["schema.propertyKey('name').asText().ifNotExist().create();"]);
  assert.deepEqual((await s.handle(':explain g.V().out()', { signal })).out, ['Original: g.V().out()', 'Final: g.V().out()']);
});

test('ConsoleSession rejects unknown commands and commands missing their argument', async () => {
  const s = await session();
  for (const text of [':frobnicate', ':explain', ':use', ':use a b']) {
    const reply = await s.handle(text, { signal });
    assert.equal(reply.failed, true, text);
    assert.match(reply.err[0]!, /\(CONSOLE_COMMAND\)$/);
  }
  assert.equal((await s.handle(':quit', { signal })).quit, true);
  assert.equal((await s.handle(':exit', { signal })).quit, true);
});

test('ConsoleSession shows syntax errors with line:column and a caret under the column', async () => {
  const s = await session();
  const reply = await s.handle('g.V().\n  bad()', { signal });
  assert.equal(reply.failed, true);
  assert.deepEqual(reply.err, ["Syntax error at 2:3: Unexpected 'bad', expected a step at line 2, column 3 (GREMLIN_SYNTAX)", '  bad()', '  ^']);
});

test('describeError reports foreign exceptions as internal errors and caretLines keeps tabs', () => {
  assert.deepEqual(describeError(new TypeError('boom'), ''), ['Internal error: boom']);
  assert.deepEqual(caretLines('\tg.V(', { line: 1, column: 5 }), ['\tg.V(', '\t   ^']);
  assert.deepEqual(caretLines('g', { line: 3, column: 1 }), []);
});

test('ConsoleSession :timeout shows and sets the time limit passed to each query', async () => {
  const limits: (number | undefined)[] = [];
  const backend = standInBackend({ alpha: 2 }, [], limits);
  const s = new ConsoleSession(backend, { graph: await backend.graph('alpha') });
  assert.deepEqual((await s.handle(':timeout', { signal })).out, ['timeout 30000 ms']);
  await s.handle('g.V().count()', { signal });
  assert.deepEqual((await s.handle(':timeout 5000', { signal })).out, ['timeout 5000 ms']);
  await s.handle('g.V().count()', { signal });
  assert.deepEqual((await s.handle(':timeout off', { signal })).out, ['timeout off']);
  await s.handle('g.V().count()', { signal });
  assert.deepEqual((await s.handle(':timeout 7', { signal })).out, ['timeout 7 ms']);
  assert.deepEqual((await s.handle(':timeout 0', { signal })).out, ['timeout off']);
  assert.deepEqual(limits, [30000, 5000, undefined]);
  for (const bad of [':timeout soon', ':timeout -1', ':timeout 1.5']) {
    const reply = await s.handle(bad, { signal });
    assert.equal(reply.failed, true, bad);
    assert.match(reply.err[0]!, /^Error: Cannot set the timeout: .*\(CONSOLE_COMMAND\)$/);
  }
  assert.deepEqual((await s.handle(':timeout', { signal })).out, ['timeout off']);
});

test('ConsoleSession says Cancelled when the signal aborts a query, and names the limit on a timeout', async () => {
  const backend = standInBackend({ alpha: 2 });
  const s = new ConsoleSession(backend, { graph: await backend.graph('alpha'), timeoutMs: 0 });
  const controller = new AbortController();
  const pending = s.handle('g.V().forever()', { signal: controller.signal });
  controller.abort();
  assert.deepEqual(await pending, { out: [], err: ['Cancelled'], failed: true, quit: false });
  await s.handle(':timeout 1', { signal });
  assert.deepEqual((await s.handle('g.V().forever()', { signal })).err, ['Timed out after 1 ms (change the limit with :timeout)']);
});
