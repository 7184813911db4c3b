/**
 * P and TextP for the fluent API, with `and`/`or` chaining as in the gremlin npm package.
 * @module
 */
import { Predicate } from '../bytecode.js';
import type { Argument } from '../bytecode.js';

/**
 * A fluent predicate wrapping a bytecode {@link Predicate}.
 *
 * @example
 * ```ts
 * const p = P.gt(20).and(P.lt(30));
 * ```
 */
export class P {
  constructor(/** The bytecode predicate. */ readonly predicate: Predicate) {}
  /** Both this and `other`. */
  and(other: P): P {
    return new P(new Predicate('P', 'and', [this.predicate, other.predicate]));
  }
  /** This or `other`. */
  or(other: P): P {
    return new P(new Predicate('P', 'or', [this.predicate, other.predicate]));
  }
  /** The negation. */
  negate(): P {
    return new P(new Predicate('P', 'not', [this.predicate]));
  }
  /** `P.eq(v)` */ static eq(v: Argument): P { return p('eq', [v]); }
  /** `P.neq(v)` */ static neq(v: Argument): P { return p('neq', [v]); }
  /** `P.lt(v)` */ static lt(v: Argument): P { return p('lt', [v]); }
  /** `P.lte(v)` */ static lte(v: Argument): P { return p('lte', [v]); }
  /** `P.gt(v)` */ static gt(v: Argument): P { return p('gt', [v]); }
  /** `P.gte(v)` */ static gte(v: Argument): P { return p('gte', [v]); }
  /** `P.between(a, b)` */ static between(a: Argument, b: Argument): P { return p('between', [a, b]); }
  /** `P.inside(a, b)` */ static inside(a: Argument, b: Argument): P { return p('inside', [a, b]); }
  /** `P.outside(a, b)` */ static outside(a: Argument, b: Argument): P { return p('outside', [a, b]); }
  /** `P.within(...)` */ static within(...v: Argument[]): P { return p('within', v); }
  /** `P.without(...)` */ static without(...v: Argument[]): P { return p('without', v); }
  /** `P.not(p)` */ static not(inner: P): P { return inner.negate(); }
  /** `P.typeOf(GType)` */ static typeOf(t: Argument): P { return p('typeOf', [t]); }
}

function p(op: string, args: Argument[]): P {
  return new P(new Predicate('P', op, args));
}

function text(op: string, v: Argument): P {
  return new P(new Predicate('TextP', op, [v]));
}

/**
 * Text predicates.
 *
 * @example
 * ```ts
 * g.V().has('name', TextP.startingWith('ma'));
 * ```
 */
export class TextP {
  /** `TextP.containing(s)` */ static containing(s: string): P { return text('containing', s); }
  /** `TextP.notContaining(s)` */ static notContaining(s: string): P { return text('notContaining', s); }
  /** `TextP.startingWith(s)` */ static startingWith(s: string): P { return text('startingWith', s); }
  /** `TextP.notStartingWith(s)` */ static notStartingWith(s: string): P { return text('notStartingWith', s); }
  /** `TextP.endingWith(s)` */ static endingWith(s: string): P { return text('endingWith', s); }
  /** `TextP.notEndingWith(s)` */ static notEndingWith(s: string): P { return text('notEndingWith', s); }
  /** `TextP.regex(s)` */ static regex(s: string): P { return text('regex', s); }
  /** `TextP.notRegex(s)` */ static notRegex(s: string): P { return text('notRegex', s); }
}
