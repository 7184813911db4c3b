/**
 * The auth plugin: every request but those of the open paths (`/versions`, `/openapi.json`)
 * carries HugeGraph's credentials, HTTP Basic or a Bearer token (spec Part A §5,
 * hugegraph-notes §2.2), and runs as the identity they name, `request.identity`. It is
 * registered at the root (fastify-plugin), so its hook and decorator reach every route.
 *
 * A token, or a Basic credential verified within the last minute, is checked synchronously;
 * only a Basic password that needs scrypt makes the hook wait, and scrypt runs on libuv's
 * thread pool, so wrong passwords in flight never hold up other requests.
 * @module
 */
import fp from 'fastify-plugin';
import { normalizeIP } from '@fastify/rate-limit';
import type { Identity, ServerState } from '../../index.js';
import { unauthenticated } from '../error-mapper.js';
import { CONSOLE_PREFIX } from '../console.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request runs as: set by the auth plugin's `onRequest` hook before anything else. */
    identity: Identity;
  }
}

/**
 * How a request's `Authorization` header (and the client address) becomes an identity, at once
 * or after a password check; throws or rejects with the 401, 400 or 429 of bad credentials.
 */
export type Authenticator = (authorization: string | undefined, address: string) => Identity | Promise<Identity>;

/**
 * Options of {@link authPlugin}.
 */
interface AuthOptions {
  readonly state: ServerState;
  /** False: every request runs as the administrator, without credentials. */
  readonly check: boolean;
  /** Default: HugeGraph's Basic and Bearer credentials against the server's users. */
  readonly authenticate?: Authenticator;
  /** Further paths that need no credentials (health, public metrics). */
  readonly openPaths?: readonly string[];
}

/** Paths that need no credentials (hugegraph-notes §2.2), with the web console's redirects; the console's files need none either: a request whose matched route serves them
 * ({@link CONSOLE_PREFIX}), decided by the route and not the raw path. */
const OPEN_PATHS: ReadonlySet<string> = new Set(['/versions', '/openapi.json', '/', '/favicon.ico', '/console']);

function isOpen(open: ReadonlySet<string>, path: string, route: string | undefined): boolean {
  return open.has(path) || (route !== undefined && route.startsWith(CONSOLE_PREFIX));
}
const ANONYMOUS_ADMIN: Identity = { user_name: 'admin', user_id: 'admin', admin: true };

function bearer(state: ServerState, token: string): Identity {
  const who = state.users.checkToken(token);
  if (who === undefined) throw unauthenticated('AUTHENTICATION_FAILED', 'Authentication failed: invalid or expired token');
  return who;
}

/**
 * The token of a `Bearer` Authorization header, or undefined for another scheme.
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (header.startsWith('Bearer ')) return header.slice(7).trim();
  const space = header.indexOf(' ');
  return space > 0 && header.slice(0, space).toLowerCase() === 'bearer' ? header.slice(space + 1).trim() : undefined;
}

/**
 * The client address requests are counted by: IPv4-mapped IPv6 as IPv4, IPv6 by its /64.
 */
export function clientAddress(ip: string): string {
  return normalizeIP(ip);
}

/** HugeGraph's Basic and Bearer credentials checked against the users of `state`. */
export function credentials(state: ServerState): Authenticator {
  return (header, address) => {
    if (header === undefined || header === '') throw unauthenticated('AUTHENTICATION_REQUIRED', 'Authentication credentials are required');
    // The usual form first: one prefix test instead of splitting and lower-casing the scheme.
    if (header.startsWith('Bearer ')) return bearer(state, header.slice(7).trim());
    const space = header.indexOf(' ');
    const scheme = space < 0 ? header : header.slice(0, space);
    const value = space < 0 ? '' : header.slice(space + 1).trim();
    if (scheme.toLowerCase() === 'basic') {
      const parts = Buffer.from(value, 'base64').toString('utf8').split(':');
      const name = parts[0] ?? '';
      const password = parts[1] ?? '';
      if (parts.length !== 2 || name === '' || password === '') throw unauthenticated('BAD_CREDENTIALS_SYNTAX', 'Invalid syntax for username and password');
      const remembered = state.users.rememberedPassword(name, password);
      if (remembered !== undefined) return remembered;
      return state.users.checkPassword(name, password, { address: clientAddress(address) }).then((who) => {
        if (who === undefined) throw unauthenticated('AUTHENTICATION_FAILED', 'Authentication failed: incorrect username or password');
        return who;
      });
    }
    if (scheme.toLowerCase() === 'bearer') return bearer(state, value);
    throw unauthenticated('BAD_CREDENTIALS_SYNTAX', 'Only HTTP Basic or Bearer authentication is supported');
  };
}

/**
 * The auth plugin: decorates the request with `identity` and sets it in an `onRequest` hook
 * (a 401 for missing or wrong credentials ends the request there). The hook calls `next` at
 * once when the identity is known at once, and when the password check resolves otherwise.
 */
export const authPlugin = fp<AuthOptions>(
  (app, options, done) => {
    const authenticate = options.authenticate ?? credentials(options.state);
    const check = options.check;
    const open = options.openPaths === undefined ? OPEN_PATHS : new Set([...OPEN_PATHS, ...options.openPaths]);
    app.decorateRequest('identity');
    app.addHook('onRequest', (request, _reply, next) => {
      const url = request.url;
      const query = url.indexOf('?');
      let outcome: Identity | Promise<Identity>;
      try {
        outcome = !check || isOpen(open, query < 0 ? url : url.slice(0, query), request.routeOptions.url) ? ANONYMOUS_ADMIN : authenticate(request.headers.authorization, request.ip);
      } catch (error) {
        next(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (outcome instanceof Promise) {
        outcome.then(
          (who) => {
            request.identity = who;
            next();
          },
          (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
        );
        return;
      }
      request.identity = outcome;
      next();
    });
    done();
  },
  { name: 'quiver-auth', fastify: '5.x' },
);
