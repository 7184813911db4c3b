import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleGraphOf, databaseBackend, graphOrCreate } from '../../src/cli/console/index.js';
import { ConsoleSession } from '../../src/cli/console/session.js';
import { open } from '../../src/index.js';

test('the console keeps variables across lines, and an undefined one is an unknown variable, not a syntax error', async () => {
  const db = await open();
  const graph = await graphOrCreate(db, 'hugegraph');
  const session = new ConsoleSession(databaseBackend(db), { graph: consoleGraphOf(graph), timeoutMs: 30_000 });
  const signal = new AbortController().signal;
  const line = (text: string) => session.handle(text, { signal });
  assert.deepEqual((await line('x = 5')).out, ['==>5']);
  assert.deepEqual((await line('x')).out, ['==>5']);
  assert.equal((await line("marko = graph.addVertex(T.label, 'person', 'name', 'marko')")).failed, false);
  assert.equal((await line("vadas = graph.addVertex(T.label, 'person', 'name', 'vadas')")).failed, false);
  assert.equal((await line("marko.addEdge('knows', vadas)")).failed, false);
  assert.deepEqual((await line("g.V(marko).out('knows').values('name')")).out, ['==>vadas']);
  const unknown = await line('y');
  assert.equal(unknown.failed, true);
  assert.match(unknown.err.join('\n'), /Unknown variable 'y'.*UNKNOWN_VARIABLE/);
  assert.doesNotMatch(unknown.err.join('\n'), /[Ss]yntax/);
  await db.close();
});
