/**
 * The web console's own logic, under node: result-to-graph conversion (HugeGraph's Gremlin
 * shapes, as the server writes them for the modern graph), Expand's merge and cap, the Table
 * tab's shaping, and the query history.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { elementKey, emptyGraph, expansionRequest, mergeExpansion, resultGraph } from '../../src/console-web/result-graph.js';
import type { ElementIdValue, Expansion, GraphEdge, GraphNode, ResultGraph } from '../../src/console-web/result-graph.js';
import { cellText, resultTable } from '../../src/console-web/result-table.js';
import type { ResultTable } from '../../src/console-web/result-table.js';
import { historyKey, HISTORY_LIMIT, parseHistory, pushHistory } from '../../src/console-web/query-history.js';

const marko = { id: 1, label: 'person', type: 'vertex', properties: { name: ['marko'], age: [29] } };
const lop = { id: 3, label: 'software', type: 'vertex', properties: { name: ['lop'], lang: ['java'] } };
const created = { id: 9, label: 'created', type: 'edge', outV: 1, outVLabel: 'person', inV: 3, inVLabel: 'software', properties: { weight: 0.4 } };
const knows = { id: 7, label: 'knows', type: 'edge', outV: 1, outVLabel: 'person', inV: 2, inVLabel: 'person', properties: { weight: 0.5 } };

test('resultGraph draws vertices, edges and the end vertices of edges known only by id and label', () => {
  const graph: ResultGraph = resultGraph([marko, created, knows]);
  assert.deepEqual([...graph.nodes.keys()], ['1', '3', '2']);
  assert.equal(graph.nodes.get('1')!.complete, true);
  const end: GraphNode = { key: '2', id: 2, label: 'person', properties: {}, complete: false };
  assert.deepEqual(graph.nodes.get('2'), end);
  const edges: GraphEdge[] = [...graph.edges.values()];
  assert.deepEqual(edges.map((e) => [e.label, e.source, e.target]), [['created', '1', '3'], ['knows', '1', '2']]);
  assert.deepEqual(resultGraph([]), emptyGraph());
});

test('resultGraph finds elements in paths, maps and lists, and a full record replaces an edge end', () => {
  const path = { labels: [[], [], []], objects: [marko, created, lop] };
  const graph = resultGraph([[created], { software: [lop] }, path]);
  assert.equal(graph.nodes.size, 2);
  assert.equal(graph.nodes.get('3')!.complete, true, 'lop came as an edge end first, then whole');
  assert.deepEqual(graph.nodes.get('3')!.properties, { name: ['lop'], lang: ['java'] });
  assert.equal(graph.edges.size, 1);
});

test('resultGraph keeps the number 1 and the string "1" apart, and ignores values that are no elements', () => {
  const graph = resultGraph([{ ...marko, id: '1' }, marko, 42, 'text', null, { id: 5, label: 'x' }]);
  assert.deepEqual([...graph.nodes.keys()].sort(), [elementKey('1'), elementKey(1)].sort());
  assert.equal(graph.edges.size, 0);
});

test('expansionRequest asks one request for the cap plus one edge paths; mergeExpansion keeps at most cap and says when it cut', () => {
  const id: ElementIdValue = '1:marko';
  const request = expansionRequest(id, 2);
  assert.deepEqual(request.bindings, { vertexId: '1:marko', edgeLimit: 3 });
  assert.match(request.gremlin, /bothE\(\)\.limit\(edgeLimit\)\.otherV\(\)\.path\(\)/);
  const graph = resultGraph([marko]);
  const paths = [1, 2, 3].map((n) => ({ labels: [], objects: [marko, { ...knows, id: 100 + n, inV: 10 + n }, { id: 10 + n, label: 'person', type: 'vertex', properties: {} }] }));
  const cut: Expansion = { addedNodes: 2, addedEdges: 2, cut: true };
  assert.deepEqual(mergeExpansion(graph, paths, 2), cut);
  assert.deepEqual([...graph.nodes.keys()], ['1', '11', '12']);
  assert.deepEqual(mergeExpansion(graph, paths.slice(0, 2), 2), { addedNodes: 0, addedEdges: 0, cut: false });
});

test('resultTable: elements as id, label, type, ends and properties; maps by key; anything else as one value column', () => {
  const elements: ResultTable = {
    columns: ['id', 'label', 'type', 'ends', 'properties'],
    rows: [['1', 'person', 'vertex', '', 'name: marko, age: 29'], ['9', 'created', 'edge', '1 → 3', 'weight: 0.4']],
  };
  assert.deepEqual(resultTable([marko, created]), elements);
  assert.deepEqual(resultTable([{ a: 1 }, { b: 'x', a: 2 }]), { columns: ['a', 'b'], rows: [['1', ''], ['2', 'x']] });
  assert.deepEqual(resultTable([6, 'six', null]), { columns: ['value'], rows: [['6'], ['six'], ['null']] });
  assert.deepEqual(resultTable([marko, { a: 1 }]).columns, ['value']);
  assert.deepEqual(resultTable([]), { columns: ['value'], rows: [] });
  assert.equal(cellText(undefined), '');
});

test('pushHistory puts the newest first, drops repeats and blanks, and keeps the limit', () => {
  let history: string[] = [];
  for (const query of ['g.V()', 'g.E()', '  g.V()  ', '   ']) history = pushHistory(history, query);
  assert.deepEqual(history, ['g.V()', 'g.E()']);
  for (let i = 0; i < HISTORY_LIMIT + 5; i++) history = pushHistory(history, `g.V(${i})`);
  assert.equal(history.length, HISTORY_LIMIT);
  assert.equal(history[0], `g.V(${HISTORY_LIMIT + 4})`);
  assert.deepEqual(pushHistory(['a', 'b', 'c'], 'd', 2), ['d', 'a']);
});

test('parseHistory reads what was stored and treats anything damaged as empty', () => {
  assert.deepEqual(parseHistory(JSON.stringify(['g.V()', 3, '', 'g.E()'])), ['g.V()', 'g.E()']);
  for (const text of [null, '', '{', '{"a":1}', '42']) assert.deepEqual(parseHistory(text), []);
  assert.equal(historyKey('alice'), 'quiver.console.history.alice');
});
