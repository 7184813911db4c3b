import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const KIND_OF_CLASS: Record<string, string> = { Argument: 'argument', Storage: 'storage', Limit: 'limit', Unsupported: 'unsupported' };

function durabilitySources(): string[] {
  const files = [join(root, 'src/storage/codec.ts')];
  for (const dir of ['src/storage/codec', 'src/storage/wal', 'src/storage/snapshot']) {
    files.push(...readdirSync(join(root, dir)).filter((f) => f.endsWith('.ts')).map((f) => join(root, dir, f)));
  }
  return files;
}

test('docs/errors/durability.md lists exactly the codes and kinds the durability code throws', () => {
  const thrown = new Map<string, string>();
  for (const file of durabilitySources()) {
    for (const m of readFileSync(file, 'utf8').matchAll(/new (\w+)Error\(\s*'([A-Z][A-Z_]+)'/g)) {
      const kind = KIND_OF_CLASS[m[1] as string];
      assert.ok(kind !== undefined, `unexpected error class ${m[1]}Error in ${file}`);
      thrown.set(m[2] as string, kind);
    }
  }
  const doc = readFileSync(join(root, 'docs/errors/durability.md'), 'utf8');
  const documented = new Map([...doc.matchAll(/^\| ([A-Z][A-Z_]+) \| ([a-z-]+) \|/gm)].map((m) => [m[1] as string, m[2] as string]));
  assert.deepEqual([...documented].sort(), [...thrown].sort());
});
