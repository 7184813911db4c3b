/**
 * Strategy tests as before/after tables of explain() text, after TinkerPop's strategy tests:
 * each row is a traversal with its plan before and after the strategies. Rows whose before
 * equals after are negative cases (the strategies must leave the plan as it is) and never count
 * as evidence that a rewrite works, so every table also needs rows that do rewrite.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GraphTraversal } from '../../src/engine/fluent/graph-traversal.js';

/**
 * One row: a traversal and its explain() text before and after.
 *
 * @example
 * ```ts
 * const row: StrategyRow = { traversal: () => g.V().identity().out(), before: 'graph(V())\nidentity\nvertex(OUT())', after: 'graph(V())\nvertex(OUT())' };
 * ```
 */
export interface StrategyRow {
  readonly traversal: () => GraphTraversal;
  readonly before: string;
  readonly after: string;
}

function oneLine(text: string): string {
  return text.split('\n').map((l) => l.trim()).join(' ');
}

/**
 * Registers one test per row, plus one that the table holds both rewriting and unchanged rows.
 * `plans` gives the before and after text of a traversal.
 *
 * @example
 * ```ts
 * strategyTable('IdentityRemovalStrategy', rows, (t) => ({ before: explainOff(t), after: explainOn(t) }));
 * ```
 */
export function strategyTable(name: string, rows: readonly StrategyRow[], plans: (t: GraphTraversal) => { before: string; after: string }): void {
  const rewriting = rows.filter((r) => r.before !== r.after).length;
  test(`${name} table has rows that rewrite the plan and rows where nothing may change`, () => {
    assert.ok(rewriting > 0, 'expected a row whose plan changes');
    assert.ok(rewriting < rows.length, 'expected a row whose plan must stay as it is');
  });
  rows.forEach((row, i) => {
    const label = row.before === row.after ? `leaves ${oneLine(row.before)} as it is` : `rewrites ${oneLine(row.before)} -> ${oneLine(row.after)}`;
    test(`${name} table row ${i + 1} ${label}`, () => {
      const got = plans(row.traversal());
      assert.equal(got.before, row.before);
      assert.equal(got.after, row.after);
    });
  });
}
