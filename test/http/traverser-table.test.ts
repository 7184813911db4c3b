/**
 * The traverser table against what it drives: every row's parameters are what /openapi.json
 * lists for its routes (the schemas are derived from the rows), and every default a row
 * documents is the library's own, so that sending it changes no answer. The compiler already
 * checks that a row's parameters are exactly the keys of its options type (`Params<Options>`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NEIGHBOUR_TRAVERSERS } from '../../src/http/routes/traverser-table.js';
import { PATH_TRAVERSERS } from '../../src/http/routes/traverser-table-paths.js';
import { inForm, restNames } from '../../src/http/routes/traverser-params.js';
import type { Param } from '../../src/http/routes/traverser-params.js';
import { withFixture } from './traverser-fixture.js';
import type { TestServer } from './helpers.js';

const ROUTES = [...NEIGHBOUR_TRAVERSERS, ...PATH_TRAVERSERS];
const T = '/graphs/hugegraph/traversers';
const q = (v: string): string => encodeURIComponent(JSON.stringify(v));
const [MARKO, JOSH, PETER, VADAS] = ['1:marko', '1:josh', '1:peter', '1:vadas'];

/** A request each form of each row answers on the fixture: a GET form's query, a POST form's body. */
const BASE: Readonly<Record<string, { readonly get?: string; readonly post?: Readonly<Record<string, unknown>> }>> = {
  kout: { get: `source=${q(MARKO)}&max_depth=2`, post: { source: MARKO, steps: { direction: 'BOTH' }, max_depth: 2, with_path: true } },
  kneighbor: { get: `source=${q(MARKO)}&max_depth=2`, post: { source: MARKO, steps: { direction: 'OUT' }, max_depth: 2 } },
  egonet: { get: `source=${q(VADAS)}&max_depth=2`, post: { sources: [MARKO], steps: { direction: 'OUT' }, max_depth: 2 } },
  count: { post: { source: MARKO, steps: [{ direction: 'OUT' }, { direction: 'OUT' }] } },
  sameneighbors: { get: `vertex=${q(MARKO)}&other=${q(JOSH)}`, post: { vertex_list: [MARKO, JOSH, '2:ripple'] } },
  sameneighborsbatch: { post: { vertex_list: [[MARKO, JOSH], [PETER, VADAS]] } },
  jaccardsimilarity: { get: `vertex=${q(MARKO)}&other=${q(PETER)}`, post: { vertex: VADAS, step: { direction: 'BOTH' } } },
  adamicadar: { get: `vertex=${q(MARKO)}&other=${q(JOSH)}` },
  resourceallocation: { get: `vertex=${q(MARKO)}&other=${q(JOSH)}` },
  fusiformsimilarity: { post: { sources: { ids: [MARKO] }, label: 'created', direction: 'OUT', min_neighbors: 1, alpha: 1 } },
  neighborrank: { post: { source: MARKO, steps: [{ direction: 'BOTH' }, { direction: 'BOTH' }], alpha: 0.9 } },
  personalrank: { post: { source: MARKO, label: 'created' } },
  edgeexist: { get: `source=${q(MARKO)}&target=${q(PETER)}` },
  shortestpath: { get: `source=${q(MARKO)}&target=${q(JOSH)}&max_depth=3` },
  allshortestpaths: { get: `source=${q(MARKO)}&target=${q(VADAS)}&max_depth=5` },
  weightedshortestpath: { get: `source=${q(MARKO)}&target=${q(JOSH)}&weight=weight` },
  singlesourceshortestpath: { get: `source=${q(MARKO)}&weight=weight` },
  multinodeshortestpath: { post: { vertices: { ids: [MARKO, JOSH, VADAS] }, step: { direction: 'BOTH' } } },
  paths: { get: `source=${q(MARKO)}&target=${q(VADAS)}&max_depth=10`, post: { sources: { ids: [MARKO] }, targets: { label: 'software' }, step: { direction: 'OUT' }, max_depth: 3 } },
  customizedpaths: { post: { sources: { ids: [MARKO] }, steps: [{ direction: 'OUT', weight_by: 'weight' }, { direction: 'OUT' }] } },
  templatepaths: { post: { sources: { ids: [MARKO] }, targets: { ids: [VADAS] }, steps: [{ direction: 'OUT', labels: ['knows'], max_times: 3 }] } },
  crosspoints: { get: `source=${q(MARKO)}&target=${q(VADAS)}&max_depth=10` },
  customizedcrosspoints: { post: { sources: { ids: [MARKO, JOSH] }, path_patterns: [{ steps: [{ direction: 'BOTH' }] }] } },
  rings: { get: `source=${q(MARKO)}&max_depth=10` },
  rays: { get: `source=${q(MARKO)}&max_depth=10` },
};

/** An answer without the time it took. */
async function answer(server: TestServer, method: 'GET' | 'POST', url: string, body?: unknown): Promise<string> {
  const r = await server.call(method, url, body);
  return `${r.status} ${r.text.replace(/"cost\(ns\)":\d+/g, '"cost(ns)":0')}`;
}

/** The parameters of a row, with defaults, that a form takes as a scalar and its base request leaves out. */
function defaulted(params: Readonly<Record<string, Param>>, form: 'get' | 'post', given: (name: string) => boolean): [string, Param['default']][] {
  return Object.values(params)
    .filter((p) => p.default !== undefined && typeof p.kind !== 'object' && inForm(p, form) && !restNames(p).some(given))
    .map((p) => [restNames(p)[0] as string, p.default]);
}

test('every row of the traverser table is served in its forms, and /openapi.json lists each of its parameters under its REST names', () =>
  withFixture(async (server) => {
    const doc = (await server.call('GET', '/openapi.json', undefined, { authorization: '' })).json;
    assert.deepEqual(ROUTES.map((r) => r.rest).sort(), Object.keys(BASE).sort());
    for (const route of ROUTES) {
      const path = doc.paths[`/graphs/{graph}/traversers/${route.rest}`];
      for (const form of route.forms) {
        const names = new Set<string>(
          form === 'get'
            ? path.get.parameters.filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name)
            : Object.keys(path.post.requestBody.content['application/json'].schema.properties),
        );
        for (const param of Object.values(route.params)) {
          if (inForm(param, form)) for (const name of restNames(param)) assert.ok(names.has(name), `${form} ${route.rest}: ${name}`);
        }
      }
      assert.equal(path.get === undefined, !route.forms.includes('get'), route.rest);
      assert.equal(path.post === undefined, !route.forms.includes('post'), route.rest);
    }
  }));

test('every default the traverser table documents is the library\'s: sending it changes no answer', () =>
  withFixture(async (server) => {
    let checked = 0;
    for (const route of ROUTES) {
      const base = BASE[route.rest] ?? {};
      const url = `${T}/${route.rest}`;
      if (route.forms.includes('get')) {
        const query = base.get as string;
        const want = await answer(server, 'GET', `${url}?${query}`);
        assert.match(want, /^200 /, `GET ${route.rest}`);
        for (const [name, value] of defaulted(route.params, 'get', (n) => new URLSearchParams(query).has(n))) {
          assert.equal(await answer(server, 'GET', `${url}?${query}&${name}=${encodeURIComponent(String(value))}`), want, `GET ${route.rest} ${name}=${String(value)}`);
          checked++;
        }
      }
      if (route.forms.includes('post')) {
        const body = base.post as Readonly<Record<string, unknown>>;
        const want = await answer(server, 'POST', url, body);
        assert.match(want, /^200 /, `POST ${route.rest}`);
        for (const [name, value] of defaulted(route.params, 'post', (n) => n in body)) {
          assert.equal(await answer(server, 'POST', url, { ...body, [name]: value }), want, `POST ${route.rest} ${name}=${String(value)}`);
          checked++;
        }
      }
    }
    assert.ok(checked > 150, `${checked} defaults checked`);
  }));
