/**
 * Layer rules of ARCHITECTURE.md, checked on the real import graph of src/.
 *
 * - grammar → engine ← storage; the engine depends on neither.
 * - values (value model and regex) and port (GraphSource and adjacency interfaces) are leaves:
 *   values imports only errors.ts, port only values, and every other layer may import both.
 * - storage imports nothing from the engine, not even types: it implements the port leaf, so
 *   loading storage (in a worker) does not load the engine.
 * - database uses engine and storage; src/index.ts is the composition root.
 * - cluster (scale-out on etcd) uses the public API and implements the port http declares
 *   (type-only); only the CLI loads it, with a dynamic import.
 * - http uses only the public API (src/index.ts); nothing imports http except the CLI bin,
 *   the outermost entry point that starts the server.
 * - every layer may import errors.ts, which imports nothing.
 * - a layer is imported from outside only through its index.ts.
 * - there is no import cycle anywhere in src/, type-only imports included: the runtime receives
 *   the step table instead of importing the registry, and steps share helpers from steps/helpers/.
 * - inside the engine, folders are stages in one order ({@link ENGINE_STAGES}), and no file
 *   imports an earlier stage, type-only imports included.
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
  /** 1-based line of the import statement, when read from a file. */
  readonly line?: number;
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
  values: [],
  port: [],
  engine: [],
  grammar: ['engine'],
  storage: [],
  database: ['engine', 'storage'],
  index: ['engine', 'storage', 'grammar', 'database'],
  http: ['index'],
  cluster: ['index', 'http'],
  cli: ['index', 'http', 'cluster'],
  'console-web': [],
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

/** Leaf layers, in order: each may import only the ones before it; every other layer (errors.ts excepted) may import all. */
const LEAVES: readonly string[] = ['values', 'port'];

/** Relative imports of one source text, resolved to paths relative to src/. */
function importsOf(file: string, text: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const add = (spec: string, typeOnly: boolean, index: number): void => {
    if (!spec.startsWith('.')) return;
    const target = relative(SRC, resolve(dirname(join(SRC, file)), spec)).replace(/\\/g, '/').replace(/\.js$/, '.ts');
    const line = text.slice(0, index).split('\n').length;
    edges.push({ from: file, to: target, typeOnly, line });
  };
  for (const m of text.matchAll(IMPORT)) add(m[3]!, m[2] !== undefined, m.index + m[0].search(/\S/));
  for (const m of text.matchAll(DYNAMIC)) add(m[1]!, false, m.index);
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
    const listed = ALLOWED[a];
    const leaf = LEAVES.indexOf(a);
    const allowed = listed === undefined || a === 'errors' ? listed : leaf >= 0 ? LEAVES.slice(0, leaf) : [...listed, ...LEAVES];
    if (allowed === undefined) problems.push(`${from} is in an unknown layer '${a}'`);
    else if (!allowed.includes(b)) problems.push(`${from} (${a}) may not import ${to} (${b})`);
    else if (b !== 'index' && to !== `${b}/index.ts`) problems.push(`${from} imports ${to} instead of ${b}/index.ts`);
  }
  return problems;
}

/**
 * Stages of src/engine, highest first, ordered as Kuzu orders planner and processor: the ways in
 * (scripts, REST traversers, the fluent API), the compiler and plan cache, the strategies, the
 * run drivers (execute, requirements, element queries, the cursor), the steps, the services and
 * the helpers steps share, the runtime (traverser, pacer, pauses, turns), the libraries steps
 * call, the value semantics, the plan types, and the bytecode. A file may import its own stage
 * and later ones, never an earlier one, type-only imports included. Entries are folders (ending
 * in '/') or files relative to src/engine/; the longest entry that matches a file places it.
 */
const ENGINE_STAGES: readonly (readonly string[])[] = [
  ['index.ts'],
  ['script-runner/'],
  ['traversers/'],
  ['fluent/', 'plain.ts'],
  ['compiler/'],
  ['strategies/'],
  ['run/'],
  ['steps/'],
  ['services/'],
  ['steps/helpers/'],
  ['runtime/'],
  ['functions/', 'io/', 'frontier/', 'compute/'],
  ['semantics/', 'elements.ts', 'path-tree.ts', 'subgraph.ts', 'traversal-metrics.ts', 'json.ts'],
  ['plan/'],
  ['bytecode.ts', 'script.ts', 'plain-ids.ts', 'edge-shape.ts'],
];

/** Index in {@link ENGINE_STAGES} of a path relative to src/engine/, or -1 when no stage lists it. */
function stageOf(path: string): number {
  let best = -1;
  let length = 0;
  ENGINE_STAGES.forEach((entries, stage) => {
    for (const entry of entries) {
      const matches = entry.endsWith('/') ? path.startsWith(entry) : path === entry;
      if (matches && entry.length > length) [best, length] = [stage, entry.length];
    }
  });
  return best;
}

/** Engine imports that run up the stage order, and engine files in no stage, as readable lines. */
function stageViolations(edges: readonly ImportEdge[]): string[] {
  const problems: string[] = [];
  const name = (stage: number): string => ENGINE_STAGES[stage]!.join(' ');
  for (const { from, to, line } of edges) {
    if (!from.startsWith('engine/') || !to.startsWith('engine/')) continue;
    const a = stageOf(from.slice('engine/'.length));
    const b = stageOf(to.slice('engine/'.length));
    if (a < 0) problems.push(`${from} is in no engine stage`);
    else if (b < 0) problems.push(`${to} is in no engine stage`);
    else if (b < a) problems.push(`${from}:${line ?? '?'} (${name(a)}) imports ${to} (${name(b)}), an earlier stage`);
  }
  return [...new Set(problems)];
}

/** Import cycles, each as a path list. Type-only imports count unless `runtimeOnly`. */
function importCycles(edges: readonly ImportEdge[], options: { runtimeOnly?: boolean } = {}): string[][] {
  const { runtimeOnly = true } = options;
  const keep = (e: ImportEdge): boolean => !(runtimeOnly && e.typeOnly);
  const next = new Map<string, string[]>();
  for (const e of edges) if (keep(e)) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
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

test('layerViolations flags storage importing grammar, values importing the engine, and deep imports into another layer', () => {
  const problems = layerViolations([
    { from: 'storage/a.ts', to: 'grammar/index.ts', typeOnly: false },
    { from: 'database/b.ts', to: 'storage/wal/log.ts', typeOnly: true },
    { from: 'engine/c.ts', to: 'storage/index.ts', typeOnly: false },
    { from: 'grammar/d.ts', to: 'http/index.ts', typeOnly: false },
    { from: 'values/values.ts', to: 'engine/index.ts', typeOnly: true },
    { from: 'storage/a.ts', to: 'values/regex.ts', typeOnly: false },
  ]);
  assert.equal(problems.length, 6);
  assert.match(problems[0]!, /storage\/a\.ts \(storage\) may not import grammar/);
  assert.match(problems[1]!, /instead of storage\/index\.ts/);
  assert.match(problems[4]!, /values\/values\.ts \(values\) may not import engine/);
  assert.match(problems[5]!, /instead of values\/index\.ts/);
});

test('layerViolations accepts the allowed directions, and errors.ts and the values leaf from anywhere', () => {
  assert.deepEqual(
    layerViolations([
      { from: 'grammar/a.ts', to: 'engine/index.ts', typeOnly: false },
      { from: 'storage/a.ts', to: 'port/index.ts', typeOnly: true },
      { from: 'storage/a.ts', to: 'storage/wal/x.ts', typeOnly: false },
      { from: 'database/a.ts', to: 'storage/index.ts', typeOnly: false },
      { from: 'http/app.ts', to: 'index.ts', typeOnly: false },
      { from: 'engine/x.ts', to: 'errors.ts', typeOnly: false },
      { from: 'engine/a.ts', to: 'values/index.ts', typeOnly: false },
      { from: 'storage/a.ts', to: 'values/index.ts', typeOnly: false },
      { from: 'grammar/a.ts', to: 'values/index.ts', typeOnly: true },
      { from: 'values/regex.ts', to: 'errors.ts', typeOnly: false },
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

test('stageViolations flags an engine file importing an earlier stage, type-only imports included, naming file and line', () => {
  assert.deepEqual(stageViolations([
    { from: 'engine/runtime/pacer.ts', to: 'engine/run/execute.ts', typeOnly: true, line: 7 },
    { from: 'engine/plan/plan.ts', to: 'engine/compiler/compile.ts', typeOnly: false, line: 3 },
    { from: 'engine/steps/helpers/by.ts', to: 'engine/steps/map/select-step.ts', typeOnly: false, line: 12 },
    { from: 'engine/sidecar/x.ts', to: 'engine/plan/plan.ts', typeOnly: false, line: 1 },
  ]), [
    'engine/runtime/pacer.ts:7 (runtime/) imports engine/run/execute.ts (run/), an earlier stage',
    'engine/plan/plan.ts:3 (plan/) imports engine/compiler/compile.ts (compiler/), an earlier stage',
    'engine/steps/helpers/by.ts:12 (steps/helpers/) imports engine/steps/map/select-step.ts (steps/), an earlier stage',
    'engine/sidecar/x.ts is in no engine stage',
  ]);
});

test('stageViolations accepts imports within a stage and into later stages', () => {
  assert.deepEqual(stageViolations([
    { from: 'engine/compiler/compile.ts', to: 'engine/strategies/index.ts', typeOnly: false },
    { from: 'engine/run/execute.ts', to: 'engine/steps/step-registry.ts', typeOnly: false },
    { from: 'engine/steps/map/call-step.ts', to: 'engine/services/index.ts', typeOnly: false },
    { from: 'engine/services/degree-centrality.ts', to: 'engine/steps/helpers/step-values.ts', typeOnly: false },
    { from: 'engine/elements.ts', to: 'engine/semantics/format.ts', typeOnly: false },
    { from: 'engine/semantics/compare.ts', to: 'engine/elements.ts', typeOnly: true },
    { from: 'engine/plan/params/map.ts', to: 'engine/bytecode.ts', typeOnly: true },
    { from: 'engine/runtime/runtime.ts', to: 'port/index.ts', typeOnly: true },
  ]), []);
});

test('src/engine imports follow the stage order: compiler above strategies and run drivers, steps above the runtime, plan/ a leaf over bytecode', () => {
  assert.deepEqual(stageViolations(scanSrc()), []);
});

test('file names in src/ are unique (index.ts aside), so a name says what a file holds wherever it is cited', () => {
  const seen = new Map<string, string[]>();
  for (const file of listTs(SRC)) {
    const name = file.split(/[\\/]/).pop()!;
    if (name !== 'index.ts') seen.set(name, [...(seen.get(name) ?? []), relative(SRC, file)]);
  }
  assert.deepEqual([...seen.values()].filter((paths) => paths.length > 1), []);
});

test('errors.ts imports nothing', () => {
  assert.deepEqual(importsOf('errors.ts', readFileSync(join(SRC, 'errors.ts'), 'utf8')), []);
});

test('importCycles counts type-only imports when asked', () => {
  const edges: ImportEdge[] = [
    { from: 'storage/a.ts', to: 'storage/b.ts', typeOnly: true },
    { from: 'storage/b.ts', to: 'storage/a.ts', typeOnly: true },
    { from: 'engine/c.ts', to: 'engine/d.ts', typeOnly: true },
    { from: 'engine/d.ts', to: 'engine/c.ts', typeOnly: false },
  ];
  assert.deepEqual(importCycles(edges), []);
  assert.deepEqual(importCycles(edges, { runtimeOnly: false }), [['storage/a.ts', 'storage/b.ts', 'storage/a.ts'], ['engine/c.ts', 'engine/d.ts', 'engine/c.ts']]);
});

test('layerViolations flags storage importing the engine even for types, and a leaf importing a later leaf or the engine', () => {
  const problems = layerViolations([
    { from: 'storage/store/store-reader.ts', to: 'engine/index.ts', typeOnly: true },
    { from: 'values/values.ts', to: 'port/index.ts', typeOnly: true },
    { from: 'port/graph-source.ts', to: 'engine/index.ts', typeOnly: true },
    { from: 'port/graph-source.ts', to: 'values/index.ts', typeOnly: true },
    { from: 'storage/store/store-reader.ts', to: 'port/index.ts', typeOnly: true },
    { from: 'engine/runtime/runtime.ts', to: 'port/index.ts', typeOnly: true },
  ]);
  assert.deepEqual(problems, [
    'storage/store/store-reader.ts (storage) may not import engine/index.ts (engine)',
    'values/values.ts (values) may not import port/index.ts (port)',
    'port/graph-source.ts (port) may not import engine/index.ts (engine)',
  ]);
});

test('src has no import cycle, type-only imports included', () => {
  assert.deepEqual(importCycles(scanSrc(), { runtimeOnly: false }).map((c) => c.join(' -> ')), []);
});

/** Compiled files reachable from `entry` through relative static and dynamic imports of the emitted JS. */
function loadedFiles(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  const spec = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.[^'"]+)['"]/g;
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(spec)) pending.push(resolve(dirname(file), m[1]!));
  }
  return seen;
}

test('loading the compiled storage layer loads no engine module', () => {
  const dist = fileURLToPath(new URL('../src', import.meta.url));
  const loaded = [...loadedFiles(join(dist, 'storage', 'index.js'))].map((f) => relative(dist, f).replace(/\\/g, '/'));
  assert.ok(loaded.includes('values/values.js'), 'expected storage to load the values leaf');
  assert.ok(loaded.length > 20, `expected the storage graph, got ${loaded.length} files`);
  assert.deepEqual(loaded.filter((f) => !f.startsWith('storage/') && !f.startsWith('values/') && !f.startsWith('port/') && f !== 'errors.js'), []);
});
