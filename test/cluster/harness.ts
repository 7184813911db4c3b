/**
 * What the cluster tests share: real etcd members (Debian's etcd-server) and real `quiver serve`
 * nodes as child processes on 127.0.0.1, with free ports and temporary directories, each start
 * bounded in time, and plain HTTP calls as the admin.
 */
import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killChildren, spawnTracked } from '../child-processes.js';
import type { Spawned } from '../child-processes.js';
import { repoRoot } from '../repo-root.js';

/** Why the cluster tests cannot run here (no etcd binary), or false. */
export const etcdMissing: string | false = spawnSync('etcd', ['--version']).error === undefined ? false : 'etcd is not installed (apt-get install etcd-server)';

export const PASSWORD = 'cluster-secret1';


/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** A temporary directory, removed by {@link cleanUp}. */
export function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `quiver-${name}-`));
  dirs.push(dir);
  return dir;
}
const dirs: string[] = [];

/** Kills every child left and removes the temporary directories. */
export function cleanUp(): void {
  killChildren();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** One etcd member. */
export interface EtcdMember {
  readonly name: string;
  readonly clientUrl: string;
  /** Stops the member (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same data and ports. */
  start(): void;
}

/**
 * Starts `count` etcd members forming one cluster; resolves once each answers /health.
 */
export async function startEtcd(count: number): Promise<{ readonly urls: string; readonly members: readonly EtcdMember[] }> {
  const specs = [];
  for (let i = 0; i < count; i++) specs.push({ name: `m${i}`, client: await freePort(), peer: await freePort(), data: tempDir(`etcd-m${i}`) });
  const initial = specs.map((s) => `${s.name}=http://127.0.0.1:${s.peer}`).join(',');
  const members = specs.map((spec) => {
    let running: Spawned | undefined;
    const args = [
      '--name', spec.name, '--data-dir', spec.data,
      '--listen-client-urls', `http://127.0.0.1:${spec.client}`, '--advertise-client-urls', `http://127.0.0.1:${spec.client}`,
      '--listen-peer-urls', `http://127.0.0.1:${spec.peer}`, '--initial-advertise-peer-urls', `http://127.0.0.1:${spec.peer}`,
      '--initial-cluster', initial, '--initial-cluster-state', 'new', '--initial-cluster-token', 'quiver-test',
      '--heartbeat-interval', '50', '--election-timeout', '500', '--log-level', 'error',
    ];
    const member: EtcdMember = {
      name: spec.name,
      clientUrl: `http://127.0.0.1:${spec.client}`,
      stop: async () => {
        running?.process.kill('SIGTERM');
        await running?.exited;
        running = undefined;
      },
      start: () => {
        running = spawnTracked('etcd', args);
      },
    };
    member.start();
    return member;
  });
  for (const member of members) {
    await until(`etcd ${member.name}`, async () => {
      const res = await fetch(`${member.clientUrl}/health`);
      const body = (await res.json()) as { health?: string };
      return body.health === 'true' ? true : undefined;
    }, 30_000);
  }
  return { urls: members.map((m) => m.clientUrl).join(','), members };
}

/** One `quiver serve` node. */
export interface QuiverNode {
  readonly id: string;
  readonly url: string;
  readonly data: string;
  readonly process: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
  /** `ws://127.0.0.1:<port>/gremlin` when the node was started with the Gremlin Server endpoint. */
  readonly gremlinUrl?: string;
}

const GREMLIN_LINE = /WebSocket\) listening on (ws:\/\/\S+)/;

/**
 * Starts a node of the cluster at `etcd` on data directory `data` (with the Gremlin Server
 * endpoint on a free port when `gremlin`); resolves once it listens.
 */
export async function startNode(id: string, options: { readonly etcd: string; readonly data: string; readonly snapshotEvery?: number; readonly gremlin?: boolean; readonly ttlSweep?: number }): Promise<QuiverNode> {
  const port = await freePort();
  const args = [
    join(repoRoot(), 'dist', 'src', 'cli', 'main.js'), 'serve', '--port', String(port), '--data', options.data, '--log-level', 'warn',
    '--etcd', options.etcd, '--node-id', id, '--snapshot-every', String(options.snapshotEvery ?? 10_000),
    ...(options.ttlSweep === undefined ? [] : ['--ttl-sweep', String(options.ttlSweep)]),
    ...(options.gremlin === true ? ['--gremlin-port', String(await freePort())] : []),
  ];
  const node = spawnTracked(process.execPath, args, { QUIVER_ADMIN_PASSWORD: PASSWORD });
  await until(`node ${id} to listen`, async () => {
    if (/listening on http/.test(node.output()) && (options.gremlin !== true || GREMLIN_LINE.test(node.output()))) return true;
    if (node.process.exitCode !== null) throw new Error(`node ${id} exited: ${node.output()}`);
    return undefined;
  }, 90_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${node.output()}`);
  });
  const gremlinUrl = GREMLIN_LINE.exec(node.output())?.[1];
  return { id, url: `http://127.0.0.1:${port}`, data: options.data, ...node, ...(gremlinUrl === undefined ? {} : { gremlinUrl }) };
}

/** A JSON call as admin (or as `user`). */
export async function call(
  url: string,
  request: { readonly method?: string; readonly body?: unknown; readonly user?: readonly [string, string] } = {},
): Promise<{ status: number; json: any }> {
  const [name, password] = request.user ?? ['admin', PASSWORD];
  const res = await fetch(url, {
    method: request.method ?? 'GET',
    headers: { authorization: `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, json };
}

/** Polls `probe` until it returns a value, for at most `ms`. */
export function eventually<T>(what: string, probe: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  return until(what, probe, ms);
}
