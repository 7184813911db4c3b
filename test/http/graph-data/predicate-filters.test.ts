/**
 * HugeGraph's predicate text in REST property filters, through the real app: the vertex and edge
 * lists and a traverser read `"P.op(values)"` with one parser, values converted to the key's
 * data type, and every bad text is a 400 with HugeGraph's error body (never a 500, never an
 * empty 200).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dataServer } from './fixture.js';
import type { DataServer } from './fixture.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';
const IAE = 'class java.lang.IllegalArgumentException';
const q = (s: string): string => encodeURIComponent(s);
const names = (json: { vertices: Array<{ properties: { name: string } }> }): string[] => json.vertices.map((v) => v.properties.name).sort();

async function withPeople(body: (server: DataServer) => Promise<void>): Promise<void> {
  const server = await dataServer();
  try {
    await server.graph.schema().indexLabel('personByCityText').onV('person').by('city').search().ifNotExist().create();
    await server.graph.schema().indexLabel('personByTags').onV('person').by('tags').secondary().ifNotExist().create();
    const people = [['marko', 29, 'Beijing', ['a', 'b']], ['vadas', 27, 'Hongkong', ['b']], ['josh', 32, 'Beijing', []], ['peter', 35, 'Shanghai', ['c']], ['li', 40, 'Hong, Kong', ['a, b']]] as const;
    const vertices = people.map(([name, age, city, tags]) => ({ label: 'person', properties: { name, age, city, ...(tags.length === 0 ? {} : { tags }) } }));
    assert.equal((await server.call('POST', `${G}/graph/vertices/batch`, vertices)).status, 201);
    const knows = [['marko', 'vadas', 0.5], ['marko', 'josh', 1.0], ['josh', 'peter', 0.4]] as const;
    const edges = knows.map(([from, to, weight]) => ({ label: 'knows', outV: `1:${from}`, inV: `1:${to}`, outVLabel: 'person', inVLabel: 'person', properties: { weight } }));
    assert.equal((await server.call('POST', `${G}/graph/edges/batch`, edges)).status, 201);
    await body(server);
  } finally {
    await server.close();
  }
}

/** A list of `path` (ending in `?` or `&`) filtered by `filter`. */
async function list(server: DataServer, filter: Record<string, unknown>, path = '/graphs/hugegraph/graph/vertices?'): Promise<{ status: number; json: any }> {
  return server.call('GET', `${path}properties=${q(JSON.stringify(filter))}`);
}

test('P.textContains (camel case) is 400 naming the lower-case operator, not a 500', () =>
  withPeople(async (server) => {
    const r = await list(server, { name: 'P.textContains("x")' });
    assert.equal(r.status, 400, JSON.stringify(r.json));
    assert.equal(r.json.exception, IAE);
    assert.match(r.json.message, /unknown operator 'textContains'.*P\.textcontains/);
    const found = await list(server, { city: 'P.textcontains("Beijing")' });
    assert.equal(found.status, 200, JSON.stringify(found.json));
    assert.deepEqual(names(found.json), ['josh', 'marko']);
    assert.deepEqual(names((await list(server, { city: 'P.textcontains("Kong")' })).json), ['li']);
  }));

test('P.within([29,27]) is the list of its values, and quoted values keep their commas', () =>
  withPeople(async (server) => {
    const ages = await list(server, { age: 'P.within([29,27])' });
    assert.equal(ages.status, 200, JSON.stringify(ages.json));
    assert.deepEqual(names(ages.json), ['marko', 'vadas']);
    assert.deepEqual(names((await list(server, { age: 'P.within(29, 32)' })).json), ['josh', 'marko']);
    assert.deepEqual(names((await list(server, { city: 'P.within("Hong, Kong", "Shanghai")' })).json), ['li', 'peter']);
    assert.deepEqual(names((await list(server, { city: 'P.within(["Hong, Kong"])' })).json), ['li']);
  }));

test('P.gt(abc), a text value and a fraction on an INT key are 400, not an empty 200', () =>
  withPeople(async (server) => {
    for (const [filter, message] of [
      [{ age: 'P.gt(abc)' }, /^Invalid predicate 'P\.gt\(abc\)' for property 'age': expected a JSON value/],
      [{ age: 'P.gt("abc")' }, /"abc" is not a value of type INT$/],
      [{ age: 'P.eq(29.5)' }, /29\.5 is not a value of type INT$/],
      [{ age: '29' }, /^Invalid value "29" for property 'age': expected a value of type INT$/],
      [{ age: 'P.between(1)' }, /P\.between takes two values but got 1$/],
      [{ age: 'P.without(29)' }, /unknown operator 'without'/],
      [{ age: 'P.gt(1' }, /expected P\.<operator>\(<values>\)$/],
    ] as const) {
      const r = await list(server, filter);
      assert.equal(r.status, 400, `${JSON.stringify(filter)} -> ${JSON.stringify(r.json)}`);
      assert.equal(r.json.exception, IAE);
      assert.match(r.json.message, message);
    }
    const edges = await list(server, { weight: 'P.gte("heavy")' }, `${G}/graph/edges?label=knows&`);
    assert.equal(edges.status, 400);
    assert.match(edges.json.message, /"heavy" is not a value of type DOUBLE$/);
  }));

test('the list predicates select by the key\'s type: ranges on INT and DOUBLE, exact values converted', () =>
  withPeople(async (server) => {
    assert.deepEqual(names((await list(server, { age: 'P.gt(30)' })).json), ['josh', 'li', 'peter']);
    assert.deepEqual(names((await list(server, { age: 'P.between(27, 32)' })).json), ['marko', 'vadas']);
    assert.deepEqual(names((await list(server, { age: 'P.inside(27, 32)' })).json), ['marko']);
    assert.deepEqual(names((await list(server, { age: 'P.outside(28, 35)' })).json), ['li', 'vadas']);
    assert.deepEqual(names((await list(server, { age: 'P.lte(29)', city: 'Beijing' })).json), ['marko']);
    assert.deepEqual(names((await list(server, { age: 29 })).json), ['marko']);
    assert.deepEqual(names((await list(server, { tags: 'P.contains("b")' })).json), ['marko', 'vadas']);
    assert.deepEqual(names((await list(server, { tags: 'P.contains("a, b")' })).json), ['li']);
    const notText = await list(server, { tags: 'P.contains(1)' });
    assert.equal(notText.status, 400);
    assert.match(notText.json.message, /1 is not a value of type TEXT$/);
    const heavy = await list(server, { weight: 'P.gte(0.5)' }, `${G}/graph/edges?label=knows&`);
    assert.equal(heavy.status, 200, JSON.stringify(heavy.json));
    assert.equal(heavy.json.edges.length, 2);
  }));

test('traverser property filters take the same text: values converted to the key\'s type, bad texts 400', () =>
  withPeople(async (server) => {
    const kout = (properties: Record<string, unknown>) =>
      server.call('POST', `${G}/traversers/kout`, { source: '1:marko', steps: { direction: 'OUT', edge_steps: [{ label: 'knows', properties }] }, max_depth: 1 });
    const heavy = await kout({ weight: 'P.within([1.0, 0.4])' });
    assert.equal(heavy.status, 200, JSON.stringify(heavy.json));
    assert.deepEqual(heavy.json.kout, ['1:josh']);
    for (const [properties, message] of [
      [{ weight: 'P.gt("heavy")' }, /"heavy" is not a value of type DOUBLE$/],
      [{ weight: 'P.gt(abc)' }, /expected a JSON value/],
      [{ weight: 'P.textContains("x")' }, /unknown operator 'textContains'/],
      [{ weight: 'heavy' }, /^Invalid value "heavy" for property 'weight': expected a value of type DOUBLE$/],
    ] as const) {
      const r = await kout(properties);
      assert.equal(r.status, 400, `${JSON.stringify(properties)} -> ${JSON.stringify(r.json)}`);
      assert.equal(r.json.exception, IAE);
      assert.match(r.json.message, message);
    }
  }));
