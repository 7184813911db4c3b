/**
 * Bytecode: the raw form of a traversal, as a list of step calls with their arguments.
 *
 * Gremlin text (src/grammar), the fluent TypeScript API and, later, Gremlin Server bytecode
 * requests all produce Bytecode; the engine compiles it into a typed plan. This mirrors
 * TinkerPop's Bytecode, so that every way in meets in one place.
 * @module
 */
import type { ElementId, PropertyValue } from '../values/index.js';
import { compileRegex } from '../values/index.js';

/**
 * A Gremlin enum constant such as `T.id`, `Direction.OUT`, `Order.desc` or `Scope.local`.
 *
 * @example
 * ```ts
 * const label = new EnumValue('T', 'label');
 * ```
 */
export class EnumValue {
  constructor(
    /** Enum type: T, Direction, Order, Column, Pop, Scope, Cardinality, Operator, Barrier, Merge, Pick, WithOptions, GType, DT. */
    readonly type: string,
    /** Constant name as written, e.g. `id`, `OUT`, `desc`. */
    readonly name: string,
  ) {}
  /** The enum type, under gremlin-javascript's name for it. */
  get typeName(): string {
    return this.type;
  }
  /** The constant, under gremlin-javascript's name for it. */
  get elementName(): string {
    return this.name;
  }
  /** `Type.name`. */
  toString(): string {
    return `${this.type}.${this.name}`;
  }
  /** The constant's name (`id`, `desc`), as HugeGraph's /gremlin writes a token. */
  toJSON(): string {
    return this.name;
  }
}

/**
 * A predicate: `P.gt(3)`, `TextP.startingWith('ma')`, or `and`/`or`/`not` combinations.
 * Like Java's TextP, `regex`/`notRegex` check their pattern on construction, so a query with a
 * pattern RE2 refuses fails before it runs (REGEX_UNSUPPORTED or REGEX_INVALID).
 *
 * @example
 * ```ts
 * const p = new Predicate('P', 'between', [20, 30]);
 * const both = new Predicate('P', 'and', [new Predicate('P', 'gt', [1]), new Predicate('P', 'lt', [5])]);
 * ```
 */
export class Predicate {
  constructor(
    /** `P` or `TextP`. */
    readonly family: 'P' | 'TextP',
    /** Operator name, e.g. `eq`, `within`, `containing`, `and`, `or`, `not`. */
    readonly op: string,
    /** Operands; for `and`/`or` two predicates, for `not` one. */
    readonly args: readonly Argument[],
  ) {
    const [pattern] = args;
    if (family === 'TextP' && (op === 'regex' || op === 'notRegex') && typeof pattern === 'string') {
      compileRegex(pattern, { what: `TextP.${op}() pattern` });
    }
  }
}

/**
 * A traversal strategy named in `withStrategies(...)` or `withoutStrategies(...)`.
 *
 * @example
 * ```ts
 * const s = new StrategySpec('ReadOnlyStrategy', new Map());
 * ```
 */
export class StrategySpec {
  constructor(
    /** Simple class name, e.g. `SubgraphStrategy`. */
    readonly name: string,
    /** Configuration entries given to `create(...)` or the builder. */
    readonly config: ReadonlyMap<string, Argument>,
  ) {}
}

/**
 * Any argument of a step: a value, an anonymous traversal, a predicate, an enum or a strategy.
 * Lists and maps may nest any of these.
 *
 * @example
 * ```ts
 * const args: Argument[] = ['knows', new Predicate('P', 'gt', [0.5]), new EnumValue('T', 'id')];
 * ```
 */
export type Argument =
  | PropertyValue
  | Bytecode
  | Predicate
  | EnumValue
  | StrategySpec
  | readonly Argument[]
  | ReadonlySet<Argument>
  | ReadonlyMap<Argument, Argument>
  | ArgumentObject;

/**
 * Engine objects (vertices, edges, paths) passed back in as arguments, for example a vertex
 * bound as a variable. The engine defines the concrete classes.
 *
 * @example
 * ```ts
 * const o: ArgumentObject = { argumentKind: 'element' };
 * ```
 */
export interface ArgumentObject {
  readonly argumentKind: string;
}

/**
 * One step call: the step (or source) name and its arguments as written.
 *
 * @example
 * ```ts
 * const i: Instruction = { op: 'out', args: ['knows'] };
 * ```
 */
export interface Instruction {
  readonly op: string;
  readonly args: readonly Argument[];
}

/**
 * A whole traversal: source instructions (`withSack`, `withStrategies`...) and step
 * instructions, starting with a spawn step (`V`, `E`, `addV`, `inject`...) for a root
 * traversal, or with any step for an anonymous one. Gremlin text and the fluent API build it
 * (`graph.traversal().V().bytecode`), and `graph.gremlin(bytecode)` runs a root traversal as
 * one request, as a Gremlin Server runs a bytecode request; a {@link VariableRef} argument
 * takes the value of the request binding of its name.
 *
 * @example
 * ```ts
 * const b = new Bytecode([], [{ op: 'V', args: [] }, { op: 'out', args: ['knows'] }]);
 * const friends = await graph.gremlin(b.addStep('values', 'name'));
 * ```
 */
export class Bytecode {
  constructor(
    readonly source: readonly Instruction[],
    readonly steps: readonly Instruction[],
  ) {}

  /** A copy with one more step. */
  addStep(op: string, ...args: Argument[]): Bytecode {
    return new Bytecode(this.source, [...this.steps, { op, args }]);
  }

  /** A copy with one more source instruction. */
  addSource(op: string, ...args: Argument[]): Bytecode {
    return new Bytecode([...this.source, { op, args }], this.steps);
  }
}

/**
 * A variable that a script assigns and a traversal of that script reads, as in
 * `v = graph.addVertex('person'); g.V(v).out()`. The engine resolves it from its bindings.
 *
 * @example
 * ```ts
 * const ref = new VariableRef('v'); // ref.argumentKind === 'variable'
 * ```
 */
export class VariableRef implements ArgumentObject {
  readonly argumentKind = 'variable';
  constructor(/** The variable's name. */ readonly name: string) {}
}

/**
 * A value with an explicit cardinality, `Cardinality.list('a')` or `single(1)`, as used in
 * `mergeV` maps and `property()`.
 */
export class CardinalityValue implements ArgumentObject {
  readonly argumentKind = 'cardinality';
  constructor(
    /** `single`, `list` or `set`. */
    readonly cardinality: string,
    /** The value. */
    readonly value: Argument,
  ) {}
}

/**
 * A vertex given by id and label, `new Vertex(1, 'person')` or `ReferenceVertex(1, 'person')`.
 */
export class VertexRef implements ArgumentObject {
  readonly argumentKind = 'vertex';
  constructor(
    /** The vertex id. */
    readonly id: ElementId,
    /** The vertex label. */
    readonly label: string,
  ) {}
}
