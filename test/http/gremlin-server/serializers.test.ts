/**
 * The serializers against the `gremlin` driver's own: requests the driver writes (GraphBinary
 * and GraphSON 3) read into the engine's bytecode with every argument type, and responses
 * Quiver writes read back by the driver's readers, for every type the driver knows; the types
 * it does not know (BigDecimal, Tree, Short, Byte...) round-trip through Quiver's own reader.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import gremlin from 'gremlin';
import { Bytecode, EnumValue, Path, Predicate, StrategySpec, Tree, TypedNumber, Uuid, Vertex } from '../../../src/index.js';
import { BinaryReader, readBinaryRequest } from '../../../src/http/gremlin-server/binary-reader.js';
import { writeBinaryResponse } from '../../../src/http/gremlin-server/binary-writer.js';
import { GraphsonReader } from '../../../src/http/gremlin-server/graphson-reader.js';
import { writeGraphsonResponse } from '../../../src/http/gremlin-server/graphson-writer.js';
import { engineBytecode, transactionOp } from '../../../src/http/gremlin-server/request-args.js';
import { response, traversers } from '../../../src/http/gremlin-server/responses.js';
import { WireLambda } from '../../../src/http/gremlin-server/wire.js';

const require = createRequire(import.meta.url);

interface DriverIo {
  writeRequest(request: { requestId: string; op: string; processor: string; args: Record<string, unknown> }): Buffer;
  readResponse(buffer: Buffer): { status: { code: number }; result: { data: unknown } };
}
const binary = require('gremlin/lib/structure/io/binary/GraphBinary.js') as { graphBinaryWriter: DriverIo; graphBinaryReader: DriverIo };
const graphson = require('gremlin/lib/structure/io/graph-serializer.js') as { GraphSONWriter: new () => DriverIo; GraphSONReader: new () => DriverIo };
const strategies = require('gremlin/lib/process/traversal-strategy.js') as Record<string, new (options?: object) => object>;

const REQUEST_ID = '4b8b1c2e-0d45-4f2a-9d8e-3c3c0c3b5a11';

/** A traversal built with the driver's API that uses every kind of argument. */
function driverBytecode(): unknown {
  const { P, TextP, t, order, statics: __, cardinality } = gremlin.process;
  const g = new gremlin.structure.Graph().traversal();
  return g
    .withStrategies(new strategies['SubgraphStrategy']!({ vertices: __.hasLabel('person') }))
    .with_('evaluationTimeout', 500)
    .V(1, 2)
    .has('age', P.gt(27).and(P.lt(40)))
    .has('name', TextP.startingWith('m'))
    .has('age', P.within([29, 32]))
    .property(cardinality.single, 'nick', 'x')
    .order()
    .by('name', order.desc)
    .project('a', 'b')
    .by(t.label)
    .by(__.outE('knows').count())
    .getBytecode();
}

function checkBytecode(read: unknown): void {
  assert.ok(read instanceof Bytecode);
  const bytecode = engineBytecode(read);
  assert.deepEqual(
    bytecode.source.map((i) => i.op),
    ['withStrategies', 'with'],
  );
  const [subgraph] = bytecode.source[0]!.args;
  assert.ok(subgraph instanceof StrategySpec && subgraph.name === 'SubgraphStrategy');
  assert.ok(subgraph.config.get('vertices') instanceof Bytecode);
  assert.deepEqual(bytecode.source[1]!.args, ['evaluationTimeout', 500]);
  const steps = bytecode.steps;
  assert.deepEqual(steps.map((s) => s.op), ['V', 'has', 'has', 'has', 'property', 'order', 'by', 'project', 'by', 'by']);
  assert.deepEqual(steps[0]!.args, [1, 2]);
  const and = steps[1]!.args[1];
  assert.ok(and instanceof Predicate && and.op === 'and' && and.args.length === 2);
  const text = steps[2]!.args[1];
  assert.ok(text instanceof Predicate && text.family === 'TextP' && text.op === 'startingWith');
  const within = steps[3]!.args[1];
  assert.ok(within instanceof Predicate && within.op === 'within');
  assert.deepEqual(steps[4]!.args[0], new EnumValue('Cardinality', 'single'));
  assert.deepEqual(steps[6]!.args[1], new EnumValue('Order', 'desc'));
  assert.deepEqual(steps[8]!.args[0], new EnumValue('T', 'label'));
  assert.ok(steps[9]!.args[0] instanceof Bytecode);
}

test('readBinaryRequest reads the driver\'s GraphBinary bytecode with every argument type', () => {
  const bytes = binary.graphBinaryWriter.writeRequest({ requestId: REQUEST_ID, op: 'bytecode', processor: 'traversal', args: { gremlin: driverBytecode(), aliases: { g: 'g' }, batchSize: 10 } });
  const request = readBinaryRequest(bytes);
  assert.deepEqual([request.requestId, request.op, request.processor, request.args.get('batchSize')], [REQUEST_ID, 'bytecode', 'traversal', 10]);
  checkBytecode(request.args.get('gremlin'));
});

test('GraphsonReader reads the driver\'s GraphSON 3 bytecode with every argument type', () => {
  const text = new graphson.GraphSONWriter().writeRequest({ requestId: REQUEST_ID, op: 'bytecode', processor: 'traversal', args: { gremlin: driverBytecode(), aliases: { g: 'g' } } });
  const request = new GraphsonReader().request(text.toString());
  assert.equal(request.requestId, REQUEST_ID);
  checkBytecode(request.args.get('gremlin'));
});

test('A lambda is read so that it can be refused, never evaluated', () => {
  const g = new gremlin.structure.Graph().traversal();
  const bytes = binary.graphBinaryWriter.writeRequest({ requestId: REQUEST_ID, op: 'bytecode', processor: 'traversal', args: { gremlin: g.V().map(() => 'it.get()').getBytecode() } });
  const bytecode = readBinaryRequest(bytes).args.get('gremlin') as Bytecode;
  assert.ok(bytecode.steps[1]!.args[0] instanceof WireLambda);
  assert.throws(() => engineBytecode(bytecode), { code: 'GREMLIN_SERVER_LAMBDA' });
});

test('transactionOp recognises the drivers\' tx().commit() and rollback()', () => {
  assert.equal(transactionOp(new Bytecode([{ op: 'tx', args: ['commit'] }], [])), 'commit');
  assert.equal(transactionOp(new Bytecode([{ op: 'tx', args: ['rollback'] }], [])), 'rollback');
  assert.equal(transactionOp(new Bytecode([], [{ op: 'V', args: [] }])), undefined);
});

/** Values the driver's readers know, with what they read them as. */
const DRIVER_VALUES: ReadonlyArray<readonly [unknown, unknown]> = [
  [1, 1],
  [-(2 ** 31), -(2 ** 31)],
  [new TypedNumber('long', 6n), 6],
  [new TypedNumber('double', 0.5), 0.5],
  ['text', 'text'],
  [true, true],
  [null, null],
  [new Uuid(REQUEST_ID), REQUEST_ID],
  [new Date(86_400_000), new Date(86_400_000)],
  [[1, 'a'], [1, 'a']],
];

test('The driver reads Quiver\'s GraphBinary and GraphSON 3 responses', () => {
  for (const [value, expected] of DRIVER_VALUES) {
    const message = response(REQUEST_ID, 200, [value]);
    const fromBinary = binary.graphBinaryReader.readResponse(writeBinaryResponse(message));
    assert.deepEqual(fromBinary.result.data, [expected], `GraphBinary ${String(value)}`);
    const fromJson = new graphson.GraphSONReader().readResponse(Buffer.from(writeGraphsonResponse(message, 3)));
    assert.deepEqual(fromJson.result.data, [expected], `GraphSON ${String(value)}`);
  }
  const [traverser] = binary.graphBinaryReader.readResponse(writeBinaryResponse(response(REQUEST_ID, 200, traversers(['a', 'a', 'b'])))).result.data as Array<{ object: unknown; bulk: number }>;
  assert.deepEqual([traverser?.object, Number(traverser?.bulk)], ['a', 2]);
});

test('Quiver reads back every GraphBinary value it writes', () => {
  const tree = new Tree();
  tree.child('a').child('b');
  const values: unknown[] = [
    new TypedNumber('short', -3),
    new TypedNumber('byte', 7),
    new TypedNumber('float', 1.5),
    new TypedNumber('biginteger', -(2n ** 70n)),
    new TypedNumber('bigdecimal', '-12.0340'),
    new TypedNumber('long', 2n ** 62n),
    new Uint8Array([1, 2, 255]),
    new Set([1, 2]),
    new Map<unknown, unknown>([['k', [1]]]),
    new EnumValue('Direction', 'OUT'),
    new Path([new Set(['a']), new Set()], [1, 'x']),
  ];
  const bytes = writeBinaryResponse(response(REQUEST_ID, 200, values));
  const reader = new BinaryReader(bytes.subarray(1 + 1 + 16 + 4 + 1 + 4 + 4 + 4));
  assert.deepEqual(reader.value(), values);
  const treeBytes = writeBinaryResponse(response(REQUEST_ID, 200, tree));
  const readTree = new BinaryReader(treeBytes.subarray(1 + 1 + 16 + 4 + 1 + 4 + 4 + 4)).value();
  assert.ok(readTree instanceof Tree);
  assert.deepEqual(readTree.keys(), ['a']);
  assert.deepEqual(readTree.get('a')?.keys(), ['b']);
  const vertex = new BinaryReader(writeBinaryResponse(response(REQUEST_ID, 200, new Vertex(1, 'person', -1))).subarray(1 + 1 + 16 + 4 + 1 + 4 + 4 + 4)).value();
  assert.ok(vertex instanceof Vertex && vertex.id === 1 && vertex.label === 'person');
});
