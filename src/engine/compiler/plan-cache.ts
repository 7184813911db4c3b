/**
 * The compiled-plan cache: repeated traversals skip compile, verification and strategies.
 *
 * A traversal's key is its bytecode written out with every constant, plus the `strategies`
 * option. The ids of a root `V(ids)`/`E(ids)` are parameters instead: the key keeps only their
 * types, and a hit puts the query's ids into the cached plan's start step. A shape is trusted
 * with new ids only after one check: the first time it meets other ids than those it was
 * compiled with, it compiles afresh and compares; if the plans differ (a strategy used the id
 * values), the shape is keyed by its ids from then on.
 *
 * Why no invalidation: compile and every strategy are pure functions of the bytecode (a
 * strategy sees only the plan; schema, indexes and data are read when the plan runs), so a
 * cached plan stays right across schema changes and writes. Traversals with mutable constants
 * (arrays, maps, sets, dates, elements) are not cached, so no run can see another's objects.
 * @module
 */
import { Bytecode, EnumValue, Predicate, StrategySpec } from '../bytecode.js';
import type { Argument, Instruction } from '../bytecode.js';
import { TypedNumber } from '../../values/index.js';
import type { Plan, PlanStep } from '../plan/plan.js';
import { compile } from './compile.js';
import type { CompileOptions } from './compile.js';

/** What the cache keeps per key: the plan and, for a parameterised shape, what is known of it. */
interface Entry {
  readonly plan: Plan;
  /** The start ids the plan was compiled with; undefined when the key holds every constant. */
  readonly ids?: readonly unknown[];
  /** 'trusted' once a compile with other ids gave the same plan; 'exact' once it did not. */
  state: 'new' | 'trusted' | 'exact';
}

/** A traversal's key and, when its start ids are parameters, those ids. */
interface Shape {
  readonly key: string;
  readonly ids?: readonly unknown[];
}

/**
 * A bounded cache of compiled plans (least recently used out first).
 */
export class PlanCache {
  readonly #entries = new Map<string, Entry>();
  #hits = 0;
  #misses = 0;

  constructor(
    /** Most entries kept. */
    readonly capacity: number,
  ) {}

  /** The plan of `bytecode`, from the cache when an equal traversal (start ids aside) was compiled before. */
  compile(bytecode: Bytecode, options: CompileOptions = {}): Plan {
    const shape = shapeOf(bytecode, options.strategies !== false);
    if (shape === undefined) return this.#miss(bytecode, options);
    const entry = this.#get(shape.key);
    if (shape.ids === undefined) return entry === undefined ? this.#add(shape.key, this.#miss(bytecode, options)) : this.#hit(entry.plan);
    const exactKey = `${shape.key}#${keyOfList(shape.ids) ?? ''}`;
    if (entry === undefined) {
      const plan = this.#miss(bytecode, options);
      const compiledIds = startIds(plan);
      if (compiledIds !== undefined && sameList(compiledIds, shape.ids)) {
        this.#set(shape.key, { plan, ids: shape.ids, state: 'new' });
        return plan;
      }
      this.#set(shape.key, { plan, state: 'exact' });
      return this.#add(exactKey, plan);
    }
    if (entry.state === 'trusted') return this.#hit(withStartIds(entry.plan, shape.ids));
    if (entry.state === 'new' && entry.ids !== undefined) {
      if (sameList(entry.ids, shape.ids)) return this.#hit(entry.plan);
      const fresh = this.#miss(bytecode, options);
      entry.state = equalData(withStartIds(entry.plan, shape.ids), fresh) ? 'trusted' : 'exact';
      return entry.state === 'exact' ? this.#add(exactKey, fresh) : fresh;
    }
    const exact = this.#get(exactKey);
    return exact === undefined ? this.#add(exactKey, this.#miss(bytecode, options)) : this.#hit(exact.plan);
  }

  /** Hits (lookups answered from the cache), misses (lookups that compiled) and entries held now. */
  stats(): { readonly hits: number; readonly misses: number; readonly size: number } {
    return { hits: this.#hits, misses: this.#misses, size: this.#entries.size };
  }

  /** Drops every entry (the counters stay). */
  clear(): void {
    this.#entries.clear();
  }

  #hit(plan: Plan): Plan {
    this.#hits++;
    return plan;
  }

  /** Keeps `plan` under `key` (every constant in the key) and returns it. */
  #add(key: string, plan: Plan): Plan {
    this.#set(key, { plan, state: 'exact' });
    return plan;
  }

  #miss(bytecode: Bytecode, options: CompileOptions): Plan {
    this.#misses++;
    return compile(bytecode, options);
  }

  #get(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  #set(key: string, entry: Entry): void {
    this.#entries.set(key, entry);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as string);
  }
}

/**
 * The cache the fluent API and Gremlin scripts compile through: 512 plans.
 */
export const PLAN_CACHE = new PlanCache(512);

/** The ids of the plan's start step, when it is a `V(ids)`/`E(ids)` graph step. */
function startIds(plan: Plan): readonly unknown[] | undefined {
  const first = plan.steps[0];
  return first !== undefined && first.kind === 'graph' ? first.params.ids : undefined;
}

/** The plan with other ids in its start step (the caller knows it has one). */
function withStartIds(plan: Plan, ids: readonly unknown[]): Plan {
  const [first, ...rest] = plan.steps as [PlanStep<'graph'>, ...PlanStep[]];
  return plan.withSteps([{ ...first, params: { ...first.params, ids } }, ...rest]);
}

/** The key of a traversal, or undefined when a constant is mutable or unknown. */
function shapeOf(bytecode: Bytecode, optimise: boolean): Shape | undefined {
  const [first] = bytecode.steps;
  const ids = first !== undefined && (first.op === 'V' || first.op === 'E') && first.args.length > 0 && first.args.every(isPlainId) ? first.args : undefined;
  const steps = ids === undefined ? bytecode.steps : bytecode.steps.slice(1);
  const head = ids === undefined ? '' : `${first?.op ?? ''}(${ids.map(idType).join(',')})`;
  const body = keyOfInstructions(steps);
  const source = keyOfInstructions(bytecode.source);
  if (body === undefined || source === undefined) return undefined;
  const key = `${optimise ? 'o' : 'u'}|${source}|${head}${body}`;
  return ids === undefined ? { key } : { key, ids };
}

function isPlainId(a: Argument): boolean {
  return typeof a === 'number' || typeof a === 'string' || a instanceof TypedNumber;
}

function idType(a: Argument): string {
  return a instanceof TypedNumber ? a.type : typeof a;
}

function keyOfInstructions(list: readonly Instruction[]): string | undefined {
  let out = '';
  for (const ins of list) {
    const args = keyOfList(ins.args);
    if (args === undefined) return undefined;
    out += `.${ins.op}(${args})`;
  }
  return out;
}

function keyOfList(args: readonly unknown[]): string | undefined {
  const parts: string[] = [];
  for (const a of args) {
    const k = keyOf(a);
    if (k === undefined) return undefined;
    parts.push(k);
  }
  return parts.join(',');
}

/** One constant written so that different constants (types included) never share a key. */
function keyOf(a: unknown): string | undefined {
  switch (typeof a) {
    case 'string':
      return JSON.stringify(a);
    case 'number':
      return Object.is(a, -0) ? 'n-0' : `n${a}`;
    case 'bigint':
      return `b${a}`;
    case 'boolean':
      return a ? 'T' : 'F';
    default:
  }
  if (a === null) return 'null';
  if (a instanceof TypedNumber) return `t${a.type}:${String(a.value)}`;
  if (a instanceof EnumValue) return `e${a.type}.${a.name}`;
  if (a instanceof Bytecode) {
    const source = keyOfInstructions(a.source);
    const steps = keyOfInstructions(a.steps);
    return source === undefined || steps === undefined ? undefined : `{${source}|${steps}}`;
  }
  if (a instanceof Predicate) {
    const args = keyOfList(a.args);
    return args === undefined ? undefined : `${a.family}.${a.op}(${args})`;
  }
  if (a instanceof StrategySpec) {
    const config = keyOfList([...a.config].flat());
    return config === undefined ? undefined : `s${JSON.stringify(a.name)}(${config})`;
  }
  return undefined;
}

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => keyOf(x) === keyOf(b[i]));
}

/**
 * Structural equality of two plans: same classes, same own fields, equal leaves. Functions and
 * other objects without fields are equal only when identical, which errs on the side of "not equal".
 */
function equalData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Map && b instanceof Map) return a.size === b.size && [...a].every(([k, v]) => b.has(k) && equalData(v, b.get(k)));
  if (a instanceof Set || a instanceof Map || ArrayBuffer.isView(a)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  if (ka.length === 0 && !Array.isArray(a) && Object.getPrototypeOf(a) !== Object.prototype) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equalData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
