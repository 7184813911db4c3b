/**
 * Authentication (spec Part A §5, hugegraph-notes §2.3): login for a token, verify and logout,
 * at `/auth/...` and in the legacy family at `/graphs/auth/...` and `/graphs/{graph}/auth/...`.
 * @module
 */
import { unauthenticated } from '../error-mapper.js';
import { nameSchema } from './route-common.js';
import type { RouteGroup } from './route-common.js';

const DEFAULT_EXPIRE_SECONDS = 86400;
const PREFIXES = ['/auth', '/graphs/auth', '/graphs/:graph/auth'] as const;

const loginBody = {
  type: 'object',
  properties: {
    user_name: { type: 'string', minLength: 1, maxLength: 64 },
    user_password: { type: 'string', minLength: 1, maxLength: 256 },
    token_expire: { type: 'integer', minimum: 1, maximum: 10 * 365 * 86400 },
  },
  required: ['user_name', 'user_password'],
  additionalProperties: false,
} as const;

/**
 * Login, verify and logout routes.
 */
export const authRoutes: RouteGroup = (app, { state }) => {
  for (const prefix of PREFIXES) {
    const params = prefix.includes(':graph') ? { params: { type: 'object', properties: { graph: nameSchema }, required: ['graph'] } } : {};
    app.post<{ Body: { user_name: string; user_password: string; token_expire?: number } }>(
      `${prefix}/login`,
      { schema: { summary: 'Exchange a user name and password for a token', body: loginBody, ...params } },
      async (request) => {
        const who = state.users.checkPassword(request.body.user_name, request.body.user_password);
        if (who === undefined) throw unauthenticated('AUTHENTICATION_FAILED', 'Authentication failed: incorrect username or password');
        return { token: state.users.issueToken(who, request.body.token_expire ?? DEFAULT_EXPIRE_SECONDS) };
      },
    );
    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: `${prefix}/verify`,
        schema: { summary: 'The user of the presented token', ...params },
        handler: async (request) => {
          const who = request.identity;
          return { user_name: who.user_name, user_id: who.user_id };
        },
      });
    }
    app.delete(`${prefix}/logout`, { schema: { summary: 'End a token session', ...params } }, async (_request, reply) => reply.code(204).send());
  }
};
