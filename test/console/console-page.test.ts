/**
 * The web console end to end, in Debian's chromium through playwright-core, against a real
 * server on 127.0.0.1 with the modern graph: every item of issue 25, found by role and name as
 * a screen reader finds them. Writes the screenshot README shows (docs/images/console-graph.png).
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { repoRoot } from '../repo-root.js';
import { ADMIN_PASSWORD, chromiumPath, launchChromium, STAR_LEAVES, startConsoleServer, VIEWER } from './console-fixture.js';
import type { ConsoleServer } from './console-fixture.js';

const CHROMIUM = chromiumPath();
const SKIP = CHROMIUM === undefined ? 'chromium is not installed (apt-get install -y chromium; .ci/run installs it)' : false;
/** A query that never ends on the modern graph (nobody is named nobody): only a cancel or the 30 s timeout stops it. */
const ENDLESS = "g.V().repeat(both()).until(has('name','nobody')).count()";
const EXPAND_CAP = 25;

/** Console messages of type error, and uncaught page errors, but the 4xx answers a test provokes on purpose. */
function watchErrors(page: Page, expected: RegExp): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = `${message.text()} (${message.location().url})`;
    if (!expected.test(text)) errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

async function signIn(page: Page, url: string, user: string, password: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('textbox', { name: 'User name' }).fill(user);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

async function runQuery(page: Page, query: string, how: 'button' | 'keys' = 'button'): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Query' });
  await box.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await box.pressSequentially(query, { delay: 0 });
  await page.keyboard.press('Escape');
  if (how === 'keys') await page.keyboard.press('Control+Enter');
  else await page.getByRole('button', { name: 'Run' }).click();
  await page.getByRole('button', { name: 'Run' }).and(page.locator(':enabled')).waitFor();
}

async function counts(page: Page): Promise<[number, number]> {
  const view = page.getByRole('img', { name: 'Graph view' });
  return [Number(await view.getAttribute('data-node-count')), Number(await view.getAttribute('data-edge-count'))];
}

async function noHorizontalScroll(page: Page, where: string): Promise<void> {
  const [scroll, width] = (await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')) as [number, number];
  assert.ok(scroll <= width, `${where}: the page is ${scroll} px wide in a ${width} px window`);
}

async function clickNode(page: Page, id: string | number): Promise<void> {
  const at = (await page.evaluate(`window.quiverConsole.nodeClientPosition(${JSON.stringify(id)})`)) as { x: number; y: number } | undefined;
  assert.ok(at !== undefined, `node ${id} is drawn`);
  await page.mouse.click(at.x, at.y);
}

/** The event loop's busy share over `ms` (the server runs in this process). */
async function busyShare(ms: number): Promise<number> {
  const start = performance.eventLoopUtilization();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return performance.eventLoopUtilization(start).utilization;
}

test('the web console: sign-in, queries in three views, expand, cancel, schema, tasks, history, sign-out, and a restricted user', { skip: SKIP, timeout: 150_000 }, async (t) => {
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startConsoleServer();
    browser = await launchChromium(CHROMIUM!);
    const url = server.url;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(20_000);
    const errors = watchErrors(page, /status of (400|401)\b.*\/(auth\/login|gremlin)\)$/);

    await t.test('GET / redirects to the page, served without credentials with a strict CSP and a favicon', async () => {
      const root = await fetch(`${url}/`, { redirect: 'manual' });
      assert.equal(root.status, 302);
      assert.equal(root.headers.get('location'), '/console/');
      const html = await fetch(`${url}/console/`);
      assert.equal(html.status, 200);
      const csp = html.headers.get('content-security-policy') ?? '';
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.match(csp, /default-src 'self'/);
      assert.equal(html.headers.get('x-content-type-options'), 'nosniff');
      assert.equal((await fetch(`${url}/console/favicon.svg`)).status, 200);
      assert.equal((await fetch(`${url}/graphs`)).status, 401, 'the REST API still needs credentials');
    });

    await t.test('a wrong password shows the server message in an alert', async () => {
      await page.goto(`${url}/`);
      await page.getByRole('textbox', { name: 'User name' }).fill('admin');
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      assert.match(await alert.innerText(), /incorrect username or password/i);
    });

    await t.test('signing in lists every graph in the Graph combobox', async () => {
      await signIn(page, `${url}/console/`, 'admin', ADMIN_PASSWORD);
      const options = await page.getByRole('combobox', { name: 'Graph' }).locator('option').allInnerTexts();
      assert.deepEqual(options.sort(), ['DEFAULT/hugegraph', 'DEFAULT/modern', 'DEFAULT/star']);
      await page.getByRole('combobox', { name: 'Graph' }).selectOption('DEFAULT/modern');
      await page.getByRole('navigation').getByRole('link', { name: 'Query' }).waitFor();
    });

    await t.test('Run shows a table row per result, the JSON, and a status line', async () => {
      await runQuery(page, 'g.V()');
      assert.match(await page.getByRole('status').innerText(), /^6 results in \d+ ms$/);
      assert.equal(await page.getByRole('table', { name: 'Results' }).getByRole('row').count(), 7);
      await page.getByRole('tab', { name: 'JSON' }).click();
      const json = JSON.parse(await page.getByRole('region', { name: 'JSON result' }).innerText()) as { label: string }[];
      assert.equal(json.length, 6);
      await page.getByRole('tab', { name: 'Table' }).click();
    });

    await t.test('the Query box highlights Gremlin and completes step names, labels and property keys', async () => {
      const box = page.getByRole('textbox', { name: 'Query' });
      await box.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      await box.pressSequentially('g.V().hasLa', { delay: 0 });
      await page.getByRole('listbox').getByRole('option', { name: /^hasLabel/ }).waitFor();
      // CodeMirror ignores Enter for a moment after the list opens (its interactionDelay).
      await page.waitForTimeout(200);
      await page.keyboard.press('Enter');
      await box.pressSequentially("'pe", { delay: 0 });
      await page.getByRole('listbox').getByRole('option', { name: /^person/ }).waitFor();
      await page.waitForTimeout(200);
      await page.keyboard.press('Enter');
      assert.match(await box.innerText(), /^g\.V\(\)\.hasLabel\('person/);
      await box.pressSequentially("').values('a", { delay: 0 });
      await page.getByRole('listbox').getByRole('option', { name: /^age/ }).waitFor();
      await page.keyboard.press('Escape');
      const tokens = await box.locator('span').evaluateAll((spans) => spans.map((span) => `${span.textContent}:${span.className}`));
      assert.ok(tokens.some((token) => /^'person'?:\S+/.test(token)), `the string is highlighted: ${tokens.join(' ')}`);
      assert.ok(tokens.some((token) => /^hasLabel:\S+/.test(token)), `the step is highlighted: ${tokens.join(' ')}`);
    });

    await t.test('Ctrl+Enter runs, and the Graph tab draws vertices, edges and the ends of returned edges and paths', async (t) => {
      await runQuery(page, 'g.V(1).outE()', 'keys');
      assert.match(await page.getByRole('status').innerText(), /^3 results in/);
      // The first draw compiles sigma's WebGL programs: slow in software rendering on a busy machine.
      const first = performance.now();
      await page.getByRole('tab', { name: 'Graph' }).click({ timeout: 60_000 });
      await page.getByRole('img', { name: 'Graph view' }).locator('canvas').first().waitFor({ timeout: 60_000 });
      t.diagnostic(`first graph draw: ${Math.round(performance.now() - first)} ms`);
      assert.deepEqual(await counts(page), [4, 3]);
      await runQuery(page, 'g.V(1).outE().inV().path()');
      assert.deepEqual(await counts(page), [4, 3]);
      await runQuery(page, 'g.E()');
      assert.deepEqual(await counts(page), [6, 6]);
      await runQuery(page, 'g.V().outE().inV().path()');
      assert.deepEqual(await counts(page), [6, 6]);
      await noHorizontalScroll(page, 'Graph tab');
      mkdirSync(join(repoRoot(), 'docs', 'images'), { recursive: true });
      await page.waitForTimeout(300);
      await page.locator('main').screenshot({ path: join(repoRoot(), 'docs', 'images', 'console-graph.png') });
    });

    await t.test('clicking a node, or Enter on a focused node, shows its details', async () => {
      await runQuery(page, 'g.V()');
      await clickNode(page, 1);
      const details = page.getByRole('region', { name: 'Element details' });
      await details.waitFor();
      const text = await details.innerText();
      assert.match(text, /marko/);
      assert.match(text, /person/);
      assert.match(text, /age\s*29/);
      // The click left marko highlighted: the next node (in the order drawn) is vadas.
      await page.getByRole('img', { name: 'Graph view' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      assert.match(await details.innerText(), /vadas/);
    });

    await t.test('Expand adds the neighbours, up to its cap with a note when the cap cuts', async () => {
      await page.getByRole('region', { name: 'Element details' }).getByRole('button', { name: 'Expand' }).click();
      await page.getByText(/Added 0 vertices and 1 edges/).waitFor();
      await page.getByRole('combobox', { name: 'Graph' }).selectOption('DEFAULT/star');
      await runQuery(page, "g.V().hasLabel('hub')");
      assert.deepEqual(await counts(page), [1, 0]);
      const hub = (await page.getByRole('region', { name: 'JSON result', includeHidden: true }).textContent()) ?? '[]';
      await clickNode(page, (JSON.parse(hub) as { id: number }[])[0]!.id);
      await page.getByRole('button', { name: 'Expand' }).click();
      await page.getByText(`Showing the first ${EXPAND_CAP} edges`).waitFor();
      assert.deepEqual(await counts(page), [1 + EXPAND_CAP, EXPAND_CAP]);
      assert.ok(STAR_LEAVES > EXPAND_CAP);
      await noHorizontalScroll(page, 'Element details');
      await page.getByRole('combobox', { name: 'Graph' }).selectOption('DEFAULT/modern');
    });

    await t.test('a query error shows the server message and keeps the previous results', async () => {
      await page.getByRole('tab', { name: 'Table' }).click();
      await runQuery(page, 'g.V().hasLabel("person")');
      const expected = await server!.admin('POST', '/gremlin', { gremlin: 'g.V().nosuchstep()', aliases: { g: '__g_DEFAULT-modern' } });
      await runQuery(page, 'g.V().nosuchstep()');
      assert.equal(await page.getByRole('alert').innerText(), expected.json.message);
      assert.equal(await page.getByRole('table', { name: 'Results' }).getByRole('row').count(), 5);
    });

    await t.test('Cancel stops a long query in the page and on the server', async () => {
      const box = page.getByRole('textbox', { name: 'Query' });
      await box.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      await box.pressSequentially(ENDLESS, { delay: 0 });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Run' }).click();
      const cancel = page.getByRole('button', { name: 'Cancel' });
      await cancel.waitFor();
      assert.ok((await busyShare(500)) > 0.5, 'the query keeps the server busy while it runs');
      await cancel.click();
      await page.getByRole('alert').filter({ hasText: 'cancelled' }).waitFor();
      assert.match(await page.getByRole('status').innerText(), /^Cancelled after \d+ ms$/);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.ok((await busyShare(1000)) < 0.3, 'the server stopped the query when the request was aborted');
      assert.equal(await page.getByRole('table', { name: 'Results' }).getByRole('row').count(), 5);
    });

    await t.test('History keeps the queries, and a click puts one back in the Query box', async () => {
      const history = page.getByRole('list', { name: 'History' });
      assert.equal(await history.getByRole('listitem').first().innerText(), ENDLESS);
      await history.getByRole('button', { name: 'g.V(1).outE()', exact: true }).click();
      assert.equal(await page.getByRole('textbox', { name: 'Query' }).innerText(), 'g.V(1).outE()');
    });

    await t.test('Schema and Tasks pages: named tables, tasks refresh by themselves', async () => {
      const nav = page.getByRole('navigation');
      await nav.getByRole('link', { name: 'Schema' }).click();
      for (const name of ['Property keys', 'Vertex labels', 'Edge labels', 'Index labels']) await page.getByRole('table', { name }).waitFor();
      assert.equal(await page.getByRole('table', { name: 'Vertex labels' }).getByRole('row').count(), 3);
      await noHorizontalScroll(page, 'Schema page');
      await nav.getByRole('link', { name: 'Tasks' }).click();
      const tasks = page.getByRole('table', { name: 'Tasks' });
      await tasks.waitFor();
      assert.deepEqual(await tasks.getByRole('columnheader').allInnerTexts(), ['id', 'name', 'status', 'progress']);
      const job = await server!.admin('POST', '/graphs/modern/jobs/gremlin', { gremlin: 'g.V().count()' });
      assert.equal(job.status, 201);
      await tasks.getByRole('row').filter({ hasText: String(job.json.task_id) }).filter({ hasText: 'success' }).waitFor({ timeout: 10_000 });
      await noHorizontalScroll(page, 'Tasks page');
      await nav.getByRole('link', { name: 'Query' }).click();
    });

    await t.test('signing out ends the session: a reload shows the sign-in form and no data', async () => {
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await page.reload();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      assert.equal(await page.getByRole('table').count(), 0);
      assert.equal(await page.getByRole('combobox', { name: 'Graph' }).count(), 0);
      assert.equal(await page.evaluate('sessionStorage.length'), 0);
    });

    await t.test('a restricted user sees only its graph and only the granted vertices', async () => {
      await signIn(page, `${url}/console/`, VIEWER.name, VIEWER.password);
      const options = await page.getByRole('combobox', { name: 'Graph' }).locator('option').allInnerTexts();
      assert.deepEqual(options, ['DEFAULT/modern']);
      await runQuery(page, 'g.V()');
      await page.getByRole('tab', { name: 'Graph' }).click();
      assert.deepEqual(await counts(page), [4, 0]);
      const json = (await page.getByRole('region', { name: 'JSON result', includeHidden: true }).textContent()) ?? '';
      assert.match(json, /marko/);
      assert.doesNotMatch(json, /lop|ripple/);
      await page.getByRole('button', { name: 'Sign out' }).click();
    });

    await t.test('no errors in the browser console', () => {
      assert.deepEqual(errors, []);
    });
  } finally {
    await browser?.close();
    await server?.close();
  }
});
