import { test } from 'node:test';
import assert from 'node:assert/strict';
import { restJson } from '../../src/http/json-text.js';
import { openModern, RESULT_KIND_QUERIES } from '../api/modern-graph.js';

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
    for (const query of RESULT_KIND_QUERIES) {
      const results = await graph.gremlin(query);
      assert.ok(results.length > 0, query);
      for (const value of results) assert.deepEqual(restJson(value), viaToJson(value), query);
    }
  } finally {
    await db.close();
  }
});
