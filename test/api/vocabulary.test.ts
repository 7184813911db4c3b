import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as quiver from '../../src/index.js';

test('process groups the vocabulary as gremlin-javascript does', () => {
  const { process } = quiver;
  for (const name of ['t', 'order', 'scope', 'column', 'direction', 'cardinality', 'pop', 'operator', 'barrier', 'merge', 'pick', 'dt', 'GType', 'withOptions', 'P', 'TextP', 'EnumValue', 'GraphTraversal', 'GraphTraversalSource']) {
    assert.equal(process[name as keyof typeof process], quiver[name as keyof typeof quiver], name);
  }
  assert.equal(process.statics, quiver.__);
});

test('enum constants carry gremlin-javascript typeName and elementName, upper-case names lower-cased', () => {
  const { t, order, direction, GType, cardinality, withOptions } = quiver;
  assert.deepEqual([t.id.typeName, t.id.elementName], ['T', 'id']);
  assert.deepEqual([order.desc.typeName, order.desc.elementName], ['Order', 'desc']);
  assert.equal(direction.out.elementName, 'OUT');
  assert.equal(direction.from_, direction.out);
  assert.equal(direction.to, direction.in);
  assert.equal(GType.string.elementName, 'STRING');
  assert.equal(cardinality.list.typeName, 'Cardinality');
  assert.equal(withOptions.tokens, '~tinkerpop.valueMap.tokens');
  assert.equal(withOptions.all, 15);
  assert.equal(JSON.stringify(t.label), '"label"');
});
