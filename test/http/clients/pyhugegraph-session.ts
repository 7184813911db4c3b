/**
 * pyhugegraph's HGraphConfig, HGraphSession and ResponseValidation, request for request: Python
 * cannot run here, so {@link PySession} sends each request the way the client does (requests'
 * default headers, `Content-Type: application/json` on every request, Basic credentials, urljoin
 * of the path onto `graphs/{graph}/` or `graphspaces/{space}/graphs/{graph}/`, requests'
 * re-quoting of the URL, Python's json.dumps spacing) and reads the answer the way its
 * ResponseValidation does (2xx: JSON, text or `{}` for 204; 404: NotFoundError, or `{}` when not
 * strict; 400: "Server Exception: <exception>"; any other status: HTTPError).
 * @module
 */
import assert from 'node:assert/strict';
import { wireRequest, type WireReply } from './wire.js';

/** Characters requests' requote_uri leaves as they are; every other one is percent-encoded. */
const URI_SAFE = /[A-Za-z0-9\-._~!#$%&'()*+,/:;=?@[\]]/;

function requote(url: string): string {
  return [...url].map((c) => (URI_SAFE.test(c) ? c : [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''))).join('');
}

/** urlencode's quote_plus, for `params=`. */
function quotePlus(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
}

/** Python's json.dumps with its defaults: ", " and ": " separators, non-ASCII escaped, None as null. */
export function dumps(value: unknown): string {
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(dumps).join(', ')}]`;
  if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${dumps(k)}: ${dumps(v)}`).join(', ')}}`;
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<WireReply> {
  return wireRequest(url, { method, path: url.slice(url.indexOf('/', 'http://'.length)), headers, ...(body === undefined ? {} : { body }) });
}

/** What the client raises: NotFoundError (404), "Server Exception: ..." (400), or HTTPError. */
export class ClientError extends Error {
  constructor(readonly kind: 'NotFoundError' | 'ServerException' | 'HTTPError', readonly status: number, message: string, options: { readonly reply?: string } = {}) {
    // The server's whole answer goes into the cause, for a failing test's report; the client shows only `message`.
    super(message, options.reply === undefined ? undefined : { cause: options.reply });
  }
}

/** Options of one request: `data=`, `params=` and the ResponseValidation it is read with. */
export interface RequestOptions {
  readonly data?: string;
  readonly params?: Record<string, string | number>;
  /** ResponseValidation's content type (default json). */
  readonly content?: 'json' | 'text';
  /** ResponseValidation's strict (default true): when false, a 404 is `{}`. */
  readonly strict?: boolean;
}

/** HGraphConfig + HGraphSession + ResponseValidation of pyhugegraph. */
export class PySession {
  readonly gsSupported: boolean;
  last: WireReply | undefined;
  private constructor(readonly url: string, readonly graph: string, private readonly auth: string, readonly graphspace: string | undefined) {
    this.gsSupported = graphspace !== undefined;
  }

  /** PyHugeClient(url, graph, user, pwd, graphspace): without a space, the /versions probe decides. */
  static async connect(url: string, graph: string, credentials: { readonly user: string; readonly password: string; readonly graphspace?: string }): Promise<PySession> {
    const auth = `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
    if (credentials.graphspace !== undefined) return new PySession(url, graph, auth, credentials.graphspace);
    // requests.get(f"{url}/versions", timeout=0.5): no credentials, no Content-Type.
    const probe = await send(`${url}/versions`, 'GET', { 'User-Agent': 'python-requests/2.32.3', 'Accept-Encoding': 'gzip, deflate', Accept: '*/*', Connection: 'keep-alive' });
    assert.equal(probe.status, 200, probe.text);
    const core = String(JSON.parse(probe.text).versions.core);
    const m = /(\d+)\.(\d+)(?:\.(\d+))?(?:\.\d+)?/.exec(core);
    assert.ok(m !== null && m[3] !== undefined, `the client reads major, minor and patch from core '${core}'`);
    return new PySession(url, graph, auth, Number(m[1]) >= 3 ? 'DEFAULT' : undefined);
  }

  /** HGraphSession.resolve: urljoin onto the graph's base; a path starting with '/' replaces it. */
  resolve(path: string): string {
    const base = this.graphspace !== undefined ? `${this.url}/graphspaces/${this.graphspace}/graphs/${this.graph}/` : `${this.url}/graphs/${this.graph}/`;
    const joined = path.startsWith('/') ? `${this.url}${path}` : `${base}${path}`;
    return joined.replace(/\/+$/, '');
  }

  // The client's answers are JSON of any shape; the scenario reads them as the Python code does.
  async request(path: string, method = 'GET', options: RequestOptions = {}): Promise<any> {
    let url = this.resolve(path);
    const params = Object.entries(options.params ?? {});
    if (params.length > 0) url += `${url.includes('?') ? '&' : '?'}${params.map(([k, v]) => `${quotePlus(k)}=${quotePlus(String(v))}`).join('&')}`;
    const headers: Record<string, string> = {
      'User-Agent': 'python-requests/2.32.3', 'Accept-Encoding': 'gzip, deflate', Accept: '*/*', Connection: 'keep-alive',
      'Content-Type': 'application/json', Authorization: this.auth,
    };
    // requests sends Content-Length: 0 for a body-less request of any method but GET and HEAD.
    if (options.data !== undefined) headers['Content-Length'] = String(Buffer.byteLength(options.data));
    else if (method !== 'GET' && method !== 'HEAD') headers['Content-Length'] = '0';
    const res = await send(requote(url), method, headers, options.data);
    this.last = res;
    if (res.status >= 200 && res.status < 300) {
      if (res.status === 204) return {};
      return options.content === 'text' ? res.text : JSON.parse(res.text);
    }
    if (res.status === 404 && options.strict === false) return {};
    let exception = "key 'exception' not found";
    try {
      exception = JSON.parse(res.text).exception ?? exception;
    } catch {
      // not JSON: the client logs the fallback text
    }
    const reply = `${method} ${url}: ${res.status} ${res.text}`;
    if (res.status === 404) throw new ClientError('NotFoundError', 404, res.text, { reply });
    if (res.status === 400) throw new ClientError('ServerException', 400, `Server Exception: ${exception}`, { reply });
    throw new ClientError('HTTPError', res.status, res.text, { reply });
  }
}

/** Resolves with the error `call` raises, checked to be of `kind` (and to match `message`); fails when it resolves. */
export async function rejects(call: Promise<unknown>, kind: ClientError['kind'], message?: RegExp): Promise<ClientError> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof ClientError, String(error));
    assert.equal(error.kind, kind, error.message);
    if (message !== undefined) assert.match(error.message, message);
    return error;
  }
  return assert.fail('the client call was expected to raise');
}
