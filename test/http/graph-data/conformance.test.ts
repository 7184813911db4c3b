/**
 * The conformance table of spec Part B §4.1–4.3, §4.5, §7 and §8 over REST: one row per rule,
 * request → expected status and body fields. Rows run in order against one in-memory server;
 * a row may save a value of its answer (an id) for later rows.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { dataServer } from './fixture.js';

type Ctx = Record<string, string>;

interface Row {
  readonly rule: string;
  readonly method: string;
  readonly url: string | ((c: Ctx) => string);
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly status: number;
  /** Suffix of the `exception` field of an error body. */
  readonly exception?: string;
  readonly message?: RegExp;
  /** Top-level fields the JSON body must hold, compared deeply. */
  readonly fields?: Record<string, unknown>;
  /** Further checks on the JSON body. */
  readonly check?: (json: any) => void;
  /** Saves `pick(json)` under this name in the context. */
  readonly save?: readonly [string, (json: any) => string];
  /** Repeats the request (a task to finish) until this holds of the JSON body, up to 2 s. */
  readonly until?: (json: any) => boolean;
}

const IAE = 'IllegalArgumentException';
const NF = 'NotFoundException';
const G = '/graphspaces/DEFAULT/graphs/hugegraph';
const L = '/graphs/hugegraph';
const V = `${G}/graph/vertices`;
const E = `${G}/graph/edges`;
const q = (s: string): string => encodeURIComponent(s);
const person = (name: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ label: 'person', properties: { name, ...extra } });
const knows = (from: string, to: string, weight: number): Record<string, unknown> => ({ label: 'knows', outV: from, inV: to, outVLabel: 'person', inVLabel: 'person', properties: { weight } });
const ids = (json: any, key: string): string[] => (json[key] as Array<{ id: string }>).map((e) => String(e.id)).sort();

export const ROWS: readonly Row[] = [
  // §4.1 vertices: create, get, ids in JSON form (notes §7.3)
  { rule: 'vertex: create is 201 with the vertex record', method: 'POST', url: V, body: person('marko', { age: 29, city: 'Beijing' }), status: 201,
    fields: { label: 'person', type: 'vertex', properties: { name: 'marko', age: 29, city: 'Beijing' } }, save: ['marko', (j) => j.id] },
  { rule: 'vertex: create in the legacy family', method: 'POST', url: `${L}/graph/vertices`, body: person('vadas', { age: 27, city: 'Hongkong' }), status: 201, save: ['vadas', (j) => j.id] },
  { rule: 'vertex: "id": null (hugegraph-client for a vertex without id) is no id', method: 'POST', url: V, body: { id: null, label: 'person', type: 'vertex', properties: { name: 'nullid' } }, status: 201, fields: { id: '1:nullid' } },
  { rule: 'vertex: delete is 204', method: 'DELETE', url: `${V}/${q('"1:nullid"')}`, status: 204 },
  { rule: 'vertex: label is required', method: 'POST', url: V, body: { properties: { name: 'x' } }, status: 400, exception: IAE },
  { rule: 'vertex: properties is required', method: 'POST', url: V, body: { label: 'person' }, status: 400, exception: IAE },
  { rule: 'vertex: an undefined label is 400', method: 'POST', url: V, body: { label: 'robot', properties: { name: 'r' } }, status: 400, message: /robot/ },
  { rule: 'vertex: a missing primary key is 400', method: 'POST', url: V, body: { label: 'person', properties: { age: 3 } }, status: 400, message: /must be set/ },
  { rule: 'vertex: a non-JSON body is 400', method: 'POST', url: V, body: '{"label":', status: 400 },
  { rule: 'vertex: a body of another content type is 415', method: 'POST', url: V, body: 'label=person', headers: { 'content-type': 'application/xml' }, status: 415 },
  { rule: 'vertex: get by a JSON string id', method: 'GET', url: (c) => `${V}/${q(JSON.stringify(c.marko))}`, status: 200, fields: { label: 'person', properties: { name: 'marko', age: 29, city: 'Beijing' } } },
  { rule: 'vertex: get in the legacy family', method: 'GET', url: (c) => `${L}/graph/vertices/${q(JSON.stringify(c.vadas))}`, status: 200, fields: { label: 'person' } },
  { rule: 'vertex: an unquoted string id is 400', method: 'GET', url: (c) => `${V}/${q(c.marko!)}`, status: 400, exception: IAE, message: /formatted as Number\/String\/UUID/ },
  { rule: 'vertex: an unknown id is 404', method: 'GET', url: `${V}/${q('"1:nobody"')}`, status: 404, exception: NF, message: /does not exist/ },
  { rule: 'vertex: an unknown graph is 404', method: 'GET', url: `/graphs/nograph/graph/vertices/${q('"1:x"')}`, status: 404, exception: NF },
  // update (append / eliminate)
  { rule: 'vertex: append sets a single property and appends to a set', method: 'PUT', url: (c) => `${V}/${q(JSON.stringify(c.marko))}?action=append`,
    body: { label: 'person', properties: { age: 30, tags: ['a', 'b'] } }, status: 200, check: (j) => { assert.equal(j.properties.age, 30); assert.deepEqual([...j.properties.tags].sort(), ['a', 'b']); } },
  { rule: 'vertex: append to a set again keeps earlier values', method: 'PUT', url: (c) => `${V}/${q(JSON.stringify(c.marko))}?action=append`,
    body: { label: 'person', properties: { tags: ['c'] } }, status: 200, check: (j) => assert.deepEqual([...j.properties.tags].sort(), ['a', 'b', 'c']) },
  { rule: 'vertex: eliminate removes the whole property', method: 'PUT', url: (c) => `${V}/${q(JSON.stringify(c.marko))}?action=eliminate`,
    body: { label: 'person', properties: { tags: ['a'] } }, status: 200, check: (j) => assert.equal(j.properties.tags, undefined) },
  { rule: 'vertex: an unknown action is 415', method: 'PUT', url: (c) => `${V}/${q(JSON.stringify(c.marko))}?action=rename`, body: { properties: {} }, status: 415 },
  { rule: 'vertex: a missing action is 415', method: 'PUT', url: (c) => `${V}/${q(JSON.stringify(c.marko))}`, body: { properties: {} }, status: 415 },
  { rule: 'vertex: update of another label is 400', method: 'PUT', url: (c) => `${V}/${q(JSON.stringify(c.marko))}?action=append`, body: { label: 'software', properties: { age: 1 } }, status: 400, exception: IAE },
  { rule: 'vertex: update of an unknown vertex is 404', method: 'PUT', url: `${V}/${q('"1:nobody"')}?action=append`, body: { properties: { age: 1 } }, status: 404 },
  { rule: 'vertex: primary keys cannot be updated', method: 'PUT', url: (c) => `${V}/${q(JSON.stringify(c.marko))}?action=append`, body: { properties: { name: 'other' } }, status: 400 },
  { rule: 'vertex list: limit ranges up to 2^64 (§4.1, §8)', method: 'GET', url: `${V}?limit=18446744073709551616`, status: 200, check: (j) => assert.ok(j.vertices.length >= 2) },
  { rule: 'vertex list: a limit above 2^64 is 400', method: 'GET', url: `${V}?limit=36893488147419103232`, status: 400, exception: IAE },
  { rule: 'vertex list: an undefined label is 400, as HugeGraph answers', method: 'GET', url: `${V}?label=robot`, status: 400, exception: IAE, message: /^Undefined vertex label: 'robot'$/ },
  { rule: 'vertex list: limit 0 is 400', method: 'GET', url: `${V}?limit=0`, status: 400, exception: IAE },
  // batch create and the batch size limit (§8)
  { rule: 'vertex batch: 201 with the ids', method: 'POST', url: `${V}/batch`, body: [person('josh', { age: 32, city: 'Beijing' }), person('peter', { age: 35, city: 'Shanghai' }), { label: 'software', properties: { name: 'lop', lang: 'java' } }], status: 201,
    check: (j) => assert.equal(j.length, 3), save: ['josh', (j) => j[0]] },
  { rule: 'vertex batch: more than 2500 is 400', method: 'POST', url: `${V}/batch`, body: Array.from({ length: 2501 }, (_, i) => person(`p${i}`)), status: 400, message: /Too many vertices for one time post/ },
  { rule: 'vertex batch: an invalid item changes nothing', method: 'POST', url: `${V}/batch`, body: [person('willnot'), { label: 'person', properties: { age: 1 } }], status: 400 },
  { rule: 'vertex batch: the valid item of a rejected batch was not written', method: 'GET', url: `${V}/${q('"1:willnot"')}`, status: 404 },
  { rule: 'vertex batch: the body must be an array', method: 'POST', url: `${V}/batch`, body: person('x'), status: 400 },
  // batch update with strategies (§2.5)
  { rule: 'vertex batch update: every strategy', method: 'PUT', url: `${V}/batch`,
    body: { vertices: [person('josh', { age: 1, visits: 5, tags: ['x', 'y'], log: ['l1'], city: null })], update_strategies: { age: 'BIGGER', visits: 'SUM', tags: 'UNION', log: 'APPEND' }, create_if_not_exist: true },
    status: 200, check: (j) => { const p = j.vertices[0].properties; assert.equal(p.age, 32); assert.equal(p.visits, 5); assert.deepEqual([...p.tags].sort(), ['x', 'y']); assert.deepEqual(p.log, ['l1']); assert.equal(p.city, undefined); } },
  { rule: 'vertex batch update: SUM, SMALLER, INTERSECTION, APPEND on stored values', method: 'PUT', url: `${V}/batch`,
    body: { vertices: [person('josh', { age: 40, visits: 3, tags: ['y', 'z'], log: ['l2'] })], update_strategies: { age: 'SMALLER', visits: 'SUM', tags: 'INTERSECTION', log: 'APPEND' } },
    status: 200, check: (j) => { const p = j.vertices[0].properties; assert.equal(p.age, 32); assert.equal(p.visits, 8); assert.deepEqual(p.tags, ['y']); assert.deepEqual(p.log, ['l1', 'l2']); } },
  { rule: 'vertex batch update: ELIMINATE and OVERRIDE with null keeps the old value', method: 'PUT', url: `${V}/batch`,
    body: { vertices: [person('josh', { log: ['l1'], visits: null })], update_strategies: { log: 'ELIMINATE', visits: 'OVERRIDE' } },
    status: 200, check: (j) => { const p = j.vertices[0].properties; assert.deepEqual(p.log, ['l2']); assert.equal(p.visits, 8); } },
  { rule: 'vertex batch update: create_if_not_exist false skips missing vertices', method: 'PUT', url: `${V}/batch`,
    body: { vertices: [person('ghost', { age: 3 })], update_strategies: {}, create_if_not_exist: false }, status: 200, fields: { vertices: [] } },
  { rule: 'vertex batch update: missing vertices are created by default', method: 'PUT', url: `${V}/batch`,
    body: { vertices: [person('ripple2', { age: 3 })], update_strategies: { age: 'SUM' } }, status: 200, check: (j) => assert.equal(j.vertices[0].properties.age, 3) },
  { rule: 'vertex batch update: an unknown strategy is 400', method: 'PUT', url: `${V}/batch`, body: { vertices: [person('josh')], update_strategies: { age: 'MULTIPLY' } }, status: 400, exception: IAE },
  { rule: 'vertex batch update: update_strategies is required', method: 'PUT', url: `${V}/batch`, body: { vertices: [person('josh')] }, status: 400 },
  { rule: 'vertex batch update: SUM of text is 400', method: 'PUT', url: `${V}/batch`, body: { vertices: [person('josh', { log: ['x'] })], update_strategies: { log: 'SUM' } }, status: 400, message: /SUM expects numbers/ },
  { rule: 'vertex batch update: more than 2500 is 400', method: 'PUT', url: `${V}/batch`, body: { vertices: Array.from({ length: 2501 }, (_, i) => person(`p${i}`)), update_strategies: {} }, status: 400, message: /Too many vertices/ },
  // list, property filters (§2.4) and pages (§2.6)
  { rule: 'vertex list: by label', method: 'GET', url: `${V}?label=software`, status: 200, check: (j) => assert.deepEqual(j.vertices.map((v: any) => v.properties.name), ['lop']) },
  { rule: 'vertex list: limit bounds the result', method: 'GET', url: `${V}?limit=2`, status: 200, check: (j) => assert.equal(j.vertices.length, 2) },
  { rule: 'vertex list: an exact property value', method: 'GET', url: `${V}?label=person&properties=${q('{"city":"Beijing"}')}`, status: 200,
    check: (j) => assert.deepEqual(j.vertices.map((v: any) => v.properties.name).sort(), ['marko']) },
  { rule: 'vertex list: P.gt', method: 'GET', url: `${V}?label=person&properties=${q('{"age":"P.gt(30)"}')}`, status: 200, check: (j) => assert.deepEqual(j.vertices.map((v: any) => v.properties.name).sort(), ['josh', 'peter']) },
  { rule: 'vertex list: P.between is [n1, n2)', method: 'GET', url: `${V}?label=person&properties=${q('{"age":"P.between(27,32)"}')}`, status: 200, check: (j) => assert.deepEqual(j.vertices.map((v: any) => v.properties.name).sort(), ['marko', 'vadas']) },
  { rule: 'vertex list: P.within', method: 'GET', url: `${V}?label=person&properties=${q('{"city":"P.within(\\"Shanghai\\",\\"Hongkong\\")"}')}`, status: 200, check: (j) => assert.deepEqual(j.vertices.map((v: any) => v.properties.name).sort(), ['peter', 'vadas']) },
  { rule: 'vertex list: P.lte and P.outside', method: 'GET', url: `${V}?label=person&properties=${q('{"age":"P.outside(28,34)"}')}`, status: 200, check: (j) => assert.deepEqual(j.vertices.map((v: any) => v.properties.name).sort(), ['peter', 'ripple2', 'vadas']) },
  { rule: 'vertex list: no index for the property is NoIndexException 400', method: 'GET', url: `${V}?label=person&properties=${q('{"visits":8}')}`, status: 400, exception: 'NoIndexException' },
  { rule: 'vertex list: properties that are not JSON is 400', method: 'GET', url: `${V}?properties=${q('{age')}`, status: 400, exception: IAE },
  { rule: 'vertex list: an unknown predicate is 400', method: 'GET', url: `${V}?label=person&properties=${q('{"age":"P.near(3)"}')}`, status: 400, exception: IAE },
  { rule: 'vertex list: limit 0 is 400', method: 'GET', url: `${V}?limit=0`, status: 400 },
  { rule: 'vertex list: keep_start_p=false and offset=0 (hugegraph-client sends both) count as absent, also with page', method: 'GET', url: `${V}?keep_start_p=false&offset=0&limit=4&page=`, status: 200,
    check: (j) => { assert.equal(j.vertices.length, 4); assert.equal(typeof j.page, 'string'); } },
  { rule: 'vertex list: an offset skips vertices without page (VertexAPI.list: range(offset, offset + limit))', method: 'GET', url: `${V}?label=person&offset=2&limit=2`, status: 200,
    check: (j) => { assert.equal(j.vertices.length, 2); assert.equal('page' in j, false); } },
  { rule: 'vertex list: page with a non-zero offset is 400, HugeGraph\'s only paging rule', method: 'GET', url: `${V}?offset=2&limit=4&page=`, status: 400, exception: IAE,
    message: /^Not support querying vertices based on paging and offset together$/ },
  { rule: 'vertex list: keep_start_p=true reads a P. text as an exact value (VertexAPI.list), not a predicate', method: 'GET', url: `${V}?label=person&keep_start_p=true&properties=${q('{"city":"P.within(\\"Shanghai\\",\\"Hongkong\\")"}')}`, status: 200, check: (j) => assert.deepEqual(j.vertices, []) },
  { rule: 'edge list: keep_start_p=true reads a P. text as an exact value, which a DOUBLE key does not take (HugeGraph: 400 "Invalid data type of query value")', method: 'GET', url: `${E}?label=knows&keep_start_p=true&properties=${q('{"weight":"P.gte(0.9)"}')}`, status: 400, exception: IAE, message: /^Invalid value "P\.gte\(0\.9\)" for property 'weight': expected a value of type DOUBLE$/ },
  { rule: 'vertex list: page without limit pages by 100 (pyhugegraph getVertexByCondition sends page alone)', method: 'GET', url: `${V}?page=`, status: 200,
    check: (j) => { assert.ok(j.vertices.length > 0); assert.equal(j.page, null); } },
  { rule: 'vertex list: page beside label (pyhugegraph getVertexByPage)', method: 'GET', url: `${V}?label=person&page&limit=2`, status: 200,
    check: (j) => { assert.deepEqual(j.vertices.map((v: any) => v.label), ['person', 'person']); assert.equal(typeof j.page, 'string'); }, save: ['personPage', (j) => j.page] },
  { rule: 'vertex list: the next page of a label resumes after it', method: 'GET', url: (c) => `${V}?label=person&page=${q(c.personPage!)}&limit=100`, status: 200,
    check: (j) => { assert.ok(j.vertices.length >= 1 && j.vertices.every((v: any) => v.label === 'person')); assert.equal(j.page, null); } },
  { rule: 'vertex list: page beside label and properties (pyhugegraph getVertexByCondition)', method: 'GET', url: `${V}?label=person&properties=${q('{"city":"Beijing"}')}&limit=10&page`, status: 200,
    check: (j) => { assert.deepEqual(j.vertices.map((v: any) => v.properties.name), ['marko']); assert.equal(j.page, null); } },
  { rule: 'vertex list: an empty page is the first page and carries page', method: 'GET', url: `${V}?page=&limit=4`, status: 200,
    check: (j) => { assert.equal(j.vertices.length, 4); assert.equal(typeof j.page, 'string'); }, save: ['page', (j) => j.page] },
  { rule: 'vertex list: the next page continues', method: 'GET', url: (c) => `${V}?page=${q(c.page!)}&limit=4`, status: 200, check: (j) => { assert.equal(j.vertices.length, 2); assert.ok(j.page === null || typeof j.page === 'string'); } },
  { rule: 'vertex list: a forged page is 400', method: 'GET', url: `${V}?page=bogus&limit=4`, status: 400 },
  // §4.2 edges
  { rule: 'edge: an empty body is 400', method: 'POST', url: E, body: {}, status: 400, exception: IAE },
  { rule: 'edge: create is 201 with the edge record', method: 'POST', url: E, body: knows('1:marko', '1:vadas', 0.5), status: 201,
    fields: { label: 'knows', type: 'edge', outV: '1:marko', inV: '1:vadas', outVLabel: 'person', inVLabel: 'person', properties: { weight: 0.5 } }, save: ['e1', (j) => j.id] },
  { rule: 'edge: create in the legacy family', method: 'POST', url: `${L}/graph/edges`, body: knows('1:marko', '1:josh', 1), status: 201, save: ['e2', (j) => j.id] },
  { rule: 'edge: a missing end vertex is 400 "Invalid vertex id" (check_vertex, EdgeAPI)', method: 'POST', url: E, body: knows('1:marko', '1:nobody', 1), status: 400, exception: IAE, message: /^Invalid vertex id '1:nobody'$/ },
  { rule: 'edge: outVLabel and inVLabel are both given or both absent (JsonEdge.checkCreate)', method: 'POST', url: E, body: { label: 'knows', outV: '1:marko', inV: '1:vadas', inVLabel: 'person' }, status: 400,
    exception: IAE, message: /^The both source and target vertex label are either passed in, or not passed in$/ },
  { rule: 'edge: a single edge without end labels is created (EdgeAPI.create; pyhugegraph addEdge sends none)', method: 'POST', url: E,
    body: { label: 'knows', outV: '1:marko', inV: '1:peter', properties: { weight: 0.1 } }, status: 201, fields: { outV: '1:marko', inV: '1:peter', outVLabel: 'person', inVLabel: 'person' }, save: ['e0', (j) => j.id] },
  { rule: 'edge: the edge made without end labels is deleted again', method: 'DELETE', url: (c) => `${E}/${q(c.e0!)}`, status: 204 },
  { rule: 'edge: an end label that is no vertex label is 400 "Invalid source vertex label"', method: 'POST', url: E, body: { ...knows('1:marko', '1:vadas', 1), outVLabel: 'robot' }, status: 400,
    exception: IAE, message: /^Invalid source vertex label 'robot'$/ },
  { rule: 'edge batch: every item names both end labels ("Expect source vertex label")', method: 'POST', url: `${E}/batch`, body: [{ label: 'knows', outV: '1:marko', inV: '1:vadas', properties: {} }], status: 400,
    exception: IAE, message: /^Expect source vertex label$/ },
  { rule: 'edge batch: "Expect target vertex label"', method: 'POST', url: `${E}/batch`, body: [{ label: 'knows', outV: '1:marko', inV: '1:vadas', outVLabel: 'person', properties: {} }], status: 400,
    exception: IAE, message: /^Expect target vertex label$/ },
  { rule: 'edge: an undefined edge label is 400', method: 'POST', url: E, body: { ...knows('1:marko', '1:vadas', 1), label: 'hates' }, status: 400 },
  { rule: 'edge: outVLabel must be the stored vertex label', method: 'POST', url: E, body: { ...knows('1:marko', '1:vadas', 1), outVLabel: 'software' }, status: 400, exception: IAE,
    message: /^The label of vertex '1:marko' is unmatched, users expect label 'software', actual label stored is 'person'$/ },
  { rule: 'edge: inVLabel must be the stored vertex label', method: 'POST', url: `${E}/batch`, body: [{ ...knows('1:marko', '1:vadas', 1), inVLabel: 'software' }], status: 400, exception: IAE,
    message: /^The label of vertex '1:vadas' is unmatched, users expect label 'software', actual label stored is 'person'$/ },
  { rule: 'edge: the end labels must be the edge label\'s source and target', method: 'POST', url: E, body: { ...knows('1:marko', '1:vadas', 1), label: 'created' }, status: 400, exception: IAE,
    message: /^Undefined link of edge label 'created': 'person' -> 'person'$/ },
  { rule: 'edge batch: check_vertex=false with a missing end vertex is refused as unsupported', method: 'POST', url: `${E}/batch?check_vertex=false`, body: [knows('1:marko', '1:nobody', 1)], status: 400,
    exception: 'NotSupportException', message: /^Not support edges whose end vertices do not exist, even with check_vertex=false: .*'1:nobody'/ },
  { rule: 'edge batch: check_vertex=false refuses the whole batch, its valid edges too (never half-applied)', method: 'POST', url: `${E}/batch?check_vertex=false`,
    body: [knows('1:peter', '1:marko', 1), knows('1:peter', '1:ghost', 1)], status: 400, exception: 'NotSupportException', message: /vertex '1:ghost' does not exist$/ },
  { rule: 'edge batch: ... so peter has no edge yet', method: 'GET', url: `${E}?vertex_id=${q('"1:peter"')}`, status: 200, fields: { edges: [] } },
  { rule: 'edge batch: check_vertex=false with stored ends creates the edges', method: 'POST', url: `${E}/batch?check_vertex=false`, body: [knows('1:vadas', '1:marko', 0.4)], status: 201,
    check: (j) => assert.equal(j.length, 1), save: ['e3', (j) => j[0]] },
  { rule: 'edge: DELETE of an edge made with check_vertex=false is 204', method: 'DELETE', url: (c) => `${E}/${q(c.e3!)}`, status: 204 },
  { rule: 'edge: get by raw id', method: 'GET', url: (c) => `${E}/${q(c.e1!)}`, status: 200, fields: { label: 'knows', outV: '1:marko', inV: '1:vadas' } },
  { rule: 'edge: get in the legacy family', method: 'GET', url: (c) => `${L}/graph/edges/${q(c.e2!)}`, status: 200, fields: { inV: '1:josh' } },
  { rule: 'edge: an unknown id is 404', method: 'GET', url: `${E}/${q('S1:x>1>1>>S1:y')}`, status: 404, exception: NF },
  { rule: 'edge: append replaces a property', method: 'PUT', url: (c) => `${E}/${q(c.e1!)}?action=append`, body: { properties: { weight: 0.7 } }, status: 200, fields: { properties: { weight: 0.7 } } },
  { rule: 'edge: eliminate removes it', method: 'PUT', url: (c) => `${E}/${q(c.e2!)}?action=eliminate`, body: { properties: { weight: 1 } }, status: 200, fields: { properties: {} } },
  { rule: 'edge: an unknown action is 415', method: 'PUT', url: (c) => `${E}/${q(c.e1!)}?action=nope`, body: { properties: {} }, status: 415 },
  { rule: 'edge batch: 201 with the ids', method: 'POST', url: `${E}/batch?check_vertex=true`, body: [knows('1:josh', '1:peter', 0.2), knows('1:peter', '1:vadas', 0.9)], status: 201, check: (j) => assert.equal(j.length, 2) },
  { rule: 'edge batch: a missing vertex rejects the whole batch', method: 'POST', url: `${E}/batch`, body: [knows('1:vadas', '1:josh', 0.1), knows('1:josh', '1:nobody', 1)], status: 400 },
  { rule: 'edge batch: check_vertex must be a boolean', method: 'POST', url: `${E}/batch?check_vertex=maybe`, body: [knows('1:marko', '1:vadas', 1)], status: 400, message: /check_vertex/ },
  { rule: 'edge batch: more than 2500 is 400', method: 'POST', url: `${E}/batch`, body: Array.from({ length: 2501 }, () => knows('1:marko', '1:vadas', 1)), status: 400, message: /Too many edges/ },
  { rule: 'edge batch update: SUM on a stored edge, create missing ones', method: 'PUT', url: `${E}/batch`,
    body: { edges: [knows('1:marko', '1:vadas', 0.25), knows('1:vadas', '1:peter', 0.3)], update_strategies: { weight: 'SUM' }, check_vertex: true, create_if_not_exist: true },
    status: 200, check: (j) => { assert.equal(j.edges.length, 2); assert.equal(j.edges[0].properties.weight, 0.95); assert.equal(j.edges[1].properties.weight, 0.3); } },
  { rule: 'edge batch update: create_if_not_exist false skips', method: 'PUT', url: `${E}/batch`, body: { edges: [knows('1:josh', '1:marko', 1)], create_if_not_exist: false }, status: 200, fields: { edges: [] } },
  { rule: 'edge batch update: check_vertex with a missing vertex is 400', method: 'PUT', url: `${E}/batch`, body: { edges: [knows('1:josh', '1:nobody', 1)] }, status: 400 },
  { rule: 'edge batch update: check_vertex=false with a missing end vertex is refused whole, as in batch create', method: 'PUT', url: `${E}/batch`,
    body: { edges: [knows('1:marko', '1:vadas', 100), knows('1:josh', '1:nobody', 1)], update_strategies: { weight: 'SUM' }, check_vertex: false }, status: 400,
    exception: 'NotSupportException', message: /^Not support edges whose end vertices do not exist, even with check_vertex=false: .*'1:nobody'/ },
  { rule: 'edge batch update: the stored edge of a refused batch is unchanged', method: 'GET', url: (c) => `${E}/${q(c.e1!)}`, status: 200, fields: { properties: { weight: 0.95 } } },
  { rule: 'edge batch update: check_vertex=false skips the end label check, not the end vertices', method: 'PUT', url: `${E}/batch`,
    body: { edges: [{ ...knows('1:marko', '1:vadas', 0), outVLabel: 'software' }], update_strategies: { weight: 'SUM' }, check_vertex: false }, status: 200,
    check: (j) => assert.deepEqual([j.edges.length, j.edges[0].outVLabel, j.edges[0].properties.weight], [1, 'person', 0.95]) },
  // edge list rules 1-4
  { rule: 'edge list: keep_start_p=false (hugegraph-client sends it) counts as absent', method: 'GET', url: `${E}?vertex_id=${q('"1:marko"')}&keep_start_p=false&offset=0&limit=100`, status: 200, check: (j) => assert.ok(Array.isArray(j.edges)) },
  { rule: 'edge list: an undefined label is 400', method: 'GET', url: `${E}?label=likes`, status: 400, exception: IAE, message: /^Undefined edge label: 'likes'$/ },
  { rule: 'edge list: an undefined label is 400 with vertex_id too', method: 'GET', url: `${E}?vertex_id=${q('"1:marko"')}&label=likes`, status: 400, exception: IAE, message: /^Undefined edge label: 'likes'$/ },
  { rule: 'edge list: limit 2^64 is accepted like the vertex list limit', method: 'GET', url: `${E}?limit=18446744073709551616`, status: 200, check: (j) => assert.ok(j.edges.length >= 2) },
  { rule: 'edge list rule 1: by vertex and direction', method: 'GET', url: `${E}?vertex_id=${q('"1:marko"')}&direction=OUT`, status: 200, check: (j) => assert.equal(j.edges.length, 2) },
  { rule: 'edge list rule 1: BOTH by default', method: 'GET', url: `${E}?vertex_id=${q('"1:vadas"')}`, status: 200, check: (j) => assert.equal(j.edges.length, 3) },
  { rule: 'edge list rule 1: offset and limit bound the result', method: 'GET', url: `${E}?vertex_id=${q('"1:vadas"')}&offset=1&limit=1`, status: 200, check: (j) => assert.equal(j.edges.length, 1) },
  { rule: 'edge list: page beside vertex_id, direction and label (pyhugegraph getEdgeByPage)', method: 'GET', url: `${E}?vertex_id=${q('"1:vadas"')}&direction=BOTH&label=knows&page&limit=2`, status: 200,
    check: (j) => { assert.equal(j.edges.length, 2); assert.equal(typeof j.page, 'string'); }, save: ['vadasPage', (j) => j.page] },
  { rule: 'edge list: the next page of a vertex\'s edges ends with null', method: 'GET', url: (c) => `${E}?vertex_id=${q('"1:vadas"')}&direction=BOTH&label=knows&page=${q(c.vadasPage!)}&limit=2`, status: 200,
    check: (j) => { assert.equal(j.edges.length, 1); assert.equal(j.page, null); } },
  { rule: 'edge list: a bad direction is 400', method: 'GET', url: `${E}?vertex_id=${q('"1:vadas"')}&direction=UP`, status: 400 },
  { rule: 'edge list: a bad vertex_id is 400', method: 'GET', url: `${E}?vertex_id=marko`, status: 400, message: /formatted as/ },
  { rule: 'edge list rule 2: by label', method: 'GET', url: `${E}?label=knows`, status: 200, check: (j) => assert.equal(j.edges.length, 5) },
  { rule: 'edge list rule 2: by label and property', method: 'GET', url: `${E}?label=knows&properties=${q('{"weight":"P.gte(0.9)"}')}`, status: 200, check: (j) => assert.equal(j.edges.length, 2) },
  { rule: 'edge list: page with an offset is 400, HugeGraph\'s only paging rule', method: 'GET', url: `${E}?page=&offset=1`, status: 400, exception: IAE, message: /^Not support querying edges based on paging and offset together$/ },
  { rule: 'edge list: page with direction and no vertex_id ignores the direction (EdgeAPI.list)', method: 'GET', url: `${E}?page=&direction=OUT&limit=100`, status: 200, check: (j) => { assert.ok(j.edges.length >= 5); assert.equal(j.page, null); } },
  { rule: 'vertex list: page with two properties filters by both and pages through the matches', method: 'GET', url: `${V}?label=person&properties=${q('{"city":"Beijing","age":"P.gte(20)"}')}&page&limit=1`, status: 200,
    check: (j) => { assert.equal(j.vertices.length, 1); assert.equal(j.vertices[0].properties.city, 'Beijing'); } },
  { rule: 'edge list rule 3: pages', method: 'GET', url: `${E}?page=&limit=3`, status: 200, check: (j) => { assert.equal(j.edges.length, 3); assert.equal(typeof j.page, 'string'); } },
  { rule: 'edge list rule 4: offset and limit without page, direction ignored', method: 'GET', url: `${E}?offset=4&limit=10&direction=IN`, status: 200, check: (j) => assert.equal(j.edges.length, 1) },
  // traversers by ids, shards and scan
  { rule: 'traversers: vertices by ids', method: 'GET', url: `${G}/traversers/vertices?ids=${q('"1:marko"')}&ids=${q('"1:vadas"')}`, status: 200, check: (j) => assert.deepEqual(ids(j, 'vertices'), ['1:marko', '1:vadas']) },
  { rule: 'traversers: ids are required', method: 'GET', url: `${G}/traversers/vertices`, status: 400 },
  { rule: 'traversers: an unknown vertex id is left out, as g.vertices(ids) does in HugeGraph', method: 'GET', url: `${L}/traversers/vertices?ids=${q('"1:nobody"')}&ids=${q('"1:marko"')}`, status: 200,
    check: (j) => assert.deepEqual(ids(j, 'vertices'), ['1:marko']) },
  { rule: 'traversers: an unknown edge id is left out', method: 'GET', url: `${G}/traversers/edges?ids=${q('S1:nobody>1>1>>S1:marko')}`, status: 200, fields: { edges: [] } },
  { rule: 'traversers: edges by ids', method: 'GET', url: (c) => `${L}/traversers/edges?ids=${q(c.e1!)}`, status: 200, check: (j) => assert.equal(j.edges.length, 1) },
  { rule: 'traversers: vertex shards', method: 'GET', url: `${G}/traversers/vertices/shards?split_size=2`, status: 200,
    check: (j) => { assert.ok(j.shards.length >= 1); for (const s of j.shards) assert.deepEqual(Object.keys(s).sort(), ['end', 'length', 'start']); } },
  { rule: 'traversers: split_size is required', method: 'GET', url: `${G}/traversers/vertices/shards`, status: 400 },
  { rule: 'traversers: split_size must be positive', method: 'GET', url: `${G}/traversers/edges/shards?split_size=0`, status: 400 },
  { rule: 'traversers: start and end are required for a scan', method: 'GET', url: `${G}/traversers/vertices/scan?start=0`, status: 400 },
  { rule: 'traversers: a bad shard bound is 400', method: 'GET', url: `${G}/traversers/edges/scan?start=x&end=y`, status: 400 },
  // deletes
  { rule: 'edge: delete with the wrong label is 400 "No such edge" (EdgeAPI.delete)', method: 'DELETE', url: (c) => `${E}/${q(c.e2!)}?label=created`, status: 400, exception: IAE, message: /^No such edge with id: 'S1:marko>1>1>>S1:josh'$/ },
  { rule: 'edge: delete is 204', method: 'DELETE', url: (c) => `${E}/${q(c.e2!)}?label=knows`, status: 204 },
  { rule: 'edge: a deleted edge is gone', method: 'GET', url: (c) => `${E}/${q(c.e2!)}`, status: 404 },
  { rule: 'vertex: delete of an unknown vertex is 400 (notes §7.3)', method: 'DELETE', url: `${V}/${q('"1:nobody"')}`, status: 400, message: /No such vertex/ },
  { rule: 'vertex: delete with another label is 400', method: 'DELETE', url: `${V}/${q('"1:ripple2"')}?label=software`, status: 400 },
  { rule: 'vertex: delete is 204', method: 'DELETE', url: `${L}/graph/vertices/${q('"1:ripple2"')}?label=person`, status: 204 },
  { rule: 'vertex: a vertex to delete the way pyhugegraph does', method: 'POST', url: V, body: person('pyone'), status: 201, fields: { id: '1:pyone' } },
  { rule: 'vertex: DELETE with Content-Type application/json and an empty body is 204 (pyhugegraph)', method: 'DELETE', url: `${V}/${q('"1:pyone"')}`, body: '', status: 204 },
  { rule: 'vertex: a trailing slash before the query names the same route (pyhugegraph)', method: 'GET', url: `${V}/${q('"1:pyone"')}/`, status: 404, exception: NF, message: /does not exist/ },
  // §4.5 Gremlin and notes §6
  { rule: 'gremlin: GET runs a script with the result object', method: 'GET', url: `/gremlin?gremlin=${q("hugegraph.traversal().V().hasLabel('person').count()")}`, status: 200,
    check: (j) => { assert.deepEqual(j.result.data, [4]); assert.deepEqual(j.status, { message: '', code: 200, attributes: {} }); assert.equal(typeof j.requestId, 'string'); assert.deepEqual(j.result.meta, {}); } },
  { rule: 'gremlin: GET bindings and aliases', method: 'GET', url: `/gremlin?gremlin=${q('g.V(x).values("age")')}&bindings.x=${q('1:marko')}&aliases.g=__g_DEFAULT-hugegraph`, status: 200, fields: { result: { data: [30], meta: {} } } },
  { rule: 'gremlin: GET bindings and aliases as JSON object parameters (spec §4.5)', method: 'GET',
    url: `/gremlin?gremlin=${q('g.V(x).values("age")')}&bindings=${q('{"x":"1:marko"}')}&aliases=${q('{"g":"__g_DEFAULT-hugegraph"}')}`, status: 200, fields: { result: { data: [30], meta: {} } } },
  { rule: 'gremlin: GET bindings that are not a JSON object is 400', method: 'GET', url: `/gremlin?gremlin=1&bindings=${q('[1]')}`, status: 400, message: /^Invalid Gremlin bindings: expected a JSON object/ },
  { rule: 'gremlin: GET aliases must map names to strings', method: 'GET', url: `/gremlin?gremlin=1&aliases=${q('{"g":1}')}`, status: 400, message: /^Invalid Gremlin aliases: expected a JSON object of strings/ },
  { rule: 'gremlin: GET with a repeated parameter is 400', method: 'GET', url: `/gremlin?gremlin=1&gremlin=2`, status: 400 },
  { rule: 'gremlin: GET without gremlin is 400', method: 'GET', url: '/gremlin', status: 400 },
  { rule: 'gremlin: POST unzip, the traversal variable of the legacy graph', method: 'POST', url: '/gremlinunzip', body: { gremlin: "__g_hugegraph.V().has('person','name','marko').values('name')" }, status: 200, fields: { result: { data: ['marko'], meta: {} } } },
  { rule: 'gremlin: aliases graph and g', method: 'POST', url: '/gremlinunzip', body: { gremlin: "graph.traversal().V().hasLabel('software').values('name')", bindings: {}, language: 'gremlin-groovy', aliases: { graph: 'DEFAULT-hugegraph', g: '__g_DEFAULT-hugegraph' } }, status: 200,
    fields: { result: { data: ['lop'], meta: {} } } },
  { rule: 'gremlin: a vertex in HugeGraph shape', method: 'POST', url: '/gremlinunzip', body: { gremlin: "g.V('1:marko')", aliases: { g: '__g_hugegraph' } }, status: 200,
    check: (j) => assert.deepEqual(j.result.data[0], { id: '1:marko', label: 'person', type: 'vertex', properties: { name: 'marko', age: 30, city: 'Beijing' } }) },
  { rule: 'gremlin: an edge in HugeGraph shape', method: 'POST', url: '/gremlinunzip', body: { gremlin: "g.V('1:marko').outE('knows').has('weight', 0.95)", aliases: { g: '__g_hugegraph' } }, status: 200,
    check: (j) => { const e = j.result.data[0]; assert.equal(e.type, 'edge'); assert.equal(e.outV, '1:marko'); assert.equal(e.inVLabel, 'person'); assert.deepEqual(e.properties, { weight: 0.95 }); } },
  { rule: 'gremlin: a path', method: 'POST', url: '/gremlinunzip', body: { gremlin: "g.V('1:marko').out('knows').has('name','vadas').path()", aliases: { g: '__g_hugegraph' } }, status: 200,
    check: (j) => { assert.equal(j.result.data[0].objects.length, 2); assert.ok(Array.isArray(j.result.data[0].labels)); } },
  { rule: 'gremlin: a map', method: 'POST', url: '/gremlinunzip', body: { gremlin: "g.V('1:marko').valueMap('name')", aliases: { g: '__g_hugegraph' } }, status: 200, fields: { result: { data: [{ name: ['marko'] }], meta: {} } } },
  { rule: 'gremlin: a binding that is not a string or number is 400', method: 'POST', url: '/gremlinunzip', body: { gremlin: 'x', bindings: { x: { a: 1 } } }, status: 400, message: /strings or numbers/ },
  { rule: 'gremlin: another language is 400', method: 'POST', url: '/gremlinunzip', body: { gremlin: '1', language: 'sparql' }, status: 400 },
  { rule: 'gremlin: an alias to nothing is 400', method: 'POST', url: '/gremlinunzip', body: { gremlin: 'g.V()', aliases: { g: '__g_nograph' } }, status: 400 },
  { rule: 'gremlin: a syntax error is 400 with the gremlin error body', method: 'POST', url: '/gremlinunzip', body: { gremlin: 'g.V(' }, status: 400,
    check: (j) => { assert.deepEqual(Object.keys(j), ['exception', 'message', 'cause']); assert.ok(!j.exception.startsWith('class ')); assert.match(j.cause, /^\[.*\]$/); } },
  { rule: 'gremlin: a library error is 400', method: 'POST', url: '/gremlinunzip', body: { gremlin: "g.addV('robot')" }, status: 400, message: /robot/ },
  { rule: 'gremlin: a failing request writes nothing (one transaction)', method: 'POST', url: '/gremlinunzip',
    body: { gremlin: "g.addV('person').property('name','tx1').iterate(); g.addV('robot').iterate()" }, status: 400 },
  { rule: 'gremlin: ... so tx1 is absent', method: 'GET', url: `${V}/${q('"1:tx1"')}`, status: 404 },
  { rule: 'gremlin: POST is gzip-compressed when accepted', method: 'POST', url: '/gremlin', body: { gremlin: 'g.inject(2)' }, headers: { 'accept-encoding': 'gzip' }, status: 200 },
  { rule: 'gremlin: async job is 201 with task_id', method: 'POST', url: `${G}/jobs/gremlin`, body: { gremlin: "g.V().hasLabel('person').count()", bindings: {}, language: 'gremlin-groovy', aliases: {} }, status: 201,
    check: (j) => assert.equal(typeof j.task_id, 'number'), save: ['task', (j) => String(j.task_id)] },
  { rule: 'gremlin: async job with aliases is 400', method: 'POST', url: `${L}/jobs/gremlin`, body: { gremlin: '1', aliases: { g: '__g_hugegraph' } }, status: 400 },
  { rule: 'gremlin: async job on an unknown graph is 404', method: 'POST', url: '/graphs/nograph/jobs/gremlin', body: { gremlin: '1' }, status: 404 },
  // §4.4 traversers: every parameter typed by the route's schema
  { rule: 'traverser GET: typed query parameters are converted (kout)', method: 'GET', url: `${G}/traversers/kout?source=${q('"1:marko"')}&max_depth=1&nearest=false&max_degree=100`, status: 200,
    check: (j) => assert.ok(Array.isArray(j.vertices)) },
  { rule: 'traverser GET: an integer parameter given as text is 400', method: 'GET', url: `${G}/traversers/kout?source=${q('"1:marko"')}&max_depth=two`, status: 400, exception: IAE, message: /querystring\/max_depth must be integer/ },
  { rule: 'traverser GET: a boolean parameter must be true or false', method: 'GET', url: `${L}/traversers/rings?source=${q('"1:marko"')}&max_depth=2&source_in_ring=maybe`, status: 400, exception: IAE, message: /querystring\/source_in_ring must be boolean/ },
  { rule: 'traverser GET: limit is an integer (paths)', method: 'GET', url: `${G}/traversers/paths?source=${q('"1:marko"')}&target=${q('"1:josh"')}&max_depth=2&limit=1.5`, status: 400, exception: IAE, message: /querystring\/limit must be integer/ },
  { rule: 'traverser POST: steps must be an object (kout)', method: 'POST', url: `${G}/traversers/kout`, body: { source: '1:marko', steps: 'OUT', max_depth: 2 }, status: 400, exception: IAE, message: /body\/steps must be object/ },
  { rule: 'traverser POST: a selector must be an object (paths)', method: 'POST', url: `${G}/traversers/paths`, body: { sources: 'x', targets: { ids: ['1:josh'] }, step: {}, max_depth: 2 }, status: 400, exception: IAE, message: /body\/sources must be object/ },
  { rule: 'traverser POST: an empty ids list beside a label is no ids (selector; HugeGraph doc customizedpaths, templatepaths)', method: 'POST', url: `${G}/traversers/paths`,
    body: { sources: { ids: [], label: 'person', properties: { name: 'marko' } }, targets: { ids: ['1:josh'] }, step: {}, max_depth: 3 }, status: 200,
    check: (j) => assert.ok(Array.isArray(j.paths) && j.paths.every((p: { objects: string[] }) => p.objects[0] === '1:marko')) },
  { rule: 'traverser POST: a number field must be a number (personalrank alpha)', method: 'POST', url: `${L}/traversers/personalrank`, body: { source: '1:marko', label: 'knows', alpha: 'high' }, status: 400, exception: IAE, message: /body\/alpha must be number/ },
  { rule: 'traverser POST: a boolean field must be a boolean (kneighbor with_path)', method: 'POST', url: `${G}/traversers/kneighbor`, body: { source: '1:marko', steps: {}, max_depth: 1, with_path: 'maybe' }, status: 400, exception: IAE, message: /body\/with_path must be boolean/ },
  { rule: 'traverser POST: typed body fields pass (count)', method: 'POST', url: `${G}/traversers/count`, body: { source: '1:marko', steps: [{ direction: 'OUT', labels: ['knows'], max_degree: 100 }] }, status: 200, check: (j) => assert.equal(typeof j.count, 'number') },
  // index builds as tasks (notes §3, §4.1): a UNIQUE build over duplicates fails its task, as HugeGraph's rebuild job does
  { rule: 'index label: two persons share a city', method: 'POST', url: `${V}/batch`, body: [person('twin1', { city: 'Twin' }), person('twin2', { city: 'Twin' })], status: 201 },
  { rule: 'index label: a UNIQUE index over duplicated values is created (202, CREATING)', method: 'POST', url: `${G}/schema/indexlabels`,
    body: { name: 'personUniqueCity', base_type: 'VERTEX_LABEL', base_value: 'person', index_type: 'UNIQUE', fields: ['city'] }, status: 202,
    check: (j) => assert.equal(j.index_label.status, 'CREATING'), save: ['uniqueTask', (j) => String(j.task_id)] },
  { rule: 'index label: its build task fails with the unique conflict', method: 'GET', url: (c) => `${G}/tasks/${c.uniqueTask}`, until: (j) => j.task_status === 'failed' || j.task_status === 'success',
    status: 200, fields: { task_type: 'rebuild_index', task_status: 'failed' }, check: (j) => assert.match(j.task_result, /^Unique constraint personUniqueCity conflict is found for city=Twin$/) },
  { rule: 'index label: a failed build leaves the label INVALID', method: 'GET', url: `${L}/schema/indexlabels/personUniqueCity`, status: 200, fields: { status: 'INVALID' } },
  { rule: 'index label: an INVALID unique index refuses no write', method: 'POST', url: V, body: person('twin3', { city: 'Twin' }), status: 201 },
  { rule: 'index label: delete of the INVALID label is 202', method: 'DELETE', url: `${G}/schema/indexlabels/personUniqueCity`, status: 202 },
  { rule: 'index label: a rebuild task ends in success and the label reads CREATED', method: 'PUT', url: `${L}/jobs/rebuild/indexlabels/personByCity`, status: 202, save: ['rebuildTask', (j) => String(j.task_id)] },
  { rule: 'index label: the rebuild task is a rebuild_index task ending in success', method: 'GET', url: (c) => `${L}/tasks/${c.rebuildTask}`, until: (j) => j.task_status === 'failed' || j.task_status === 'success',
    status: 200, fields: { task_type: 'rebuild_index', task_status: 'success' } },
  { rule: 'index label: after its rebuild the label reads CREATED', method: 'GET', url: `${G}/schema/indexlabels/personByCity`, status: 200, fields: { status: 'CREATED' } },
  // Audit of Part B against the live server (issue 9): rules the rows above missed
  { rule: 'edge: delete of an unknown edge is 400 "No such edge" (EdgeAPI.delete)', method: 'DELETE', url: `${E}/${q('S1:marko>1>1>>S1:nobody')}`, status: 400, exception: IAE, message: /^No such edge with id: 'S1:marko>1>1>>S1:nobody'$/ },
  { rule: 'vertex batch: an empty batch is 400', method: 'POST', url: `${V}/batch`, body: [], status: 400, exception: IAE, message: /^The number of vertices can't be 0$/ },
  { rule: 'edge batch: an empty batch is 400', method: 'POST', url: `${L}/graph/edges/batch`, body: [], status: 400, exception: IAE, message: /^The number of edges can't be 0$/ },
  { rule: 'vertex batch update: an empty batch is 400', method: 'PUT', url: `${V}/batch`, body: { vertices: [], update_strategies: {} }, status: 400, exception: IAE, message: /^The number of vertices can't be 0$/ },
  { rule: 'edge batch update: an empty batch is 400', method: 'PUT', url: `${E}/batch`, body: { edges: [] }, status: 400, exception: IAE, message: /^The number of edges can't be 0$/ },
  { rule: 'vertex list: a filter on an undefined property key is 400, as HugeGraph answers', method: 'GET', url: `${V}?label=person&properties=${q('{"nope":1}')}`, status: 400, exception: IAE, message: /^Undefined property key: 'nope'$/ },
  { rule: 'edge list: a filter on an undefined property key is 400', method: 'GET', url: `${E}?vertex_id=${q('"1:marko"')}&properties=${q('{"nope":"P.gt(1)"}')}`, status: 400, exception: IAE, message: /^Undefined property key: 'nope'$/ },
  { rule: 'edge batch update: an id naming another edge than the body\'s ends is 400', method: 'PUT', url: `${E}/batch`,
    body: { edges: [{ ...knows('1:marko', '1:josh', 5), id: 'S1:marko>1>1>>S1:vadas' }], update_strategies: { weight: 'SUM' } }, status: 400, exception: IAE, message: /^The ids are different between server and request body/ },
  { rule: 'edge batch update: ... and changes nothing', method: 'GET', url: `${E}/${q('S1:marko>1>1>>S1:vadas')}`, status: 200, fields: { inV: '1:vadas', properties: { weight: 0.95 } } },
  { rule: 'edge batch update: an id that names the body\'s edge updates it', method: 'PUT', url: `${E}/batch`,
    body: { edges: [{ ...knows('1:marko', '1:vadas', 0.05), id: 'S1:marko>1>1>>S1:vadas' }], update_strategies: { weight: 'SUM' } }, status: 200, check: (j) => assert.equal(j.edges[0].properties.weight, 1) },
  { rule: 'edge: append with a body id other than the URL\'s is 400 (EdgeAPI.update)', method: 'PUT', url: `${E}/${q('S1:marko>1>1>>S1:vadas')}?action=append`, body: { id: 'S1:marko>1>1>>S1:peter', properties: { weight: 3 } }, status: 400, exception: IAE,
    message: /^The ids are different between url and request body \('S1:marko>1>1>>S1:vadas' != 'S1:marko>1>1>>S1:peter'\)$/ },
  { rule: 'gremlin: this.binding.\'DEFAULT-hugegraph\' names the graph (notes §6.1)', method: 'POST', url: '/gremlinunzip',
    body: { gremlin: "this.binding.'DEFAULT-hugegraph'.traversal().V().hasLabel('software').values('name')" }, status: 200, fields: { result: { data: ['lop'], meta: {} } } },
  { rule: 'gremlin: this.binding."__g_hugegraph" names the traversal source', method: 'GET', url: `/gremlin?gremlin=${q('this.binding."__g_hugegraph".V().hasLabel("software").count()')}`, status: 200, fields: { result: { data: [1], meta: {} } } },
  { rule: 'gremlin: this.binding of an unknown name is 400', method: 'POST', url: '/gremlinunzip', body: { gremlin: "this.binding.'nograph'.traversal().V()" }, status: 400 },
  // Leftovers of the Part B audit (issue 9). Null property values: JsonVertex/JsonEdge.checkUpdate refuse them before any write
  { rule: 'vertex: a null property value in a create is 400 (JsonVertex.checkUpdate)', method: 'POST', url: V, body: person('nullv', { age: null }), status: 400, exception: IAE,
    message: /^Not allowed to set value of property 'age' to null for vertex 'null'$/ },
  { rule: 'vertex: ... and the vertex was not created', method: 'GET', url: `${V}/${q('"1:nullv"')}`, status: 404 },
  { rule: 'vertex batch: a null property value rejects the whole batch', method: 'POST', url: `${V}/batch`, body: [person('nullb1'), person('nullb2', { city: null })], status: 400, exception: IAE,
    message: /^Not allowed to set value of property 'city' to null for vertex 'null'$/ },
  { rule: 'vertex batch: ... and its valid item was not written', method: 'GET', url: `${V}/${q('"1:nullb1"')}`, status: 404 },
  { rule: 'vertex: append of a null value is 400 and changes nothing', method: 'PUT', url: `${V}/${q('"1:marko"')}?action=append`, body: { properties: { city: 'Paris', age: null } }, status: 400, exception: IAE,
    message: /^Not allowed to set value of property 'age' to null for vertex 'null'$/ },
  { rule: 'vertex: eliminate with a null value is 400 and changes nothing', method: 'PUT', url: `${V}/${q('"1:marko"')}?action=eliminate`, body: { id: '1:marko', properties: { city: null } }, status: 400, exception: IAE,
    message: /^Not allowed to set value of property 'city' to null for vertex '1:marko'$/ },
  { rule: 'vertex: ... so marko keeps his city and age', method: 'GET', url: `${V}/${q('"1:marko"')}`, status: 200, check: (j) => assert.deepEqual([j.properties.city, j.properties.age], ['Beijing', 30]) },
  { rule: 'edge: a null property value in a create is 400 (JsonEdge.checkUpdate)', method: 'POST', url: E, body: knows('1:josh', '1:vadas', null as unknown as number), status: 400, exception: IAE,
    message: /^Not allowed to set value of property 'weight' to null for edge 'null'$/ },
  { rule: 'edge batch: a null property value rejects the whole batch', method: 'POST', url: `${E}/batch`, body: [knows('1:josh', '1:vadas', 1), knows('1:peter', '1:josh', null as unknown as number)], status: 400, exception: IAE,
    message: /^Not allowed to set value of property 'weight' to null for edge 'null'$/ },
  { rule: 'edge: ... and no edge of either was created', method: 'GET', url: `${E}?vertex_id=${q('"1:josh"')}&direction=OUT`, status: 200, check: (j) => assert.deepEqual(j.edges.map((e: any) => e.inV), ['1:peter']) },
  { rule: 'edge: append of a null value is 400 and changes nothing', method: 'PUT', url: `${E}/${q('S1:marko>1>1>>S1:vadas')}?action=append`, body: { properties: { weight: null } }, status: 400, exception: IAE,
    message: /^Not allowed to set value of property 'weight' to null for edge 'null'$/ },
  // Labels in element PUT bodies: optional, and when given they must be the element's own
  { rule: 'vertex: append without a label is accepted (JsonVertex.checkUpdate reads only properties)', method: 'PUT', url: `${V}/${q('"1:marko"')}?action=append`, body: { properties: { age: 31 } }, status: 200, fields: { label: 'person' },
    check: (j) => assert.equal(j.properties.age, 31) },
  { rule: 'edge: append naming another label is 400', method: 'PUT', url: `${E}/${q('S1:marko>1>1>>S1:vadas')}?action=append`, body: { label: 'created', properties: { weight: 0.5 } }, status: 400, exception: IAE,
    message: /^The label of edge 'S1:marko>1>1>>S1:vadas' is 'knows' but the request names 'created'$/ },
  { rule: 'edge: eliminate naming an undefined label is 400', method: 'PUT', url: `${E}/${q('S1:marko>1>1>>S1:vadas')}?action=eliminate`, body: { label: 'hates', properties: { weight: 0 } }, status: 400, exception: IAE,
    message: /^The label of edge 'S1:marko>1>1>>S1:vadas' is 'knows' but the request names 'hates'$/ },
  { rule: 'edge: ... so the edge keeps its weight', method: 'GET', url: `${E}/${q('S1:marko>1>1>>S1:vadas')}`, status: 200, fields: { properties: { weight: 1 } } },
  { rule: 'edge: append naming its own label is 200', method: 'PUT', url: `${E}/${q('S1:marko>1>1>>S1:vadas')}?action=append`, body: { label: 'knows', properties: { weight: 0.5 } }, status: 200, fields: { properties: { weight: 0.5 } } },
  // direction of the edge list: EdgeAPI.parseDirection
  { rule: 'edge list: a bad direction is 400 "Direction value must be in [OUT, IN, BOTH], but got"', method: 'GET', url: `${E}?vertex_id=${q('"1:vadas"')}&direction=UP`, status: 400, exception: IAE,
    message: /^Direction value must be in \[OUT, IN, BOTH\], but got 'UP'$/ },
  { rule: 'edge list: direction is case-sensitive', method: 'GET', url: `${E}?vertex_id=${q('"1:vadas"')}&direction=out`, status: 400, exception: IAE, message: /^Direction value must be in \[OUT, IN, BOTH\], but got 'out'$/ },
  { rule: 'edge list: a bad direction is 400 without vertex_id too', method: 'GET', url: `${E}?direction=SIDEWAYS`, status: 400, exception: IAE, message: /but got 'SIDEWAYS'$/ },
  { rule: 'edge list: an empty direction is BOTH', method: 'GET', url: `${E}?vertex_id=${q('"1:vadas"')}&direction=`, status: 200, check: (j) => assert.equal(j.edges.length, 3) },
  // malformed edge ids: EdgeId.parse's NotFoundException
  { rule: 'edge: GET of an id not of 5~6 parts is 404 (EdgeId.parse)', method: 'GET', url: `${E}/xyz`, status: 404, exception: NF, message: /^Edge id must be formatted as 5~6 parts, but got 1 parts: 'xyz'$/ },
  { rule: 'edge: GET of the 4-part id of Part B §2.1 and HugeGraph\'s docs finds the edge', method: 'GET', url: `${E}/${q('S1:marko>1>>S1:vadas')}`, status: 200, fields: { id: 'S1:marko>1>1>>S1:vadas', label: 'knows' } },
  { rule: 'edge: GET of a 5-part id with a bad label part is 404 "Invalid format of edge id"', method: 'GET', url: `${E}/${q('S1:marko>x>1>>S1:vadas')}`, status: 404, exception: NF, message: /^Invalid format of edge id 'S1:marko>x>1>>S1:vadas'$/ },
  { rule: 'edge: PUT of a malformed id is 404', method: 'PUT', url: `${L}/graph/edges/${q('a>b')}?action=append`, body: { properties: { weight: 1 } }, status: 404, exception: NF, message: /^Edge id must be formatted as 5~6 parts, but got 2 parts: 'a>b'$/ },
  { rule: 'edge: DELETE of a malformed id is 400 "No such edge" with the parse failure (EdgeAPI.delete)', method: 'DELETE', url: `${E}/xyz`, status: 400, exception: IAE,
    message: /^No such edge with id: 'xyz', org\.apache\.hugegraph\.exception\.NotFoundException: Edge id must be formatted as 5~6 parts, but got 1 parts: 'xyz'$/ },
  { rule: 'traversers: edges by a malformed id is 404 (EdgesAPI parses every id first)', method: 'GET', url: (c) => `${G}/traversers/edges?ids=${q(c.e1!)}&ids=garbage`, status: 404, exception: NF,
    message: /^Edge id must be formatted as 5~6 parts, but got 1 parts: 'garbage'$/ },
  // Gremlin: an unknown variable is Groovy's MissingPropertyException (notes §6.2: groovy.* is 400)
  { rule: 'gremlin: an unknown variable is 400 groovy.lang.MissingPropertyException', method: 'POST', url: '/gremlinunzip', body: { gremlin: 'x.V()' }, status: 400, exception: 'groovy.lang.MissingPropertyException',
    message: /^No such property: x for class: Script1$/, fields: { cause: '[groovy.lang.MissingPropertyException]' } },
  { rule: 'gremlin: an unknown variable as an argument, by GET', method: 'GET', url: `/gremlin?gremlin=${q("hugegraph.traversal().V(nobody)")}`, status: 400, exception: 'groovy.lang.MissingPropertyException',
    message: /^No such property: nobody for class: Script1$/ },
];

test('graph data and Gremlin conformance table', async () => {
  const server = await dataServer();
  const ctx: Ctx = {};
  const failures: string[] = [];
  try {
    for (const row of ROWS) {
      try {
        const url = typeof row.url === 'function' ? row.url(ctx) : row.url;
      let res = await server.call(row.method, url, row.body, row.headers);
      for (let i = 0; row.until !== undefined && !row.until(res.json) && i < 200; i++) {
        await new Promise((r) => setTimeout(r, 10));
        res = await server.call(row.method, url, row.body, row.headers);
      }
      const what = `${row.rule}: ${row.method} ${url} -> ${res.status} ${res.text.slice(0, 300)}`;
      assert.equal(res.status, row.status, what);
      if (row.exception !== undefined) assert.ok(String(res.json?.exception).endsWith(row.exception), what);
      if (row.message !== undefined) assert.match(String(res.json?.message), row.message, what);
      if (row.status >= 400) assert.deepEqual(Object.keys(res.json ?? {}), ['exception', 'message', 'cause'], what);
      for (const [key, value] of Object.entries(row.fields ?? {})) assert.deepEqual(res.json[key], value, `${what} (field ${key})`);
      if (row.check !== undefined) row.check(res.json);
      if (row.save !== undefined) ctx[row.save[0]] = row.save[1](res.json);
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
    assert.deepEqual(failures, []);
    const zipped = await server.call('POST', '/gremlin', { gremlin: 'g.inject(2)' }, { 'accept-encoding': 'gzip' });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.deepEqual(JSON.parse(gunzipSync(zipped.raw).toString('utf8')).result.data, [2]);
    let task: any;
    for (let i = 0; i < 200; i++) {
      task = (await server.call('GET', `${G}/tasks/${ctx.task}`)).json;
      if (task.task_status === 'success' || task.task_status === 'failed') break;
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.equal(task.task_status, 'success', JSON.stringify(task));
    assert.equal(task.task_type, 'gremlin');
    assert.deepEqual(JSON.parse(task.task_result), [4]);
  } finally {
    await server.close();
  }
});

test('the conformance table counts its rows', () => {
  assert.ok(ROWS.length >= 100, `${ROWS.length} rows`);
});
