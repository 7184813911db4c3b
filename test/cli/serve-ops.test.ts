/**
 * `quiver serve` operations as a child process: /health and /health/ready need no
 * credentials; /metrics is 401 without them, 403 for a non-administrator, Prometheus text and
 * HugeGraph JSON for the administrator, open with --metrics-public; --tls-cert/--tls-key serve
 * HTTPS and WSS (a pair made with openssl; the gremlin driver connects over wss); --config
 * reads the flags from YAML or JSON, the command line wins, and an unknown key stops the server.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import gremlin from 'gremlin';
import { AUTH, call, quiver, serve } from './ops-process.js';

/** A GET over HTTPS trusting only `ca`. */
function httpsGet(url: string, ca: Buffer, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca, headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('quiver serve: health, metrics for administrators, --metrics-public', { timeout: 180_000 }, async () => {
  const root = mkdtempSync(join(tmpdir(), 'quiver-ops-'));
  try {
    const server = await serve(['--data', join(root, 'data'), '--query-timeout', '300']);
    assert.deepEqual(await (await fetch(`${server.url}/health`)).json(), { status: 'UP' });
    const ready = await fetch(`${server.url}/health/ready`);
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), { status: 'UP', checks: { data: 'UP' } });
    assert.equal((await fetch(`${server.url}/metrics`)).status, 401);
    assert.equal((await call(`${server.url}/graphs/auth/users`, 'POST', { user_name: 'alice', user_password: 'alice1' })).status, 201);
    const reader = { authorization: `Basic ${Buffer.from('alice:alice1').toString('base64')}` };
    assert.equal((await fetch(`${server.url}/metrics`, { headers: reader })).status, 403);
    await call(`${server.url}/gremlin`, 'POST', { gremlin: 'g.V().count()', bindings: {}, language: 'gremlin-groovy', aliases: { g: '__g_hugegraph' } });
    await call(`${server.url}/graphs/hugegraph/graph/vertices/batch`, 'POST', [{ label: 'x', properties: {} }]);
    const slow = await call(`${server.url}/gremlin`, 'POST', { gremlin: 'g.inject(1).repeat(identity()).times(2000000000).count()', bindings: {}, language: 'gremlin-groovy', aliases: { g: '__g_hugegraph' } });
    assert.equal(slow.status, 400);
    const text = await (await fetch(`${server.url}/metrics`, { headers: AUTH })).text();
    for (const name of ['quiver_http_requests_total', 'quiver_http_request_duration_seconds_bucket', 'quiver_gremlin_query_duration_seconds_count', 'quiver_graph_vertices{graphspace="DEFAULT",graph="hugegraph"}', 'quiver_wal_fsync_duration_seconds_count', 'quiver_nodejs_eventloop_lag_seconds', 'quiver_nodejs_heap_size_used_bytes']) {
      assert.ok(text.includes(name), `${name} missing from /metrics`);
    }
    assert.match(text, /quiver_http_requests_total\{method="POST",route="\/gremlin",status="200"\} 1/);
    assert.match(text, /quiver_queries_stopped_total\{reason="timeout"\} 1/);
    assert.match(text, /quiver_gremlin_query_duration_seconds_count\{outcome="ok"\} 1/);
    const json = (await (await fetch(`${server.url}/metrics?type=json`, { headers: AUTH })).json()) as Record<string, Record<string, unknown>>;
    assert.deepEqual(Object.keys(json).sort(), ['counters', 'gauges', 'histograms', 'meters', 'timers']);
    assert.ok(Object.keys(json.counters ?? {}).some((k) => k.startsWith('quiver_wal_appends_total')));
    const system = (await (await fetch(`${server.url}/metrics/system`, { headers: AUTH })).json()) as Record<string, Record<string, number>>;
    assert.ok((system.heap?.used ?? 0) > 0 && (system.basic?.processors ?? 0) > 0);
    server.process.kill('SIGTERM');
    assert.equal(await server.exited, 0);

    const open = await serve(['--data', join(root, 'data'), '--metrics-public']);
    assert.equal((await fetch(`${open.url}/metrics`)).status, 200);
    assert.equal((await fetch(`${open.url}/graphs`)).status, 401);
    open.process.kill('SIGTERM');
    assert.equal(await open.exited, 0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('quiver serve: --tls-cert and --tls-key serve HTTPS and WSS', { timeout: 180_000 }, async () => {
  const root = mkdtempSync(join(tmpdir(), 'quiver-tls-'));
  try {
    const key = join(root, 'key.pem');
    const cert = join(root, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'ignore' });
    const ca = readFileSync(cert);
    const server = await serve(['--data', join(root, 'data'), '--tls-cert', cert, '--tls-key', key, '--gremlin-port', '0']);
    assert.match(server.url, /^https:/);
    assert.match(server.gremlinUrl ?? '', /^wss:/);
    const graphs = await httpsGet(`${server.url}/graphs`, ca, AUTH);
    assert.equal(graphs.status, 200);
    assert.deepEqual(JSON.parse(graphs.body), { graphs: ['hugegraph'] });
    await assert.rejects(fetch(`${server.url.replace('https', 'http')}/graphs`));
    const connection = new gremlin.driver.DriverRemoteConnection(server.gremlinUrl ?? '', {
      traversalSource: 'hugegraph',
      authenticator: new gremlin.driver.auth.PlainTextSaslAuthenticator('admin', 'secret1'),
      ca: [ca.toString()],
      rejectUnauthorized: true,
    });
    try {
      const g = gremlin.process.AnonymousTraversalSource.traversal().withRemote(connection);
      assert.equal(await g.V().count().next().then((r) => Number(r.value)), 0);
    } finally {
      await connection.close();
    }
    server.process.kill('SIGTERM');
    assert.equal(await server.exited, 0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('quiver serve --config: YAML and JSON files hold the flags, the command line wins, an unknown key stops the server', { timeout: 180_000 }, async () => {
  const root = mkdtempSync(join(tmpdir(), 'quiver-config-'));
  try {
    const yaml = join(root, 'quiver.yaml');
    writeFileSync(yaml, `data: ${join(root, 'data')}\nport: 1\nmetrics-public: true\nauth: false\nquery-timeout: 5000\ngraph-defaults:\n  schema.auto_create: true\n`);
    const server = await serve(['--config', yaml, '--port', '0']);
    assert.match(server.output(), /Authentication is off/);
    assert.equal((await fetch(`${server.url}/graphs`)).status, 200);
    assert.equal((await fetch(`${server.url}/metrics`)).status, 200);
    // The graph the first start creates took the graph defaults: a vertex of an unknown label creates it.
    const added = await fetch(`${server.url}/graphs/hugegraph/graph/vertices`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ label: 'anything', properties: {} }) });
    assert.equal(added.status, 201, await added.text());
    server.process.kill('SIGTERM');
    assert.equal(await server.exited, 0);

    const json = join(root, 'quiver.json');
    writeFileSync(json, JSON.stringify({ data: join(root, 'data'), 'log-level': 'warn' }));
    const fromJson = await serve(['--config', json]);
    assert.equal((await fetch(`${fromJson.url}/graphs`)).status, 401);
    fromJson.process.kill('SIGTERM');
    assert.equal(await fromJson.exited, 0);

    writeFileSync(yaml, `data: ${join(root, 'data')}\nquery-timout: 5000\n`);
    const unknown = await quiver(['serve', '--config', yaml, '--port', '0']);
    assert.equal(unknown.code, 1);
    assert.match(unknown.output, /Unknown key 'query-timout' in config file/);
    writeFileSync(yaml, `graph-defaults:\n  schema.frobnicate: 1\n`);
    const badDefaults = await quiver(['serve', '--config', yaml]);
    assert.equal(badDefaults.code, 1);
    assert.match(badDefaults.output, /Unknown config key 'schema.frobnicate'/);
    writeFileSync(yaml, `port: many\n`);
    const bad = await quiver(['serve', '--config', yaml]);
    assert.equal(bad.code, 1);
    assert.match(bad.output, /key 'port'/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
