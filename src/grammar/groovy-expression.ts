/**
 * The visitor of Groovy expressions in scripts: a genericLiteral with prefix operators, postfix
 * accesses and operator tails becomes a tree of ScriptExprs with Groovy's precedence and
 * associativity (precedence climbing over the flat list the parser reads). The literals
 * themselves are read by the script visitor, through {@link ExpressionHost}.
 * @module
 */
import type { CstNode, IToken } from 'chevrotain';
import { GremlinSyntaxError } from '../errors.js';
import type { BinaryOp, ScriptExpr, SourcePosition, UnaryOp } from '../engine/index.js';
import { bounds, literalOf, nodes, singleToken, tokens } from './cst.js';
import { quoteImage, tokenPosition } from './lexer.js';

/**
 * What the expression visitor asks of the script visitor.
 */
export interface ExpressionHost {
  /** A literal without expression parts, read as the script visitor reads any genericLiteral. */
  literal(node: CstNode): ScriptExpr;
  /** A whole genericLiteral: an index, the middle of a ternary. */
  expression(node: CstNode): ScriptExpr;
  /** The arguments of `.name(...)`. */
  arguments(varargs: CstNode): ScriptExpr[];
  /** Counts one operator, access or call against the budget of the statement. */
  count(position: SourcePosition): void;
}

/** An operand with the prefix operators written before it. */
interface Operand {
  readonly node: CstNode;
  /** Prefix operators not yet applied, outermost first. */
  readonly prefixes: IToken[];
  /** A signed number whose sign Groovy reads as a prefix operator (before `**` or a postfix access). */
  readonly unsignedLiteral: boolean;
}

/** An infix operator between two operands; a ternary carries its middle expression. */
interface Infix {
  readonly op: BinaryOp | '?:' | '?';
  readonly token: IToken;
  readonly middle?: CstNode;
}

/** Binding strength of each infix operator, after Groovy's precedence table (higher binds tighter). */
const PRECEDENCE: Readonly<Record<Infix['op'], number>> = {
  '?': 1, '?:': 1,
  '||': 2,
  '&&': 3,
  '==': 4, '!=': 4, '<=>': 4,
  '<': 5, '<=': 5, '>': 5, '>=': 5, in: 5,
  '+': 6, '-': 6,
  '*': 7, '/': 7, '%': 7,
  '**': 9,
};

/** Unary minus and plus bind looser than `**` and tighter than `*`: `-2 ** 2` is -4. */
const UNARY_SIGN = 8;

/** Names that reach Java's reflection in Groovy; refused as properties and methods before anything runs. */
const REFLECTIVE_NAMES: ReadonlySet<string> = new Set([
  'class', 'metaClass', 'getClass', 'getMetaClass', 'setMetaClass', 'invokeMethod', 'getProperty', 'setProperty', 'constructor', 'prototype', '__proto__',
]);

/**
 * Refuses a property or method name that reaches Java's reflection or JavaScript's prototypes
 * (`"".class`, `x.metaClass`, `getClass()`, `constructor`).
 *
 * @throws GremlinSyntaxError naming the access.
 */
function refuseReflection(name: IToken): void {
  if (REFLECTIVE_NAMES.has(name.image)) {
    throw new GremlinSyntaxError(`Java classes are not supported: found '.${name.image}'`, tokenPosition(name));
  }
}

const SIGNED_NUMBERS: ReadonlySet<string> = new Set(['IntegerLiteral', 'FloatingPointLiteral']);

class ExpressionVisitor {
  private readonly operands: Operand[] = [];
  private readonly infixes: Infix[] = [];
  private next = 0;

  constructor(
    node: CstNode,
    private readonly host: ExpressionHost,
  ) {
    const tails = nodes(node, 'operatorTail');
    tails.forEach((tail, i) => {
      const token = operatorToken(tail);
      const middle = nodes(tail, 'genericLiteral')[0];
      const op = infixOp(token);
      host.count(tokenPosition(token));
      this.infixes.push(middle === undefined ? { op, token } : { op, token, middle });
      if (i === 0) this.operands.push(this.operand(node, op));
      const next = tails[i + 1];
      this.operands.push(this.operand(nodes(tail, 'operand')[0]!, next === undefined ? undefined : infixOp(operatorToken(next))));
    });
    if (tails.length === 0) this.operands.push(this.operand(node, undefined));
  }

  private operand(node: CstNode, following: Infix['op'] | undefined): Operand {
    const prefixes = [...tokens(node, 'Minus'), ...tokens(node, 'Plus'), ...tokens(node, 'Bang')].sort((a, b) => a.startOffset - b.startOffset);
    for (const prefix of prefixes) this.host.count(tokenPosition(prefix));
    const token = singleToken(literalOf(node));
    const signed = token !== undefined && SIGNED_NUMBERS.has(token.tokenType.name) && /^[+-]/.test(token.image);
    const unsignedLiteral = signed && (following === '**' || nodes(node, 'postfix').length > 0);
    if (unsignedLiteral) prefixes.push(signToken(token));
    return { node, prefixes, unsignedLiteral };
  }

  /** The whole expression. */
  build(): ScriptExpr {
    return this.climb(0);
  }

  private climb(minimum: number): ScriptExpr {
    let left = this.unary();
    for (let infix = this.infixes[this.next - 1]; infix !== undefined && PRECEDENCE[infix.op] >= minimum; infix = this.infixes[this.next - 1]) {
      const precedence = PRECEDENCE[infix.op];
      const position = tokenPosition(infix.token);
      if (infix.op === '?' || infix.op === '?:') {
        const test = value(left, infix.token);
        const then = infix.middle === undefined ? undefined : this.host.expression(infix.middle);
        const otherwise = this.climb(precedence);
        left = then === undefined ? { kind: 'conditional', then: test, otherwise, position } : { kind: 'conditional', test, then, otherwise, position };
      } else {
        const right = value(this.climb(precedence + 1), infix.token);
        left = { kind: 'binary', op: infix.op, left: value(left, infix.token), right, position };
      }
    }
    return left;
  }

  /** The next operand with its prefix operators; `-` and `+` take a following `**` chain with them. */
  private unary(): ScriptExpr {
    const operand = this.operands[this.next]!;
    const sign = operand.prefixes.shift();
    if (sign === undefined) {
      this.next++;
      return this.postfixed(operand);
    }
    const op = sign.image as UnaryOp;
    const position = tokenPosition(sign);
    if (op === '!') return { kind: 'unary', op, operand: value(this.unary(), sign), position };
    return { kind: 'unary', op, operand: value(this.climb(UNARY_SIGN + 1), sign), position };
  }

  private postfixed(operand: Operand): ScriptExpr {
    let expr = this.host.literal(operand.unsignedLiteral ? unsigned(operand.node) : literalOf(operand.node));
    for (const postfix of nodes(operand.node, 'postfix')) {
      const bracket = tokens(postfix, 'LBrack')[0];
      if (bracket !== undefined) {
        this.host.count(tokenPosition(bracket));
        expr = { kind: 'index', target: value(expr, bracket), index: this.host.expression(nodes(postfix, 'genericLiteral')[0]!), position: tokenPosition(bracket) };
        continue;
      }
      const method = nodes(postfix, 'traversalMethod')[0]!;
      const name = tokens(method, 'Identifier')[0]!;
      const safe = tokens(postfix, 'SafeDot').length > 0;
      expr = memberAccess(expr, { name, args: tokens(method, 'LParen').length > 0 ? (nodes(method, 'genericLiteralVarargs')[0] ?? null) : undefined, safe }, this.host);
    }
    return expr;
  }
}

/**
 * `target.name(args)` or `target.name` (`?.` with `safe`): a call, or a property of a map.
 *
 * @throws GremlinSyntaxError for a name that reaches Java's reflection.
 */
export function memberAccess(target: ScriptExpr, access: { name: IToken; args: CstNode | null | undefined; safe: boolean }, host: ExpressionHost): ScriptExpr {
  const { name, args, safe } = access;
  refuseReflection(name);
  const position = tokenPosition(name);
  host.count(position);
  if (args === undefined) return { kind: 'property', target, name: name.image, safe, position };
  const values = args === null ? [] : host.arguments(args);
  return safe ? { kind: 'call', target, method: name.image, args: values, safe, position } : { kind: 'call', target, method: name.image, args: values, position };
}

/**
 * An operand that must be a value: a traversal without a terminal method is refused, since
 * Groovy would apply the operator to the traversal object itself, not to its results.
 *
 * @throws GremlinSyntaxError naming the operator.
 */
export function value(expr: ScriptExpr, operator: IToken): ScriptExpr {
  const body = expr.kind === 'operands' ? expr.body : expr;
  if (body.kind === 'traversal' && body.terminal === undefined) {
    throw new GremlinSyntaxError(
      `A traversal is not a value: end it with next(), toList(), toSet() or hasNext() before using ${quoteImage(operator.image)} on it`,
      body.position,
    );
  }
  return expr;
}

function operatorToken(tail: CstNode): IToken {
  for (const name of ['BinaryOperator', 'Identifier', 'Elvis', 'Question']) {
    const token = tokens(tail, name)[0];
    if (token !== undefined) return token;
  }
  return bounds(tail).first;
}

function infixOp(token: IToken): Infix['op'] {
  return token.image as Infix['op'];
}

/** The sign of a signed number token, as a token of its own. */
function signToken(token: IToken): IToken {
  return { ...token, image: token.image.charAt(0) };
}

/** The literal of an operand whose sign Groovy reads as a prefix operator, without the sign. */
function unsigned(node: CstNode): CstNode {
  const literal = literalOf(node);
  const token = singleToken(literal)!;
  const name = token.tokenType.name;
  const column = token.startColumn ?? 1;
  return { ...literal, children: { [name]: [{ ...token, image: token.image.slice(1), startOffset: token.startOffset + 1, startColumn: column + 1 }] } };
}

/**
 * Builds the ScriptExpr of a genericLiteral that has Groovy expression parts.
 *
 * @throws GremlinSyntaxError for reflective names; LimitError past the statement's budget (through the host).
 */
export function visitExpression(node: CstNode, host: ExpressionHost): ScriptExpr {
  return new ExpressionVisitor(node, host).build();
}
