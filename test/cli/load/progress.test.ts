/**
 * The progress bars of `quiver load`: drawn on a terminal (rows, rows per second, ETA), never on
 * a stream that is not one, and never with `--no-progress`; the summary's lines.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { LoadProgress, summaryLines } from '../../../src/cli/load/progress.js';

/** A stream that says it is a terminal (or not) and keeps what is written to it. */
function terminal(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  Object.assign(stream, { isTTY, columns: 160, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
}

test('LoadProgress draws a bar per input with rows, rows per second and ETA on a terminal', async () => {
  const out = terminal(true);
  const progress = new LoadProgress(true, out.stream);
  const bar = progress.input('vertices person <- people.csv', 1000);
  await new Promise((resolve) => setTimeout(resolve, 20));
  bar.update(500, 1234);
  bar.stop();
  progress.stop();
  assert.match(out.text(), /vertices person <- people\.csv/);
  assert.match(out.text(), /50% \| 1234 rows \| \d+ rows\/s \| ETA \d+s/);
});

test('LoadProgress draws nothing on a stream that is not a terminal, or when turned off', () => {
  for (const [enabled, isTTY] of [[true, false], [false, true]] as const) {
    const out = terminal(isTTY);
    const progress = new LoadProgress(enabled, out.stream);
    const bar = progress.input('edges knows <- knows.csv', 10);
    bar.update(10, 2);
    bar.stop();
    progress.stop();
    assert.equal(out.text(), '');
  }
});

test('summaryLines gives one line per input and phase, then the totals', () => {
  const lines = summaryLines([
    { file: 'p.csv', phase: 'vertices', rows: 10, loaded: 9, parseErrors: 1, insertErrors: 0, ms: 1000 },
    { file: 'k.csv', phase: 'edges', rows: 5, loaded: 4, parseErrors: 0, insertErrors: 1, ms: 500 },
  ], 1600);
  assert.deepEqual(lines, [
    'vertices from p.csv: 10 rows, 9 loaded, 1 parse errors, 0 insert errors, 1.0 s (10 rows/s)',
    'edges from k.csv: 5 rows, 4 loaded, 0 parse errors, 1 insert errors, 0.5 s (10 rows/s)',
    'loaded 9 vertices and 4 edges in 1.6 s; 1 parse errors, 1 insert errors',
  ]);
});
