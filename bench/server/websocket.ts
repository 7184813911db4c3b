/**
 * The WebSocket rows of `npm run bench:server`: small traversals over the Gremlin Server
 * endpoint with the `gremlin` npm driver (DriverRemoteConnection, GraphBinary, SASL as the
 * admin), each connection keeping one traversal in flight for the measure's duration.
 * @module
 */
import gremlin from 'gremlin';
import { LIVE_PASSWORD } from './live-server.js';

/** Requests per second and latency percentiles of one closed-loop run. */
export interface LoopFigure {
  readonly reqPerSec: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly total: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! * 100) / 100;
}

/**
 * Runs `g.V(id).out('link').count()` on `connections` DriverRemoteConnections for `seconds`,
 * each connection sending its next traversal when the last one answered; ids cycle through
 * `ids`.
 */
export async function websocketLoop(url: string, options: { readonly connections: number; readonly seconds: number; readonly ids: (n: number) => string }): Promise<LoopFigure> {
  const remotes = Array.from({ length: options.connections }, () => new gremlin.driver.DriverRemoteConnection(url, { authenticator: new gremlin.driver.auth.PlainTextSaslAuthenticator('admin', LIVE_PASSWORD), traversalSource: '__g_hugegraph' }));
  const sources = remotes.map((remote) => gremlin.process.AnonymousTraversalSource.traversal().withRemote(remote));
  // Open and authenticate every connection before the clock starts.
  await Promise.all(sources.map((g) => g.V(options.ids(0)).count().next()));
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const started = performance.now();
  const end = started + options.seconds * 1000;
  await Promise.all(
    sources.map(async (g) => {
      while (performance.now() < end) {
        const sent = performance.now();
        try {
          await g.V(options.ids(counter++)).out('link').count().next();
          latencies.push(performance.now() - sent);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(remotes.map((remote) => remote.close()));
  latencies.sort((a, b) => a - b);
  return { reqPerSec: Math.round(latencies.length / elapsed), p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, total: latencies.length + errors };
}
