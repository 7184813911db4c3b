/**
 * mergeV()/mergeE() and merge() checks as TinkerPop 3.8's MergeElementStep and MergeStep make
 * them, beyond the shared sample: null maps (an empty search matching every vertex) and options, token keys and values, hidden keys and
 * labels with Java's texts, and option(onCreate, map, cardinality) leaving T.label alone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QuiverError } from '../../../src/index.js';
import { withSmallGraph } from './small-graph.js';

const fails = (code: string, text: string) => (e: unknown) => e instanceof QuiverError && e.code === code && e.message.includes(text);

test('a null merge map is an empty one, a null option(onCreate) uses the merge map, a null token value fails', () =>
  withSmallGraph(async ({ run }) => {
    assert.deepEqual(await run('g.mergeV(null).count()'), [5], 'an empty map matches every vertex');
    assert.deepEqual(await run("g.V().has('name', 'marko').mergeV([(T.label): 'person', name: 'stephen']).option(onCreate, null).values('name')"), ['stephen']);
    assert.deepEqual(await run("g.V().has('person', 'name', 'stephen').count()"), [1]);
    await assert.rejects(run("g.mergeV([(T.label): null, name: 'marko'])"), fails('MERGE_MAP', 'mergeV() does not allow null Map values - check: label'));
    await assert.rejects(run("g.V().mergeV([(T.label): null, name: 'marko'])"), fails('MERGE_MAP', 'mergeV() does not allow null Map values'));
  }));

test("hidden keys and labels are refused with TinkerPop's texts, in the merge map and in both options", () =>
  withSmallGraph(async ({ run }) => {
    await assert.rejects(run("g.mergeV([name: 'nobody']).option(onCreate, ['~id': 1])"), fails('HIDDEN_KEY', 'Property key can not be a hidden key: ~id'));
    await assert.rejects(run("g.mergeV([name: 'nobody']).option(onCreate, ['~label': 'vertex'])"), fails('HIDDEN_KEY', 'Property key can not be a hidden key: ~label'));
    await assert.rejects(run("g.mergeV(['~id': 1])"), fails('HIDDEN_KEY', 'Property key can not be a hidden key: ~id'));
    await assert.rejects(run("g.mergeV([name: 'nobody']).option(onCreate, [(T.label): '~vertex'])"), fails('LABEL_VALUE', 'Label can not be a hidden key: ~vertex'));
    await assert.rejects(run("g.mergeV([(T.label): ''])"), fails('LABEL_VALUE', 'Label can not be empty'));
    await assert.rejects(run("g.mergeV([name: 'marko']).option(onMatch, ['~id': 1])"), fails('HIDDEN_KEY', 'Property key can not be a hidden key: ~id'));
    await assert.rejects(run("g.mergeV([name: 'marko']).option(onMatch, [(T.label): 'x'])"), fails('MERGE_MAP', 'option(onMatch) expects keys in Map to be of String - check: label'));
  }));

test('token keys a step does not take, and T.label values that are not strings, are refused', () =>
  withSmallGraph(async ({ run }) => {
    await assert.rejects(run("g.mergeV([(Direction.OUT): 1])"), fails('MERGE_MAP', 'mergeV() and option(onCreate) args expect keys in Map to be either String or [id, label] - check: OUT'));
    await assert.rejects(run("g.mergeV([(T.label): 1])"), fails('MERGE_MAP', 'expect T.label value to be of String - found: Integer'));
    await assert.rejects(run("g.mergeE([(Direction.OUT): Merge.inV])"), fails('MERGE_MAP', 'Only Merge.outV token may be used for Direction.OUT, found: inV'));
    await assert.rejects(run("g.mergeE([(T.label): 'x']).option(onCreate, [w: 1], single)"), fails('STEP_ARGUMENTS', 'can only be used following mergeV()'));
  }));

test('option(onCreate, map, cardinality) applies the cardinality to property values only, not to T.label', () =>
  withSmallGraph(async ({ run }) => {
    await run("g.mergeV([name: 'alice']).option(onCreate, [age: 81, (T.label): 'person'], set)");
    assert.deepEqual(await run("g.V().has('person', 'name', 'alice').values('age')"), [81]);
  }));

test("merge() of lists and maps fails with TinkerPop's texts on a mismatched argument", () =>
  withSmallGraph(async ({ run }) => {
    await assert.rejects(run("g.V().elementMap().merge(constant('a'))"), fails('LIST_STEP_ARGUMENT_TYPE', 'merge step expected provided argument to evaluate to a Map, encountered String'));
    await assert.rejects(run("g.V().fold().merge([k: 'v'])"), fails('LIST_STEP_ARGUMENT_TYPE', 'merge step type mismatch: expected argument to be Iterable but got Map'));
  }));
