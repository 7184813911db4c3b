/**
 * Graph.addEdgeIds (columnar per label run) against Graph.addEdges (one edge at a time): the
 * same random batches, good and bad, give the same ids, the same errors and the same graph.
 * @module
 */
import { test } from 'node:test';
import fc from 'fast-check';
import { open } from '../../src/index.js';
import type { EdgeInput, Graph, PropertyValue } from '../../src/index.js';
import { assertSameBatches, storedEdges } from './batch-equivalence.js';

async function schemaGraph(): Promise<Graph> {
  const db = await open();
  const graph = await db.createGraph('g');
  const s = graph.schema();
  await s.propertyKey('name').asText().create();
  await s.propertyKey('weight').asDouble().create();
  await s.propertyKey('note').asText().create();
  await s.propertyKey('tags').asText().valueList().create();
  await s.propertyKey('since').asInt().create();
  await s.vertexLabel('person').properties('name').primaryKeys('name').create();
  await s.vertexLabel('software').properties('name').primaryKeys('name').create();
  await s.edgeLabel('knows').sourceLabel('person').targetLabel('person').properties('weight', 'note', 'tags').nullableKeys('weight', 'note', 'tags').create();
  await s.edgeLabel('created').sourceLabel('person').targetLabel('software').properties('weight', 'since').nullableKeys('weight').create();
  await s.edgeLabel('rated').sourceLabel('person').targetLabel('software').multiTimes().properties('since', 'note').sortKeys('since').nullableKeys('note').create();
  await s.edgeLabel('plain').sourceLabel('person').targetLabel('person').create();
  await graph.addVertexIds([
    ...['p0', 'p1', 'p2', 'p3'].map((name) => ({ label: 'person', properties: { name } })),
    ...['s0', 's1'].map((name) => ({ label: 'software', properties: { name } })),
  ]);
  return graph;
}

const persons = ['1:p0', '1:p1', '1:p2', '1:p3'];
/** An end of the right label, and now and then a vertex of another label or an absent one. */
const end = (right: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof({ weight: 40, arbitrary: fc.constantFrom(...right) }, { weight: 1, arbitrary: fc.constantFrom('2:s0', '1:p0', '1:missing') });
const value = (good: fc.Arbitrary<PropertyValue>): fc.Arbitrary<PropertyValue | undefined> =>
  fc.oneof({ weight: 30, arbitrary: good }, { weight: 10, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constant<PropertyValue>('bad') });
const edge: fc.Arbitrary<EdgeInput> = fc
  .constantFrom('knows', 'knows', 'knows', 'created', 'rated', 'plain')
  .chain((label) =>
    fc.record({
      label: fc.constant(label),
      out: end(persons),
      in: end(label === 'created' || label === 'rated' ? ['2:s0', '2:s1'] : persons),
      weight: value(fc.double({ min: 0, max: 1, noNaN: true })),
      note: value(fc.constantFrom('a', 'b')),
      tags: value(fc.constantFrom<PropertyValue>(['x'], ['x', 'y'])),
      since: value(fc.integer({ min: 0, max: 2 })),
      stray: fc.oneof({ weight: 60, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      named: fc.oneof({ weight: 20, arbitrary: fc.constant<'yes' | 'no' | 'wrong'>('yes') }, { weight: 20, arbitrary: fc.constant('no' as const) }, { weight: 1, arbitrary: fc.constant('wrong' as const) }),
    }),
  )
  .map(({ label, out, in: inV, stray, named, ...values }) => {
    const fits: Record<string, readonly string[]> = { knows: ['weight', 'note', 'tags'], created: ['weight', 'since'], rated: ['since', 'note'], plain: [] };
    const properties: Record<string, PropertyValue> = {};
    for (const [name, v] of Object.entries(values)) if (v !== undefined && (v === 'bad' || fits[label]!.includes(name))) properties[name] = v;
    if (stray) properties.unknown = 1;
    const labelOf = (id: string): string => (id.startsWith('2:') ? 'software' : 'person');
    if (named === 'no') return { label, out, in: inV, properties };
    return { label, out, in: inV, properties, outLabel: named === 'wrong' ? 'software' : labelOf(out), inLabel: labelOf(inV) };
  });

test('addEdgeIds gives the same ids, errors and stored edges as addEdges, batch after batch', async () => {
  await assertSameBatches(fc.array(fc.array(edge, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 6 }), {
    graph: schemaGraph,
    columnar: (graph, batch) => graph.addEdgeIds(batch),
    perElement: async (graph, batch) => (await graph.addEdges(batch)).map((e) => e.id),
    stored: storedEdges,
    numRuns: 60,
    minWritten: 100,
  });
});
