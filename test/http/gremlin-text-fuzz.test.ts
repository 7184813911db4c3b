/**
 * A fuzzer of Gremlin text through /gremlin: traversals chained from every step name the
 * engine knows (and its modulators), with literals, tokens, predicates and anonymous traversals
 * as arguments, and Groovy expressions over literals and traversal results (operators, ternaries,
 * GStrings, if/else, indexes, value methods), on the graph-data fixture. No answer is a 5xx, every 4xx carries HugeGraph's
 * error body without a raw JavaScript error in it, and a request that fails changes nothing (a
 * request is one transaction). fast-check with a fixed seed and a fixed number of runs; the
 * graph's time limit is short, so a traversal that never ends costs 200 ms.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { STEPS } from '../../src/engine/steps/step-registry.js';
import { dataServer } from './graph-data/fixture.js';
import type { DataServer } from './graph-data/fixture.js';

const G = '/graphspaces/DEFAULT/graphs/hugegraph';

/** Every Gremlin step name the engine compiles, and the modulators steps take. */
const STEP_NAMES = [...new Set(Object.values(STEPS).flatMap((s) => s.ops))];
const MODULATORS = ['by', 'as', 'times', 'until', 'emit', 'option', 'from', 'to', 'with', 'read', 'write'];

const LITERALS = ["'x'", "'person'", "'knows'", "'name'", "'age'", "'p0'", '1', '0', '-1', '2L', '1.5d', 'true', 'null', '[1, 2]', "['a': 1]", "'1:p0'", '12345678901234567890', "''"];
const TOKENS = ['T.id', 'T.label', 'Order.desc', 'Scope.local', 'Column.keys', 'Pop.all', 'Direction.OUT', 'Cardinality.list', 'Pick.any', 'Operator.sum', 'WithOptions.tokens'];
const PREDICATES = ['P.gt(1)', 'P.within(1, 2)', "P.eq('x')", 'P.not(P.lt(0))', "TextP.containing('p')", 'P.between(1, 30)'];

/** An anonymous traversal of at most `depth` levels of nesting. */
function anonymous(depth: number): fc.Arbitrary<string> {
  return fc.array(step(depth), { minLength: 1, maxLength: 3 }).map((steps) => `__.${steps.join('.')}`);
}

/** One step with arguments; anonymous traversals among them while `depth` allows. */
function step(depth: number): fc.Arbitrary<string> {
  const argument =
    depth > 0
      ? fc.oneof({ arbitrary: fc.constantFrom(...LITERALS), weight: 4 }, { arbitrary: fc.constantFrom(...TOKENS, ...PREDICATES), weight: 2 }, { arbitrary: anonymous(depth - 1), weight: 2 })
      : fc.constantFrom(...LITERALS, ...TOKENS, ...PREDICATES);
  return fc
    .tuple(fc.oneof({ arbitrary: fc.constantFrom(...STEP_NAMES), weight: 5 }, { arbitrary: fc.constantFrom(...MODULATORS), weight: 1 }), fc.array(argument, { maxLength: 3 }))
    .map(([name, args]) => `${name}(${args.join(', ')})`);
}

const START = ['g.V()', 'g.E()', "g.V('1:p0')", 'g.inject(1)', "g.inject('a', 'b')", 'g.inject([1, 2])', 'g.withSack(1).V()', "g.addV('person').property('name', 'fz')"];
const TERMINALS = ['', '', '', '.toList()', '.next()', '.iterate()', '.hasNext()', '.explain()'];

/** A Gremlin script: one traversal, sometimes assigned and used in a second statement. */
const script = fc
  .tuple(fc.constantFrom(...START), fc.array(step(2), { maxLength: 5 }), fc.constantFrom(...TERMINALS), fc.boolean())
  .map(([start, steps, terminal, twoStatements]) => {
    const traversal = `${[start, ...steps].join('.')}${terminal}`;
    return twoStatements ? `x = ${traversal}; g.inject(x).count()` : traversal;
  });

const OPERATORS = ['+', '-', '*', '/', '%', '**', '==', '!=', '<', '<=', '>', '>=', '<=>', '&&', '||', 'in', '?:'];
const OPERANDS = ['x', '-x', '!x', "'ab'.size()", '[1, 2][0]', "['a': 1].a", 'null?.size()', "'p'[0]", '(1 + 2)', '2 ** 62', "\"g$x\""];

/** An operand: a literal, or a small Groovy access on one. */
const operand = fc.oneof({ arbitrary: fc.constantFrom(...LITERALS), weight: 3 }, { arbitrary: fc.constantFrom(...OPERANDS), weight: 1 });

/** A chain of Groovy operators over operands. */
const expression = fc
  .tuple(operand, fc.array(fc.tuple(fc.constantFrom(...OPERATORS), operand), { minLength: 1, maxLength: 4 }))
  .map(([first, rest]) => first + rest.map(([op, value]) => ` ${op} ${value}`).join(''));

/** A Groovy script around values and traversal results, with `x` assigned first. */
const groovy = fc
  .tuple(
    fc.constantFrom(...START),
    fc.constantFrom('.next()', '.hasNext()', '.toList()', '.count().next()', ".values('age').next()", ".values('name').toList()"),
    fc.oneof(
      expression,
      fc.tuple(expression, operand, operand).map(([test, a, b]) => `${test} ? ${a} : ${b}`),
      expression.map((e) => `"value: \${${e}}"`),
      fc.tuple(expression, expression, fc.constantFrom(...START)).map(([test, a, start]) => `if (${test}) { ${a} } else { ${start}.toList() }`),
    ),
  )
  .map(([start, terminal, body]) => `x = ${start}${terminal}\n${body}`);

async function fingerprint(server: DataServer): Promise<string> {
  return JSON.stringify([(await server.graph.vertices({})).vertices, (await server.graph.edges({})).edges, server.graph.catalog().toJSON()]);
}

test('generated Gremlin text through /gremlin answers below 500 with HugeGraph\'s error body, and a request that fails changes nothing', async (t) => {
  const server = await dataServer();
  try {
    const people = Array.from({ length: 5 }, (_, i) => ({ label: 'person', properties: { name: `p${i}`, age: 20 + i } }));
    assert.equal((await server.call('POST', `${G}/graph/vertices/batch`, people)).status, 201);
    const edges = people.map((_p, i) => ({ label: 'knows', outV: `1:p${i}`, inV: `1:p${(i + 1) % 5}`, outVLabel: 'person', inVLabel: 'person', properties: { weight: i / 5 } }));
    assert.equal((await server.call('POST', `${G}/graph/edges/batch`, edges)).status, 201);
    server.graph.setQueryLimits({ timeoutMs: 200 });
    const statuses = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.oneof({ arbitrary: script, weight: 4 }, { arbitrary: groovy, weight: 1 }), fc.boolean(), async (gremlin, asGet) => {
        const before = await fingerprint(server);
        const res = asGet ? await server.call('GET', `/gremlin?gremlin=${encodeURIComponent(gremlin)}`) : await server.call('POST', '/gremlin', { gremlin });
        const key = res.status < 400 ? String(res.status) : `${res.status} ${String(res.json?.exception)}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        const shown = `${gremlin} -> ${res.status} ${res.text.slice(0, 400)}`;
        assert.ok(res.status < 500, shown);
        if (res.status >= 400) {
          assert.ok(typeof res.json?.exception === 'string' && typeof res.json?.message === 'string', shown);
          assert.doesNotMatch(res.json.message, /Cannot read properties of (undefined|null)|is not a function|is not iterable|Maximum call stack|serialize a BigInt|undefined is not/, shown);
          assert.equal(await fingerprint(server), before, `${shown}\nchanged the graph although it failed`);
        }
      }),
      {
        numRuns: 3000,
        seed: Number(process.env.FUZZ_SEED ?? 22),
        endOnFailure: true,
        includeErrorInReport: true,
        // What the fuzzers found before issue 22: a collection that contains itself, a runaway loop.
        examples: [
          ["g.inject(1).cap('x').store('x')", false],
          ["g.V().repeat(both()).until(has('name','nobody')).count()", true],
          ['x = g.V().count().next()\n"n: ${x / 0}"', false],
        ],
      },
    );
    t.diagnostic([...statuses].sort(([, a], [, b]) => b - a).map(([k, n]) => `${k}: ${n}`).join(', '));
  } finally {
    await server.close();
  }
});
