/**
 * The framework floor of the get-by-id and single-insert routes, one feature at a time: a bare
 * node:http server, then fastify, then each thing the Quiver server adds per request (pino's
 * per-request child logger, an onRequest hook, the params or body schema, an async handler),
 * each answering the same vertex JSON text as the real route. Every step runs in a child process
 * driven by autocannon from this one, as `bench/server/run.ts` drives `quiver serve`, and
 * reports req/s and the server's CPU microseconds per request.
 * Usage: `node dist/bench/server/floor-ladder.js [--duration 4] [--connections 32] [--only get|post] [--steps a,b] [--rate <req/s>] [--work <µs>]`;
 * `--work <µs>` makes every fastify step's handler spin that long first (how the server's kernel
 * time grows with its JS time); with QUIVER_BENCH_PROFILE=<dir> set, each step's server writes a V8 CPU profile `<step>.cpuprofile` there.
 * @module
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify, { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The steps, each adding one feature to the one before it (after `http`, which stands alone). */
const GET_STEPS = ['http', 'fastify', 'logger', 'hook', 'schema', 'async'] as const;
const POST_STEPS = ['post', 'post-logger', 'post-hook', 'post-schema', 'post-async'] as const;
type Step = (typeof GET_STEPS)[number] | (typeof POST_STEPS)[number];

const VERTEX = '{"id":"1:v1","label":"item","type":"vertex","properties":{"name":"v1","n":1}}';
const NAME = { type: 'string', minLength: 1, maxLength: 256 };
const PARAMS = { type: 'object', properties: { graphspace: NAME, graph: NAME, id: { type: 'string', minLength: 1, maxLength: 4096 } }, required: ['graph', 'id'] };
const BODY = {
  type: 'object',
  properties: { label: NAME, properties: { type: 'object' }, id: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
  required: ['label', 'properties'],
};
/** A header of the length of the server's Bearer tokens, so that header parsing costs the same. */
const AUTH = `Bearer ${'x'.repeat(180)}`;

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : process.argv[at + 1]!;
}

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${String(pid)}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function has(step: Step, feature: 'logger' | 'hook' | 'schema' | 'async'): boolean {
  const list: readonly string[] = step.startsWith('post') ? POST_STEPS : GET_STEPS;
  return list.indexOf(step) >= list.indexOf(step.startsWith('post') ? `post-${feature}` : feature);
}

/** Spins for `us` microseconds: the JS a real route does beyond the floor, without its allocations. */
function busy(us: number): void {
  const until = performance.now() + us / 1000;
  while (performance.now() < until);
}

/** Child mode: serves one step on a free port and prints its URL. */
async function serve(step: Step): Promise<void> {
  if (step === 'http') {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(VERTEX) });
      res.end(VERTEX);
    });
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`);
    });
    return;
  }
  const app = Fastify({ logger: has(step, 'logger') ? { level: 'warn' } : false, logController: new LogController({ disableRequestLogging: true }) });
  if (has(step, 'hook')) {
    app.decorateRequest('credentials', null);
    app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      (request as FastifyRequest & { credentials: unknown }).credentials = request.headers.authorization;
      done();
    });
  }
  const work = Number(flag('work', '0'));
  const send = (reply: FastifyReply, status: number, request: FastifyRequest): FastifyReply => {
    if (work > 0) busy(work);
    const body = request.body as { properties?: { name?: unknown } } | undefined;
    const text = body?.properties?.name === undefined ? VERTEX : VERTEX.replace('"v1"', JSON.stringify(body.properties.name));
    return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(text);
  };
  const handler = has(step, 'async')
    ? async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
        await Promise.resolve();
        return send(reply, step.startsWith('post') ? 201 : 200, request);
      }
    : (request: FastifyRequest, reply: FastifyReply): FastifyReply => send(reply, step.startsWith('post') ? 201 : 200, request);
  const schema = has(step, 'schema') ? (step.startsWith('post') ? { params: { ...PARAMS, required: ['graph'] }, body: BODY } : { params: PARAMS }) : {};
  if (step.startsWith('post')) app.post('/graphs/:graph/graph/vertices', { schema }, handler);
  else app.get('/graphs/:graph/graph/vertices/:id', { schema }, handler);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`listening on ${url}`);
}

async function measure(step: Step, duration: number, connections: number, rate: number): Promise<void> {
  const profile = process.env.QUIVER_BENCH_PROFILE;
  const nodeArgs = profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profile}`, `--cpu-prof-name=${step}.cpuprofile`];
  const child = spawn(process.execPath, [...nodeArgs, fileURLToPath(import.meta.url), '--serve', step, '--work', flag('work', '0')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /listening on (\S+)/.exec(out);
      if (m !== null) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`step ${step} exited with ${String(code)}`)));
  });
  let counter = 0;
  const post = step.startsWith('post');
  const request: autocannon.Request = post
    ? {
        method: 'POST', path: '/graphs/hugegraph/graph/vertices', headers: { authorization: AUTH, 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ label: 'item', properties: { name: `s${counter++}`, n: 1 } }) }),
      }
    : { method: 'GET', path: '/', headers: { authorization: AUTH }, setupRequest: (req) => ({ ...req, path: `/graphs/hugegraph/graph/vertices/${encodeURIComponent(JSON.stringify(`1:v${counter++ % 20000}`))}` }) };
  const cpu0 = cpuSeconds(child.pid!);
  const result = await autocannon({ url, connections, duration, requests: [request], ...(rate > 0 ? { overallRate: rate } : {}) });
  const us = Math.round(((cpuSeconds(child.pid!) - cpu0) * 1e6) / Math.max(1, result.requests.total));
  console.log(`| ${step} | ${Math.round(result.requests.average)} | ${us} | ${result.non2xx + result.errors} |`);
  // SIGINT lets the child exit normally, so that a --cpu-prof profile is written.
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(profile === undefined ? 'SIGKILL' : 'SIGINT');
  });
}

async function main(): Promise<void> {
  const serving = process.argv.indexOf('--serve');
  if (serving >= 0) {
    process.once('SIGINT', () => process.exit(0));
    return serve(process.argv[serving + 1] as Step);
  }
  const only = flag('only', 'get,post').split(',');
  const stepsAt = process.argv.indexOf('--steps');
  const all: Step[] = [...(only.includes('get') ? GET_STEPS : []), ...(only.includes('post') ? POST_STEPS : [])];
  const steps = stepsAt < 0 ? all : all.filter((s) => process.argv[stepsAt + 1]!.split(',').includes(s));
  console.log('| step | req/s | server CPU µs/req | non-2xx+errors |\n|---|---|---|---|');
  for (const step of steps) await measure(step, Number(flag('duration', '4')), Number(flag('connections', '32')), Number(flag('rate', '0')));
}

await main();
