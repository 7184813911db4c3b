/**
 * `GET /health` (liveness: the process answers) and `GET /health/ready` (readiness: the data
 * directory is open, and every further check the server was given passes). Neither needs
 * credentials. A cluster mode adds its own check ("log reachable") through
 * {@link ReadinessCheck} without touching this file.
 * @module
 */
import type { FastifyInstance } from 'fastify';
import type { ServerState } from '../index.js';

/**
 * One readiness condition: a name for the answer and a test that resolves true when it holds.
 * A test that throws or rejects counts as false.
 */
export interface ReadinessCheck {
  readonly name: string;
  check(): boolean | Promise<boolean>;
}

/** The paths of this module, which the auth plugin lets through without credentials. */
export const HEALTH_PATHS: readonly string[] = ['/health', '/health/ready'];

/** The built-in check: the server state (and so every graph space's data directory) is open. */
function dataDirectory(state: ServerState): ReadinessCheck {
  return {
    name: 'data',
    check: () => {
      state.spaceNames();
      return true;
    },
  };
}

async function passes(check: ReadinessCheck): Promise<boolean> {
  try {
    return (await check.check()) === true;
  } catch {
    return false;
  }
}

/**
 * Registers the health routes.
 */
export function registerHealth(app: FastifyInstance, options: { readonly state: ServerState; readonly readiness?: readonly ReadinessCheck[] }): void {
  const checks = [dataDirectory(options.state), ...(options.readiness ?? [])];
  app.get('/health', { schema: { summary: 'Liveness: 200 while the process serves' } }, async () => ({ status: 'UP' }));
  app.get('/health/ready', { schema: { summary: 'Readiness: 200 when the data directory is open and every check passes, else 503' } }, async (_request, reply) => {
    const results: Record<string, 'UP' | 'DOWN'> = {};
    let ready = true;
    for (const check of checks) {
      const up = await passes(check);
      results[check.name] = up ? 'UP' : 'DOWN';
      ready &&= up;
    }
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'UP' : 'DOWN', checks: results });
  });
}
