/**
 * The fluent GraphTraversal: gremlin npm method names (`in_`, `as_`, `from_`, `with_` and the
 * plain names), building the same Bytecode the grammar builds. Terminal methods return Promises.
 * @module
 */
import { Bytecode } from '../bytecode.js';
import type { Argument } from '../bytecode.js';
import { P } from './predicates.js';
import { QUERY_LIMITS, tooDeep } from '../compiler/limits.js';
import { PlanError, typedOverflow } from '../../errors.js';
import type { QueryCursor } from '../run/cursor.js';
import { fromPlain } from '../plain.js';
import { mapInTurns } from '../runtime/turns.js';

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
  /** Releases what the run keeps for converting its results; called once its terminal ends or the traversal is closed. */
  readonly release?: () => void;
}

/** Runs of traversals dropped part way (after a `next()` with more to come): released when collected. */
const abandoned = new FinalizationRegistry<() => void>((release) => release());

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
  #release: (() => void) | undefined;
  #watched = false;

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
      this.#release = run.release;
      if (run.convert !== undefined) this.#convert = run.convert;
    }
    return this.#cursor;
  }

  /** Lets go of what the run keeps for conversion (at most once). */
  #end(): void {
    const release = this.#release;
    this.#release = undefined;
    if (release === undefined) return;
    if (this.#watched) abandoned.unregister(this);
    release();
  }

  /** After a result with more to come: the run is released when this traversal is dropped unfinished. */
  #watch(): void {
    if (this.#watched || this.#release === undefined) return;
    this.#watched = true;
    abandoned.register(this, this.#release, this);
  }

  #take(): Promise<IteratorResult<unknown>> {
    const peeked = this.#peeked;
    this.#peeked = undefined;
    return peeked === undefined ? this.#results().next() : Promise.resolve(peeked);
  }

  /** All results, once the traversal's writes are durable, converted in turns. */
  async toList(): Promise<unknown[]> {
    try {
      const cursor = this.#results();
      const first = this.#peeked;
      this.#peeked = undefined;
      const rest = await cursor.toArray();
      if (this.#settled !== undefined) await this.#settled();
      const all = first === undefined || first.done === true ? rest : [first.value, ...rest];
      return await mapInTurns(all, this.#convert);
    } finally {
      this.#end();
    }
  }

  /** All results in a Set (JS identity; values are not deduplicated by Java equality). */
  async toSet(): Promise<Set<unknown>> {
    return new Set(await this.toList());
  }

  /** The next result, as an iterator result, once the traversal's writes are durable. */
  async next(): Promise<IteratorResult<unknown>> {
    try {
      const r = await this.#take();
      if (this.#settled !== undefined) await this.#settled();
      if (r.done === true) {
        this.#end();
        return r;
      }
      this.#watch();
      return { done: false, value: this.#convert(r.value) };
    } catch (error) {
      this.#end();
      throw typedOverflow(error);
    }
  }

  /** Whether another result exists (it is buffered for next()), once the traversal's writes are durable. */
  async hasNext(): Promise<boolean> {
    try {
      const r = await this.#take();
      this.#peeked = r;
      if (this.#settled !== undefined) await this.#settled();
      if (r.done === true) this.#end();
      else this.#watch();
      return r.done !== true;
    } catch (error) {
      this.#end();
      throw typedOverflow(error);
    }
  }

  /** Runs the traversal for its side effects, discards the results and resolves once its writes are durable. */
  async iterate(): Promise<void> {
    this.#peeked = undefined;
    try {
      const cursor = this.#results();
      while ((await cursor.next()).done !== true);
      if (this.#settled !== undefined) await this.#settled();
    } finally {
      this.#end();
    }
  }

  /** Stops the traversal early and releases what it reads. */
  async close(): Promise<void> {
    this.#peeked = undefined;
    try {
      await this.#cursor?.return();
    } finally {
      this.#end();
    }
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
  /** `profile()`: the metrics of the steps before it (a TraversalMetrics), or with a key, stored as that side-effect */ profile(...args: FluentArg[]): this { return this.step('profile', args); }
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
