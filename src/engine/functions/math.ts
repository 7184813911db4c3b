/**
 * The math() step's expression language (after exp4j, which TinkerPop uses): numbers,
 * variables (`_` and step labels), + - * / % ^, unary minus and plus, parentheses, and the
 * functions abs acos asin atan cbrt ceil cos cosh exp floor log log10 log2 signum sin sinh
 * sqrt tan tanh. Expressions are parsed once and evaluated with doubles.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { TypedNumber } from '../../values/index.js';
import type { MathExpression, MathNode } from '../plan/params/map.js';

const FUNCTIONS: Readonly<Record<string, (x: number) => number>> = {
  abs: Math.abs,
  acos: Math.acos,
  asin: Math.asin,
  atan: Math.atan,
  cbrt: Math.cbrt,
  ceil: Math.ceil,
  cos: Math.cos,
  cosh: Math.cosh,
  exp: Math.exp,
  floor: Math.floor,
  log: Math.log,
  log10: Math.log10,
  log2: Math.log2,
  signum: (x) => (Number.isNaN(x) || x === 0 ? x : Math.sign(x)),
  sin: Math.sin,
  sinh: Math.sinh,
  sqrt: Math.sqrt,
  tan: Math.tan,
  tanh: Math.tanh,
};

const CONSTANTS: Readonly<Record<string, number>> = { pi: Math.PI, e: Math.E };

const TOKEN = /\s*(?:(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(\S))/y;

type Token = { readonly type: 'number' | 'name' | 'symbol'; readonly text: string; readonly at: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (m === null) break;
    if (m[1] !== undefined) tokens.push({ type: 'number', text: m[1], at });
    else if (m[2] !== undefined) tokens.push({ type: 'name', text: m[2], at });
    else if (m[3] !== undefined) tokens.push({ type: 'symbol', text: m[3], at });
  }
  return tokens;
}

class Parser {
  private index = 0;
  readonly variables = new Set<string>();

  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
  ) {}

  fail(detail: string): never {
    throw new ArgumentError('MATH_SYNTAX', `Cannot parse math expression '${this.text}': ${detail}`);
  }

  peek(): Token | undefined {
    return this.tokens[this.index];
  }

  accept(symbol: string): boolean {
    const t = this.peek();
    if (t?.type === 'symbol' && t.text === symbol) {
      this.index++;
      return true;
    }
    return false;
  }

  startsOperand(t: Token | undefined): boolean {
    return t !== undefined && (t.type !== 'symbol' || t.text === '(' || t.text === '-' || t.text === '+');
  }

  parseAll(): MathNode {
    if (this.tokens.length === 0) this.fail('the expression is empty');
    const node = this.additive();
    const rest = this.peek();
    if (rest !== undefined) this.fail(`unexpected '${rest.text}' at position ${rest.at + 1}`);
    return node;
  }

  additive(): MathNode {
    let left = this.multiplicative();
    for (;;) {
      const op = this.accept('+') ? '+' : this.accept('-') ? '-' : undefined;
      if (op === undefined) return left;
      left = { kind: 'binary', op, left, right: this.multiplicative() };
    }
  }

  multiplicative(): MathNode {
    let left = this.unary();
    for (;;) {
      const op = this.accept('*') ? '*' : this.accept('/') ? '/' : this.accept('%') ? '%' : undefined;
      if (op === undefined) return left;
      left = { kind: 'binary', op, left, right: this.unary() };
    }
  }

  unary(): MathNode {
    if (this.accept('-')) return { kind: 'negate', operand: this.unary() };
    if (this.accept('+')) return this.unary();
    return this.power();
  }

  power(): MathNode {
    const base = this.primary();
    if (this.accept('^')) return { kind: 'binary', op: '^', left: base, right: this.unary() };
    return base;
  }

  primary(): MathNode {
    const t = this.peek();
    if (t === undefined) return this.fail('the expression ends too early');
    this.index++;
    if (t.type === 'number') return { kind: 'number', value: Number(t.text) };
    if (t.type === 'symbol') {
      if (t.text !== '(') this.fail(`unexpected '${t.text}' at position ${t.at + 1}`);
      const inner = this.additive();
      if (!this.accept(')')) this.fail(`missing ')' for '(' at position ${t.at + 1}`);
      return inner;
    }
    if (Object.hasOwn(FUNCTIONS, t.text) && this.accept('(')) {
      const argument = this.additive();
      if (!this.accept(')')) this.fail(`missing ')' after the argument of ${t.text}`);
      return { kind: 'call', name: t.text, argument };
    }
    if (Object.hasOwn(FUNCTIONS, t.text) && this.startsOperand(this.peek())) {
      // exp4j keeps a function without parentheses on its operator stack until the end of the
      // enclosing group, so `ceil _ + 1` reads as `ceil(_ + 1)`.
      return { kind: 'call', name: t.text, argument: this.additive() };
    }
    if (!Object.hasOwn(CONSTANTS, t.text)) this.variables.add(t.text);
    return { kind: 'variable', name: t.text };
  }
}

/**
 * Parse a math() expression once; throws ArgumentError `MATH_SYNTAX` on bad text.
 */
export function parseMath(text: string): MathExpression {
  const parser = new Parser(text, tokenize(text));
  const root = parser.parseAll();
  return { text, root, variables: parser.variables };
}

function divisionByZero(): never {
  throw new ArgumentError('DIVISION_BY_ZERO', 'Arithmetic failed: Division by zero!');
}

function evaluate(node: MathNode, lookup: (name: string) => number | undefined): number {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'variable': {
      const v = lookup(node.name) ?? CONSTANTS[node.name];
      if (v === undefined) throw new ArgumentError('MATH_VARIABLE', `Cannot evaluate math expression: no value for variable '${node.name}'`);
      return v;
    }
    case 'negate':
      return -evaluate(node.operand, lookup);
    case 'call':
      return (FUNCTIONS[node.name] as (x: number) => number)(evaluate(node.argument, lookup));
    case 'binary': {
      const a = evaluate(node.left, lookup);
      const b = evaluate(node.right, lookup);
      switch (node.op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          return b === 0 ? divisionByZero() : a / b;
        case '%':
          return a % b;
        default:
          return Math.pow(a, b);
      }
    }
  }
}

/**
 * Evaluate a parsed expression with doubles; `lookup` gives each variable's value. The
 * result is a Double. Division by zero throws ArgumentError `DIVISION_BY_ZERO`, as exp4j does.
 */
export function evaluateMath(expression: MathExpression, lookup: (name: string) => number | undefined): TypedNumber {
  return new TypedNumber('double', evaluate(expression.root, lookup));
}
