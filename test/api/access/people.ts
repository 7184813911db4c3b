/**
 * The fixture of the access-control scenario tests: a strict graph of people (name, age) and
 * software, `knows` and `created` edges, and the policy of spec Part A §2.5's example, a handle
 * that reads, writes and deletes only people aged 18 or more.
 * @module
 */
import assert from 'node:assert/strict';
import { open, QuiverError } from '../../../src/index.js';
import type { Database, Graph, GraphPolicy, ResourceRule } from '../../../src/index.js';

/** The people graph: marko 29, vadas 27, josh 32, peter 35 and kid 12; software lop and ripple. */
export interface People {
  readonly db: Database;
  readonly graph: Graph;
  readonly close: () => Promise<void>;
}

/** Opens a new in-memory database with the people graph. */
export async function openPeople(): Promise<People> {
  const db = await open({ ttlSweepMs: 0 });
  const graph = await db.createGraph('people');
  const schema = graph.schema();
  await schema.propertyKey('name').asText().create();
  await schema.propertyKey('age').asInt().create();
  await schema.propertyKey('weight').asDouble().create();
  await schema.vertexLabel('person').properties('name', 'age').primaryKeys('name').nullableKeys('age').create();
  await schema.vertexLabel('software').properties('name').primaryKeys('name').create();
  await schema.edgeLabel('knows').sourceLabel('person').targetLabel('person').properties('weight').nullableKeys('weight').create();
  await schema.edgeLabel('created').sourceLabel('person').targetLabel('software').properties('weight').nullableKeys('weight').create();
  await schema.indexLabel('personByAge').onV('person').by('age').range().create();
  await schema.indexLabel('knowsByWeight').onE('knows').by('weight').range().create();
  for (const [name, age] of [['marko', 29], ['vadas', 27], ['josh', 32], ['peter', 35], ['kid', 12]] as const) await graph.addVertex('person', { name, age });
  for (const name of ['lop', 'ripple']) await graph.addVertex('software', { name });
  await graph.addEdges([
    { label: 'knows', out: '1:marko', in: '1:vadas', properties: { weight: 0.5 } },
    { label: 'knows', out: '1:marko', in: '1:josh', properties: { weight: 1 } },
    { label: 'knows', out: '1:josh', in: '1:kid' },
    { label: 'created', out: '1:marko', in: '2:lop', properties: { weight: 0.4 } },
    { label: 'created', out: '1:josh', in: '2:ripple', properties: { weight: 1 } },
    { label: 'created', out: '1:peter', in: '2:lop', properties: { weight: 0.2 } },
  ]);
  return { db, graph, close: () => db.close() };
}

/** Runs `body` on a new people graph, and closes its database however `body` ends. */
export async function withPeople(body: (people: People) => Promise<void>): Promise<void> {
  const people = await openPeople();
  try {
    await body(people);
  } finally {
    await people.close();
  }
}

const ANY = null;

/** A rule of `type` on `label` with `properties` conditions (default: any). */
export function rule(type: ResourceRule['type'], label = '*', properties: ResourceRule['properties'] = ANY): ResourceRule {
  return { type, label, properties };
}

const ADULTS = rule('VERTEX', 'person', { age: 'P.gte(18)' });

/**
 * Spec Part A §2.5's example: READ on adults, software, every edge and the schema; WRITE on
 * adults; DELETE on adults and `knows` edges; EXECUTE on Gremlin.
 */
export const ADULTS_POLICY: GraphPolicy = {
  grants: {
    READ: [ADULTS, rule('VERTEX', 'software'), rule('EDGE'), rule('SCHEMA')],
    WRITE: [ADULTS],
    DELETE: [ADULTS, rule('EDGE', 'knows')],
    EXECUTE: [rule('GREMLIN')],
  },
};

/** Resolves with the error `promise` rejects with, checked to be a QuiverError of `code`; fails when it resolves. */
export async function rejection(promise: Promise<unknown>, code: string): Promise<QuiverError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof QuiverError, `a QuiverError, not ${String(error)}`);
    assert.equal(error.code, code, error.message);
    return error;
  }
  assert.fail(`expected ${code}, but it succeeded`);
}

/** Names of the graph's vertices of `label`, as the graph itself (no policy) reads them, sorted. */
export async function names(graph: Graph, label?: string): Promise<string[]> {
  const { vertices } = await graph.vertices(label === undefined ? {} : { label });
  return vertices.map((v) => String(v.properties.name)).sort();
}
