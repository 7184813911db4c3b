/**
 * The `quiver` process at the edges of its pipes and signals: a reader that goes away (EPIPE
 * under `| head`), `--version`, and SIGINT cancelling a running query. Every case runs a real
 * child process.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));
const CONSOLE = new URL('../../src/cli/console/index.js', import.meta.url).href;
const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Runs a bash pipeline; `$QUIVER` is the CLI, `$DATA` a fresh data directory. */
async function pipeline(script: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const data = await mkdtemp(join(tmpdir(), 'quiver-pipes-'));
  try {
    const run = spawnSync('bash', ['-c', script], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, QUIVER: `${process.execPath} ${MAIN}`, NODE: process.execPath, CONSOLE, DATA: data },
    });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  } finally {
    await rm(data, { recursive: true, force: true });
  }
}

test('quiver console piped into head -0 exits quietly with status 0', async () => {
  const run = await pipeline('echo "g.V().count()" | $QUIVER console --data "$DATA" | head -0; echo "status=${PIPESTATUS[1]}" >&2');
  assert.deepEqual(run, { status: 0, stdout: '', stderr: 'status=0\n' });
});

test('quiver console piping many results into head -1 stops quietly with status 0', async () => {
  const many = "g.inject(1).repeat(constant(1)).times(100000).emit().limit(200000)\\ng.V().count()\\n";
  const run = await pipeline(`printf '${many}' | $QUIVER console --data "$DATA" | head -1; echo "status=\${PIPESTATUS[1]}" >&2`);
  assert.deepEqual(run, { status: 0, stdout: '==>1\n', stderr: 'status=0\n' });
});

test('the interactive console stops quietly when its output is closed', async () => {
  const driver = 'import { runConsole } from process.env.CONSOLE; process.exitCode = await runConsole({ dataPath: process.env.DATA, interactive: true });';
  const module = driver.replace('from process.env.CONSOLE', `from ${JSON.stringify(CONSOLE)}`);
  const run = await pipeline(`printf 'g.V().count()\\ng.inject(1,2,3)\\n' | $NODE --input-type=module -e '${module}' | head -1; echo "status=\${PIPESTATUS[1]}" >&2`);
  assert.match(run.stdout, /^Quiver Gremlin console on .*\n$/);
  assert.equal(run.stderr, 'status=0\n');
});

test('quiver --version and quiver console --version print the package version', () => {
  for (const args of [['--version'], ['console', '--version'], ['-V']]) {
    const run = spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', timeout: 30_000 });
    assert.deepEqual({ status: run.status, stdout: run.stdout }, { status: 0, stdout: `${VERSION}\n` }, args.join(' '));
  }
});

/** Text a child process has written so far, and a promise for the moment it contains `pattern`. */
function watch(stream: NodeJS.ReadableStream): { text: () => string; until: (pattern: RegExp) => Promise<void> } {
  let text = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const w of waiters.splice(0)) if (w.pattern.test(text)) w.resolve();
    else waiters.push(w);
  });
  return {
    text: () => text,
    until: (pattern) => (pattern.test(text) ? Promise.resolve() : new Promise((resolve) => waiters.push({ pattern, resolve }))),
  };
}

test('SIGINT cancels the running query and the interactive console goes on', { timeout: 60_000 }, async () => {
  const data = await mkdtemp(join(tmpdir(), 'quiver-sigint-'));
  const driver = `import { runConsole } from ${JSON.stringify(CONSOLE)}; process.exitCode = await runConsole({ dataPath: process.argv[1], interactive: true });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', driver, data], { stdio: ['pipe', 'pipe', 'pipe'] });
  try {
    const out = watch(child.stdout);
    const err = watch(child.stderr);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const cycle = "g.addV('p').property('name','a').as('a').addV('p').as('b').addV('p').as('c').addE('e').from('a').to('b').addE('e').from('b').to('c').addE('e').from('c').to('a').iterate()";
    child.stdin.write(`${cycle}\n:timeout\n`);
    await out.until(/timeout 30000 ms/);
    child.stdin.write("g.V().repeat(out()).until(has('name','nobody')).count()\n");
    const interrupts = setInterval(() => child.kill('SIGINT'), 200);
    try {
      await err.until(/Cancelled/);
    } finally {
      clearInterval(interrupts);
    }
    child.stdin.end('g.V().count()\n');
    assert.equal(await exited, 0);
    assert.match(out.text(), /==>3\n/);
    assert.doesNotMatch(err.text(), /Error|TIMEOUT/);
  } finally {
    child.kill('SIGKILL');
    await rm(data, { recursive: true, force: true });
  }
});
