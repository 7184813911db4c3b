/**
 * Authentication (spec Part A §5, hugegraph-notes §2.3): login for a token, verify and logout,
 * at `/auth/...` and in the legacy family at `/graphs/auth/...` and `/graphs/{graph}/auth/...`.
 * A login's `token_expire` sets the token's lifetime, capped by the server's setting; a logout
 * revokes the presented token at once (HugeGraph only drops it from a cache).
 * @module
 */
import { unauthenticated } from '../error-mapper.js';
import { bearerToken, clientAddress } from '../plugins/authentication.js';
import { AUTH_PREFIXES, nameSchema } from './route-common.js';
import type { RouteGroup } from './route-common.js';

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
  for (const prefix of AUTH_PREFIXES) {
    const params = prefix.includes(':graph') ? { params: { type: 'object', properties: { graph: nameSchema }, required: ['graph'] } } : {};
    app.post<{ Body: { user_name: string; user_password: string; token_expire?: number } }>(
      `${prefix}/login`,
      { schema: { summary: 'Exchange a user name and password for a token', body: loginBody, ...params } },
      async (request) => {
        const { user_name, user_password, token_expire } = request.body;
        const token = await state.users.login(user_name, user_password, token_expire, { address: clientAddress(request.ip) });
        if (token === undefined) throw unauthenticated('AUTHENTICATION_FAILED', 'Authentication failed: incorrect username or password');
        return { token };
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
    app.delete(`${prefix}/logout`, { schema: { summary: 'End a token session: the token is revoked at once', ...params } }, async (request, reply) => {
      const token = bearerToken(request.headers.authorization);
      if (token === undefined) throw unauthenticated('BAD_CREDENTIALS_SYNTAX', 'Logout needs the token to end: Authorization: Bearer <token>');
      // The auth hook has checked the token already; a token revoked meanwhile is gone either way.
      await state.users.logout(token, { address: clientAddress(request.ip) });
      return reply.code(204).send();
    });
  }
};
