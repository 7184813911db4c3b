/**
 * The one way the client scenarios talk to a live `quiver serve`: a request sent over node:http
 * exactly as given, and the whole reply read back with its content encoding undone.
 * @module
 */
import { request as httpRequest } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';

/** A reply as it came over the wire: status, headers, and the body as text. */
export interface WireReply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/**
 * Sends `method path` to the server at `base` with exactly `headers`, writing the body in the
 * given pieces (several pieces go out as several writes: a chunked body), and resolves with the
 * reply, its gzip or deflate encoding undone.
 */
export function wireRequest(
  base: string,
  request: { readonly method: string; readonly path: string; readonly headers: Record<string, string>; readonly body?: string | Buffer | readonly Buffer[] },
): Promise<WireReply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: request.path, method: request.method, headers: request.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let body = Buffer.concat(chunks);
        if (res.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        else if (res.headers['content-encoding'] === 'deflate') body = inflateSync(body);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: body.toString('utf8') });
      });
    });
    req.on('error', reject);
    const pieces = request.body === undefined ? [] : typeof request.body === 'string' || Buffer.isBuffer(request.body) ? [request.body] : request.body;
    for (const piece of pieces) req.write(piece);
    req.end();
  });
}
