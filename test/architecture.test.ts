/**
 * Layer rules of ARCHITECTURE.md, checked on the real import graph of src/.
 *
 * - grammar → engine ← storage; the engine depends on neither.
 * - storage imports only the engine (port and value types).
 * - database uses engine and storage; src/index.ts is the composition root.
 * - http uses only the public API (src/index.ts); nothing imports http except the CLI bin,
 *   the outermost entry point that starts the server.
 * - every layer may import errors.ts, which imports nothing.
 * - a layer is imported from outside only through its index.ts.
 * - there is no runtime import cycle.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly typeOnly: boolean;
}

/** Layer of a path relative to src/ ('index', 'errors', or the folder name). */
function layerOf(path: string): string {
  if (path === 'index.ts') return 'index';
  if (path === 'errors.ts') return 'errors';
  return path.split('/')[0]!;
}

/** Which layers each layer may import (besides itself and errors). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  errors: [],
  engine: [],
  grammar: ['engine'],
  storage: ['engine'],
  database: ['engine', 'storage'],
  index: ['engine', 'storage', 'grammar', 'database'],
  http: ['index'],
  cli: ['index', 'http'],
};

function listTs(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listTs(full));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Relative imports of one source text, resolved to paths relative to src/. */
function importsOf(file: string, text: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const add = (spec: string, typeOnly: boolean): void => {
    if (!spec.startsWith('.')) return;
    const target = relative(SRC, resolve(dirname(join(SRC, file)), spec)).replace(/\\/g, '/').replace(/\.js$/, '.ts');
    edges.push({ from: file, to: target, typeOnly });
  };
  for (const m of text.matchAll(IMPORT)) add(m[3]!, m[2] !== undefined);
  for (const m of text.matchAll(DYNAMIC)) add(m[1]!, false);
  return edges;
}

/** Every rule violation in an import graph, as readable lines. */
function layerViolations(edges: readonly ImportEdge[]): string[] {
  const problems: string[] = [];
  for (const { from, to } of edges) {
    const a = layerOf(from);
    const b = layerOf(to);
    if (to.startsWith('..')) problems.push(`${from} imports ${to} outside src`);
    if (a === b || b === 'errors') continue;
    const allowed = ALLOWED[a];
    if (allowed === undefined) problems.push(`${from} is in an unknown layer '${a}'`);
    else if (!allowed.includes(b)) problems.push(`${from} (${a}) may not import ${to} (${b})`);
    else if (b !== 'index' && to !== `${b}/index.ts`) problems.push(`${from} imports ${to} instead of ${b}/index.ts`);
  }
  return problems;
}

/** Runtime import cycles (type-only imports excluded), each as a path list. */
function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) if (!e.typeOnly) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      const s = state.get(to);
      if (s === 'open') cycles.push([...stack.slice(stack.indexOf(to)), to]);
      else if (s === undefined) visit(to);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of next.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

function scanSrc(): ImportEdge[] {
  return listTs(SRC).flatMap((full) => {
    const file = relative(SRC, full).replace(/\\/g, '/');
    return importsOf(file, readFileSync(full, 'utf8'));
  });
}

test('layerViolations flags storage importing grammar and deep imports into another layer', () => {
  const problems = layerViolations([
    { from: 'storage/a.ts', to: 'grammar/index.ts', typeOnly: false },
    { from: 'database/b.ts', to: 'storage/wal/log.ts', typeOnly: true },
    { from: 'engine/c.ts', to: 'storage/index.ts', typeOnly: false },
    { from: 'grammar/d.ts', to: 'http/index.ts', typeOnly: false },
  ]);
  assert.equal(problems.length, 4);
  assert.match(problems[0]!, /storage\/a\.ts \(storage\) may not import grammar/);
  assert.match(problems[1]!, /instead of storage\/index\.ts/);
});

test('layerViolations accepts the allowed directions and errors.ts from anywhere', () => {
  assert.deepEqual(
    layerViolations([
      { from: 'grammar/a.ts', to: 'engine/index.ts', typeOnly: false },
      { from: 'storage/a.ts', to: 'engine/index.ts', typeOnly: false },
      { from: 'storage/a.ts', to: 'storage/wal/x.ts', typeOnly: false },
      { from: 'database/a.ts', to: 'storage/index.ts', typeOnly: false },
      { from: 'http/app.ts', to: 'index.ts', typeOnly: false },
      { from: 'engine/x.ts', to: 'errors.ts', typeOnly: false },
    ]),
    [],
  );
});

test('importCycles finds a runtime cycle and ignores a type-only back edge', () => {
  const cycles = importCycles([
    { from: 'a.ts', to: 'b.ts', typeOnly: false },
    { from: 'b.ts', to: 'c.ts', typeOnly: false },
    { from: 'c.ts', to: 'a.ts', typeOnly: false },
  ]);
  assert.deepEqual(cycles, [['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  assert.deepEqual(importCycles([{ from: 'a.ts', to: 'b.ts', typeOnly: false }, { from: 'b.ts', to: 'a.ts', typeOnly: true }]), []);
});

test('importsOf reads static, re-export, side-effect, type-only and dynamic imports', () => {
  const text = "import { a } from './a.js';\nimport type { B } from '../engine/index.js';\nexport * from './c.js';\nimport './d.js';\nconst e = await import('./e.js');\nimport fs from 'node:fs';";
  const edges = importsOf('storage/x.ts', text);
  assert.deepEqual(edges.map((e) => [e.to, e.typeOnly]), [
    ['storage/a.ts', false], ['engine/index.ts', true], ['storage/c.ts', false], ['storage/d.ts', false], ['storage/e.ts', false],
  ]);
});

test('src imports respect the layer rules of ARCHITECTURE.md', () => {
  const edges = scanSrc();
  assert.ok(edges.length > 0, 'expected to find imports in src');
  assert.deepEqual(layerViolations(edges), []);
});

test('src has no runtime import cycle', () => {
  assert.deepEqual(importCycles(scanSrc()).map((c) => c.join(' -> ')), []);
});

test('errors.ts imports nothing', () => {
  assert.deepEqual(importsOf('errors.ts', readFileSync(join(SRC, 'errors.ts'), 'utf8')), []);
});
