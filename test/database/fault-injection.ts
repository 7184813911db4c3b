/**
 * Fault injection for durable databases, shared by the property test (test/database/
 * corruption.test.ts) and the long run (bench/corrupt.ts): build a database with several WAL
 * segments and snapshots, remember its acknowledged state, damage one file, reopen, and judge.
 * @module
 */
import { cpSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { open, StorageError } from '../../src/index.js';
import type { Graph } from '../../src/index.js';

/** The state a database acknowledged: every vertex and edge, rendered canonically. */
export type GraphState = readonly string[];

/** A damage applied to one file: `at` and `length` are fractions of the file size in [0, 1). */
export interface Fault {
  readonly file: number;
  readonly kind: 'flip' | 'zero' | 'truncate' | 'delete';
  readonly at: number;
  readonly length: number;
  readonly mask: number;
}

/** How one reopen went. `lost` counts acknowledged vertices and edges missing without an error. */
export interface Outcome {
  readonly result: 'exact' | 'failed-loudly' | 'violation';
  readonly warnings: number;
  readonly lost: number;
  readonly detail: string;
}

/** Every vertex and edge of the graph as sorted JSON lines. */
export async function stateOf(graph: Graph): Promise<GraphState> {
  const json = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x));
  const vertices = (await graph.vertices()).vertices.map((v) => `V ${json([String(v.id), v.label, v.properties])}`);
  const edges = (await graph.edges()).edges.map((e) => `E ${json([String(e.id), e.label, String(e.outV), String(e.inV), e.properties])}`);
  return [...vertices, ...edges].sort();
}

/**
 * Builds a database in `dir` with small WAL segments and frequent snapshots (writes, updates
 * and removals in many batches), closes it, and returns the state it acknowledged.
 */
export async function buildDatabase(dir: string, options: { batches: number; seed: number }): Promise<GraphState> {
  const db = await open({ path: dir, walSegmentBytes: 700, snapshotEveryBytes: 2500 });
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  let seed = options.seed;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let b = 0; b < options.batches; b++) {
    const added = await graph.addVertices(Array.from({ length: 4 }, (_, i) => ({ label: b % 2 === 0 ? 'person' : 'thing', properties: { n: b * 10 + i, name: `v${b}-${i}` } })));
    const all = (await graph.vertices()).vertices;
    for (const v of added) {
      const target = all[next(all.length)];
      if (target !== undefined) await graph.addEdge('link', { out: v.id, in: target.id, properties: { w: next(100) } });
    }
    if (b % 3 === 2 && all.length > 4) await graph.removeVertex(all[next(all.length)]!.id);
    if (b % 4 === 1) await graph.updateVertexProperties(added[0]!.id, { name: `renamed${b}` });
    if (b % 7 === 6) await graph.snapshot();
  }
  const state = await stateOf(graph);
  await db.close();
  return state;
}

/** Regular files under `dir`, relative, in a stable order. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full));
    }
  };
  walk(dir);
  return out;
}

/** Applies a fault to one file of `dir`; returns a description. */
export function injectFault(dir: string, fault: Fault): string {
  const files = filesUnder(dir);
  const name = files[fault.file % files.length]!;
  const path = join(dir, name);
  const bytes = readFileSync(path);
  const at = Math.floor(fault.at * bytes.length);
  const length = Math.max(1, Math.floor(fault.length * Math.min(64, bytes.length)));
  if (fault.kind === 'delete' || bytes.length === 0) {
    unlinkSync(path);
    return `delete ${name}`;
  }
  if (fault.kind === 'truncate') {
    truncateSync(path, at);
    return `truncate ${name} to ${at} of ${bytes.length} bytes`;
  }
  for (let i = at; i < Math.min(bytes.length, at + length); i++) bytes[i] = fault.kind === 'zero' ? 0 : bytes[i]! ^ (fault.mask % 255) + 1;
  writeFileSync(path, bytes);
  return `${fault.kind} ${name} bytes ${at}..${Math.min(bytes.length, at + length)} of ${bytes.length}`;
}

function snapshotOfFiles(dir: string): Map<string, string> {
  return new Map(filesUnder(dir).map((f) => [f, readFileSync(join(dir, f)).toString('base64')]));
}

/**
 * Copies `template` to `work`, damages one file, opens the copy and judges the outcome:
 * exactly the acknowledged state (possibly with warnings), a StorageError that left every file
 * as it was, or a violation.
 */
export async function runCase(template: string, work: string, context: { acknowledged: GraphState; fault: Fault }): Promise<Outcome> {
  rmSync(work, { recursive: true, force: true });
  cpSync(template, work, { recursive: true });
  const what = injectFault(work, context.fault);
  const before = snapshotOfFiles(work);
  let db;
  try {
    db = await open({ path: work });
  } catch (error) {
    if (!(error instanceof StorageError)) return { result: 'violation', warnings: 0, lost: 0, detail: `${what}: threw ${String(error)}` };
    const after = snapshotOfFiles(work);
    after.delete('quiver.lock');
    const unchanged = before.size === after.size && [...before].every(([f, b]) => after.get(f) === b);
    return unchanged ? { result: 'failed-loudly', warnings: 0, lost: 0, detail: `${what}: ${error.code}` } : { result: 'violation', warnings: 0, lost: 0, detail: `${what}: a failed open changed files` };
  }
  try {
    const warnings = [...db.recovery.values()].reduce((n, r) => n + r.warnings.length, 0);
    const state = db.hasGraph('g') ? await stateOf(db.graph('g')) : [];
    const seen = new Set(state);
    const lost = context.acknowledged.filter((line) => !seen.has(line)).length;
    const exact = lost === 0 && state.length === context.acknowledged.length;
    return exact ? { result: 'exact', warnings, lost: 0, detail: what } : { result: 'violation', warnings, lost, detail: `${what}: ${lost} acknowledged elements missing, ${state.length} present` };
  } finally {
    await db.close();
  }
}
