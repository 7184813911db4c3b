/**
 * The CST visitor for arguments: literals, collections, enums, predicates, strategies and
 * anonymous traversals, turned into the engine's {@link Argument} values.
 * @module
 */
import type { CstNode, IToken } from 'chevrotain';
import { GremlinSyntaxError, PlanError } from '../errors.js';
import { Bytecode, Predicate, StrategySpec, type Argument, type ElementId, type Instruction } from '../engine/index.js';
import { bounds, expressionPartToken, firstNode, hasExpressionParts, nodes, singleToken, tokens } from './cst.js';
import { isGString } from './gstring.js';
import { quoteImage, tokenPosition } from './lexer.js';
import {
  bareEnum,
  dateValue,
  enumConstant,
  ENUM_CONSTANTS,
  floatValue,
  integerValue,
  PREDICATE_FAMILY,
  specialDouble,
  stringValue,
  uuidValue,
} from './literals.js';
import { CardinalityValue, VariableRef, VertexRef } from '../engine/index.js';

/**
 * What the argument visitor needs to know about its surroundings.
 */
export interface ArgumentContext {
  /** Request bindings: a bound name becomes its value. */
  readonly bindings: ReadonlyMap<string, unknown>;
  /** Names a script assigned before this point: they become {@link VariableRef}s. */
  readonly scriptVariables: ReadonlySet<string>;
  /** True inside `withStrategies(...)`/`withoutStrategies(...)`, where class names are strategies. */
  readonly strategies: boolean;
  /**
   * True in a Gremlin-Groovy script, where a bound name is a variable before it is an enum
   * constant (`g.V(id)` with a binding `id`); in gremlin-lang enum constants win, as keywords.
   */
  readonly groovy?: boolean;
  /**
   * In a script, the argument a genericLiteral with Groovy operators or a GString stands for
   * (the script visitor evaluates it before the traversal runs); in gremlin-lang such text is a
   * syntax error.
   */
  readonly groovyExpression?: (node: CstNode) => Argument;
}

/**
 * One `.name(args)` (or `.name` without parentheses) of a chain.
 */
export interface MethodCall {
  readonly name: IToken;
  /** The `genericLiteralVarargs` node, or undefined when the name had no parentheses. */
  readonly args: CstNode | undefined;
}

/**
 * The root and the calls of a `chainedTraversal` node.
 */
export function readChain(chain: CstNode): { root: IToken; rootArgs: CstNode | undefined; calls: MethodCall[] } {
  const methods = nodes(chain, 'traversalMethod').map(readMethod);
  const rootToken = tokens(chain, 'TraversalRoot')[0] ?? tokens(chain, 'AnonTraversalRoot')[0];
  if (rootToken !== undefined) return { root: rootToken, rootArgs: undefined, calls: methods };
  const [first, ...rest] = methods;
  return { root: first!.name, rootArgs: first!.args, calls: rest };
}

function readMethod(node: CstNode): MethodCall {
  return { name: tokens(node, 'Identifier')[0]!, args: tokens(node, 'LParen').length > 0 ? nodes(node, 'genericLiteralVarargs')[0] : undefined };
}

/**
 * The arguments of a call, as written.
 *
 * @throws GremlinSyntaxError for a `name: value` entry outside a strategy.
 */
export function visitVarargs(varargs: CstNode | undefined, context: ArgumentContext): Argument[] {
  if (varargs === undefined) return [];
  return nodes(varargs, 'argument').map((argument) => {
    const configuration = nodes(argument, 'configuration')[0];
    if (configuration !== undefined) {
      const key = tokens(configuration, 'Identifier')[0]!;
      throw new GremlinSyntaxError(`Unexpected named argument '${key.image}': only strategies take name: value arguments`, tokenPosition(key));
    }
    return visitGenericLiteral(nodes(argument, 'genericLiteral')[0]!, context);
  });
}

/**
 * Turns a `genericLiteral` node into an argument value.
 *
 * @throws GremlinSyntaxError for unknown names, enum constants, classes and bad literals.
 */
export function visitGenericLiteral(node: CstNode, context: ArgumentContext): Argument {
  const token = singleToken(node);
  if (hasExpressionParts(node) || (token !== undefined && context.groovyExpression !== undefined && isGString(token))) {
    if (context.groovyExpression === undefined) throw groovyOnly(node);
    return context.groovyExpression(node);
  }
  if (token !== undefined) return tokenValue(token);
  const inner = firstNode(node)!;
  switch (inner.name) {
    case 'genericLiteralCollection':
      return visitCollection(inner, context);
    case 'genericLiteralSet':
      return visitSet(inner, context);
    case 'parenthesized':
      return visitGenericLiteral(nodes(inner, 'genericLiteral')[0]!, context);
    case 'traversalStrategy':
      return visitNew(inner, context);
    default:
      return visitChain(inner, context);
  }
}

/**
 * The error for Groovy operators, accesses or ternaries in gremlin-lang, which has none.
 */
export function groovyOnly(node: CstNode): GremlinSyntaxError {
  const part = expressionPartToken(node);
  return new GremlinSyntaxError(`Unexpected ${quoteImage(part.image)}: operators are not part of gremlin-lang, only of Gremlin-Groovy scripts`, tokenPosition(part));
}

function tokenValue(token: IToken): Argument {
  switch (token.tokenType.name) {
    case 'IntegerLiteral':
      return integerValue(token);
    case 'FloatingPointLiteral':
      return floatValue(token);
    case 'StringLiteral':
      return stringValue(token);
    case 'BooleanLiteral':
      return token.image === 'true';
    case 'NullLiteral':
      return null;
    default:
      return specialDouble(token.image);
  }
}

function visitCollection(node: CstNode, context: ArgumentContext): Argument {
  const items = nodes(node, 'genericLiteral');
  const isMap = tokens(node, 'Colon').length > 0;
  if (!isMap) return items.map((item) => visitGenericLiteral(item, context));
  const map = new Map<Argument, Argument>();
  if (items.length === 0) return map;
  map.set(mapKey(items[0]!, context), visitGenericLiteral(items[1]!, context));
  for (const entry of nodes(node, 'mapEntry')) {
    const [key, value] = nodes(entry, 'genericLiteral');
    map.set(mapKey(key!, context), visitGenericLiteral(value!, context));
  }
  return map;
}

/**
 * A map key after Gremlin.g4's mapEntry: a bare name is a string, except the T and Direction
 * constants (`id`, `label`, `OUT`...); anything else, such as `(T.id)` or `1`, is its value.
 */
export function mapKey(node: CstNode, context: ArgumentContext): Argument {
  const chain = nodes(node, 'chainedTraversal')[0];
  if (chain !== undefined && !hasExpressionParts(node)) {
    const { root, rootArgs, calls } = readChain(chain);
    if (rootArgs === undefined && calls.length === 0) {
      const name = root.image;
      if (ENUM_CONSTANTS.T!.includes(name)) return enumConstant('T', name)!;
      if (ENUM_CONSTANTS.Direction!.includes(name)) return enumConstant('Direction', name)!;
      return name;
    }
  }
  return visitGenericLiteral(node, context);
}

function visitSet(node: CstNode, context: ArgumentContext): Argument {
  const items = nodes(node, 'genericLiteral');
  for (const item of items) {
    const chain = nodes(item, 'chainedTraversal')[0];
    if (chain !== undefined && !isKnownName(readChain(chain).root, context)) {
      throw new GremlinSyntaxError('Closures are not supported: found a Groovy closure where a set {a, b} may stand', tokenPosition(tokens(node, 'LBrace')[0]!));
    }
  }
  return new Set(items.map((item) => visitGenericLiteral(item, context)));
}

function isKnownName(root: IToken, context: ArgumentContext): boolean {
  const name = root.image;
  return (
    root.tokenType.name !== 'Identifier' ||
    context.bindings.has(name) ||
    context.scriptVariables.has(name) ||
    bareEnum(name) !== undefined ||
    name in ENUM_CONSTANTS ||
    name === 'P' ||
    name === 'TextP' ||
    PREDICATE_FAMILY.has(name)
  );
}

function visitNew(node: CstNode, context: ArgumentContext): Argument {
  const name = tokens(node, 'Identifier')[0]!;
  const args = tokens(node, 'LParen').length > 0 ? nodes(node, 'genericLiteralVarargs')[0] : undefined;
  return classInstance(name, args, context, 'new ');
}

function classInstance(name: IToken, args: CstNode | undefined, context: ArgumentContext, prefix: string): Argument {
  if (name.image === 'Vertex' || name.image === 'ReferenceVertex') {
    const [id, label, extra] = visitVarargs(args, context);
    if (id === undefined || typeof label !== 'string' || extra !== undefined) {
      throw new GremlinSyntaxError(`Invalid ${prefix}${name.image}(...): expected an id and a label string`, tokenPosition(name));
    }
    return new VertexRef(id as ElementId, label);
  }
  if (context.strategies) return strategy(name, args, context);
  throw new GremlinSyntaxError(`Java classes are not supported: found '${prefix}${name.image}'`, tokenPosition(name));
}

function strategy(name: IToken, args: CstNode | undefined, context: ArgumentContext): StrategySpec {
  const config = new Map<string, Argument>();
  const inner: ArgumentContext = { ...context, strategies: false };
  for (const argument of args === undefined ? [] : nodes(args, 'argument')) {
    const configuration = nodes(argument, 'configuration')[0];
    if (configuration === undefined) {
      throw new GremlinSyntaxError(`Invalid configuration of ${name.image}: expected name: value entries`, tokenPosition(bounds(argument).first));
    }
    const key = tokens(configuration, 'Identifier')[0]!;
    config.set(key.image, visitGenericLiteral(nodes(configuration, 'genericLiteral')[0]!, inner));
  }
  return new StrategySpec(name.image, config);
}

/**
 * Turns a `chainedTraversal` node in argument position into an argument: an anonymous
 * traversal, a predicate, an enum constant, a variable, a date, a UUID or a strategy.
 *
 * @throws GremlinSyntaxError for anything else, naming what is not supported.
 */
export function visitChain(node: CstNode, context: ArgumentContext): Argument {
  const { root, rootArgs, calls } = readChain(node);
  if (root.tokenType.name === 'AnonTraversalRoot') {
    if (calls.length === 0) throw new GremlinSyntaxError("Unexpected end of '__': expected a step such as __.out()", tokenPosition(root));
    return new Bytecode([], stepsOf(calls, context));
  }
  if (root.tokenType.name === 'TraversalRoot') {
    throw new GremlinSyntaxError("Unexpected 'g' in an argument: use __ to start an anonymous traversal", tokenPosition(root));
  }
  if (rootArgs !== undefined) return visitCall({ name: root, args: rootArgs }, calls, context);
  const name = root.image;
  if (name in ENUM_CONSTANTS) return enumAccess(root, calls, context);
  if (name === 'P' || name === 'TextP') {
    const [first, ...rest] = calls;
    if (first === undefined || first.args === undefined || PREDICATE_FAMILY.get(first.name.image) !== name) {
      const at = first?.name ?? root;
      throw new GremlinSyntaxError(`Unknown predicate ${name}.${first?.name.image ?? ''}: expected a ${name} method such as ${name === 'P' ? 'P.gt(1)' : "TextP.containing('a')"}`, tokenPosition(at));
    }
    return predicateChain(predicate(first, context), rest, context);
  }
  if (calls.length > 0) return rejectAccess(root, calls, context);
  return nameValue(root, context);
}

/**
 * A bare name: a script variable first (as in Groovy, a declared `list` is the variable), then
 * in a script a binding, then an enum constant, then in gremlin-lang a binding.
 */
function nameValue(root: IToken, context: ArgumentContext): Argument {
  const name = root.image;
  if (context.scriptVariables.has(name)) return new VariableRef(name);
  if (context.groovy === true && context.bindings.has(name)) return context.bindings.get(name) as Argument;
  const enumValue = bareEnum(name);
  if (enumValue !== undefined) return enumValue;
  if (context.bindings.has(name)) return context.bindings.get(name) as Argument;
  if (context.strategies) return new StrategySpec(name, new Map());
  throw undefinedName(root, context);
}

/**
 * The error for a name nothing defines: in a script an unknown variable (the text is valid
 * Groovy, as the Gremlin Console says), in gremlin-lang a syntax error.
 */
function undefinedName(root: IToken, context: ArgumentContext): Error {
  const at = tokenPosition(root);
  if (context.groovy === true) return new PlanError('UNKNOWN_VARIABLE', `Unknown variable '${root.image}' at line ${at.line}, column ${at.column}`, { details: { name: root.image } });
  return new GremlinSyntaxError(`Variable '${root.image}' is not defined`, at);
}

function rejectAccess(root: IToken, calls: readonly MethodCall[], context: ArgumentContext): never {
  const path = [root.image, ...calls.map((c) => c.name.image)].join('.');
  if (context.scriptVariables.has(root.image) || context.bindings.has(root.image)) {
    throw new GremlinSyntaxError(`Unsupported method call '${path}': a traversal argument can not call methods of a variable`, tokenPosition(calls[0]!.name));
  }
  if (/^[a-z]/.test(root.image) && calls.every((c) => c.args !== undefined)) throw undefinedName(root, context);
  throw new GremlinSyntaxError(`Java classes are not supported: found '${path}'`, tokenPosition(root));
}

function enumAccess(root: IToken, calls: readonly MethodCall[], context: ArgumentContext): Argument {
  const [constant, ...rest] = calls;
  const type = root.image;
  if (constant === undefined) throw new GremlinSyntaxError(`Unexpected '${type}': expected a constant such as ${type}.${ENUM_CONSTANTS[type]![0]}`, tokenPosition(root));
  const value = enumConstant(type, constant.name.image);
  if (value === undefined) {
    throw new GremlinSyntaxError(`Unknown enum constant ${type}.${constant.name.image}: expected one of ${ENUM_CONSTANTS[type]!.join(', ')}`, tokenPosition(constant.name));
  }
  if (constant.args !== undefined && type === 'Cardinality' && rest.length === 0) return cardinalityValue(constant, context);
  const extra = constant.args !== undefined ? constant : rest[0];
  if (extra !== undefined) {
    throw new GremlinSyntaxError(`Unexpected ${quoteImage(extra === constant ? '(' : extra.name.image)} after ${type}.${constant.name.image}: an enum constant takes no arguments or methods`, tokenPosition(extra.name));
  }
  return value;
}

function cardinalityValue(call: MethodCall, context: ArgumentContext): CardinalityValue {
  const args = visitVarargs(call.args, context);
  if (args.length !== 1) throw new GremlinSyntaxError(`Invalid ${call.name.image}(...): a cardinality takes exactly one value`, tokenPosition(call.name));
  return new CardinalityValue(call.name.image, args[0]!);
}

function visitCall(first: MethodCall, calls: readonly MethodCall[], context: ArgumentContext): Argument {
  const name = first.name.image;
  const position = tokenPosition(first.name);
  const family = PREDICATE_FAMILY.get(name);
  if (family !== undefined) {
    const p = predicate(first, context);
    if (name !== 'not' || p.args[0] instanceof Predicate) return predicateChain(p, calls, context);
  }
  if (name === 'datetime' || name === 'DateTime' || name === 'UUID') {
    if (calls.length > 0) throw new GremlinSyntaxError(`Unexpected '.${calls[0]!.name.image}' after ${name}(): expected ',' or ')'`, tokenPosition(calls[0]!.name));
    const args = visitVarargs(first.args, context);
    if (args.length === 0) return name === 'UUID' ? uuidValue(globalThis.crypto.randomUUID(), position) : new Date();
    if (args.length !== 1 || typeof args[0] !== 'string') throw new GremlinSyntaxError(`Invalid ${name}(...): expected one string argument`, position);
    return name === 'UUID' ? uuidValue(args[0], position) : dateValue(args[0], position);
  }
  if ((name === 'single' || name === 'list' || name === 'set') && calls.length === 0) return cardinalityValue(first, context);
  if (/^[A-Z]/.test(name) && !UPPER_CASE_STEPS.has(name)) {
    if (calls.length > 0) throw new GremlinSyntaxError(`Java classes are not supported: found '${name}(...).${calls[0]!.name.image}'`, position);
    return classInstance(first.name, first.args, context, '');
  }
  return new Bytecode([], stepsOf([first, ...calls], context));
}

/** Steps whose names start with a capital, unlike Java classes. */
const UPPER_CASE_STEPS: ReadonlySet<string> = new Set(['V', 'E']);

function predicate(call: MethodCall, context: ArgumentContext): Predicate {
  const family = PREDICATE_FAMILY.get(call.name.image)!;
  return new Predicate(family, call.name.image, visitVarargs(call.args, { ...context, strategies: false }));
}

function predicateChain(start: Predicate, calls: readonly MethodCall[], context: ArgumentContext): Predicate {
  let result = start;
  for (const call of calls) {
    const op = call.name.image;
    const args = visitVarargs(call.args, context);
    if (call.args !== undefined && (op === 'and' || op === 'or') && args.length === 1 && args[0] instanceof Predicate) {
      result = new Predicate(result.family, op, [result, args[0]]);
    } else if (call.args !== undefined && op === 'negate' && args.length === 0) {
      result = new Predicate(result.family, 'not', [result]);
    } else {
      throw new GremlinSyntaxError(`Unexpected '.${op}' after a predicate: expected and(P), or(P) or negate()`, tokenPosition(call.name));
    }
  }
  return result;
}

/**
 * The step instructions of `.name(args)` calls; every call needs its parentheses.
 *
 * @throws GremlinSyntaxError for a name without parentheses.
 */
export function stepsOf(calls: readonly MethodCall[], context: ArgumentContext): Instruction[] {
  const inner: ArgumentContext = context.strategies ? { ...context, strategies: false } : context;
  return calls.map((call) => instruction(call, inner));
}

/**
 * One step or source instruction; `withStrategies`/`withoutStrategies` read class names as strategies.
 *
 * @throws GremlinSyntaxError for a name without parentheses.
 */
export function instruction(call: MethodCall, context: ArgumentContext): Instruction {
  if (call.args === undefined) {
    throw new GremlinSyntaxError(`Unexpected '${call.name.image}' without parentheses: expected a step call such as ${call.name.image}()`, tokenPosition(call.name));
  }
  const op = call.name.image;
  const strategies = op === 'withStrategies' || op === 'withoutStrategies';
  return { op, args: visitVarargs(call.args, { ...context, strategies }) };
}
