import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { displayWidth, renderTable } from '../../src/cli/console/table.js';

test('renderTable pads every column to its widest cell under a header and a rule', () => {
  assert.deepEqual(renderTable(['id', 'name'], [['1', 'marko'], ['22', 'vadas'], ['3']]), [
    'id | name',
    '---+------',
    '1  | marko',
    '22 | vadas',
    '3  |',
  ]);
});

test('renderTable keeps cells recoverable and separators aligned on random rows', () => {
  const cell = fc.stringMatching(/^[a-z0-9]{0,12}$/);
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.array(cell, { minLength: 5, maxLength: 5 }), { maxLength: 8 }), (columns, raw) => {
      const header = Array.from({ length: columns }, (_, i) => `c${i}`);
      const rows = raw.map((r) => r.slice(0, columns));
      const lines = renderTable(header, rows);
      assert.equal(lines.length, rows.length + 2);
      const positions = (line: string): number[] => [...line.matchAll(/ \| |-\+-/g)].map((m) => m.index);
      const expected = positions(lines[1]!);
      assert.equal(expected.length, columns - 1);
      for (const [i, trimmed] of lines.entries()) {
        if (i === 1) continue;
        const line = trimmed.padEnd(lines[1]!.length);
        assert.deepEqual(positions(line).slice(0, columns - 1), expected);
        const cells = line.split(' | ').map((c) => c.trimEnd());
        assert.equal(trimmed, trimmed.trimEnd());
        const source = i === 0 ? header : rows[i - 2]!;
        assert.deepEqual([...cells, ...Array(columns - cells.length).fill('')], source);
      }
    }),
  );
});

test('renderTable escapes newlines and cuts long cells with an ellipsis', () => {
  const lines = renderTable(['k'], [['a\nb'], ['abcdefghij']], { maxCellWidth: 5 });
  assert.equal(lines[2], 'a\\nb');
  assert.equal(lines[3], 'abcd…');
});

test('displayWidth counts wide characters twice and combining marks not at all', () => {
  assert.equal(displayWidth('marko'), 5);
  assert.equal(displayWidth('日本語'), 6);
  assert.equal(displayWidth('e\u0301'), 1);
  const lines = renderTable(['name', 'n'], [['日本', '1'], ['ab', '2']]);
  const bar = (line: string): number => displayWidth(line.slice(0, line.indexOf('|')));
  assert.equal(bar(lines[2]!), bar(lines[3]!));
  assert.equal(bar(lines[0]!), bar(lines[2]!));
});
