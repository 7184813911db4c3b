import { test } from 'node:test';
import assert from 'node:assert/strict';
import { restJson } from '../../src/http/json-text.js';
import { openModern } from '../api/modern-graph.js';

/** What the element's own `toJSON()` gives, shaped for REST: the form /gremlin wrote before the REST layer shaped elements itself. */
function viaToJson(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return restJson((value as { toJSON(): unknown }).toJSON());
  }
  return Array.isArray(value) ? value.map(viaToJson) : restJson(value);
}

test('REST shapes of Gremlin elements, properties, paths and trees are those of their own toJSON when no long exceeds 2^53', async () => {
  const { db, graph } = await openModern();
  try {
    const queries = [
      'g.V()',
      'g.E()',
      'g.V().properties()',
      'g.E().properties()',
      "g.V().out('created').path()",
      "g.V().as('a').out().as('b').path().by('name')",
      'g.V().out().out().tree()',
      'g.V(1).outE().inV().path()',
      'g.V().group().by(label)',
    ];
    for (const query of queries) {
      const results = await graph.gremlin(query);
      assert.ok(results.length > 0, query);
      for (const value of results) assert.deepEqual(restJson(value), viaToJson(value), query);
    }
  } finally {
    await db.close();
  }
});
