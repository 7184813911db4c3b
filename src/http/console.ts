/**
 * Serves the web console (built by `npm run build` into dist/console/, source in
 * src/console-web/): static files at /console/ with @fastify/static, `GET /` and
 * `GET /favicon.ico` redirecting there, and @fastify/helmet's security headers with a strict
 * Content Security Policy on these routes only (the REST API's answers are unchanged). The
 * files need no credentials (the auth plugin lets {@link CONSOLE_PREFIX} through); every data
 * call the page makes goes to the REST API with a Bearer token.
 * @module
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import helmet from '@fastify/helmet';
import { NotFoundError } from '../index.js';

/** Where the console's files are served; requests under it need no credentials. */
export const CONSOLE_PREFIX = '/console/';

/** The built console: dist/console/, beside dist/src/ where this file runs. */
const CONSOLE_ROOT = fileURLToPath(new URL('../../console/', import.meta.url));

/**
 * The page may load only its own files and talk only to its own server: no inline script or
 * style, no other origin, no frames, no plugins. WebGL (sigma) needs nothing more.
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  workerSrc: ["'self'"],
};

/**
 * Registers the console's routes (an encapsulated plugin, so helmet's headers stay on them).
 * Without a build (only tsc ran) /console/ answers 404 saying how to build it.
 */
export async function consoleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(helmet, { contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES }, crossOriginEmbedderPolicy: false });
    scope.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(CONSOLE_PREFIX));
    scope.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) => reply.redirect(`${CONSOLE_PREFIX}favicon.svg`));
    if (existsSync(CONSOLE_ROOT)) {
      await scope.register(fastifyStatic, { root: CONSOLE_ROOT, prefix: CONSOLE_PREFIX, index: false, cacheControl: true, maxAge: 0 });
      // The router ignores trailing slashes, so `/console/*` misses the page's own address.
      scope.get(CONSOLE_PREFIX, { schema: { hide: true } }, (request, reply) =>
        request.url.split('?')[0]!.endsWith('/') ? reply.sendFile('index.html') : reply.redirect(CONSOLE_PREFIX),
      );
    } else {
      scope.get(`${CONSOLE_PREFIX}*`, { schema: { hide: true } }, () => {
        throw new NotFoundError('CONSOLE_NOT_BUILT', 'The web console is not built: run npm run build');
      });
    }
  });
}
