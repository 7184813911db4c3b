import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ENTRY = new URL('../../src/cli/console/index.js', import.meta.url).href;
const DRIVER = `import { runConsole } from ${JSON.stringify(ENTRY)}; process.exitCode = await runConsole({ dataPath: process.argv[1] });`;

function quiverConsole(dataPath: string, stdin: string): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', DRIVER, dataPath], { input: stdin, encoding: 'utf8', timeout: 30_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

test('the console process reads piped stdin without prompts and exits with 0', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'quiver-console-proc-'));
  try {
    const run = quiverConsole(dir, "g.addV('person').property('name','marko').iterate()\ng.V().values('name')\n");
    assert.deepEqual(run, { status: 0, stdout: '==>marko\n', stderr: '' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the console process exits with 1 and the error on stderr at the first failing statement', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'quiver-console-proc-'));
  try {
    const run = quiverConsole(dir, 'g.V().count()\ng.V().foo)\ng.V().count()\n');
    assert.equal(run.status, 1);
    assert.equal(run.stdout, '==>0\n');
    assert.match(run.stderr, /^Syntax error at 1:10: .*\(GREMLIN_SYNTAX\)\ng\.V\(\)\.foo\)\n {9}\^\nin the statement starting at input line 2\n$/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
