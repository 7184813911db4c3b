/**
 * The step catalogue of FORMAT.md §3: turns a scenario's Given/When/Then steps into a
 * {@link ScenarioPlan} that the runner executes. Unknown steps fail loudly.
 * @module
 */
import { ArgumentError } from '../../src/errors.js';
import type { Scenario, Step } from './gherkin.js';
import { unquoteArgument } from './gherkin.js';
import { parseNotation, type Notated } from './notation.js';
import type { TableMode, TreeSpec } from './compare.js';

/**
 * One Then assertion, with the line of its step.
 *
 * @example
 * ```ts
 * const a: Assertion = { kind: 'count', count: 6, line: 30 };
 * ```
 */
export type Assertion =
  | { readonly kind: 'table'; readonly mode: TableMode; readonly rows: readonly Notated[]; readonly line: number }
  | { readonly kind: 'empty'; readonly line: number }
  | { readonly kind: 'count'; readonly count: number; readonly line: number }
  | { readonly kind: 'graphCount'; readonly count: number; readonly traversal: string; readonly line: number }
  | { readonly kind: 'error'; readonly containing?: string; readonly line: number }
  | { readonly kind: 'tree'; readonly nodes: readonly TreeSpec[]; readonly line: number }
  | { readonly kind: 'subgraph'; readonly element: 'vertices' | 'edges'; readonly rows: readonly Notated[]; readonly line: number }
  | { readonly kind: 'fileExists'; readonly name: string; readonly line: number };

/**
 * What a scenario asks for, in execution order.
 *
 * @example
 * ```ts
 * const plan = planScenario(scenario);
 * if (plan.unsupported === undefined) console.log(plan.graph, plan.traversal);
 * ```
 */
export interface ScenarioPlan {
  /** The graph named by `Given the <name> graph`. */
  readonly graph?: string;
  /** The reason given by `an unsupported test` / `nothing should happen because`. */
  readonly unsupported?: string;
  readonly initializer?: string;
  readonly parameters: ReadonlyArray<readonly [string, Notated]>;
  readonly sideEffects: ReadonlyArray<readonly [string, Notated]>;
  readonly traversal?: string;
  readonly when?: 'list' | 'next';
  readonly assertions: readonly Assertion[];
}

function stepError(scenario: Scenario, step: Step, detail: string): ArgumentError {
  return new ArgumentError('TCK_UNKNOWN_STEP', `Cannot interpret step at ${scenario.file}:${step.line}: ${detail}`);
}

/**
 * Parses the doc string of `the result should be a tree with a structure of`: one node a line,
 * depth = leading spaces ÷ 3, value = the text after `|--`.
 *
 * @example
 * ```ts
 * parseTreeDoc('|--marko\n   |--josh');   // [{ value: 'marko', children: [{ value: 'josh', children: [] }] }]
 * ```
 */
export function parseTreeDoc(doc: string): TreeSpec[] {
  interface Draft { value: Notated; children: Draft[] }
  const roots: Draft[] = [];
  const stack: Draft[] = [];
  for (const line of doc.split('\n')) {
    if (line.trim() === '') continue;
    const depth = Math.floor((line.length - line.trimStart().length) / 3);
    const node: Draft = { value: parseNotation(line.trim().replace(/^\|--/, '')), children: [] };
    stack.length = Math.min(stack.length, depth);
    const parent = stack[stack.length - 1];
    if (parent === undefined) roots.push(node);
    else parent.children.push(node);
    stack.push(node);
  }
  return roots;
}

function tableRows(scenario: Scenario, step: Step): Notated[] {
  if (step.table === undefined) throw stepError(scenario, step, 'the step needs a data table');
  return step.table.rows.map((r) => parseNotation(r));
}

const TABLE = /^the result should be (ordered|unordered|of)$/;
const PARAMETER = /^using the (parameter|side effect) (\S+) defined as "(.*)"$/;
const COUNT = /^the result should have a count of (\d+)$/;
const GRAPH_COUNT = /^the graph should return (\d+) for count of "(.*)"$/;
const ERROR_TEXT = /^the traversal will raise an error with message (containing|starting|ending) text of "(.*)"$/;

function planThen(scenario: Scenario, step: Step): Assertion | undefined {
  const { text, line } = step;
  let m: RegExpExecArray | null;
  if ((m = TABLE.exec(text)) !== null) return { kind: 'table', mode: m[1] as TableMode, rows: tableRows(scenario, step), line };
  if (text === 'the result should be empty') return { kind: 'empty', line };
  if ((m = COUNT.exec(text)) !== null) return { kind: 'count', count: Number(m[1]), line };
  if ((m = GRAPH_COUNT.exec(text)) !== null) return { kind: 'graphCount', count: Number(m[1]), traversal: unquoteArgument(m[2]!), line };
  if (text === 'the traversal will raise an error') return { kind: 'error', line };
  if ((m = ERROR_TEXT.exec(text)) !== null) {
    if (m[1] !== 'containing') throw stepError(scenario, step, `error texts ${m[1]} a text are not supported`);
    return { kind: 'error', containing: unquoteArgument(m[2]!), line };
  }
  if (text === 'the result should be a tree with a structure of') return { kind: 'tree', nodes: parseTreeDoc(step.docString ?? ''), line };
  if (text === 'the result should be a subgraph with the following') {
    const header = step.table?.header;
    if (header !== 'vertices' && header !== 'edges') throw stepError(scenario, step, `a subgraph table is headed '${header ?? ''}'`);
    return { kind: 'subgraph', element: header, rows: tableRows(scenario, step), line };
  }
  if ((m = /^the file "(.*)" should exist$/.exec(text)) !== null) return { kind: 'fileExists', name: m[1]!, line };
  return undefined;
}

/**
 * Interprets the steps of a scenario.
 *
 * @example
 * ```ts
 * const plan = planScenario(feature.scenarios[0]!);
 * plan.graph;       // 'modern'
 * plan.when;        // 'list'
 * ```
 */
export function planScenario(scenario: Scenario): ScenarioPlan {
  let graph: string | undefined;
  let unsupported: string | undefined;
  let initializer: string | undefined;
  let traversal: string | undefined;
  let when: 'list' | 'next' | undefined;
  const parameters: Array<readonly [string, Notated]> = [];
  const sideEffects: Array<readonly [string, Notated]> = [];
  const assertions: Assertion[] = [];
  for (const step of scenario.steps) {
    const { text } = step;
    let m: RegExpExecArray | null;
    if (step.keyword === 'Given') {
      if ((m = /^the (\w+) graph$/.exec(text)) !== null) graph = m[1]!;
      else if (text === 'an unsupported test') unsupported = '';
      else if (text === 'the graph initializer of') initializer = step.docString ?? '';
      else if (text === 'the traversal of') traversal = step.docString ?? '';
      else if ((m = PARAMETER.exec(text)) !== null) {
        (m[1] === 'parameter' ? parameters : sideEffects).push([m[2]!, parseNotation(unquoteArgument(m[3]!))]);
      } else throw stepError(scenario, step, `unknown Given step '${text}'`);
    } else if (step.keyword === 'When') {
      if (text === 'iterated to list') when = 'list';
      else if (text === 'iterated next') when = 'next';
      else throw stepError(scenario, step, `unknown When step '${text}'`);
    } else if (text === 'nothing should happen because') {
      unsupported = step.docString ?? '';
    } else {
      const assertion = planThen(scenario, step);
      if (assertion === undefined) throw stepError(scenario, step, `unknown Then step '${text}'`);
      assertions.push(assertion);
    }
  }
  return { graph, unsupported, initializer, parameters, sideEffects, traversal, when, assertions };
}
