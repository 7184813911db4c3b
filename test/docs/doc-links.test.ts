/**
 * References between the documents stay valid: a section named after a mention of
 * docs/design-choices.md or bench/DIARY.md (`docs/design-choices.md, "Title"`, also across a
 * line break or inside a comment) is a heading of that file, and every docs/ or bench/ markdown
 * file a source, test or document names exists.
 * @module
 */
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../repo-root.js';

/** The documents whose sections are referred to by title, by the name a reference uses. */
const TITLED = { 'design-choices': 'docs/design-choices.md', DIARY: 'bench/DIARY.md' } as const;

/** Markdown and TypeScript files of the given folders (recursively), and the given top-level files. */
function texts(root: string): string[] {
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path);
    return /\.(md|ts)$/.test(entry.name) ? [path] : [];
  });
  const here = join(root, 'test', 'docs', 'doc-links.test.ts');
  return [join(root, 'README.md'), join(root, 'ARCHITECTURE.md'), ...['docs', 'bench', 'src', 'test'].flatMap((d) => walk(join(root, d)))]
    .filter((path) => path !== here);
}

/** A text with its line breaks, and the comment markers that start continued lines, as one space. */
function flattened(text: string): string {
  return text.replace(/\s*\n\s*(?:\*(?!\*)\s*|\/\/\s*)?/g, ' ');
}

/** The headings of a markdown file, without their `#` marks. */
function headings(path: string): Set<string> {
  const lines = readFileSync(path, 'utf8').split('\n');
  return new Set(lines.filter((l) => /^#{1,6} /.test(l)).map((l) => l.replace(/^#+ /, '').trim()));
}

test('every section named after a reference to design-choices.md or DIARY.md exists', () => {
  const root = repoRoot();
  const sections = new Map(Object.entries(TITLED).map(([name, file]) => [name, headings(join(root, file))]));
  const broken: string[] = [];
  let references = 0;
  for (const path of texts(root)) {
    const text = flattened(readFileSync(path, 'utf8'));
    for (const m of text.matchAll(/(design-choices|DIARY)(?:\.md)?\)?,? ?\(?"([^"]+)"/g)) {
      references++;
      const [, name = '', title = ''] = m;
      if (!sections.get(name)?.has(title)) broken.push(`${relative(root, path)}: "${title}" is not a section of ${TITLED[name as keyof typeof TITLED]}`);
    }
  }
  assert.ok(references > 10, `only ${references} references found`);
  assert.deepEqual(broken, []);
});

test('every docs/ and bench/ markdown file named in the repository exists', () => {
  const root = repoRoot();
  const missing: string[] = [];
  for (const path of texts(root)) {
    for (const m of readFileSync(path, 'utf8').matchAll(/\b(?:docs|bench)\/[\w./-]*\.md\b/g)) {
      if (!existsSync(join(root, m[0]))) missing.push(`${relative(root, path)}: ${m[0]}`);
    }
  }
  assert.deepEqual(missing, []);
});
