/**
 * The one checked-in list of skipped TinkerPop scenarios, with reasons.
 *
 * Policy (docs/tck.md): a scenario is skipped only when the suite itself marks it as outside
 * an OLTP engine, by one of the tags below or by `Given an unsupported test`. A scenario is
 * never skipped because it fails; failures count against the pass rate.
 * @module
 */

/**
 * Tags that exclude a scenario, each with the reason.
 *
 * @example
 * ```ts
 * SKIP_TAGS.get('@GraphComputerOnly');   // 'OLAP only: ...'
 * ```
 */
export const SKIP_TAGS: ReadonlyMap<string, string> = new Map([
  ['@GraphComputerOnly', 'OLAP only: needs a GraphComputer (VertexProgram), which every OLTP runner skips'],
  ['@AllowNullPropertyValues', 'needs a graph that stores null property values; TinkerPop runs these in a separate graph configuration'],
  ['@MultiLabelDefault', 'assumes labels are reported as sets by default; every TinkerPop runner skips it'],
  ['@TinkerGQL', "needs TinkerGraph's own GQL match() engine"],
]);

/**
 * Why a scenario is skipped, or undefined when it runs.
 *
 * @example
 * ```ts
 * skipReason(['@StepClassMap', '@GraphComputerOnly'], {});   // '@GraphComputerOnly: OLAP only: ...'
 * skipReason([], { unsupported: 'reason' });                // 'an unsupported test: reason'
 * ```
 */
export function skipReason(tags: readonly string[], plan: { readonly unsupported?: string }): string | undefined {
  for (const tag of tags) {
    const reason = SKIP_TAGS.get(tag);
    if (reason !== undefined) return `${tag}: ${reason}`;
  }
  if (plan.unsupported !== undefined) return `an unsupported test: ${plan.unsupported.trim() || 'marked by the suite'}`;
  return undefined;
}
