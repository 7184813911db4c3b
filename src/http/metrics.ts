/**
 * `GET /metrics` (Prometheus text, or HugeGraph's JSON shape with `?type=json`) and
 * `GET /metrics/system`, over one prom-client registry per app. Hot paths only count: a request
 * adds to a counter and a histogram in `onResponse`; WAL commits and snapshots arrive on the
 * storage layer's diagnostics channels; graph sizes, heap and event-loop delay are read when
 * the metrics are scraped. Gremlin requests of every road (REST, WebSocket, jobs) arrive on
 * the database's query channel. Administrators only, unless the app is built with `metricsPublic`.
 * @module
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricObjectWithValues, MetricValue, MetricValueWithName } from 'prom-client';
import { TELEMETRY_CHANNELS } from '../index.js';
import type { QueryEvent, ServerState, SnapshotEvent, WalCommitEvent } from '../index.js';

/** Latency buckets of requests and queries, in seconds. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** fsync buckets, in seconds. */
const SYNC_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1];

/**
 * The metrics of one server app.
 */
class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private readonly queries: Histogram<'outcome'>;
  private readonly stopped: Counter<'reason'>;
  private readonly walRecords: Counter;
  private readonly walBytes: Counter;
  private readonly walSync: Histogram;
  private readonly snapshots: Histogram;
  private readonly onWal = (message: unknown): void => {
    const event = message as WalCommitEvent;
    this.walRecords.inc(event.records);
    this.walBytes.inc(event.bytes);
    this.walSync.observe(event.syncMs / 1000);
  };
  private readonly onSnapshot = (message: unknown): void => {
    this.snapshots.observe((message as SnapshotEvent).ms / 1000);
  };
  private readonly onQuery = (message: unknown): void => {
    const event = message as QueryEvent;
    this.queries.observe({ outcome: event.outcome }, event.ms / 1000);
    if (event.outcome === 'timeout' || event.outcome === 'cancelled') this.stopped.inc({ reason: event.outcome });
  };

  constructor(state: ServerState) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'quiver_' });
    this.requests = new Counter({ name: 'quiver_http_requests_total', help: 'REST requests by method, route and status', labelNames: ['method', 'route', 'status'], registers });
    this.latency = new Histogram({ name: 'quiver_http_request_duration_seconds', help: 'REST request latency by method and route', labelNames: ['method', 'route'], buckets: LATENCY_BUCKETS, registers });
    this.queries = new Histogram({ name: 'quiver_gremlin_query_duration_seconds', help: 'Gremlin requests (REST, WebSocket, jobs) and their durations, by outcome (ok, timeout, cancelled, failed)', labelNames: ['outcome'], buckets: LATENCY_BUCKETS, registers });
    this.stopped = new Counter({ name: 'quiver_queries_stopped_total', help: 'Queries stopped before they finished, by reason (timeout, cancelled)', labelNames: ['reason'], registers });
    this.walRecords = new Counter({ name: 'quiver_wal_appends_total', help: 'Records appended to write-ahead logs', registers });
    this.walBytes = new Counter({ name: 'quiver_wal_bytes_total', help: 'Bytes appended to write-ahead logs', registers });
    this.walSync = new Histogram({ name: 'quiver_wal_fsync_duration_seconds', help: 'Time of one group commit (write and fdatasync)', buckets: SYNC_BUCKETS, registers });
    this.snapshots = new Histogram({ name: 'quiver_snapshot_duration_seconds', help: 'Time to write one snapshot', buckets: LATENCY_BUCKETS, registers });
    // The first gauge's collect reads every graph's sizes once per scrape; the two registered
    // after it are read after it.
    const edges = new Gauge({ name: 'quiver_graph_edges', help: 'Edges per graph', labelNames: ['graphspace', 'graph'], registers: [] });
    const graphs = new Gauge({ name: 'quiver_graphs', help: 'Graphs served', registers: [] });
    new Gauge({
      name: 'quiver_graph_vertices',
      help: 'Vertices per graph',
      labelNames: ['graphspace', 'graph'],
      registers,
      collect() {
        this.reset();
        edges.reset();
        let count = 0;
        for (const space of state.spaceNames()) {
          for (const name of state.graphNames(space)) {
            const view = state.graph(space, name).openReadView();
            try {
              this.set({ graphspace: space, graph: name }, view.source.vertexCount());
              edges.set({ graphspace: space, graph: name }, view.source.edgeCount());
            } finally {
              view.release();
            }
            count++;
          }
        }
        graphs.set(count);
      },
    });
    this.registry.registerMetric(edges);
    this.registry.registerMetric(graphs);
    subscribe(TELEMETRY_CHANNELS.walCommit, this.onWal);
    subscribe(TELEMETRY_CHANNELS.snapshot, this.onSnapshot);
    subscribe(TELEMETRY_CHANNELS.query, this.onQuery);
  }

  /** Counts one finished request. */
  request(method: string, route: string, status: number, ms: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, ms / 1000);
  }

  close(): void {
    unsubscribe(TELEMETRY_CHANNELS.walCommit, this.onWal);
    unsubscribe(TELEMETRY_CHANNELS.snapshot, this.onSnapshot);
    unsubscribe(TELEMETRY_CHANNELS.query, this.onQuery);
  }
}

/** One metric in HugeGraph's JSON groups: counters as `{count}`, gauges as `{value}`, histograms as `{count, sum, buckets}`. */
function jsonGroups(metrics: readonly MetricObjectWithValues<MetricValue<string>>[]): Record<string, Record<string, unknown>> {
  const groups: Record<string, Record<string, unknown>> = { gauges: {}, counters: {}, histograms: {}, meters: {}, timers: {} };
  const key = (name: string, labels: Readonly<Record<string, string | number | undefined>>): string => {
    const parts = Object.entries(labels).map(([k, v]) => `${k}=${String(v)}`);
    return parts.length === 0 ? name : `${name}{${parts.join(',')}}`;
  };
  for (const metric of metrics) {
    const type = String(metric.type);
    if (type === 'histogram') {
      const series = new Map<string, { count: number; sum: number; buckets: Record<string, number> }>();
      for (const value of metric.values as MetricValueWithName<string>[]) {
        const { le, ...labels } = value.labels;
        const entry = series.get(key(metric.name, labels)) ?? { count: 0, sum: 0, buckets: {} };
        if (value.metricName?.endsWith('_count') === true) entry.count = value.value;
        else if (value.metricName?.endsWith('_sum') === true) entry.sum = value.value;
        else if (le !== undefined) entry.buckets[String(le)] = value.value;
        series.set(key(metric.name, labels), entry);
      }
      for (const [name, entry] of series) (groups.histograms as Record<string, unknown>)[name] = entry;
      continue;
    }
    const group = type === 'counter' ? 'counters' : 'gauges';
    for (const value of metric.values) {
      (groups[group] as Record<string, unknown>)[key(metric.name, value.labels)] = type === 'counter' ? { count: value.value } : { value: value.value };
    }
  }
  return groups;
}

/** HugeGraph's `/metrics/system` groups, from the process and the OS. */
function systemMetrics(): Record<string, Record<string, number>> {
  const heap = getHeapStatistics();
  const memory = process.memoryUsage();
  const mb = (bytes: number): number => Math.round(bytes / (1024 * 1024));
  return {
    basic: { mem: mb(memory.rss), mem_total: mb(totalmem()), mem_used: mb(totalmem() - freemem()), mem_free: mb(freemem()), processors: cpus().length, uptime: Math.round(process.uptime() * 1000), systemload_average: loadavg()[0] ?? 0 },
    heap: { committed: mb(heap.total_heap_size), init: mb(heap.total_heap_size), used: mb(heap.used_heap_size), max: mb(heap.heap_size_limit) },
    nonheap: { committed: mb(memory.external), init: 0, used: mb(memory.external + memory.arrayBuffers), max: -1 },
  };
}

/**
 * Registers the metrics hooks and routes on `app`. With `open`, the routes need no credentials;
 * otherwise they are for administrators (401 without credentials, 403 for others).
 */
export function registerMetrics(app: FastifyInstance, options: { readonly state: ServerState; readonly open: boolean }): void {
  const metrics = new ServerMetrics(options.state);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime);
    done();
  });
  app.addHook('onClose', (_app, done) => {
    metrics.close();
    done();
  });
  const config: { requires?: 'admin' } = options.open ? {} : { requires: 'admin' };
  const typeQuery = { type: 'object', properties: { type: { type: 'string', enum: ['json', 'prometheus'] } }, additionalProperties: false } as const;
  app.get<{ Querystring: { type?: string } }>('/metrics', { config, schema: { summary: 'Server metrics (Prometheus text; ?type=json for HugeGraph JSON)', querystring: typeQuery } }, async (request, reply) => {
    if (request.query.type === 'json') return jsonGroups(await metrics.registry.getMetricsAsJSON());
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  app.get('/metrics/system', { config, schema: { summary: 'Process and system metrics, HugeGraph shape' } }, async () => systemMetrics());
}
