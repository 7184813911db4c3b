/**
 * The serializers of the Gremlin Server socket, chosen per request by the MIME type that
 * prefixes its frame (one length byte, then the type): GraphBinary v1 (the drivers' default),
 * GraphSON 3 and GraphSON 2. A response goes in the serializer of its request, GraphBinary as
 * binary frames, GraphSON as text frames. A text frame carries GraphSON 3 without a prefix, as
 * Gremlin Server reads one.
 * @module
 */
import { UnsupportedError } from '../../index.js';
import { readBinaryRequest } from './binary-reader.js';
import { writeBinaryResponse } from './binary-writer.js';
import { GraphsonReader } from './graphson-reader.js';
import { writeGraphsonResponse } from './graphson-writer.js';
import { MIME } from './wire.js';
import type { RequestMessage, ResponseMessage } from './wire.js';

/**
 * One wire format: how it reads a request and writes a response.
 */
export interface Serializer {
  readonly mime: string;
  /** Whether its responses go in binary frames (else text frames). */
  readonly binary: boolean;
  readRequest(payload: Buffer): RequestMessage;
  writeResponse(message: ResponseMessage): Buffer | string;
}

const graphson = new GraphsonReader();

const GRAPHBINARY: Serializer = {
  mime: MIME.GRAPHBINARY,
  binary: true,
  readRequest: readBinaryRequest,
  writeResponse: writeBinaryResponse,
};

function graphsonSerializer(mime: string, version: 2 | 3): Serializer {
  return {
    mime,
    binary: false,
    readRequest: (payload) => graphson.request(payload.toString('utf8')),
    writeResponse: (message) => writeGraphsonResponse(message, version),
  };
}

const GRAPHSON3 = graphsonSerializer(MIME.GRAPHSON3, 3);

const BY_MIME: ReadonlyMap<string, Serializer> = new Map([
  [MIME.GRAPHBINARY, GRAPHBINARY],
  [MIME.GRAPHSON3, GRAPHSON3],
  [MIME.GRAPHSON2, graphsonSerializer(MIME.GRAPHSON2, 2)],
  [MIME.JSON, GRAPHSON3],
]);

/**
 * The serializer of a frame and its payload: the MIME prefix of a binary frame names it; a text
 * frame is GraphSON 3. An unknown MIME type is an UnsupportedError `GREMLIN_SERVER_MIME`.
 */
export function frameSerializer(data: Buffer, binary: boolean): { readonly serializer: Serializer; readonly payload: Buffer } {
  if (!binary) return { serializer: GRAPHSON3, payload: data };
  const length = data[0] ?? 0;
  const mime = data.toString('utf8', 1, 1 + length);
  const serializer = BY_MIME.get(mime);
  if (serializer === undefined || data.length < 1 + length) {
    throw new UnsupportedError('GREMLIN_SERVER_MIME', `Unsupported serializer '${mime}': Quiver reads ${[...BY_MIME.keys()].join(', ')}`);
  }
  return { serializer, payload: data.subarray(1 + length) };
}

/** The serializer a response goes in when the request's own could not be found: GraphBinary. */
export const FALLBACK_SERIALIZER = GRAPHBINARY;
