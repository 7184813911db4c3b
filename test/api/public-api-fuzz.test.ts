/**
 * Only QuiverErrors escape the public API: random bad values given to fluent steps, and random
 * damage written into the files of a data directory, either succeed or fail with a QuiverError,
 * and never hang.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, stat, writeFile, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { __, P, QuiverError, open } from '../../src/index.js';
import type { Database, GraphTraversal, GraphTraversalSource } from '../../src/index.js';
import { bad } from './bad-values.js';

/** Rejects when `work` takes longer than `ms`, so that a hang fails the property instead of the run. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

type Loose = (...args: unknown[]) => GraphTraversal;

const STEPS = ['V', 'E', 'inject', 'has', 'hasLabel', 'out', 'both', 'values', 'property', 'addV', 'addE', 'limit', 'range', 'is', 'where', 'union', 'repeat', 'times', 'order', 'by', 'group', 'constant', 'coalesce', 'math', 'sum', 'count', 'dateAdd', 'split'];

const fluentArg: fc.Arbitrary<unknown> = fc.oneof(
  bad,
  fc.constantFrom(__.out(), __.identity(), P.gt(1), P.within([1, 2])),
  bad.map((v) => P.eq(v as never)),
);

const fluentStep = fc.record({ op: fc.constantFrom(...STEPS), args: fc.array(fluentArg, { maxLength: 3 }) });

test('random bad values given to fluent steps run or fail with a QuiverError', { timeout: 300_000 }, async () => {
  const db = await open({ queryTimeoutMs: 2000 });
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  await graph.gremlin("g.addV('person').property('name','marko').as('a').addV('person').property('name','vadas').addE('knows').from('a').iterate()");
  await fc.assert(
    fc.asyncProperty(fc.constantFrom('V', 'inject', 'E'), fc.array(fluentStep, { minLength: 1, maxLength: 4 }), async (start, steps) => {
      try {
        const source = graph.traversal() as unknown as Record<string, Loose>;
        let t = source[start]!.call(graph.traversal() as GraphTraversalSource, ...(start === 'inject' ? [1] : [])) as unknown as Record<string, Loose>;
        for (const step of steps) t = t[step.op]!.apply(t, step.args) as unknown as Record<string, Loose>;
        await within(10_000, 'fluent traversal', (t as unknown as GraphTraversal).toList());
      } catch (error) {
        assert.ok(error instanceof QuiverError, `${fc.stringify(steps).slice(0, 300)} threw ${String(error).slice(0, 300)}`);
      }
    }),
    { numRuns: 300 },
  );
  await db.close();
});

/** Every file below `dir`. */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out.sort();
}

const damage = fc.record({
  file: fc.nat(),
  kind: fc.constantFrom('garbage', 'empty', 'truncate', 'flip', 'json'),
  at: fc.nat(),
  bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }),
});

test('random damage to the files of a data directory opens, or fails with a QuiverError, and never hangs', { timeout: 300_000 }, async () => {
  const root = await mkdtemp(join(tmpdir(), 'quiver-damage-'));
  try {
    await fc.assert(
      fc.asyncProperty(damage, async ({ file, kind, at, bytes }) => {
        const path = await mkdtemp(join(root, 'db-'));
        const db = await open({ path });
        const graph = await db.createGraph('g', { 'schema.auto_create': true });
        await graph.gremlin("g.addV('person').property('name','marko').as('a').addV('person').property('name','vadas').addE('knows').from('a').iterate()");
        await db.close();
        const files = await filesUnder(path);
        const target = files[file % files.length]!;
        const size = (await stat(target)).size;
        if (kind === 'garbage') await writeFile(target, bytes);
        else if (kind === 'empty') await truncate(target, 0);
        else if (kind === 'truncate') await truncate(target, size === 0 ? 0 : at % size);
        else if (kind === 'json') await writeFile(target, ['{', 'null', '[]', '{"name": 1}', '"x"'][at % 5]!);
        else {
          const { open: openFile } = await import('node:fs/promises');
          const handle = await openFile(target, 'r+');
          await handle.write(bytes, 0, bytes.length, size === 0 ? 0 : at % size);
          await handle.close();
        }
        let reopened: Database | undefined;
        try {
          reopened = await within(10_000, `open after ${kind} of ${target}`, open({ path }));
          for (const g of reopened.graphs()) await within(10_000, 'query', g.gremlin('g.V().count()'));
        } catch (error) {
          assert.ok(error instanceof QuiverError, `${kind} of ${target.slice(path.length)} threw ${String(error).slice(0, 300)}`);
        } finally {
          await reopened?.close();
          await rm(path, { recursive: true, force: true });
        }
      }),
      { numRuns: 120 },
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
