import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseFeature, tableCells, unquoteArgument } from './gherkin.js';
import { planScenario, parseTreeDoc } from './steps.js';
import { skipReason } from './skips.js';
import { QuiverError } from '../../src/errors.js';
import { TypedNumber } from '../../src/engine/index.js';

const FEATURE = `# licence header
@StepClassMap @StepCount
Feature: Step - count()

  Scenario: g_V_count
    Given the modern graph
    And the traversal of
      """
      g.V().
        count()
      """
    When iterated to list
    Then the result should be ordered
      | result |
      | d[6].l |

  @GraphComputerOnly
  Scenario: g_V_pageRank
    Given the empty graph
    And the graph initializer of
      """
      g.addV("person")
      """
    And using the parameter xx1 defined as "m[{\\"t[label]\\": \\"person\\"}]"
    And the traversal of
      """
      g.V(xx1)
      """
    When iterated next
    Then the result should have a count of 2
    And the graph should return 3 for count of "g.V().has(\\"x\\")"
`;

test('parseFeature reads feature tags, scenario tags, names and lines', () => {
  const f = parseFeature(FEATURE, { file: 'map/Count.feature' });
  assert.equal(f.name, 'Step - count()');
  assert.deepEqual(f.tags, ['@StepClassMap', '@StepCount']);
  assert.deepEqual(f.scenarios.map((s) => [s.name, s.line]), [['g_V_count', 5], ['g_V_pageRank', 18]]);
  assert.deepEqual(f.scenarios[1]!.tags, ['@GraphComputerOnly', '@StepClassMap', '@StepCount']);
});

test('parseFeature gives And the keyword of the step before it', () => {
  const steps = parseFeature(FEATURE, { file: 'f' }).scenarios[0]!.steps;
  assert.deepEqual(steps.map((s) => s.keyword), ['Given', 'Given', 'When', 'Then']);
});

test('parseFeature strips the opening indentation of doc strings and keeps deeper indentation', () => {
  const step = parseFeature(FEATURE, { file: 'f' }).scenarios[0]!.steps[1]!;
  assert.equal(step.docString, 'g.V().\n  count()');
});

test('parseFeature reads a one-column table with its header', () => {
  const step = parseFeature(FEATURE, { file: 'f' }).scenarios[0]!.steps[3]!;
  assert.deepEqual(step.table, { header: 'result', rows: ['d[6].l'] });
});

test('parseFeature rejects an unclosed doc string with TCK_GHERKIN_SYNTAX and the line', () => {
  const text = 'Feature: x\n  Scenario: y\n    Given the traversal of\n      """\n      g.V()\n';
  assert.throws(() => parseFeature(text, { file: 'bad.feature' }), (e: unknown) => e instanceof QuiverError && e.code === 'TCK_GHERKIN_SYNTAX' && e.message.includes('bad.feature:4'));
});

test('parseFeature rejects a table row with two cells', () => {
  const text = 'Feature: x\n  Scenario: y\n    Then the result should be ordered\n      | a | b |\n';
  assert.throws(() => parseFeature(text, { file: 'f' }), /expected 1/);
});

test('tableCells applies the cell escapes for pipe, backslash and newline', () => {
  assert.deepEqual(tableCells('| a\\|b |'), ['a|b']);
  assert.deepEqual(tableCells('| m[{"a":"m[{\\\\"d[1].i\\\\":1}]"}] |'), ['m[{"a":"m[{\\"d[1].i\\":1}]"}]']);
  assert.deepEqual(tableCells('| x\\ny |'), ['x\ny']);
});

test('tableCells inverts escaping of any cell text', () => {
  fc.assert(
    fc.property(fc.string(), (raw) => {
      const text = raw.trim();
      const escaped = text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, '\\n');
      assert.deepEqual(tableCells(`| ${escaped} |`), [text.replace(/\n/g, '\n')]);
    }),
  );
});

test('unquoteArgument turns escaped quotes into quotes', () => {
  assert.equal(unquoteArgument('m[{\\"t[label]\\": \\"person\\"}]'), 'm[{"t[label]": "person"}]');
});

test('planScenario collects the graph, initializer, parameters, traversal and assertions', () => {
  const plan = planScenario(parseFeature(FEATURE, { file: 'f' }).scenarios[1]!);
  assert.equal(plan.graph, 'empty');
  assert.equal(plan.initializer, 'g.addV("person")');
  assert.equal(plan.traversal, 'g.V(xx1)');
  assert.equal(plan.when, 'next');
  assert.equal(plan.parameters[0]![0], 'xx1');
  assert.deepEqual(plan.assertions.map((a) => a.kind), ['count', 'graphCount']);
  const graphCount = plan.assertions[1]!;
  assert.ok(graphCount.kind === 'graphCount' && graphCount.traversal === 'g.V().has("x")' && graphCount.count === 3);
  const table = planScenario(parseFeature(FEATURE, { file: 'f' }).scenarios[0]!).assertions[0]!;
  assert.ok(table.kind === 'table' && table.mode === 'ordered');
  assert.deepEqual(table.rows, [new TypedNumber('long', 6n)]);
});

test('planScenario fails loudly on an unknown step', () => {
  const f = parseFeature('Feature: x\n  Scenario: y\n    Then the moon should be full\n', { file: 'f' });
  assert.throws(() => planScenario(f.scenarios[0]!), (e: unknown) => e instanceof QuiverError && e.code === 'TCK_UNKNOWN_STEP');
});

test('parseTreeDoc nests nodes by indentation in steps of three spaces', () => {
  const tree = parseTreeDoc('|--marko\n   |--josh\n      |--lop\n      |--ripple\n|--d[1].i');
  assert.deepEqual(tree, [
    { value: 'marko', children: [{ value: 'josh', children: [{ value: 'lop', children: [] }, { value: 'ripple', children: [] }] }] },
    { value: 1, children: [] },
  ]);
});

test('skipReason names the excluding tag, and the unsupported-test marker', () => {
  assert.match(skipReason(['@StepX', '@GraphComputerOnly'], {}) ?? '', /^@GraphComputerOnly: /);
  assert.match(skipReason([], { unsupported: 'no lambdas' }) ?? '', /^an unsupported test: no lambdas/);
  assert.equal(skipReason(['@MultiProperties', '@WithSubgraphStrategy'], {}), undefined);
});
