/**
 * Fault-injection property: damage one byte range (flip, zero, truncate) or delete one file of
 * a durable database; opening returns exactly the acknowledged state or fails with a
 * StorageError that changed nothing, never less without saying so.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { buildDatabase, filesUnder, runCase, type Fault } from './fault-injection.js';

const fault: fc.Arbitrary<Fault> = fc.record({
  file: fc.nat(),
  kind: fc.constantFrom('flip', 'zero', 'truncate', 'delete'),
  at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  length: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  mask: fc.nat(),
});

test('opening a database with one damaged or deleted file returns exactly the acknowledged state or fails with a StorageError', async () => {
  const root = mkdtempSync(join(tmpdir(), 'quiver-corrupt-'));
  try {
    const template = join(root, 'template');
    const acknowledged = await buildDatabase(template, { batches: 40, seed: 7 });
    assert.ok(filesUnder(template).filter((f) => f.includes('wal-')).length >= 3, 'several WAL segments');
    assert.ok(filesUnder(template).filter((f) => f.endsWith('.qsnap')).length >= 2, 'several snapshots');
    const tally = { exact: 0, 'failed-loudly': 0, warned: 0 };
    await fc.assert(
      fc.asyncProperty(fault, async (f) => {
        const outcome = await runCase(template, join(root, 'work'), { acknowledged, fault: f });
        assert.notEqual(outcome.result, 'violation', outcome.detail);
        tally[outcome.result as 'exact' | 'failed-loudly']++;
        if (outcome.warnings > 0) tally.warned++;
      }),
      { numRuns: 250 },
    );
    assert.ok(tally.exact > 0 && tally['failed-loudly'] > 0 && tally.warned > 0, `every outcome occurs: ${JSON.stringify(tally)}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
