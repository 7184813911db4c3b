import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NotFoundError } from '../../../src/index.js';
import { ADULTS_POLICY, names, rejection, rule, withPeople } from './people.js';

test('withPolicy: a handle allowed to write adults cannot create a minor, update an adult into one, or touch another label', () =>
  withPeople(async ({ graph }) => {
    const h = graph.withPolicy(ADULTS_POLICY);
    const denied = await rejection(h.addVertex('person', { name: 'tim', age: 12 }), 'PERMISSION_DENIED');
    assert.equal(denied.kind, 'permission');
    assert.equal(denied.message, "Permission denied: the request needs WRITE on VERTEX 'person'");
    assert.deepEqual(denied.details, { permission: 'WRITE', type: 'VERTEX', label: 'person' });
    assert.equal((await h.addVertex('person', { name: 'ann', age: 40 })).id, '1:ann');
    await rejection(h.updateVertexProperties('1:ann', { age: 12 }), 'PERMISSION_DENIED');
    await rejection(h.eliminateVertexProperties('1:ann', ['age']), 'PERMISSION_DENIED');
    assert.equal((await graph.getVertex('1:ann'))?.properties.age, 40, 'a refused update changes nothing');
    assert.equal((await h.updateVertexProperties('1:ann', { age: 41 })).properties.age, 41);
    const other = await rejection(h.addVertex('software', { name: 'gremlin' }), 'PERMISSION_DENIED');
    assert.match(other.message, /WRITE on VERTEX 'software'/);
    await rejection(h.removeVertex('2:ripple'), 'PERMISSION_DENIED');
    assert.deepEqual(await names(graph, 'software'), ['lop', 'ripple']);
  }));

test('withPolicy: a hidden vertex or edge behaves exactly like a missing one, for reads and writes', () =>
  withPeople(async ({ graph }) => {
    const h = graph.withPolicy(ADULTS_POLICY);
    assert.equal(await h.getVertex('1:kid'), undefined);
    assert.deepEqual(await h.vertexSlotsOf(['1:kid', '1:nobody']), Int32Array.of(-1, -1));
    const hidden = await rejection(h.updateVertexProperties('1:kid', { age: 30 }), 'VERTEX_NOT_FOUND');
    const missing = await rejection(h.updateVertexProperties('1:nobody', { age: 30 }), 'VERTEX_NOT_FOUND');
    assert.equal(hidden.message.replace('kid', 'X'), missing.message.replace('nobody', 'X'));
    await rejection(h.removeVertex('1:kid'), 'VERTEX_NOT_FOUND');
    const edge = (await graph.edges({ label: 'knows' })).edges.find((e) => e.inV === '1:kid')!;
    assert.equal(await h.getEdge(edge.id), undefined, 'an edge to a hidden vertex is hidden');
    await rejection(h.removeEdge(edge.id), 'EDGE_NOT_FOUND');
    await rejection(h.addEdge('knows', { out: '1:marko', in: '1:kid' }), 'VERTEX_NOT_FOUND');
    assert.equal((await graph.getVertex('1:kid'))?.properties.age, 12);
  }));

test('withPolicy: a batch with one refused element changes nothing, whatever road it takes', () =>
  withPeople(async ({ graph }) => {
    const h = graph.withPolicy(ADULTS_POLICY);
    const before = await names(graph);
    await rejection(h.addVertices([{ label: 'person', properties: { name: 'ann', age: 40 } }, { label: 'person', properties: { name: 'tim', age: 9 } }]), 'PERMISSION_DENIED');
    await rejection(h.addVertexIds([{ label: 'person', properties: { name: 'ann', age: 40 } }, { label: 'software', properties: { name: 'x' } }]), 'PERMISSION_DENIED');
    await rejection(
      h.updateVertices({ items: [{ label: 'person', properties: { name: 'marko', age: 30 } }, { label: 'person', properties: { name: 'josh', age: 2 } }], strategies: { age: 'OVERRIDE' } }),
      'PERMISSION_DENIED',
    );
    await rejection(
      h.write((w) => {
        w.setVertexProperty(w.vertexSlot('1:marko'), 'age', 31);
        w.addVertex('person', { properties: [['name', 'tim'], ['age', 3]] });
      }),
      'PERMISSION_DENIED',
    );
    assert.deepEqual(await names(graph), before);
    assert.equal((await graph.getVertex('1:marko'))?.properties.age, 29);
    assert.equal((await graph.getVertex('1:josh'))?.properties.age, 32);
    const edges = (await graph.edges()).edges.length;
    const write = graph.withPolicy({ grants: { ...ADULTS_POLICY.grants, WRITE: [rule('VERTEX', 'person', { age: 'P.gte(18)' }), rule('EDGE', 'knows')] } });
    await rejection(write.addEdges([{ label: 'knows', out: '1:marko', in: '1:peter' }, { label: 'knows', out: '1:peter', in: '1:kid' }]), 'VERTEX_NOT_FOUND');
    await rejection(write.addEdges([{ label: 'knows', out: '1:marko', in: '1:peter' }, { label: 'created', out: '1:peter', in: '2:ripple' }]), 'PERMISSION_DENIED');
    const kid = (await graph.vertexSlotsOf(['1:kid']))[0]!;
    const peter = (await graph.vertexSlotsOf(['1:peter']))[0]!;
    await rejection(write.addEdgesBulk('knows', { out: Int32Array.of(peter, peter), in: Int32Array.of(peter, kid) }), 'VERTEX_NOT_FOUND');
    assert.equal((await graph.edges()).edges.length, edges);
    assert.equal(await write.addEdgesBulk('knows', { out: ['1:peter'], in: ['1:marko'] }), 1);
  }));

test('withPolicy: slot-level writes are checked too: a hidden slot is missing, and a write that replaces a hidden element is refused', () =>
  withPeople(async ({ graph }) => {
    const h = graph.withPolicy(ADULTS_POLICY);
    const kid = (await graph.vertexSlotsOf(['1:kid']))[0]!;
    assert.equal(await h.write((w) => w.vertexSlot('1:kid')), -1);
    const missing = await rejection(h.write((w) => w.setVertexProperty(kid, 'age', 30)), 'VERTEX_NOT_FOUND');
    assert.ok(missing instanceof NotFoundError);
    await rejection(h.write((w) => w.removeVertex(kid)), 'VERTEX_NOT_FOUND');
    // A primary-key id names the hidden vertex: adding it again would overwrite it.
    await rejection(h.addVertex('person', { name: 'kid', age: 30 }), 'PERMISSION_DENIED');
    await rejection(h.updateVertices({ items: [{ label: 'person', properties: { name: 'kid', age: 30 } }], strategies: {} }), 'PERMISSION_DENIED');
    assert.equal((await graph.getVertex('1:kid'))?.properties.age, 12);
    await rejection(h.gremlin("g.addV('person').property('name', 'kid').property('age', 30)"), 'PERMISSION_DENIED');
    assert.equal((await graph.getVertex('1:kid'))?.properties.age, 12);
    assert.equal((await h.addVertex('person', { name: 'marko', age: 30 })).properties.age, 30, 'replacing a visible, writable vertex is an update');
  }));

test('withPolicy: removing needs DELETE on the element and on the incident edges the handle sees; hidden ones go with their vertex', () =>
  withPeople(async ({ graph }) => {
    const h = graph.withPolicy(ADULTS_POLICY);
    const refused = await rejection(h.removeVertex('1:marko'), 'PERMISSION_DENIED');
    assert.match(refused.message, /DELETE on EDGE 'created'/, "marko's created edge is visible and not deletable");
    assert.deepEqual(await names(graph, 'person'), ['josh', 'kid', 'marko', 'peter', 'vadas']);
    await h.removeVertex('1:vadas');
    const noCreated = graph.withPolicy({ grants: { ...ADULTS_POLICY.grants, READ: [rule('VERTEX', 'person', { age: 'P.gte(18)' }), rule('EDGE', 'knows'), rule('SCHEMA')] } });
    await noCreated.removeVertex('1:peter');
    assert.deepEqual(await names(graph, 'person'), ['josh', 'kid', 'marko']);
    assert.equal((await graph.edges({ label: 'created' })).edges.length, 2, "peter's hidden created edge went with him");
    const deleteOnly = graph.withPolicy({ grants: { DELETE: [rule('ALL')] } });
    await rejection(deleteOnly.removeVertex('1:marko'), 'VERTEX_NOT_FOUND');
  }));

test('withPolicy: unrestricted checks nothing, no grants allow nothing, and a handle of a handle enforces both policies', () =>
  withPeople(async ({ graph }) => {
    const root = graph.withPolicy({ unrestricted: true, grants: {} });
    assert.equal((await root.vertices()).vertices.length, 7);
    assert.equal((await root.addVertex('person', { name: 'tim', age: 9 })).id, '1:tim');
    assert.deepEqual(await root.gremlin("g.V().hasLabel('software').count()"), [2]);
    const none = graph.withPolicy({ grants: {} });
    assert.deepEqual((await none.vertices()).vertices, []);
    assert.deepEqual((await none.edges()).edges, []);
    assert.equal((await none.vertexShards(10)).reduce((n, s) => n + s.length, 0), 0, 'shards count no hidden vertex');
    await rejection(none.addVertex('software', { name: 'x' }), 'PERMISSION_DENIED');
    await rejection(none.gremlin('g.V()'), 'PERMISSION_DENIED');
    const adults = graph.withPolicy(ADULTS_POLICY);
    const people = adults.withPolicy({ grants: { READ: [rule('VERTEX', 'person'), rule('EDGE'), rule('SCHEMA')], EXECUTE: [rule('GREMLIN')] } });
    assert.deepEqual(await people.gremlin("g.V().values('name').order()"), ['josh', 'marko', 'peter', 'vadas']);
    await rejection(people.addVertex('person', { name: 'ann', age: 40 }), 'PERMISSION_DENIED');
    assert.deepEqual(await adults.withPolicy({ unrestricted: true, grants: {} }).gremlin('g.V().count()'), [6], 'an unrestricted policy lifts nothing of the handle it comes from');
  }));

test('withPolicy: an edge write is checked on the edge before and after, a replaced single edge included', () =>
  withPeople(async ({ graph }) => {
    const heavy = rule('EDGE', 'knows', { weight: 'P.gte(0.8)' });
    const h = graph.withPolicy({ grants: { ...ADULTS_POLICY.grants, WRITE: [heavy], DELETE: [heavy] } });
    const light = (await graph.edges({ label: 'knows' })).edges.find((e) => e.inV === '1:vadas')!;
    const strong = (await graph.edges({ label: 'knows' })).edges.find((e) => e.inV === '1:josh')!;
    await rejection(h.updateEdgeProperties(light.id, { weight: 0.9 }), 'PERMISSION_DENIED');
    await rejection(h.addEdge('knows', { out: '1:marko', in: '1:vadas', properties: { weight: 0.9 } }), 'PERMISSION_DENIED');
    await rejection(h.updateEdgeProperties(strong.id, { weight: 0.1 }), 'PERMISSION_DENIED');
    await rejection(h.gremlin(`g.E('${String(strong.id)}').property('weight', 0.2)`), 'PERMISSION_DENIED');
    await rejection(h.removeEdge(light.id), 'PERMISSION_DENIED');
    assert.deepEqual((await graph.edges({ label: 'knows' })).edges.map((e) => e.properties.weight).sort(), [0.5, 1, undefined]);
    assert.equal((await h.updateEdgeProperties(strong.id, { weight: 0.85 })).properties.weight, 0.85);
    assert.equal((await h.addEdge('knows', { out: '1:peter', in: '1:josh', properties: { weight: 0.95 } })).properties.weight, 0.95);
    await h.removeEdge(strong.id);
    assert.equal((await graph.edges({ label: 'knows' })).edges.length, 3);
  }));
