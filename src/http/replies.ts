/**
 * How the REST routes send JSON they have already written as text: one element
 * ({@link sendJsonText}), and lists whose item texts are made in turns and sent whole, or
 * streamed a group at a time with a turn of the event loop between groups ({@link sendTexts},
 * {@link sendPage}), so that a large reply never stalls other requests.
 * @module
 */
import { Readable, pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { createGzip, gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { breather, mapInTurns } from '../index.js';
import { jsonText } from './json-text.js';
import { restJsonText } from './json-text.js';

/**
 * Sends JSON text already made (see {@link restJsonText}) with `status`, skipping the reply
 * serializer.
 */
export function sendJsonText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(text);
}

const gzipAsync = promisify(gzip);

/** Item texts joined per piece of a streamed reply; a list of more items is streamed. */
const STREAM_GROUP = 1024;

/**
 * The JSON texts of a reply's list items ({@link restJsonText} of each), made in time slices that
 * take turns with other work, so that shaping thousands of elements never stalls the event loop.
 */
function itemTexts(items: readonly unknown[], signal?: AbortSignal): Promise<string[]> {
  return mapInTurns(items, restJsonText, signal);
}

async function* replyPieces(head: string, texts: readonly string[], tail: string): AsyncGenerator<string> {
  yield head;
  for (let i = 0; i < texts.length; i += STREAM_GROUP) {
    if (i > 0) await breather();
    yield (i > 0 ? ',' : '') + texts.slice(i, i + STREAM_GROUP).join(',');
  }
  yield tail;
}

/**
 * Sends `head + texts.join(',') + tail` as a 200 JSON reply, gzip-compressed with `gzip`. Up to
 * 1,024 texts are one text with a content length; more are streamed a group at a time with a
 * turn of the event loop between groups (chunked), so that neither the whole text nor its bytes
 * are made in one step.
 */
export async function sendTexts(reply: FastifyReply, head: string, texts: readonly string[], tail: string, options: { readonly gzip?: boolean } = {}): Promise<FastifyReply> {
  void reply.code(200).header('content-type', 'application/json; charset=utf-8');
  if (options.gzip === true) void reply.header('content-encoding', 'gzip');
  if (texts.length > STREAM_GROUP) {
    const pieces = Readable.from(replyPieces(head, texts, tail));
    if (options.gzip !== true) return reply.send(pieces);
    // pipeline, not pipe: when the client goes away and the reply destroys the gzip stream, the pieces end too.
    const zipped = createGzip();
    pipeline(pieces, zipped, () => undefined);
    return reply.send(zipped);
  }
  const text = head + texts.join(',') + tail;
  return reply.send(options.gzip === true ? await gzipAsync(Buffer.from(text)) : text);
}

/**
 * Sends a page of a list route, `{"<key>":[...],"page":...}`, through {@link sendTexts}; `page`
 * is written when the request named a page (its value the next page, null at the end).
 */
export async function sendPage(reply: FastifyReply, key: 'vertices' | 'edges', items: readonly unknown[], page: { readonly paged: boolean; readonly next?: string | null } = { paged: false }): Promise<FastifyReply> {
  const tail = page.paged && page.next !== undefined ? `],"page":${jsonText(page.next)}}` : ']}';
  return sendTexts(reply, `{"${key}":[`, await itemTexts(items), tail);
}
