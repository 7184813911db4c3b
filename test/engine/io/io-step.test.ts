import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTraversal } from '../../../src/grammar/index.js';
import { compile } from '../../../src/engine/compiler/compile.js';
import { execute } from '../../../src/engine/run/execute.js';
import { resolveIoPath } from '../../../src/engine/io/files.js';
import { ReferenceGraph } from '../reference-source.js';
import type { GraphWriter } from '../../../src/port/index.js';
import { NotFoundError, PermissionError, PlanError, UnsupportedError } from '../../../src/errors.js';

const root = mkdtempSync(join(tmpdir(), 'quiver-io-'));
const base = join(root, 'base');
mkdirSync(base);
writeFileSync(join(root, 'outside.json'), '{"id":{"@type":"g:Int32","@value":9},"label":"secret"}\n');
writeFileSync(
  join(base, 'two.json'),
  '{"id":{"@type":"g:Int32","@value":1},"label":"person","outE":{"knows":[{"id":{"@type":"g:Int32","@value":7},"inV":{"@type":"g:Int32","@value":2}}]},"properties":{"name":[{"id":{"@type":"g:Int64","@value":0},"value":"marko"}]}}\n' +
    '{"id":{"@type":"g:Int32","@value":2},"label":"person","properties":{"name":[{"id":{"@type":"g:Int64","@value":1},"value":"vadas"}]}}\n',
);
writeFileSync(join(base, 'two.graph'), '<graphml><key id="labelV" for="node" attr.name="labelV"/><graph><node id="a"><data key="labelV">thing</data></node><node id="b"/><edge source="a" target="b"/></graph></graphml>');
symlinkSync(join(root, 'outside.json'), join(base, 'link.json'));

function run(text: string, options: { readonly ioBase?: string } = { ioBase: base }): { graph: ReferenceGraph; results: unknown[] } {
  const graph = new ReferenceGraph();
  const context = { source: graph, write: <T>(fn: (w: GraphWriter) => T): T => graph.write(fn), ioBase: options.ioBase };
  return { graph, results: [...execute(compile(parseTraversal(text)), context)] };
}

test('io(file).read() loads a GraphSON file with its ids and yields nothing', () => {
  const { graph, results } = run('g.io("two.json").read()');
  assert.deepEqual(results, []);
  assert.equal(graph.vertexCount(), 2);
  assert.equal(graph.edgeCount(), 1);
  const marko = graph.vertexSlot(1);
  assert.equal(graph.vertexProperties(marko)[0]?.value, 'marko');
  assert.equal(graph.edgeId(0), 7);
});

test('with(IO.reader, IO.graphml) overrides the file extension', () => {
  const { graph } = run('g.io("two.graph").with(IO.reader, IO.graphml).read()');
  assert.equal(graph.vertexLabel(graph.vertexSlot('a')), 'thing');
  assert.equal(graph.vertexLabel(graph.vertexSlot('b')), 'vertex');
  assert.equal(graph.edgeLabel(0), 'edge');
});

test('io() refuses paths that leave the base directory', () => {
  const denied = (e: unknown): boolean => e instanceof PermissionError && e.code === 'IO_PATH_DENIED';
  assert.throws(() => run('g.io("../outside.json").read()'), denied);
  assert.throws(() => run(`g.io("${join(root, 'outside.json')}").read()`), denied);
  assert.throws(() => run('g.io("sub/../../outside.json").read()'), denied);
  assert.throws(() => run('g.io("link.json").read()'), denied);
});

test('resolveIoPath accepts absolute paths that stay inside the base', () => {
  assert.match(resolveIoPath(join(base, 'two.json'), { base }), /two\.json$/);
});

test('io() has no file access without a base directory', () => {
  assert.throws(() => run('g.io("two.json").read()', {}), (e: unknown) => e instanceof PermissionError && e.code === 'IO_DISABLED');
});

test('io() reports a missing file, Gryo, write() and an unknown extension loudly', () => {
  assert.throws(() => run('g.io("none.json").read()'), (e: unknown) => e instanceof NotFoundError && e.code === 'IO_FILE_NOT_FOUND');
  assert.throws(() => run('g.io("g.kryo").read()'), (e: unknown) => e instanceof UnsupportedError && e.code === 'IO_GRYO_UNSUPPORTED');
  assert.throws(() => run('g.io("out.json").write()'), (e: unknown) => e instanceof UnsupportedError && e.code === 'IO_WRITE_UNSUPPORTED');
  assert.throws(() => run('g.io("two.graph").read()'), (e: unknown) => e instanceof PlanError && e.code === 'IO_FORMAT_UNKNOWN');
  assert.throws(() => run('g.io("two.json")'), (e: unknown) => e instanceof PlanError && e.code === 'IO_MODE_MISSING');
});
