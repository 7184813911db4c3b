import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
/** The schema catalog (storage) and the fluent builders (database) that throw schema errors. */
const sourceDirs = [join(root, 'src/storage/schema'), join(root, 'src/database/graph/schema')];

function codesInSource(): Set<string> {
  const codes = new Set<string>();
  for (const file of sourceDirs.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => join(dir, f)))) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/Error\(([^,]*),/g)) {
      for (const m of (call[1] as string).matchAll(/'([A-Z][A-Z_]+)'/g)) codes.add(m[1] as string);
    }
  }
  for (const kind of ['PROPERTY_KEY', 'VERTEX_LABEL', 'EDGE_LABEL', 'INDEX_LABEL']) {
    codes.add(`UNDEFINED_${kind}`);
    codes.add(`${kind}_NOT_FOUND`);
  }
  return codes;
}

function codesInDoc(): Set<string> {
  const text = readFileSync(join(root, 'docs/errors/schema.md'), 'utf8');
  return new Set([...text.matchAll(/^\| ([A-Z][A-Z_]+) \|/gm)].map((m) => m[1] as string));
}

describe('docs/errors/schema.md', () => {
  it('lists exactly the error codes the schema catalog and builders throw', () => {
    const source = codesInSource();
    const doc = codesInDoc();
    assert.deepEqual([...source].filter((c) => !doc.has(c)).sort(), [], 'codes missing from the doc');
    assert.deepEqual([...doc].filter((c) => !source.has(c)).sort(), [], 'codes documented but never thrown');
  });
});
