/**
 * Runs the whole TinkerPop suite inside `npm test` and fails when the pass rate drops below
 * the figure recorded in test/tck/baseline.json (written by `npm run tck -- --record`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { baselinePath, defaultSuiteDir, remoteBaselinePath, reportLine, runSuite } from './runner.js';

interface Baseline {
  readonly passRate: number;
  readonly passed: number;
}

let strict: ReturnType<typeof runSuite> | undefined;

/** The strict run (Java-typed results), shared by the tests that compare against it. */
function strictRun(): ReturnType<typeof runSuite> {
  strict ??= runSuite({ featuresDir: defaultSuiteDir('features'), dataDir: defaultSuiteDir('data') });
  return strict;
}

test('the TinkerPop suite keeps at least the recorded pass rate', { timeout: 30 * 60_000 }, async (t) => {
  const featuresDir = defaultSuiteDir('features');
  if (!existsSync(featuresDir)) {
    assert.fail(`The TinkerPop features are missing: expected them at ${featuresDir}`);
  }
  const baseline = JSON.parse(readFileSync(baselinePath(), 'utf8')) as Baseline;
  const summary = await strictRun();
  t.diagnostic(`${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
  const failures = summary.reports.filter((r) => r.status === 'failed').slice(0, 20).map(reportLine);
  assert.ok(
    summary.passRate >= baseline.passRate,
    `Pass rate ${summary.passRate.toFixed(4)} fell below the recorded ${baseline.passRate}; first failures:\n${failures.join('\n')}`,
  );
  assert.ok(summary.passed + summary.failed > 0, 'No scenario ran');
});

test('turning the optimisation strategies off changes no scenario outcome', { timeout: 30 * 60_000 }, async () => {
  const options = { featuresDir: defaultSuiteDir('features'), dataDir: defaultSuiteDir('data') };
  const [optimised, plain] = [await strictRun(), await runSuite({ ...options, optimise: false })];
  const outcome = (reports: readonly { id: string; status: string }[]): Map<string, string> => new Map(reports.map((r) => [r.id, r.status]));
  const withStrategies = outcome(optimised.reports);
  const changed = plain.reports.filter((r) => withStrategies.get(r.id) !== r.status).map(reportLine);
  assert.deepEqual(changed, []);
});

test('pausing at every unit of work changes no scenario outcome', { timeout: 30 * 60_000 }, async () => {
  const options = { featuresDir: defaultSuiteDir('features'), dataDir: defaultSuiteDir('data') };
  const [normal, paused] = [await strictRun(), await runSuite({ ...options, pacing: { sliceMs: 0, checkEvery: 1 } })];
  const outcome = new Map(normal.reports.map((r) => [r.id, r.status]));
  const changed = paused.reports.filter((r) => outcome.get(r.id) !== r.status).map(reportLine);
  assert.deepEqual(changed, []);
});

test('plain JavaScript results lose no scenario the strict Java-typed run passes', { timeout: 30 * 60_000 }, async () => {
  const options = { featuresDir: defaultSuiteDir('features'), dataDir: defaultSuiteDir('data') };
  const [typed, plain] = [await strictRun(), await runSuite({ ...options, types: 'plain' })];
  const outcome = new Map(plain.reports.map((r) => [r.id, r.status]));
  const lost = typed.reports.filter((r) => r.status === 'passed' && outcome.get(r.id) !== 'passed').map(reportLine);
  assert.deepEqual(lost, []);
});

test('through the Gremlin Server endpoint and the gremlin driver, the suite keeps the recorded remote pass rate and loses no scenario the embedded run passes', { timeout: 30 * 60_000 }, async (t) => {
  const options = { featuresDir: defaultSuiteDir('features'), dataDir: defaultSuiteDir('data') };
  const baseline = JSON.parse(readFileSync(remoteBaselinePath(), 'utf8')) as Baseline;
  const [embedded, remote] = [await strictRun(), await runSuite({ ...options, remote: true })];
  t.diagnostic(`remote: ${remote.passed} passed, ${remote.failed} failed, ${remote.skipped} skipped`);
  assert.ok(remote.passRate >= baseline.passRate, `Remote pass rate ${remote.passRate.toFixed(4)} fell below the recorded ${baseline.passRate}`);
  const outcome = new Map(remote.reports.map((r) => [r.id, r.status]));
  const lost = embedded.reports.filter((r) => r.status === 'passed' && outcome.get(r.id) !== 'passed').map(reportLine);
  assert.deepEqual(lost, []);
});
