/**
 * The fluent GraphTraversal: gremlin npm method names (`in_`, `as_`, `from_`, `with_` and the
 * plain names), building the same Bytecode the grammar builds. Terminal methods return Promises.
 * @module
 */
import { Bytecode } from '../bytecode.js';
import type { Argument } from '../bytecode.js';
import { P } from './predicates.js';
import { QUERY_LIMITS, tooDeep } from '../compiler/limits.js';
import { PlanError } from '../../errors.js';
import type { QueryCursor } from '../run/cursor.js';
import { fromPlain } from '../plain.js';

/**
 * Anything a fluent step accepts: bytecode arguments, nested traversals and fluent predicates.
 *
 * @example
 * ```ts
 * const a: FluentArg = __.out('knows');
 * ```
 */
export type FluentArg = Argument | bigint | GraphTraversal | P | undefined | readonly FluentArg[];

/**
 * One run of a traversal: its results and, when the graph is durable, a function resolving
 * once every write the run made is durable (the terminal methods await it before resolving).
 *
 * @example
 * ```ts
 * declare const results: QueryCursor;
 * const run: TraversalRun = { results, settled: () => graph.sync() };
 * ```
 */
export interface TraversalRun {
  readonly results: QueryCursor;
  readonly settled?: () => Promise<void>;
  /** Turns each engine result into what the terminals hand out (plain values); identity when absent. */
  readonly convert?: (value: unknown) => unknown;
}

/**
 * Runs a traversal's bytecode; supplied by the traversal source.
 *
 * @example
 * ```ts
 * declare const results: QueryCursor;
 * const runner: TraversalRunner = () => ({ results });
 * ```
 */
export type TraversalRunner = (bytecode: Bytecode) => TraversalRun;

/**
 * Converts fluent arguments to bytecode arguments.
 *
 * @example
 * ```ts
 * toArgument(__.out()); // Bytecode
 * ```
 */
export function toArgument(a: FluentArg, depth = 0): Argument {
  if (a instanceof GraphTraversal) return a.bytecode;
  if (a instanceof P) return a.predicate;
  if (a === undefined) return null;
  if (Array.isArray(a)) {
    if (depth >= QUERY_LIMITS.maxNestingDepth) throw tooDeep();
    return (a as readonly FluentArg[]).map((x) => toArgument(x, depth + 1));
  }
  return fromPlain(a) as Argument;
}

/**
 * A traversal under construction. Steps append to its bytecode and return it.
 *
 * @example
 * ```ts
 * const names = await g.V().has('person', 'name', 'marko').out('knows').values('name').toList();
 * ```
 */
export class GraphTraversal {
  #bytecode: Bytecode;
  readonly #runner: TraversalRunner | undefined;
  #cursor: QueryCursor | undefined;
  /** A result hasNext() took from the cursor and next() hands out. */
  #peeked: IteratorResult<unknown> | undefined;
  #settled: (() => Promise<void>) | undefined;
  #convert: (value: unknown) => unknown = (v) => v;

  constructor(bytecode: Bytecode, runner?: TraversalRunner) {
    this.#bytecode = bytecode;
    this.#runner = runner;
  }

  /** The bytecode built so far. */
  get bytecode(): Bytecode {
    return this.#bytecode;
  }

  /** Appends a step by name (for steps without a method). */
  step(op: string, args: readonly FluentArg[]): this {
    this.#bytecode = this.#bytecode.addStep(op, ...args.map((a) => toArgument(a)));
    return this;
  }

  #results(): QueryCursor {
    if (this.#cursor === undefined) {
      if (this.#runner === undefined) throw new PlanError('ANONYMOUS_TRAVERSAL', 'Cannot run an anonymous traversal: spawn it from a GraphTraversalSource');
      const run = this.#runner(this.#bytecode);
      this.#cursor = run.results;
      this.#settled = run.settled;
      if (run.convert !== undefined) this.#convert = run.convert;
    }
    return this.#cursor;
  }

  #take(): Promise<IteratorResult<unknown>> {
    const peeked = this.#peeked;
    this.#peeked = undefined;
    return peeked === undefined ? this.#results().next() : Promise.resolve(peeked);
  }

  /** All results, once the traversal's writes are durable. */
  async toList(): Promise<unknown[]> {
    const cursor = this.#results();
    const first = this.#peeked;
    this.#peeked = undefined;
    const rest = await cursor.toArray();
    if (this.#settled !== undefined) await this.#settled();
    const all = first === undefined || first.done === true ? rest : [first.value, ...rest];
    return all.map(this.#convert);
  }

  /** All results in a Set (JS identity; values are not deduplicated by Java equality). */
  async toSet(): Promise<Set<unknown>> {
    return new Set(await this.toList());
  }

  /** The next result, as an iterator result, once the traversal's writes are durable. */
  async next(): Promise<IteratorResult<unknown>> {
    const r = await this.#take();
    if (this.#settled !== undefined) await this.#settled();
    return r.done === true ? r : { done: false, value: this.#convert(r.value) };
  }

  /** Whether another result exists (it is buffered for next()), once the traversal's writes are durable. */
  async hasNext(): Promise<boolean> {
    const r = await this.#take();
    this.#peeked = r;
    if (this.#settled !== undefined) await this.#settled();
    return r.done !== true;
  }

  /** Runs the traversal for its side effects, discards the results and resolves once its writes are durable. */
  async iterate(): Promise<void> {
    this.#peeked = undefined;
    const cursor = this.#results();
    while ((await cursor.next()).done !== true);
    if (this.#settled !== undefined) await this.#settled();
  }

  /** Stops the traversal early and releases what it reads. */
  async close(): Promise<void> {
    this.#peeked = undefined;
    await this.#cursor?.return();
  }

  /** `V()` */ V(...args: FluentArg[]): this { return this.step('V', args); }
  /** `E()` */ E(...args: FluentArg[]): this { return this.step('E', args); }
  /** `addE()` */ addE(...args: FluentArg[]): this { return this.step('addE', args); }
  /** `addV()` */ addV(...args: FluentArg[]): this { return this.step('addV', args); }
  /** `aggregate()` */ aggregate(...args: FluentArg[]): this { return this.step('aggregate', args); }
  /** `all()` */ all(...args: FluentArg[]): this { return this.step('all', args); }
  /** `and()` */ and(...args: FluentArg[]): this { return this.step('and', args); }
  /** `any()` */ any(...args: FluentArg[]): this { return this.step('any', args); }
  /** `as()` */ as(...args: FluentArg[]): this { return this.step('as', args); }
  /** `as()` */ as_(...args: FluentArg[]): this { return this.step('as', args); }
  /** `asBool()` */ asBool(...args: FluentArg[]): this { return this.step('asBool', args); }
  /** `asDate()` */ asDate(...args: FluentArg[]): this { return this.step('asDate', args); }
  /** `asNumber()` */ asNumber(...args: FluentArg[]): this { return this.step('asNumber', args); }
  /** `asString()` */ asString(...args: FluentArg[]): this { return this.step('asString', args); }
  /** `barrier()` */ barrier(...args: FluentArg[]): this { return this.step('barrier', args); }
  /** `both()` */ both(...args: FluentArg[]): this { return this.step('both', args); }
  /** `bothE()` */ bothE(...args: FluentArg[]): this { return this.step('bothE', args); }
  /** `bothV()` */ bothV(...args: FluentArg[]): this { return this.step('bothV', args); }
  /** `branch()` */ branch(...args: FluentArg[]): this { return this.step('branch', args); }
  /** `by()` */ by(...args: FluentArg[]): this { return this.step('by', args); }
  /** `call()` */ call(...args: FluentArg[]): this { return this.step('call', args); }
  /** `cap()` */ cap(...args: FluentArg[]): this { return this.step('cap', args); }
  /** `choose()` */ choose(...args: FluentArg[]): this { return this.step('choose', args); }
  /** `coalesce()` */ coalesce(...args: FluentArg[]): this { return this.step('coalesce', args); }
  /** `coin()` */ coin(...args: FluentArg[]): this { return this.step('coin', args); }
  /** `combine()` */ combine(...args: FluentArg[]): this { return this.step('combine', args); }
  /** `concat()` */ concat(...args: FluentArg[]): this { return this.step('concat', args); }
  /** `conjoin()` */ conjoin(...args: FluentArg[]): this { return this.step('conjoin', args); }
  /** `constant()` */ constant(...args: FluentArg[]): this { return this.step('constant', args); }
  /** `count()` */ count(...args: FluentArg[]): this { return this.step('count', args); }
  /** `cyclicPath()` */ cyclicPath(...args: FluentArg[]): this { return this.step('cyclicPath', args); }
  /** `dateAdd()` */ dateAdd(...args: FluentArg[]): this { return this.step('dateAdd', args); }
  /** `dateDiff()` */ dateDiff(...args: FluentArg[]): this { return this.step('dateDiff', args); }
  /** `dedup()` */ dedup(...args: FluentArg[]): this { return this.step('dedup', args); }
  /** `difference()` */ difference(...args: FluentArg[]): this { return this.step('difference', args); }
  /** `discard()` */ discard(...args: FluentArg[]): this { return this.step('discard', args); }
  /** `disjunct()` */ disjunct(...args: FluentArg[]): this { return this.step('disjunct', args); }
  /** `drop()` */ drop(...args: FluentArg[]): this { return this.step('drop', args); }
  /** `element()` */ element(...args: FluentArg[]): this { return this.step('element', args); }
  /** `elementMap()` */ elementMap(...args: FluentArg[]): this { return this.step('elementMap', args); }
  /** `emit()` */ emit(...args: FluentArg[]): this { return this.step('emit', args); }
  /** `fail()` */ fail(...args: FluentArg[]): this { return this.step('fail', args); }
  /** `filter()` */ filter(...args: FluentArg[]): this { return this.step('filter', args); }
  /** `fold()` */ fold(...args: FluentArg[]): this { return this.step('fold', args); }
  /** `format()` */ format(...args: FluentArg[]): this { return this.step('format', args); }
  /** `from()` */ from(...args: FluentArg[]): this { return this.step('from', args); }
  /** `from()` */ from_(...args: FluentArg[]): this { return this.step('from', args); }
  /** `group()` */ group(...args: FluentArg[]): this { return this.step('group', args); }
  /** `groupCount()` */ groupCount(...args: FluentArg[]): this { return this.step('groupCount', args); }
  /** `has()` */ has(...args: FluentArg[]): this { return this.step('has', args); }
  /** `hasId()` */ hasId(...args: FluentArg[]): this { return this.step('hasId', args); }
  /** `hasKey()` */ hasKey(...args: FluentArg[]): this { return this.step('hasKey', args); }
  /** `hasLabel()` */ hasLabel(...args: FluentArg[]): this { return this.step('hasLabel', args); }
  /** `hasNot()` */ hasNot(...args: FluentArg[]): this { return this.step('hasNot', args); }
  /** `hasValue()` */ hasValue(...args: FluentArg[]): this { return this.step('hasValue', args); }
  /** `id()` */ id(...args: FluentArg[]): this { return this.step('id', args); }
  /** `identity()` */ identity(...args: FluentArg[]): this { return this.step('identity', args); }
  /** `in()` */ in(...args: FluentArg[]): this { return this.step('in', args); }
  /** `in()` */ in_(...args: FluentArg[]): this { return this.step('in', args); }
  /** `inE()` */ inE(...args: FluentArg[]): this { return this.step('inE', args); }
  /** `inV()` */ inV(...args: FluentArg[]): this { return this.step('inV', args); }
  /** `index()` */ index(...args: FluentArg[]): this { return this.step('index', args); }
  /** `inject()` */ inject(...args: FluentArg[]): this { return this.step('inject', args); }
  /** `intersect()` */ intersect(...args: FluentArg[]): this { return this.step('intersect', args); }
  /** `is()` */ is(...args: FluentArg[]): this { return this.step('is', args); }
  /** `key()` */ key(...args: FluentArg[]): this { return this.step('key', args); }
  /** `label()` */ label(...args: FluentArg[]): this { return this.step('label', args); }
  /** `length()` */ length(...args: FluentArg[]): this { return this.step('length', args); }
  /** `limit()` */ limit(...args: FluentArg[]): this { return this.step('limit', args); }
  /** `local()` */ local(...args: FluentArg[]): this { return this.step('local', args); }
  /** `loops()` */ loops(...args: FluentArg[]): this { return this.step('loops', args); }
  /** `lTrim()` */ lTrim(...args: FluentArg[]): this { return this.step('lTrim', args); }
  /** `match()` */ match(...args: FluentArg[]): this { return this.step('match', args); }
  /** `math()` */ math(...args: FluentArg[]): this { return this.step('math', args); }
  /** `max()` */ max(...args: FluentArg[]): this { return this.step('max', args); }
  /** `mean()` */ mean(...args: FluentArg[]): this { return this.step('mean', args); }
  /** `merge()` */ merge(...args: FluentArg[]): this { return this.step('merge', args); }
  /** `mergeE()` */ mergeE(...args: FluentArg[]): this { return this.step('mergeE', args); }
  /** `mergeV()` */ mergeV(...args: FluentArg[]): this { return this.step('mergeV', args); }
  /** `min()` */ min(...args: FluentArg[]): this { return this.step('min', args); }
  /** `none()` */ none(...args: FluentArg[]): this { return this.step('none', args); }
  /** `not()` */ not(...args: FluentArg[]): this { return this.step('not', args); }
  /** `option()` */ option(...args: FluentArg[]): this { return this.step('option', args); }
  /** `optional()` */ optional(...args: FluentArg[]): this { return this.step('optional', args); }
  /** `or()` */ or(...args: FluentArg[]): this { return this.step('or', args); }
  /** `order()` */ order(...args: FluentArg[]): this { return this.step('order', args); }
  /** `otherV()` */ otherV(...args: FluentArg[]): this { return this.step('otherV', args); }
  /** `out()` */ out(...args: FluentArg[]): this { return this.step('out', args); }
  /** `outE()` */ outE(...args: FluentArg[]): this { return this.step('outE', args); }
  /** `outV()` */ outV(...args: FluentArg[]): this { return this.step('outV', args); }
  /** `path()` */ path(...args: FluentArg[]): this { return this.step('path', args); }
  /** `product()` */ product(...args: FluentArg[]): this { return this.step('product', args); }
  /** `project()` */ project(...args: FluentArg[]): this { return this.step('project', args); }
  /** `properties()` */ properties(...args: FluentArg[]): this { return this.step('properties', args); }
  /** `property()` */ property(...args: FluentArg[]): this { return this.step('property', args); }
  /** `propertyMap()` */ propertyMap(...args: FluentArg[]): this { return this.step('propertyMap', args); }
  /** `range()` */ range(...args: FluentArg[]): this { return this.step('range', args); }
  /** `repeat()` */ repeat(...args: FluentArg[]): this { return this.step('repeat', args); }
  /** `replace()` */ replace(...args: FluentArg[]): this { return this.step('replace', args); }
  /** `reverse()` */ reverse(...args: FluentArg[]): this { return this.step('reverse', args); }
  /** `rTrim()` */ rTrim(...args: FluentArg[]): this { return this.step('rTrim', args); }
  /** `sack()` */ sack(...args: FluentArg[]): this { return this.step('sack', args); }
  /** `sample()` */ sample(...args: FluentArg[]): this { return this.step('sample', args); }
  /** `select()` */ select(...args: FluentArg[]): this { return this.step('select', args); }
  /** `sideEffect()` */ sideEffect(...args: FluentArg[]): this { return this.step('sideEffect', args); }
  /** `simplePath()` */ simplePath(...args: FluentArg[]): this { return this.step('simplePath', args); }
  /** `skip()` */ skip(...args: FluentArg[]): this { return this.step('skip', args); }
  /** `split()` */ split(...args: FluentArg[]): this { return this.step('split', args); }
  /** `store()` */ store(...args: FluentArg[]): this { return this.step('store', args); }
  /** `subgraph()` */ subgraph(...args: FluentArg[]): this { return this.step('subgraph', args); }
  /** `substring()` */ substring(...args: FluentArg[]): this { return this.step('substring', args); }
  /** `sum()` */ sum(...args: FluentArg[]): this { return this.step('sum', args); }
  /** `tail()` */ tail(...args: FluentArg[]): this { return this.step('tail', args); }
  /** `timeLimit()` */ timeLimit(...args: FluentArg[]): this { return this.step('timeLimit', args); }
  /** `times()` */ times(...args: FluentArg[]): this { return this.step('times', args); }
  /** `to()` */ to(...args: FluentArg[]): this { return this.step('to', args); }
  /** `toLower()` */ toLower(...args: FluentArg[]): this { return this.step('toLower', args); }
  /** `toUpper()` */ toUpper(...args: FluentArg[]): this { return this.step('toUpper', args); }
  /** `tree()` */ tree(...args: FluentArg[]): this { return this.step('tree', args); }
  /** `trim()` */ trim(...args: FluentArg[]): this { return this.step('trim', args); }
  /** `typeOf()` */ typeOf(...args: FluentArg[]): this { return this.step('typeOf', args); }
  /** `unfold()` */ unfold(...args: FluentArg[]): this { return this.step('unfold', args); }
  /** `union()` */ union(...args: FluentArg[]): this { return this.step('union', args); }
  /** `until()` */ until(...args: FluentArg[]): this { return this.step('until', args); }
  /** `value()` */ value(...args: FluentArg[]): this { return this.step('value', args); }
  /** `valueMap()` */ valueMap(...args: FluentArg[]): this { return this.step('valueMap', args); }
  /** `values()` */ values(...args: FluentArg[]): this { return this.step('values', args); }
  /** `where()` */ where(...args: FluentArg[]): this { return this.step('where', args); }
  /** `with()` */ with(...args: FluentArg[]): this { return this.step('with', args); }
  /** `with()` */ with_(...args: FluentArg[]): this { return this.step('with', args); }}

/**
 * A new anonymous traversal.
 *
 * @example
 * ```ts
 * const t = anonymous().out();
 * ```
 */
function anonymous(): GraphTraversal {
  return new GraphTraversal(new Bytecode([], []));
}

/**
 * Anonymous traversal spawns, as the gremlin npm package's `__`.
 *
 * @example
 * ```ts
 * g.V().where(__.out('knows'));
 * ```
 */
export const __ = {
  /** `__.V()` */ V: (...args: FluentArg[]): GraphTraversal => anonymous().V(...args),
  /** `__.E()` */ E: (...args: FluentArg[]): GraphTraversal => anonymous().E(...args),
  /** `__.addE()` */ addE: (...args: FluentArg[]): GraphTraversal => anonymous().addE(...args),
  /** `__.addV()` */ addV: (...args: FluentArg[]): GraphTraversal => anonymous().addV(...args),
  /** `__.aggregate()` */ aggregate: (...args: FluentArg[]): GraphTraversal => anonymous().aggregate(...args),
  /** `__.all()` */ all: (...args: FluentArg[]): GraphTraversal => anonymous().all(...args),
  /** `__.and()` */ and: (...args: FluentArg[]): GraphTraversal => anonymous().and(...args),
  /** `__.any()` */ any: (...args: FluentArg[]): GraphTraversal => anonymous().any(...args),
  /** `__.as()` */ as: (...args: FluentArg[]): GraphTraversal => anonymous().as(...args),
  /** `__.as()` */ as_: (...args: FluentArg[]): GraphTraversal => anonymous().as_(...args),
  /** `__.asBool()` */ asBool: (...args: FluentArg[]): GraphTraversal => anonymous().asBool(...args),
  /** `__.asDate()` */ asDate: (...args: FluentArg[]): GraphTraversal => anonymous().asDate(...args),
  /** `__.asNumber()` */ asNumber: (...args: FluentArg[]): GraphTraversal => anonymous().asNumber(...args),
  /** `__.asString()` */ asString: (...args: FluentArg[]): GraphTraversal => anonymous().asString(...args),
  /** `__.barrier()` */ barrier: (...args: FluentArg[]): GraphTraversal => anonymous().barrier(...args),
  /** `__.both()` */ both: (...args: FluentArg[]): GraphTraversal => anonymous().both(...args),
  /** `__.bothE()` */ bothE: (...args: FluentArg[]): GraphTraversal => anonymous().bothE(...args),
  /** `__.bothV()` */ bothV: (...args: FluentArg[]): GraphTraversal => anonymous().bothV(...args),
  /** `__.branch()` */ branch: (...args: FluentArg[]): GraphTraversal => anonymous().branch(...args),
  /** `__.by()` */ by: (...args: FluentArg[]): GraphTraversal => anonymous().by(...args),
  /** `__.call()` */ call: (...args: FluentArg[]): GraphTraversal => anonymous().call(...args),
  /** `__.cap()` */ cap: (...args: FluentArg[]): GraphTraversal => anonymous().cap(...args),
  /** `__.choose()` */ choose: (...args: FluentArg[]): GraphTraversal => anonymous().choose(...args),
  /** `__.coalesce()` */ coalesce: (...args: FluentArg[]): GraphTraversal => anonymous().coalesce(...args),
  /** `__.coin()` */ coin: (...args: FluentArg[]): GraphTraversal => anonymous().coin(...args),
  /** `__.combine()` */ combine: (...args: FluentArg[]): GraphTraversal => anonymous().combine(...args),
  /** `__.concat()` */ concat: (...args: FluentArg[]): GraphTraversal => anonymous().concat(...args),
  /** `__.conjoin()` */ conjoin: (...args: FluentArg[]): GraphTraversal => anonymous().conjoin(...args),
  /** `__.constant()` */ constant: (...args: FluentArg[]): GraphTraversal => anonymous().constant(...args),
  /** `__.count()` */ count: (...args: FluentArg[]): GraphTraversal => anonymous().count(...args),
  /** `__.cyclicPath()` */ cyclicPath: (...args: FluentArg[]): GraphTraversal => anonymous().cyclicPath(...args),
  /** `__.dateAdd()` */ dateAdd: (...args: FluentArg[]): GraphTraversal => anonymous().dateAdd(...args),
  /** `__.dateDiff()` */ dateDiff: (...args: FluentArg[]): GraphTraversal => anonymous().dateDiff(...args),
  /** `__.dedup()` */ dedup: (...args: FluentArg[]): GraphTraversal => anonymous().dedup(...args),
  /** `__.difference()` */ difference: (...args: FluentArg[]): GraphTraversal => anonymous().difference(...args),
  /** `__.discard()` */ discard: (...args: FluentArg[]): GraphTraversal => anonymous().discard(...args),
  /** `__.disjunct()` */ disjunct: (...args: FluentArg[]): GraphTraversal => anonymous().disjunct(...args),
  /** `__.drop()` */ drop: (...args: FluentArg[]): GraphTraversal => anonymous().drop(...args),
  /** `__.element()` */ element: (...args: FluentArg[]): GraphTraversal => anonymous().element(...args),
  /** `__.elementMap()` */ elementMap: (...args: FluentArg[]): GraphTraversal => anonymous().elementMap(...args),
  /** `__.emit()` */ emit: (...args: FluentArg[]): GraphTraversal => anonymous().emit(...args),
  /** `__.fail()` */ fail: (...args: FluentArg[]): GraphTraversal => anonymous().fail(...args),
  /** `__.filter()` */ filter: (...args: FluentArg[]): GraphTraversal => anonymous().filter(...args),
  /** `__.fold()` */ fold: (...args: FluentArg[]): GraphTraversal => anonymous().fold(...args),
  /** `__.format()` */ format: (...args: FluentArg[]): GraphTraversal => anonymous().format(...args),
  /** `__.from()` */ from: (...args: FluentArg[]): GraphTraversal => anonymous().from(...args),
  /** `__.from()` */ from_: (...args: FluentArg[]): GraphTraversal => anonymous().from_(...args),
  /** `__.group()` */ group: (...args: FluentArg[]): GraphTraversal => anonymous().group(...args),
  /** `__.groupCount()` */ groupCount: (...args: FluentArg[]): GraphTraversal => anonymous().groupCount(...args),
  /** `__.has()` */ has: (...args: FluentArg[]): GraphTraversal => anonymous().has(...args),
  /** `__.hasId()` */ hasId: (...args: FluentArg[]): GraphTraversal => anonymous().hasId(...args),
  /** `__.hasKey()` */ hasKey: (...args: FluentArg[]): GraphTraversal => anonymous().hasKey(...args),
  /** `__.hasLabel()` */ hasLabel: (...args: FluentArg[]): GraphTraversal => anonymous().hasLabel(...args),
  /** `__.hasNot()` */ hasNot: (...args: FluentArg[]): GraphTraversal => anonymous().hasNot(...args),
  /** `__.hasValue()` */ hasValue: (...args: FluentArg[]): GraphTraversal => anonymous().hasValue(...args),
  /** `__.id()` */ id: (...args: FluentArg[]): GraphTraversal => anonymous().id(...args),
  /** `__.identity()` */ identity: (...args: FluentArg[]): GraphTraversal => anonymous().identity(...args),
  /** `__.in()` */ in: (...args: FluentArg[]): GraphTraversal => anonymous().in(...args),
  /** `__.in()` */ in_: (...args: FluentArg[]): GraphTraversal => anonymous().in_(...args),
  /** `__.inE()` */ inE: (...args: FluentArg[]): GraphTraversal => anonymous().inE(...args),
  /** `__.inV()` */ inV: (...args: FluentArg[]): GraphTraversal => anonymous().inV(...args),
  /** `__.index()` */ index: (...args: FluentArg[]): GraphTraversal => anonymous().index(...args),
  /** `__.inject()` */ inject: (...args: FluentArg[]): GraphTraversal => anonymous().inject(...args),
  /** `__.intersect()` */ intersect: (...args: FluentArg[]): GraphTraversal => anonymous().intersect(...args),
  /** `__.is()` */ is: (...args: FluentArg[]): GraphTraversal => anonymous().is(...args),
  /** `__.key()` */ key: (...args: FluentArg[]): GraphTraversal => anonymous().key(...args),
  /** `__.label()` */ label: (...args: FluentArg[]): GraphTraversal => anonymous().label(...args),
  /** `__.length()` */ length: (...args: FluentArg[]): GraphTraversal => anonymous().length(...args),
  /** `__.limit()` */ limit: (...args: FluentArg[]): GraphTraversal => anonymous().limit(...args),
  /** `__.local()` */ local: (...args: FluentArg[]): GraphTraversal => anonymous().local(...args),
  /** `__.loops()` */ loops: (...args: FluentArg[]): GraphTraversal => anonymous().loops(...args),
  /** `__.lTrim()` */ lTrim: (...args: FluentArg[]): GraphTraversal => anonymous().lTrim(...args),
  /** `__.match()` */ match: (...args: FluentArg[]): GraphTraversal => anonymous().match(...args),
  /** `__.math()` */ math: (...args: FluentArg[]): GraphTraversal => anonymous().math(...args),
  /** `__.max()` */ max: (...args: FluentArg[]): GraphTraversal => anonymous().max(...args),
  /** `__.mean()` */ mean: (...args: FluentArg[]): GraphTraversal => anonymous().mean(...args),
  /** `__.merge()` */ merge: (...args: FluentArg[]): GraphTraversal => anonymous().merge(...args),
  /** `__.mergeE()` */ mergeE: (...args: FluentArg[]): GraphTraversal => anonymous().mergeE(...args),
  /** `__.mergeV()` */ mergeV: (...args: FluentArg[]): GraphTraversal => anonymous().mergeV(...args),
  /** `__.min()` */ min: (...args: FluentArg[]): GraphTraversal => anonymous().min(...args),
  /** `__.none()` */ none: (...args: FluentArg[]): GraphTraversal => anonymous().none(...args),
  /** `__.not()` */ not: (...args: FluentArg[]): GraphTraversal => anonymous().not(...args),
  /** `__.option()` */ option: (...args: FluentArg[]): GraphTraversal => anonymous().option(...args),
  /** `__.optional()` */ optional: (...args: FluentArg[]): GraphTraversal => anonymous().optional(...args),
  /** `__.or()` */ or: (...args: FluentArg[]): GraphTraversal => anonymous().or(...args),
  /** `__.order()` */ order: (...args: FluentArg[]): GraphTraversal => anonymous().order(...args),
  /** `__.otherV()` */ otherV: (...args: FluentArg[]): GraphTraversal => anonymous().otherV(...args),
  /** `__.out()` */ out: (...args: FluentArg[]): GraphTraversal => anonymous().out(...args),
  /** `__.outE()` */ outE: (...args: FluentArg[]): GraphTraversal => anonymous().outE(...args),
  /** `__.outV()` */ outV: (...args: FluentArg[]): GraphTraversal => anonymous().outV(...args),
  /** `__.path()` */ path: (...args: FluentArg[]): GraphTraversal => anonymous().path(...args),
  /** `__.product()` */ product: (...args: FluentArg[]): GraphTraversal => anonymous().product(...args),
  /** `__.project()` */ project: (...args: FluentArg[]): GraphTraversal => anonymous().project(...args),
  /** `__.properties()` */ properties: (...args: FluentArg[]): GraphTraversal => anonymous().properties(...args),
  /** `__.property()` */ property: (...args: FluentArg[]): GraphTraversal => anonymous().property(...args),
  /** `__.propertyMap()` */ propertyMap: (...args: FluentArg[]): GraphTraversal => anonymous().propertyMap(...args),
  /** `__.range()` */ range: (...args: FluentArg[]): GraphTraversal => anonymous().range(...args),
  /** `__.repeat()` */ repeat: (...args: FluentArg[]): GraphTraversal => anonymous().repeat(...args),
  /** `__.replace()` */ replace: (...args: FluentArg[]): GraphTraversal => anonymous().replace(...args),
  /** `__.reverse()` */ reverse: (...args: FluentArg[]): GraphTraversal => anonymous().reverse(...args),
  /** `__.rTrim()` */ rTrim: (...args: FluentArg[]): GraphTraversal => anonymous().rTrim(...args),
  /** `__.sack()` */ sack: (...args: FluentArg[]): GraphTraversal => anonymous().sack(...args),
  /** `__.sample()` */ sample: (...args: FluentArg[]): GraphTraversal => anonymous().sample(...args),
  /** `__.select()` */ select: (...args: FluentArg[]): GraphTraversal => anonymous().select(...args),
  /** `__.sideEffect()` */ sideEffect: (...args: FluentArg[]): GraphTraversal => anonymous().sideEffect(...args),
  /** `__.simplePath()` */ simplePath: (...args: FluentArg[]): GraphTraversal => anonymous().simplePath(...args),
  /** `__.skip()` */ skip: (...args: FluentArg[]): GraphTraversal => anonymous().skip(...args),
  /** `__.split()` */ split: (...args: FluentArg[]): GraphTraversal => anonymous().split(...args),
  /** `__.store()` */ store: (...args: FluentArg[]): GraphTraversal => anonymous().store(...args),
  /** `__.subgraph()` */ subgraph: (...args: FluentArg[]): GraphTraversal => anonymous().subgraph(...args),
  /** `__.substring()` */ substring: (...args: FluentArg[]): GraphTraversal => anonymous().substring(...args),
  /** `__.sum()` */ sum: (...args: FluentArg[]): GraphTraversal => anonymous().sum(...args),
  /** `__.tail()` */ tail: (...args: FluentArg[]): GraphTraversal => anonymous().tail(...args),
  /** `__.timeLimit()` */ timeLimit: (...args: FluentArg[]): GraphTraversal => anonymous().timeLimit(...args),
  /** `__.times()` */ times: (...args: FluentArg[]): GraphTraversal => anonymous().times(...args),
  /** `__.to()` */ to: (...args: FluentArg[]): GraphTraversal => anonymous().to(...args),
  /** `__.toLower()` */ toLower: (...args: FluentArg[]): GraphTraversal => anonymous().toLower(...args),
  /** `__.toUpper()` */ toUpper: (...args: FluentArg[]): GraphTraversal => anonymous().toUpper(...args),
  /** `__.tree()` */ tree: (...args: FluentArg[]): GraphTraversal => anonymous().tree(...args),
  /** `__.trim()` */ trim: (...args: FluentArg[]): GraphTraversal => anonymous().trim(...args),
  /** `__.typeOf()` */ typeOf: (...args: FluentArg[]): GraphTraversal => anonymous().typeOf(...args),
  /** `__.unfold()` */ unfold: (...args: FluentArg[]): GraphTraversal => anonymous().unfold(...args),
  /** `__.union()` */ union: (...args: FluentArg[]): GraphTraversal => anonymous().union(...args),
  /** `__.until()` */ until: (...args: FluentArg[]): GraphTraversal => anonymous().until(...args),
  /** `__.value()` */ value: (...args: FluentArg[]): GraphTraversal => anonymous().value(...args),
  /** `__.valueMap()` */ valueMap: (...args: FluentArg[]): GraphTraversal => anonymous().valueMap(...args),
  /** `__.values()` */ values: (...args: FluentArg[]): GraphTraversal => anonymous().values(...args),
  /** `__.where()` */ where: (...args: FluentArg[]): GraphTraversal => anonymous().where(...args),
  /** `__.with()` */ with: (...args: FluentArg[]): GraphTraversal => anonymous().with(...args),
  /** `__.with()` */ with_: (...args: FluentArg[]): GraphTraversal => anonymous().with_(...args),};
