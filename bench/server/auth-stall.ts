/**
 * How much password checking costs everyone else, on a live `quiver serve` child:
 * (a) a legitimate client's rate: autocannon sends `GET /graphspaces` with a Bearer token over
 *     `--connections` connections (default 8) for `--duration` seconds (default 5), first alone,
 *     then while an attacker sends `--attack` wrong Basic passwords per second (default 25) for a
 *     known user name, each in its own request;
 * (b) the time to refuse a Basic credential: `--probes` sequential requests (default 20) with a
 *     wrong password for the known user `admin`, and as many for an unknown user name,
 *     alternating; the medians and p90s.
 * The server is started with `--server-args` (default `--login-failures-per-user 0
 * --login-failures-per-address 0`: no throttling, so that every wrong password costs a full
 * scrypt, the worst case; `--server-args ""` measures the default throttle, under which the
 * refusal probes are skipped); `--main <path>` runs another build's dist/src/cli/main.js (pass
 * `--server-args ""` to a build without those flags). One JSON line per measure.
 * Usage: `node dist/bench/server/auth-stall.js [--duration 5] [--connections 8] [--attack 25] [--probes 20] [--main <main.js>] [--server-args "..."]`
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { startLiveServer } from './live-server.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : (process.argv[at + 1] ?? fallback);
}

function count(name: string, fallback: number): number {
  const value = Number(option(name, String(fallback)));
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`Invalid --${name}: expected a positive integer but got ${option(name, '')}`);
  return value;
}

const duration = count('duration', 5);
const connections = count('connections', 8);
const attackPerSecond = count('attack', 25);
const probes = count('probes', 20);
const main = option('main', '');
const serverArgs = option('server-args', '--login-failures-per-user 0 --login-failures-per-address 0').split(' ').filter((a) => a !== '');

const basic = (name: string, password: string): string => `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const dir = mkdtempSync(join(tmpdir(), 'quiver-auth-stall-'));
const server = await startLiveServer(dir, { extraArgs: serverArgs, ...(main === '' ? {} : { main }) });
try {
  const legitimate = async (): Promise<{ reqPerSec: number; p99: number; errors: number }> => {
    const result = await autocannon({ url: `${server.url}/graphspaces`, connections, duration, headers: { authorization: server.auth } });
    return { reqPerSec: Math.round(result.requests.average), p99: result.latency.p99, errors: result.non2xx + result.errors };
  };
  console.log(JSON.stringify({ measure: 'token client alone', ...(await legitimate()) }));

  let attacking = true;
  let sent = 0;
  let refused = 0;
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    if (!attacking) return;
    const n = sent++;
    const request = fetch(`${server.url}/graphspaces`, { headers: { authorization: basic('admin', `wrong-${n}`) } })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status === 401 || res.status === 429) refused++;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }, 1000 / attackPerSecond);
  const during = await legitimate();
  attacking = false;
  clearInterval(timer);
  await Promise.all(inFlight);
  console.log(JSON.stringify({ measure: `token client while ${attackPerSecond} wrong Basic passwords/s`, ...during, wrongSent: sent, wrongRefused: refused }));

  // Known and unknown names alternate, so a drift of the machine's speed touches both alike.
  const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
  for (let i = 0; i < 2 * probes; i++) {
    const kind = i % 2 === 0 ? 'known' : 'unknown';
    const start = performance.now();
    const res = await fetch(`${server.url}/graphspaces`, { headers: { authorization: basic(kind === 'known' ? 'admin' : 'nobody_here', `wrong-${i}`) } });
    await res.arrayBuffer();
    if (res.status === 429) {
      console.log(JSON.stringify({ measure: 'refusal times', skipped: 'the server throttles these names (see --server-args)' }));
      break;
    }
    if (res.status !== 401) throw new Error(`${kind} name: expected 401 but got ${res.status}`);
    times[kind].push(performance.now() - start);
  }
  for (const kind of ['known', 'unknown'] as const) {
    if (times[kind].length < probes) break;
    const sorted = times[kind].sort((a, b) => a - b);
    const measure = kind === 'known' ? 'refusal of a known user name (wrong password)' : 'refusal of an unknown user name';
    console.log(JSON.stringify({ measure, medianMs: Number(quantile(sorted, 0.5).toFixed(2)), p90Ms: Number(quantile(sorted, 0.9).toFixed(2)) }));
  }
} finally {
  await server.kill();
  rmSync(dir, { recursive: true, force: true });
}
