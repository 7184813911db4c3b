import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compile } from '../../src/engine/compiler/compile.js';
import { STEPS } from '../../src/engine/steps/step-registry.js';
import type { PlanStep } from '../../src/engine/plan/plan.js';
import { GraphTraversal } from '../../src/engine/fluent/graph-traversal.js';
import { __ } from '../../src/engine/fluent/anonymous.js';
import { repoRoot } from '../repo-root.js';
import { modern } from './reference-source.js';
import { source } from './helpers.js';

const g = source(modern());
const ENGINE = join(repoRoot(), 'src', 'engine');

function engineFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? engineFiles(full) : name.endsWith('.ts') ? [full] : [];
  });
}

/** Lines of the engine's source that recover step params with a cast, as "file:line". */
function paramsCasts(): string[] {
  return engineFiles(ENGINE).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (/params as\b/.test(line) ? [`${relative(ENGINE, file)}:${i + 1}`] : [])),
  );
}

function steps(t: GraphTraversal): readonly PlanStep[] {
  return compile(t.bytecode, { strategies: false }).steps;
}

test('src/engine recovers no step params with a cast (grep "params as" is empty)', () => {
  assert.ok(engineFiles(ENGINE).length > 50, 'expected to read the engine sources');
  assert.deepEqual(paramsCasts(), []);
});

test('PlanStep narrows on kind: a vertex step types its direction and labels without a cast', () => {
  const [, vertex] = steps(g.V().out('knows'));
  assert.ok(vertex !== undefined && vertex.kind === 'vertex');
  assert.equal(vertex.params.direction, 'OUT');
  assert.deepEqual(vertex.params.edgeLabels, ['knows']);
});

test('every registered step implementation has the kind it is registered under', () => {
  for (const [kind, def] of Object.entries(STEPS)) assert.equal(def.kind, kind);
});

test('a pre-modulator sets the typed first flags of repeat(): until() before is untilFirst, emit() after is not', () => {
  const [, before] = steps(g.V().until(__.hasLabel('software')).repeat(__.out()).emit());
  assert.ok(before !== undefined && before.kind === 'repeat');
  assert.equal(before.params.untilFirst, true);
  assert.equal(before.params.emitFirst, false);
  const [, after] = steps(g.V().emit().repeat(__.out()).times(2));
  assert.ok(after !== undefined && after.kind === 'repeat');
  assert.equal(after.params.emitFirst, true);
  assert.equal(after.params.untilFirst, false);
  assert.deepEqual(after.params.until, { times: 2 });
});
