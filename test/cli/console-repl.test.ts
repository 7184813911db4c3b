import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { ConsoleSession } from '../../src/cli/console/session.js';
import { loadHistory, runRepl, saveHistory } from '../../src/cli/console/repl.js';
import { standInBackend } from './console-stand-in.js';

interface Run {
  readonly status: number;
  readonly out: string;
  readonly err: string;
  readonly seen: readonly string[];
}

function collect(stream: PassThrough): () => string {
  const chunks: string[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  return () => chunks.join('');
}

async function repl(text: string, options: { readonly interactive: boolean; readonly historyFile?: string }): Promise<Run> {
  const seen: string[] = [];
  const backend = standInBackend({ alpha: 2, beta: 3 }, seen);
  const session = new ConsoleSession(backend, { graph: await backend.graph('alpha') });
  const input = new PassThrough();
  const output = new PassThrough();
  const errorOutput = new PassThrough();
  const out = collect(output);
  const err = collect(errorOutput);
  input.end(text);
  const status = await runRepl(session, { input, output, errorOutput, ...options });
  return { status, out: out(), err: err(), seen };
}

test('runRepl runs piped statements without prompts and exits with 0', async () => {
  const run = await repl('g.V().count()\n\n:use beta\ng.V().\n  count()\n', { interactive: false });
  assert.equal(run.status, 0);
  assert.equal(run.out, '==>2\nusing graph beta\n==>3\n');
  assert.equal(run.err, '');
  assert.deepEqual(run.seen, ['g.V().count()', 'g.V().\n  count()']);
});

test('runRepl stops piped input at the first error with status 1 and the error on stderr', async () => {
  const run = await repl('g.V().count()\ng.V().bad()\ng.V().count()\n', { interactive: false });
  assert.equal(run.status, 1);
  assert.equal(run.out, '==>2\n');
  assert.equal(run.err, "Syntax error at 1:7: Unexpected 'bad', expected a step at line 1, column 7 (GREMLIN_SYNTAX)\ng.V().bad()\n      ^\nin the statement starting at input line 2\n");
  assert.equal(run.seen.length, 2);
});

test('runRepl fails piped input that ends inside a statement', async () => {
  const run = await repl("g.V().has('name',\n", { interactive: false });
  assert.equal(run.status, 1);
  assert.match(run.err, /^Syntax error at 1:18: Unexpected end of input/);
  assert.match(run.err, /\nin the statement starting at input line 1\n$/);
  assert.deepEqual(run.seen, []);
});

test('runRepl in interactive mode prompts, continues lines and keeps going after errors', async () => {
  const run = await repl('g.V().\ncount()\n:frob\n:use beta\ng.V().count()\n', { interactive: true });
  assert.equal(run.status, 0);
  assert.ok(run.out.startsWith('quiver(alpha)> '));
  assert.ok(run.out.includes('.............> ==>2\n'));
  assert.ok(run.out.includes('quiver(beta)> ==>3\n'));
  assert.match(run.err, /Unknown console command: ':frob'/);
});

test('runRepl stops at :quit and ignores what follows', async () => {
  const run = await repl(':quit\ng.V().count()\n', { interactive: false });
  assert.equal(run.status, 0);
  assert.deepEqual(run.seen, []);
});

test('runRepl keeps the line history in a file across sessions', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'quiver-console-'));
  try {
    const historyFile = join(dir, '.quiver_history');
    await repl('g.V().count()\n:json\n', { interactive: true, historyFile });
    assert.equal(await readFile(historyFile, 'utf8'), 'g.V().count()\n:json\n');
    await repl(':timing\n', { interactive: true, historyFile });
    assert.deepEqual(await loadHistory(historyFile), [':timing', ':json', 'g.V().count()']);
    await repl(':timing\n', { interactive: false, historyFile });
    assert.deepEqual(await loadHistory(historyFile), [':timing', ':json', 'g.V().count()']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('saveHistory and loadHistory round-trip newest-first lists, and a missing file is empty', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'quiver-history-'));
  try {
    const file = join(dir, 'h');
    assert.deepEqual(await loadHistory(file), []);
    await saveHistory(file, ['c', 'b', 'a']);
    assert.equal(await readFile(file, 'utf8'), 'a\nb\nc\n');
    assert.deepEqual(await loadHistory(file), ['c', 'b', 'a']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('runRepl joins piped lines that start with a dot but runs typed lines at once', async () => {
  const piped = await repl('g.V()\n  .count()\ng.V().count()', { interactive: false });
  assert.equal(piped.status, 0);
  assert.deepEqual(piped.seen, ['g.V()\n  .count()', 'g.V().count()']);
  const typed = await repl('g.V()\n  .count()\n', { interactive: true });
  assert.deepEqual(typed.seen, ['g.V()', '  .count()']);
});

test('runRepl warns but still succeeds when the history file cannot be written', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'quiver-console-'));
  try {
    const run = await repl(':json\n', { interactive: true, historyFile: join(dir, 'missing', 'history') });
    assert.equal(run.status, 0);
    assert.match(run.err, /^Cannot save the console history: /);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('runRepl cancels the running query on SIGINT and the interactive console goes on', async () => {
  const backend = standInBackend({ alpha: 2 });
  const session = new ConsoleSession(backend, { graph: await backend.graph('alpha'), timeoutMs: 0 });
  const input = new PassThrough();
  const output = new PassThrough();
  const errorOutput = new PassThrough();
  const out = collect(output);
  const err = collect(errorOutput);
  const signals = new EventEmitter();
  const done = runRepl(session, { input, output, errorOutput, interactive: true, signals });
  input.write('g.V().forever()\n');
  await new Promise((resolve) => setImmediate(resolve));
  signals.emit('SIGINT');
  input.end('g.V().count()\n');
  assert.equal(await done, 0);
  assert.equal(err(), 'Cancelled\n');
  assert.match(out(), /==>2\n/);
  assert.equal(signals.listenerCount('SIGINT'), 0);
});

test('runRepl listens for SIGINT in piped mode only while a query runs', async () => {
  const backend = standInBackend({ alpha: 2 });
  const session = new ConsoleSession(backend, { graph: await backend.graph('alpha'), timeoutMs: 0 });
  const input = new PassThrough();
  const output = new PassThrough();
  const errorOutput = new PassThrough();
  const err = collect(errorOutput);
  const signals = new EventEmitter();
  const done = runRepl(session, { input, output, errorOutput, interactive: false, signals });
  assert.equal(signals.listenerCount('SIGINT'), 0);
  input.end('g.V().forever()\ng.V().count()\n');
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(signals.listenerCount('SIGINT'), 1);
  signals.emit('SIGINT');
  assert.equal(await done, 1);
  assert.equal(err(), 'Cancelled\nin the statement starting at input line 1\n');
  assert.equal(signals.listenerCount('SIGINT'), 0);
});

test('runRepl stops quietly with status 0 when its output reports EPIPE', async () => {
  const backend = standInBackend({ alpha: 2 });
  const session = new ConsoleSession(backend, { graph: await backend.graph('alpha') });
  const input = new PassThrough();
  const output = new PassThrough();
  const errorOutput = new PassThrough();
  const err = collect(errorOutput);
  const done = runRepl(session, { input, output, errorOutput, interactive: false });
  input.write('g.V().count()\n');
  await new Promise((resolve) => setImmediate(resolve));
  output.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
  input.write('g.V().count()\n');
  assert.equal(await done, 0);
  assert.equal(err(), '');
});

test('runRepl reports other output failures with status 1', async () => {
  const backend = standInBackend({ alpha: 2 });
  const session = new ConsoleSession(backend, { graph: await backend.graph('alpha') });
  const input = new PassThrough();
  const output = new PassThrough();
  const errorOutput = new PassThrough();
  const err = collect(errorOutput);
  const done = runRepl(session, { input, output, errorOutput, interactive: false });
  output.destroy(Object.assign(new Error('write EIO'), { code: 'EIO' }));
  input.write('g.V().count()\n');
  assert.equal(await done, 1);
  assert.equal(err(), 'Cannot write the output: write EIO\n');
});
