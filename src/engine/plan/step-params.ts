/**
 * The one map from step kind to the type of its parameters. The plan step is a discriminated
 * union over it ({@link PlanStep}), and the step registry is typed by it, so that narrowing on
 * `kind` types `params` without a cast.
 * @module
 */
import type {
  CallParams, ColumnScanParams, DegreeCountParams, EdgeVertexParams, FoldParams, FormatParams, FunctionParams,
  GraphParams, GroupParams, MathParams, OrderParams, PathParams, ProjectParams, PropertiesParams, PropertyMapParams,
  ReduceParams, SelectParams, TreeParams, VertexParams,
} from './params/map.js';
import type {
  DedupParams, HasParams, PathFilterParams, QuantifierParams, RandomParams, RangeParams, TraversalFilterParams, WhereParams,
} from './params/filter.js';
import type {
  AddEdgeParams, AddVertexParams, AggregateParams, ControlParams, InjectParams, IoParams, MergeParams, PropertyParams, SackParams,
} from './params/side-effect.js';
import type { ChooseParams, FrontierParams, MatchParams, RepeatParams } from './params/branch.js';

/**
 * Parameters of a step that takes none.
 */
type NoParams = Readonly<Record<string, never>>;

/**
 * Parameters of every step kind. `P` is the type of a child traversal (always `Plan`; see
 * {@link ParamsOf}): the map takes it as a parameter so that it needs no import of the plan
 * model, which holds steps, and no import circle arises.
 */
export interface StepParams<P> {
  readonly graph: GraphParams;
  readonly inject: InjectParams;
  readonly vertex: VertexParams;
  readonly edgeVertex: EdgeVertexParams;
  readonly properties: PropertiesParams;
  readonly id: NoParams;
  readonly label: NoParams;
  readonly key: NoParams;
  readonly value: NoParams;
  readonly identity: NoParams;
  readonly constant: { readonly value: unknown };
  /** count(), or count(local) over a collection. */
  readonly count: { readonly local: boolean };
  readonly fold: FoldParams;
  readonly unfold: NoParams;
  readonly order: OrderParams<P>;
  readonly select: SelectParams<P>;
  /** select(keys) / select(values) on a map or path; `entry` for an entry's key or value. */
  readonly selectColumn: { readonly column: string; readonly entry?: boolean };
  readonly project: ProjectParams<P>;
  readonly path: PathParams<P>;
  readonly group: GroupParams<P>;
  readonly reduce: ReduceParams;
  /** loops(), or loops(name) of a named repeat(). */
  readonly loops: { readonly name: string | undefined };
  readonly propertyMap: PropertyMapParams<P>;
  readonly range: RangeParams;
  readonly tail: { readonly n: number; readonly local: boolean };
  readonly dedup: DedupParams<P>;
  readonly has: HasParams;
  /** is(value) or is(predicate). */
  readonly is: { readonly test: unknown };
  readonly filter: TraversalFilterParams<P>;
  readonly where: WhereParams<P>;
  readonly aggregate: AggregateParams<P>;
  readonly cap: { readonly keys: readonly string[] };
  /** profile() (no key: yields the metrics) and profile(key) (passes traversers on, stores the metrics under the key). */
  readonly profile: { readonly key: string | undefined };
  readonly sideEffect: { readonly plan: P };
  readonly union: { readonly plans: readonly P[] };
  readonly coalesce: { readonly plans: readonly P[] };
  readonly optional: { readonly plan: P };
  /**
   * local(t), map(t) (`firstOnly`, also set when a strategy knows the child yields at most one
   * result) and flatMap(t) (`flat`: only the child's objects join the path).
   */
  readonly local: { readonly plan: P; readonly firstOnly: boolean; readonly flat?: boolean };
  readonly choose: ChooseParams<P>;
  readonly repeat: RepeatParams<P>;
  readonly addV: AddVertexParams;
  readonly addE: AddEdgeParams;
  readonly property: PropertyParams;
  readonly drop: NoParams;
  readonly merge: MergeParams;
  readonly fn: FunctionParams;
  readonly math: MathParams<P>;
  readonly format: FormatParams<P>;
  readonly quantifier: QuantifierParams;
  readonly random: RandomParams<P>;
  readonly pathFilter: PathFilterParams<P>;
  /** timeLimit(ms). */
  readonly timeLimit: { readonly ms: number };
  readonly sack: SackParams<P>;
  /** index(), as a list or (with(Index, map)) as a map. */
  readonly index: { readonly asMap: boolean };
  readonly tree: TreeParams<P>;
  readonly element: NoParams;
  readonly control: ControlParams;
  readonly degreeCount: DegreeCountParams;
  readonly columnScan: ColumnScanParams;
  readonly frontier: FrontierParams<P>;
  readonly match: MatchParams<P>;
  readonly call: CallParams<P>;
  /** subgraph(key). */
  readonly subgraph: { readonly key: string };
  readonly io: IoParams;
}
