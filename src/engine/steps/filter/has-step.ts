/**
 * has() in all its overloads, hasLabel/hasId/hasKey/hasValue/hasNot: conditions on an
 * element's label, id or properties (or a property's key and value).
 * @module
 */
import { Bytecode, Predicate } from '../../bytecode.js';
import type { Argument, Instruction } from '../../bytecode.js';
import { Edge, Property, Vertex, VertexProperty } from '../../elements.js';
import { predicateTest } from '../../runtime/predicate.js';
import type { Test } from '../../runtime/predicate.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments, describeArg, flattenArgs, isEnum } from '../args.js';
import { elementProperties } from '../helpers/step-elements.js';
import { PAUSE } from '../../runtime/pause.js';
import type { HasCondition, HasParams } from '../../plan/params/filter.js';

function oneOf(ins: Instruction, values: readonly Argument[]): unknown {
  const flat = flattenArgs(values);
  if (flat.length === 1 && flat[0] instanceof Predicate) return flat[0];
  if (flat.some((v) => v instanceof Predicate || v instanceof Bytecode)) throw badArguments(ins, 'expected values or one predicate');
  return flat.length === 1 ? flat[0] : new Predicate('P', 'within', flat);
}

function tokenCondition(ins: Instruction, token: string, value: unknown): HasCondition {
  if (token === 'label' || token === 'id' || token === 'key' || token === 'value') return { on: token, test: value, negate: false };
  throw badArguments(ins, `unknown token T.${token}`);
}

function compileHas(ins: Instruction): HasCondition[] {
  const a = ins.args;
  switch (ins.op) {
    case 'hasLabel':
      return [{ on: 'label', test: oneOf(ins, a), negate: false }];
    case 'hasId':
      return [{ on: 'id', test: oneOf(ins, a), negate: false }];
    case 'hasKey':
      return [{ on: 'key', test: oneOf(ins, a), negate: false }];
    case 'hasValue':
      return [{ on: 'value', test: oneOf(ins, a), negate: false }];
    case 'hasNot':
      // No property has a null key, so hasNot(null) keeps every element.
      if (a.length === 1 && a[0] === null) return [{ on: 'label', test: new Predicate('P', 'without', []), negate: false }];
      if (a.length !== 1 || typeof a[0] !== 'string') throw badArguments(ins, 'expected hasNot(key)');
      return [{ on: 'property', key: a[0], test: undefined, negate: true }];
    default:
      break;
  }
  const [x, y, z] = a;
  if (x === null) return [{ on: 'label', test: new Predicate('P', 'within', []), negate: false }];
  if (a.length === 1) {
    if (isEnum(x, 'T')) return [tokenCondition(ins, x.name, undefined)];
    if (typeof x !== 'string') throw badArguments(ins, `expected a property key but got ${describeArg(x)}`);
    return [{ on: 'property', key: x, test: undefined, negate: false }];
  }
  if (a.length === 2) {
    if (y instanceof Bytecode) throw badArguments(ins, 'has(key, traversal) is not supported');
    if (isEnum(x, 'T')) return [tokenCondition(ins, x.name, y)];
    if (typeof x !== 'string') throw badArguments(ins, `expected a property key but got ${describeArg(x)}`);
    return [{ on: 'property', key: x, test: y, negate: false }];
  }
  if (a.length === 3) {
    if (isEnum(y, 'T')) return [{ on: 'label', test: x, negate: false }, tokenCondition(ins, y.name, z)];
    if (typeof y !== 'string' || (typeof x !== 'string' && !(x instanceof Predicate))) {
      throw badArguments(ins, 'expected has(label, key, value)');
    }
    return [{ on: 'label', test: x, negate: false }, { on: 'property', key: y, test: z, negate: false }];
  }
  throw badArguments(ins, 'expected one to three arguments');
}

/**
 * Whether every operand of a test is a string. An id tested against strings is compared as text,
 * as TinkerPop's HasContainer does, so has(T.id, '10') finds the element with id 10.
 */
function testsStrings(test: unknown): boolean {
  if (typeof test === 'string') return true;
  // A null operand matches no id, so it does not decide how ids compare: hasId('2', null) is textual.
  const operands = (items: readonly unknown[]): boolean => items.some((x) => x !== null) && items.every((x) => x === null || testsStrings(x));
  if (Array.isArray(test)) return operands(test);
  if (test instanceof Predicate) return operands(test.args);
  return false;
}

/**
 * A has() condition with its test built once, so that running it per traverser allocates
 * nothing.
 */
interface PreparedCondition {
  readonly condition: HasCondition;
  /** The compiled test, undefined for an existence check. */
  readonly test: Test | undefined;
  /** Whether an id is compared as text (see testsStrings). */
  readonly idAsText: boolean;
}

/**
 * Builds the test of a has() condition.
 */
function prepare(c: HasCondition): PreparedCondition {
  return { condition: c, test: c.test === undefined ? undefined : predicateTest(c.test), idAsText: c.test !== undefined && testsStrings(c.test) };
}

/**
 * Whether a value satisfies one has() condition.
 */
function holds(rt: Runtime, value: unknown, prepared: PreparedCondition): boolean {
  const { condition: c, test } = prepared;
  const isElement = value instanceof Vertex || value instanceof Edge || value instanceof VertexProperty;
  if (c.on === 'property') {
    if (!isElement) return false;
    const props = elementProperties(rt, value, [c.key ?? '']);
    if (c.negate) return props.length === 0;
    if (test === undefined) return props.length > 0;
    for (const p of props) if (test(p.value)) return true;
    return false;
  }
  let target: unknown;
  if (c.on === 'label' || c.on === 'id') {
    if (!isElement) return false;
    target = c.on === 'label' ? value.label : prepared.idAsText ? String(value.id) : value.id;
  } else {
    if (!(value instanceof Property || value instanceof VertexProperty)) return false;
    target = c.on === 'key' ? value.key : value.value;
  }
  return test === undefined || test(target);
}

function* run(p: HasParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const prepared = p.conditions.map(prepare);
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    if (rt.tick()) yield PAUSE;
    let ok = true;
    for (let i = 0; i < prepared.length && ok; i++) ok = holds(rt, t.value, prepared[i] as PreparedCondition);
    if (ok) yield t;
  }
}

/**
 * The has() family.
 */
export const hasStep: StepDef<'has'> = {
  kind: 'has',
  category: 'filter',
  pauses: true,
  ops: ['has', 'hasLabel', 'hasId', 'hasKey', 'hasValue', 'hasNot'],
  compile: (ins) => ({ conditions: compileHas(ins) }),
  run,
  describe: (p) =>
    p.conditions.map((c) => `${c.negate ? '!' : ''}${c.on === 'property' ? c.key ?? '' : '~' + c.on}${c.test === undefined ? '' : ' ' + describeArg(c.test)}`).join(', '),
};
