import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { catalogOperations, groovyString, SchemaBuilder, schemaToGroovy } from '../../../src/database/graph/schema/index.js';
import { SchemaCatalog } from '../../../src/storage/schema/index.js';
import type { SchemaSnapshot } from '../../../src/storage/schema/index.js';
import { modernCatalog } from '../../storage/schema/helpers.js';

type Arg = string | number | boolean;
interface Call { readonly method: string; readonly args: readonly Arg[] }

/** Parses one `graph.schema().a('x').b(1)...;` line into its calls (simple literal arguments only). */
function parseChain(line: string): Call[] {
  const calls: Call[] = [];
  let i = 0;
  const readArg = (): Arg => {
    if (line[i] === "'") {
      let out = '';
      i++;
      while (line[i] !== "'") {
        if (line[i] === '\\') i++;
        out += line[i];
        i++;
      }
      i++;
      return out;
    }
    const m = /^(true|false|-?\d+(?:\.\d+)?)/.exec(line.slice(i));
    assert.ok(m, `unexpected argument at ${line.slice(i)}`);
    i += m[0].length;
    return m[0] === 'true' ? true : m[0] === 'false' ? false : Number(m[0]);
  };
  while (i < line.length && line[i] !== ';') {
    if (line[i] === '.') i++;
    const name = /^[A-Za-z]+/.exec(line.slice(i));
    assert.ok(name, `unexpected text at ${line.slice(i)}`);
    i += name[0].length;
    const args: Arg[] = [];
    if (line[i] === '(') {
      i++;
      while (line[i] !== ')') {
        args.push(readArg());
        while (line[i] === ',' || line[i] === ' ') i++;
      }
      i++;
    }
    calls.push({ method: name[0], args });
  }
  return calls;
}

/** Runs a Groovy schema script against a builder by invoking each chain's methods in turn. */
async function runScript(script: string, schema: SchemaBuilder): Promise<void> {
  for (const line of script.split('\n').filter((l) => l.length > 0)) {
    const calls = parseChain(line);
    assert.deepEqual(calls.slice(0, 2).map((c) => c.method), ['graph', 'schema']);
    let target: unknown = schema;
    for (const call of calls.slice(2)) {
      const fn = (target as Record<string, (...a: Arg[]) => unknown>)[call.method];
      assert.ok(typeof fn === 'function', `unknown builder method ${call.method}`);
      target = await fn.apply(target, [...call.args]);
    }
  }
}

function withoutTimes(snapshot: SchemaSnapshot): string {
  return JSON.stringify(snapshot, (k, v: unknown) => (k === '~create_time' ? undefined : v));
}

function richCatalog(): SchemaCatalog {
  const catalog = modernCatalog();
  catalog.createPropertyKey({ name: "it's", dataType: 'long', cardinality: 'list', userData: { note: 'a\\b', n: 2 } });
  catalog.createVertexLabel({ name: 'event', idStrategy: 'CUSTOMIZE_UUID', properties: ['born', "it's"], nullableKeys: ["it's"], ttl: 500, ttlStartTime: 'born', enableLabelIndex: true });
  catalog.createEdgeLabel({ name: 'rated', sourceLabel: 'person', targetLabel: 'software', frequency: 'MULTIPLE', properties: ['born', 'weight'], sortKeys: ['born'], nullableKeys: ['weight'], userData: { flag: true } });
  catalog.createIndexLabel({ name: 'personByAge', baseType: 'VERTEX_LABEL', baseValue: 'person', indexType: 'RANGE', fields: ['age'] });
  catalog.createIndexLabel({ name: 'ratedByWeight', baseType: 'EDGE_LABEL', baseValue: 'rated', indexType: 'SHARD', fields: ['weight'] });
  catalog.createIndexLabel({ name: 'softwareByLang', baseType: 'VERTEX_LABEL', baseValue: 'software', indexType: 'SEARCH', fields: ['lang'] });
  catalog.createIndexLabel({ name: 'eventUnique', baseType: 'VERTEX_LABEL', baseValue: 'event', indexType: 'UNIQUE', fields: ['born'] });
  return catalog;
}

describe('schemaToGroovy', () => {
  it('writes one ifNotExist().create() chain per element, keys first and index labels last', () => {
    const script = schemaToGroovy(richCatalog());
    const lines = script.trimEnd().split('\n');
    assert.equal(lines.length, 7 + 3 + 3 + 4);
    assert.ok(lines.every((l) => l.startsWith('graph.schema().') && l.endsWith('.ifNotExist().create();')));
    assert.equal(lines[0], "graph.schema().propertyKey('name').asText().valueSingle().ifNotExist().create();");
    assert.match(lines[7] ?? '', /^graph\.schema\(\)\.vertexLabel\('person'\)\.usePrimaryKeyId\(\)\.properties\('name', 'age', 'born', 'tags'\)\.primaryKeys\('name'\)/);
    assert.match(lines[10] ?? '', /^graph\.schema\(\)\.edgeLabel\('knows'\)/);
    assert.match(lines[13] ?? '', /indexLabel\('personByAge'\)\.onV\('person'\)\.by\('age'\)\.range\(\)/);
    assert.doesNotMatch(script, /~create_time/);
  });

  it('recreates an equal schema when the script is run through the builder', async () => {
    const original = richCatalog();
    const copy = new SchemaCatalog();
    await runScript(schemaToGroovy(original), new SchemaBuilder(catalogOperations(copy), copy));
    assert.equal(withoutTimes(copy.toJSON()), withoutTimes(original.toJSON()));
  });

  it('escapes quotes, backslashes and newlines in names', () => {
    assert.equal(groovyString("a'b\\c\nd"), "'a\\'b\\\\c\\nd'");
  });
});
