/**
 * Finding and loading the feature files of a suite folder, and the scenario identifiers
 * (`file:line`) by which the runner and its worker refer to scenarios.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFeature, type Scenario } from './gherkin.js';

/**
 * The identifier of a scenario: its file (relative to the features folder) and line.
 *
 * @example
 * ```ts
 * scenarioId(scenario);   // 'map/Count.feature:21'
 * ```
 */
export function scenarioId(scenario: Pick<Scenario, 'file' | 'line'>): string {
  return `${scenario.file}:${scenario.line}`;
}

/**
 * Every scenario of every `.feature` file under a folder, in sorted file order, optionally
 * only those whose `file:line name` contains a substring.
 *
 * @example
 * ```ts
 * const scenarios = loadScenarios('/work/shared/tinkerpop/features', { filter: 'Count.feature' });
 * ```
 */
export function loadScenarios(featuresDir: string, options: { readonly filter?: string } = {}): Scenario[] {
  const files = (readdirSync(featuresDir, { recursive: true }) as string[])
    .map((f) => f.replace(/\\/g, '/'))
    .filter((f) => f.endsWith('.feature'))
    .sort();
  const scenarios = files.flatMap((file) => parseFeature(readFileSync(join(featuresDir, file), 'utf8'), { file }).scenarios);
  const filter = options.filter;
  return filter === undefined ? scenarios : scenarios.filter((s) => `${scenarioId(s)} ${s.name}`.includes(filter));
}
