/**
 * Authentication on the Gremlin Server socket: SASL PLAIN, as Gremlin Server's
 * SaslAuthenticationHandler asks for it. The first request of a socket that has not
 * authenticated is answered with 407 (AUTHENTICATE); the client answers with an
 * `authentication` request under the same id whose `sasl` argument is base64 of
 * `authzid NUL user NUL password`; once it succeeds the socket runs as that user and the first
 * request runs. The credentials are Quiver's users, as on REST: a password is checked with the
 * same registry (and the same failed-login throttle), and an empty password with a token in
 * the user field logs in by token. A failure is 401.
 * @module
 */
import type { Identity, ServerState } from '../../index.js';
import { unauthenticated } from '../error-mapper.js';
import { clientAddress } from '../plugins/authentication.js';

/**
 * The identity of an `authentication` request's arguments; rejects with PermissionError
 * (401) when they name no user, a wrong password or an invalid token.
 */
export async function saslIdentity(state: ServerState, args: ReadonlyMap<string, unknown>, address: string): Promise<Identity> {
  const mechanism = args.get('saslMechanism') ?? 'PLAIN';
  if (mechanism !== 'PLAIN') throw unauthenticated('BAD_CREDENTIALS_SYNTAX', `Unsupported SASL mechanism '${String(mechanism)}': Quiver accepts PLAIN`);
  const sasl = args.get('sasl');
  const bytes = typeof sasl === 'string' ? Buffer.from(sasl, 'base64') : sasl instanceof Uint8Array ? Buffer.from(sasl) : undefined;
  const parts = bytes?.toString('utf8').split('\u0000');
  if (parts === undefined || parts.length !== 3) throw unauthenticated('BAD_CREDENTIALS_SYNTAX', 'Invalid SASL PLAIN response: expected authzid, user and password separated by NUL');
  const [, user = '', password = ''] = parts;
  if (user === '') throw unauthenticated('BAD_CREDENTIALS_SYNTAX', 'Invalid SASL PLAIN response: the user is empty');
  if (password === '') {
    const who = state.users.checkToken(user);
    if (who === undefined) throw unauthenticated('AUTHENTICATION_FAILED', 'Authentication failed: invalid or expired token');
    return who;
  }
  const who = state.users.rememberedPassword(user, password) ?? (await state.users.checkPassword(user, password, { address: clientAddress(address) }));
  if (who === undefined) throw unauthenticated('AUTHENTICATION_FAILED', 'Username and/or password are incorrect');
  return who;
}
