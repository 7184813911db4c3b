/**
 * Tokens (spec Part A §2.6, hugegraph-notes §2.3): JWTs signed HS256 with fast-jwt, claims
 * `user_name`, `user_id`, `iat`, `exp` and a random `jti`. The verifier accepts HS256 only, so a
 * token with `alg: none` or another algorithm is refused. The signing secret is 32 random bytes
 * per data directory, in `<data>/server/token-secret` (mode 0600), so tokens survive a restart;
 * a server held in memory draws one per process. A logout revokes one token: its `jti` goes to
 * `<data>/server/revoked-tokens.json` (written durably before the logout answers) until the
 * token would have expired anyway.
 * @module
 */
import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { StorageError } from '../../errors.js';
import { replaceFileDurably } from '../../storage/index.js';
import { StateFile } from '../durability/state-file.js';
import { ExpiringMap } from './passwords.js';

/** The claims of a valid token. */
interface TokenClaims {
  readonly user_name: string;
  readonly user_id: string;
  /** Expiry, epoch seconds. */
  readonly exp: number;
  /** Issue time, epoch seconds (0 for a token made before Quiver wrote `iat`). */
  readonly iat: number;
  /** What a revocation of this token records: its `jti`, or its signature when it has none. */
  readonly revocationId: string;
}

/** The revoked tokens of a data directory, each until its own expiry. */
interface RevokedDocument {
  readonly tokens: readonly { readonly id: string; readonly exp: number }[];
}

/** File of the signing secret in `<data>/server/`. */
const SECRET_FILE = 'token-secret';
/** File of the revoked tokens in `<data>/server/`. */
const REVOKED_FILE = 'revoked-tokens.json';
/** Bytes of a generated secret. */
const SECRET_BYTES = 32;

/** How long a verified token is remembered (never past its own expiry). */
const TOKEN_TTL_MS = 60_000;
/** At most this many remembered tokens; the oldest is dropped first. */
const TOKEN_MAX = 4096;

/**
 * Signs, checks and revokes the tokens of one server.
 */
export class TokenKeeper {
  private readonly remembered = new ExpiringMap<TokenClaims>(TOKEN_MAX);
  private revoked: ReadonlySet<string>;
  private readonly signer: (payload: Readonly<Record<string, unknown>>) => string;
  private readonly verifier: (token: string) => unknown;

  private constructor(
    secret: Buffer,
    private readonly revocations: StateFile<RevokedDocument>,
  ) {
    this.signer = createSigner({ algorithm: 'HS256', key: secret });
    this.verifier = createVerifier({ algorithms: ['HS256'], key: secret, requiredClaims: ['exp'], cache: false });
    this.revoked = new Set(revocations.value.tokens.map((t) => t.id));
  }

  /**
   * Opens the secret and the revocations of the server directory `directory` (undefined: held in
   * memory, with a random secret of this process). A directory without a secret file takes
   * `legacySecret` (the base64 `token_secret` older versions kept in users.json) or a new random
   * one, and writes it with mode 0600.
   */
  static async open(directory: string | undefined, legacySecret: string | undefined): Promise<TokenKeeper> {
    const secret = directory === undefined ? randomBytes(SECRET_BYTES) : await openSecret(join(directory, SECRET_FILE), legacySecret);
    const revocations = await StateFile.open<RevokedDocument>(directory === undefined ? undefined : join(directory, REVOKED_FILE), { tokens: [] });
    const keeper = new TokenKeeper(secret, revocations);
    await keeper.prune();
    return keeper;
  }

  /**
   * A signed token with these claims and a random `jti`.
   */
  issue(claims: { readonly user_name: string; readonly user_id: string; readonly iat: number; readonly exp: number }): string {
    return this.signer({ user_name: claims.user_name, user_id: claims.user_id, iat: claims.iat, exp: claims.exp, jti: randomBytes(16).toString('base64url') });
  }

  /**
   * The claims of a token whose algorithm, signature and expiry pass and which is not revoked,
   * else undefined. A verified token is remembered for up to a minute (never past its expiry),
   * so a repeat check is a map lookup; revocation is checked every time.
   */
  check(token: string): TokenClaims | undefined {
    let claims = this.remembered.get(token);
    if (claims === undefined) {
      claims = this.verify(token);
      if (claims === undefined) return undefined;
      this.remembered.set(token, claims, Math.min(Date.now() + TOKEN_TTL_MS, claims.exp * 1000));
    }
    return this.revoked.has(claims.revocationId) ? undefined : claims;
  }

  /**
   * Revokes one token at once and durably (the revocation is on disk when this resolves); the
   * entry is dropped once the token has expired.
   */
  async revoke(claims: TokenClaims): Promise<void> {
    if (this.revoked.has(claims.revocationId)) return;
    const now = Date.now() / 1000;
    const tokens = [...this.revocations.value.tokens.filter((t) => t.exp > now), { id: claims.revocationId, exp: claims.exp }];
    this.revoked = new Set(tokens.map((t) => t.id));
    await this.revocations.save({ tokens });
  }

  /**
   * Waits for pending revocation writes.
   */
  flush(): Promise<void> {
    return this.revocations.flush();
  }

  /** Drops the revocations of tokens that have expired. */
  private async prune(): Promise<void> {
    const now = Date.now() / 1000;
    const tokens = this.revocations.value.tokens;
    const live = tokens.filter((t) => t.exp > now);
    if (live.length === tokens.length) return;
    this.revoked = new Set(live.map((t) => t.id));
    await this.revocations.save({ tokens: live });
  }

  private verify(token: string): TokenClaims | undefined {
    let payload: unknown;
    try {
      payload = this.verifier(token);
    } catch {
      return undefined;
    }
    if (typeof payload !== 'object' || payload === null) return undefined;
    const { user_name, user_id, exp, iat, jti } = payload as Readonly<Record<string, unknown>>;
    if (typeof user_name !== 'string' || typeof exp !== 'number') return undefined;
    const revocationId = typeof jti === 'string' && jti !== '' ? jti : `sig:${token.slice(token.lastIndexOf('.') + 1)}`;
    return Object.freeze({ user_name, user_id: typeof user_id === 'string' ? user_id : user_name, exp, iat: typeof iat === 'number' ? iat : 0, revocationId });
  }
}

/** Reads the secret file (tightening its mode to 0600), or creates it. */
async function openSecret(path: string, legacySecret: string | undefined): Promise<Buffer> {
  let text: string | undefined;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code !== 'ENOENT') throw damaged(path, (cause as Error).message, cause);
  }
  if (text !== undefined) {
    const secret = Buffer.from(text.trim(), 'base64');
    if (secret.length < SECRET_BYTES) throw damaged(path, `it holds ${secret.length} bytes, at least ${SECRET_BYTES} are needed`);
    if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, 0o600);
    return secret;
  }
  const legacy = legacySecret === undefined || legacySecret === '' ? undefined : Buffer.from(legacySecret, 'base64');
  const secret = legacy !== undefined && legacy.length >= SECRET_BYTES ? legacy : randomBytes(SECRET_BYTES);
  await mkdir(join(path, '..'), { recursive: true });
  await replaceFileDurably(path, async (handle) => {
    await handle.chmod(0o600);
    await handle.writeFile(`${secret.toString('base64')}\n`);
  });
  return secret;
}

function damaged(path: string, reason: string, cause?: unknown): StorageError {
  return new StorageError('STATE_DAMAGED', `Cannot read the token secret '${path}': ${reason}`, { details: { file: path }, ...(cause === undefined ? {} : { cause }) });
}
