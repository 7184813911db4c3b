/**
 * What the HugeGraph REST doc-example tests share: a request sent as curl sends it, and a run
 * that records every mismatch under the example's name instead of stopping at the first, so
 * that one run lists every difference.
 * @module
 */
import assert from 'node:assert/strict';
import { LIVE_PASSWORD } from '../../../bench/server/live-server.js';
import { wireRequest } from './wire.js';

/** A reply: status, body text, and the body parsed as JSON (undefined when it is not JSON). */
export interface Reply {
  readonly status: number;
  readonly text: string;
  readonly json: any;
}

const BASIC = `Basic ${Buffer.from(`admin:${LIVE_PASSWORD}`).toString('base64')}`;

/**
 * One request as curl sends it: the path goes out byte for byte (node:http refuses only
 * characters above U+00FF, which curl would send as raw UTF-8; those are percent-encoded).
 */
export async function send(base: string, method: string, path: string, body?: string, contentType = 'application/json'): Promise<Reply> {
  const headers: Record<string, string> = { Authorization: BASIC, Accept: '*/*' };
  if (body !== undefined) headers['Content-Type'] = contentType;
  const wire = path.replace(/[^\u0000-\u00ff]/gu, (c) => encodeURIComponent(c));
  const reply = await wireRequest(base, { method, path: wire, headers, ...(body === undefined ? {} : { body }) });
  let json: unknown;
  try {
    json = JSON.parse(reply.text);
  } catch {
    json = undefined;
  }
  return { status: reply.status, text: reply.text, json };
}

/** The items as sorted JSON texts, so that order does not count. */
export const sorted = (xs: readonly unknown[]): unknown[] => [...xs].map((x) => JSON.stringify(x)).sort();

/** JSON text with object keys sorted, so that key order does not count. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(value);
}

/** The doc's 4-part edge id as Quiver writes it: the 5-part form of notes §7.2 (sub-label = label). */
export const written = (id: string): string => id.replace(/^(S[^>]*)>(\d+)>/, '$1>$2>$2>');

/** One page-by-page run of doc examples against a server. */
export interface DocRun {
  /** Every mismatch so far, `<example>: <what was wanted> (got ...)`. */
  readonly misses: string[];
  /** Sends a documented example, named for the mismatches it causes. */
  ex(name: string, method: string, path: string, body?: string, contentType?: string): Promise<Reply>;
  /** Names what follows a precondition (`setup: ...`), not an example. */
  setup(what: string): void;
  check(ok: boolean, what: string, got?: unknown): void;
  status(r: Reply, want: number): void;
  /** Each wanted key of `got` equals its value, key order aside. */
  fields(got: any, want: Record<string, unknown>, what?: string): void;
  /** Runs a setup script through /gremlin with `graph` and `g` bound to hugegraph. */
  gremlin(script: string): Promise<void>;
  /** Follows a task as the doc's notes say (GET .../tasks/{id}) until it ends. */
  settle(taskId: unknown): Promise<void>;
}

/** A run against the server at `base`. */
export function docRun(base: string): DocRun {
  const misses: string[] = [];
  let current = '';
  const check = (ok: boolean, what: string, got?: unknown): void => {
    if (!ok) misses.push(`${current}: ${what}${got === undefined ? '' : ` (got ${JSON.stringify(got).slice(0, 400)})`}`);
  };
  return {
    misses,
    ex: async (name, method, path, body, contentType) => {
      current = name;
      return send(base, method, path, body, contentType);
    },
    setup: (what) => {
      current = `setup: ${what}`;
    },
    check,
    status: (r, want) => check(r.status === want, `status ${want}`, `${r.status} ${r.text.slice(0, 300)}`),
    fields: (got, want, what = 'body') => {
      for (const [k, v] of Object.entries(want)) check(got !== undefined && got !== null && canonical(got[k]) === canonical(v), `${what}.${k} = ${JSON.stringify(v)}`, got?.[k]);
    },
    gremlin: async (script) => {
      const r = await send(base, 'POST', '/gremlin', JSON.stringify({ gremlin: script, aliases: { graph: 'hugegraph', g: '__g_hugegraph' } }));
      assert.equal(r.status, 200, `setup script failed: ${r.text}`);
    },
    settle: async (taskId) => {
      for (let i = 0; i < 200; i++) {
        const task = await send(base, 'GET', `/graphs/hugegraph/tasks/${String(taskId)}`);
        if (task.status !== 200 || ['success', 'failed', 'cancelled'].includes(task.json?.task_status)) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
