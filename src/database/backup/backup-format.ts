/**
 * The backup file (docs/backup.md): an 8-byte magic, then frames of `u32 length | u32 crc32 |
 * payload`, the payload's first byte its kind. JSON frames hold the header, the server's
 * documents, a graph's description (configuration, modes, schema, variables) and its counts;
 * binary frames hold chunks of vertices or edges in the storage codec's tagged value encoding,
 * so every value type round-trips. The last frame, END, holds the number of frames before it
 * and the SHA-256 of every byte before it: a file without it, or whose digest differs, is
 * truncated or damaged, and nothing reads past a frame whose checksum fails.
 * @module
 */
import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { StorageError } from '../../errors.js';
import { ByteReader, ByteWriter, crc32 } from '../../storage/index.js';
import { TypedNumber, Uuid } from '../../values/index.js';
import type { ElementId, PropertyValue } from '../../values/index.js';

/** First bytes of every backup file; the digit is the format version. */
const BACKUP_MAGIC = Buffer.from('QVRBAK01', 'latin1');

/** What a frame holds. */
export const FRAME = { header: 1, server: 2, graph: 3, vertices: 4, edges: 5, graphEnd: 6, end: 7 } as const;
type FrameKind = (typeof FRAME)[keyof typeof FRAME];

const FRAME_HEADER_BYTES = 8;
/** Largest payload a reader accepts (a chunk is far smaller); a larger length is damage. */
const MAX_FRAME_BYTES = 256 * 1024 * 1024;

/** One vertex as a backup holds it. */
export interface BackupVertex {
  readonly id: ElementId;
  readonly label: string;
  readonly properties: readonly { readonly key: string; readonly value: PropertyValue; readonly meta: readonly (readonly [string, PropertyValue])[] }[];
}

/** One edge as a backup holds it. */
export interface BackupEdge {
  readonly id: ElementId;
  readonly label: string;
  readonly out: ElementId;
  readonly in: ElementId;
  readonly properties: readonly (readonly [string, PropertyValue])[];
}

/** A frame read back. */
type Frame =
  | { readonly kind: typeof FRAME.header | typeof FRAME.server | typeof FRAME.graph | typeof FRAME.graphEnd | typeof FRAME.end; readonly json: Record<string, unknown> }
  | { readonly kind: typeof FRAME.vertices; readonly vertices: readonly BackupVertex[] }
  | { readonly kind: typeof FRAME.edges; readonly edges: readonly BackupEdge[] };

/** Frames one payload: header, then the payload. */
function framed(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(FRAME_HEADER_BYTES + payload.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, payload.length, true);
  view.setUint32(4, crc32(payload), true);
  out.set(payload, FRAME_HEADER_BYTES);
  return out;
}

/**
 * Turns the parts of a backup into its bytes, keeping the running digest and frame count that
 * the END frame records.
 */
export class BackupEncoder {
  private readonly digest: Hash = createHash('sha256');
  private frames = 0;

  /** The magic; call first. */
  start(): Uint8Array {
    this.digest.update(BACKUP_MAGIC);
    return BACKUP_MAGIC;
  }

  /** A JSON frame. */
  json(kind: FrameKind, value: Record<string, unknown>): Uint8Array {
    const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v === Number.POSITIVE_INFINITY ? null : v));
    const body = Buffer.from(text, 'utf8');
    const payload = new Uint8Array(body.length + 1);
    payload[0] = kind;
    payload.set(body, 1);
    return this.count(framed(payload));
  }

  /** A chunk of vertices. */
  vertices(vertices: readonly BackupVertex[]): Uint8Array {
    const w = new ByteWriter();
    w.u8(FRAME.vertices);
    w.varUint(vertices.length);
    for (const v of vertices) {
      w.value(v.id);
      w.string(v.label);
      w.varUint(v.properties.length);
      for (const p of v.properties) {
        w.string(p.key);
        w.value(p.value);
        w.varUint(p.meta.length);
        for (const [key, value] of p.meta) {
          w.string(key);
          w.value(value);
        }
      }
    }
    return this.count(framed(w.finish()));
  }

  /** A chunk of edges. */
  edges(edges: readonly BackupEdge[]): Uint8Array {
    const w = new ByteWriter();
    w.u8(FRAME.edges);
    w.varUint(edges.length);
    for (const e of edges) {
      w.value(e.id);
      w.string(e.label);
      w.value(e.out);
      w.value(e.in);
      w.varUint(e.properties.length);
      for (const [key, value] of e.properties) {
        w.string(key);
        w.value(value);
      }
    }
    return this.count(framed(w.finish()));
  }

  /** The END frame: frames so far and the digest of every byte before it. */
  end(): Uint8Array {
    return this.json(FRAME.end, { frames: this.frames, sha256: this.digest.copy().digest('hex') });
  }

  private count(bytes: Uint8Array): Uint8Array {
    this.frames++;
    this.digest.update(bytes);
    return bytes;
  }
}

/** StorageError `BACKUP_DAMAGED` naming the file and where. */
function damaged(file: string, detail: string): StorageError {
  return new StorageError('BACKUP_DAMAGED', `Backup file '${file}' is damaged or incomplete: ${detail}`, { details: { file } });
}

function elementId(value: PropertyValue, file: string): ElementId {
  if (typeof value === 'number' || typeof value === 'string' || value instanceof TypedNumber || value instanceof Uuid) return value;
  throw damaged(file, 'an element id of an unknown type');
}

function decodeVertices(r: ByteReader, file: string): BackupVertex[] {
  const out: BackupVertex[] = [];
  for (let n = r.varUint(); n > 0; n--) {
    const id = elementId(r.value(), file);
    const label = r.string();
    const properties: BackupVertex['properties'][number][] = [];
    for (let p = r.varUint(); p > 0; p--) {
      const key = r.string();
      const value = r.value();
      const meta: (readonly [string, PropertyValue])[] = [];
      for (let m = r.varUint(); m > 0; m--) meta.push([r.string(), r.value()]);
      properties.push({ key, value, meta });
    }
    out.push({ id, label, properties });
  }
  return out;
}

function decodeEdges(r: ByteReader, file: string): BackupEdge[] {
  const out: BackupEdge[] = [];
  for (let n = r.varUint(); n > 0; n--) {
    const id = elementId(r.value(), file);
    const label = r.string();
    const outV = elementId(r.value(), file);
    const inV = elementId(r.value(), file);
    const properties: (readonly [string, PropertyValue])[] = [];
    for (let p = r.varUint(); p > 0; p--) properties.push([r.string(), r.value()]);
    out.push({ id, label, out: outV, in: inV, properties });
  }
  return out;
}

function decodeFrame(payload: Uint8Array, file: string): Frame {
  const kind = payload[0];
  try {
    if (kind === FRAME.vertices || kind === FRAME.edges) {
      const r = new ByteReader(payload.subarray(1));
      return kind === FRAME.vertices ? { kind, vertices: decodeVertices(r, file) } : { kind, edges: decodeEdges(r, file) };
    }
    if (kind === FRAME.header || kind === FRAME.server || kind === FRAME.graph || kind === FRAME.graphEnd || kind === FRAME.end) {
      const json: unknown = JSON.parse(Buffer.from(payload.buffer, payload.byteOffset + 1, payload.length - 1).toString('utf8'));
      if (typeof json !== 'object' || json === null || Array.isArray(json)) throw damaged(file, 'a JSON frame that is not an object');
      return { kind, json: json as Record<string, unknown> };
    }
  } catch (error) {
    if (error instanceof StorageError) throw error;
    throw damaged(file, `a frame that does not decode (${(error as Error).message})`);
  }
  throw damaged(file, `a frame of unknown kind ${String(kind)}`);
}

/**
 * Reads the frames of a backup file in order, checking the magic, every frame's length and
 * checksum, and at the end the END frame's count and digest; throws StorageError
 * `BACKUP_DAMAGED` at the first thing that does not verify. Read it once through to verify a
 * file before acting on any frame.
 */
export async function* readFrames(handle: FileHandle, file: string): AsyncGenerator<Frame> {
  const { size } = await handle.stat();
  const digest = createHash('sha256');
  const readExactly = async (position: number, length: number): Promise<Buffer> => {
    if (position + length > size) throw damaged(file, `it ends at byte ${size}, inside a frame`);
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    if (bytesRead !== length) throw damaged(file, `it ends at byte ${position + bytesRead}, inside a frame`);
    return buffer;
  };
  const magic = await readExactly(0, BACKUP_MAGIC.length).catch(() => {
    throw damaged(file, 'it is not a Quiver backup (no magic)');
  });
  if (!magic.equals(BACKUP_MAGIC)) throw damaged(file, 'it is not a Quiver backup of this version (wrong magic)');
  digest.update(magic);
  let position = BACKUP_MAGIC.length;
  let frames = 0;
  for (;;) {
    if (position === size) throw damaged(file, `it ends at byte ${size} without its END frame (truncated)`);
    const header = await readExactly(position, FRAME_HEADER_BYTES);
    const length = header.readUInt32LE(0);
    if (length === 0 || length > MAX_FRAME_BYTES) throw damaged(file, `a frame length of ${length} at byte ${position}`);
    const payload = await readExactly(position + FRAME_HEADER_BYTES, length);
    if (crc32(payload) !== header.readUInt32LE(4)) throw damaged(file, `checksum mismatch in the frame at byte ${position}`);
    const frame = decodeFrame(payload, file);
    if (frame.kind === FRAME.end) {
      if (frame.json.frames !== frames || frame.json.sha256 !== digest.digest('hex')) throw damaged(file, 'the END frame does not match the frames before it');
      if (position + FRAME_HEADER_BYTES + length !== size) throw damaged(file, 'bytes follow the END frame');
      return;
    }
    digest.update(header);
    digest.update(payload);
    frames++;
    position += FRAME_HEADER_BYTES + length;
    yield frame;
  }
}
