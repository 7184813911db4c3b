/**
 * The property filter language of rings-with-filter and links (HugeGraph evaluates MVEL or
 * Aviator there, which is arbitrary code; Quiver never evaluates code): `$var.key` property
 * reads, numbers (1 equals 1.0), quoted strings, true/false, `== != < <= > >=`, `&& || !` and
 * parentheses, parsed with Chevrotain into a plain tree that worker threads evaluate. Anything
 * else (method calls, assignments, `new`, class names, arithmetic, a variable the context does
 * not offer) is an ArgumentError `COMPUTE_PARAM`.
 * @module
 */
import { createToken, EmbeddedActionsParser, Lexer } from 'chevrotain';
import type { TokenType } from 'chevrotain';
import { ArgumentError } from '../../errors.js';

/** One side of a comparison: a property of a variable, or a literal. */
type Operand = { readonly kind: 'property'; readonly variable: string; readonly key: string } | { readonly kind: 'literal'; readonly value: number | string | boolean };

/**
 * A parsed filter: a plain tree (structured-cloneable, so it travels to worker threads).
 */
export type FilterExpr =
  | { readonly kind: 'or' | 'and'; readonly left: FilterExpr; readonly right: FilterExpr }
  | { readonly kind: 'not'; readonly operand: FilterExpr }
  | { readonly kind: 'compare'; readonly op: string; readonly left: Operand; readonly right: Operand }
  | { readonly kind: 'test'; readonly operand: Operand };

const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /\s+/, group: Lexer.SKIPPED });
const Variable = createToken({ name: 'Variable', pattern: /\$[A-Za-z_]\w*/ });
const Identifier = createToken({ name: 'Identifier', pattern: /[A-Za-z_]\w*/ });
const True = createToken({ name: 'True', pattern: /true/, longer_alt: Identifier });
const False = createToken({ name: 'False', pattern: /false/, longer_alt: Identifier });
const NumberLiteral = createToken({ name: 'NumberLiteral', pattern: /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/ });
const StringLiteral = createToken({ name: 'StringLiteral', pattern: /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/ });
const Compare = createToken({ name: 'Compare', pattern: /==|!=|<=|>=|<|>/ });
const And = createToken({ name: 'And', pattern: /&&/ });
const Or = createToken({ name: 'Or', pattern: /\|\|/ });
const Not = createToken({ name: 'Not', pattern: /!/ });
const Dot = createToken({ name: 'Dot', pattern: /\./ });
const LParen = createToken({ name: 'LParen', pattern: /\(/ });
const RParen = createToken({ name: 'RParen', pattern: /\)/ });

const TOKENS: TokenType[] = [WhiteSpace, Compare, And, Or, Not, Variable, True, False, Identifier, NumberLiteral, StringLiteral, Dot, LParen, RParen];
const lexer = new Lexer(TOKENS, { positionTracking: 'onlyOffset' });

/** The grammar, with the tree built in its actions. */
class FilterParser extends EmbeddedActionsParser {
  constructor() {
    super(TOKENS);
    this.performSelfAnalysis();
  }

  readonly expression = this.RULE('expression', (): FilterExpr => {
    let left = this.SUBRULE(this.conjunction);
    this.MANY(() => {
      this.CONSUME(Or);
      const right = this.SUBRULE2(this.conjunction);
      left = { kind: 'or', left, right };
    });
    return left;
  });

  readonly conjunction = this.RULE('conjunction', (): FilterExpr => {
    let left = this.SUBRULE(this.unary);
    this.MANY(() => {
      this.CONSUME(And);
      const right = this.SUBRULE2(this.unary);
      left = { kind: 'and', left, right };
    });
    return left;
  });

  readonly unary = this.RULE('unary', (): FilterExpr =>
    this.OR([
      { ALT: () => (this.CONSUME(Not), { kind: 'not', operand: this.SUBRULE(this.unary) }) },
      { ALT: () => this.SUBRULE(this.primary) },
    ]),
  );

  readonly primary = this.RULE('primary', (): FilterExpr =>
    this.OR([
      {
        ALT: () => {
          this.CONSUME(LParen);
          const inner = this.SUBRULE(this.expression);
          this.CONSUME(RParen);
          return inner;
        },
      },
      {
        ALT: () => {
          const left = this.SUBRULE(this.operand);
          let result: FilterExpr = { kind: 'test', operand: left };
          this.OPTION(() => {
            const op = this.CONSUME(Compare).image;
            result = { kind: 'compare', op, left, right: this.SUBRULE2(this.operand) };
          });
          return result;
        },
      },
    ]),
  );

  readonly operand = this.RULE('operand', (): Operand =>
    this.OR([
      {
        ALT: () => {
          const variable = this.CONSUME(Variable).image;
          this.CONSUME(Dot);
          return { kind: 'property', variable, key: this.CONSUME(Identifier).image };
        },
      },
      { ALT: () => ({ kind: 'literal', value: Number(this.CONSUME(NumberLiteral).image) }) },
      { ALT: () => ({ kind: 'literal', value: unquote(this.CONSUME(StringLiteral).image) }) },
      { ALT: () => (this.CONSUME(True), { kind: 'literal', value: true }) },
      { ALT: () => (this.CONSUME(False), { kind: 'literal', value: false }) },
    ]),
  );
}

function unquote(text: string): string {
  return text.slice(1, -1).replace(/\\(.)/g, '$1');
}

const parser = new FilterParser();

/** The variables a filter mentions. */
function variables(expr: FilterExpr, into: Set<string>): Set<string> {
  if (expr.kind === 'or' || expr.kind === 'and') return variables(expr.right, variables(expr.left, into));
  if (expr.kind === 'not') return variables(expr.operand, into);
  for (const o of expr.kind === 'test' ? [expr.operand] : [expr.left, expr.right]) if (o.kind === 'property') into.add(o.variable);
  return into;
}

/**
 * Parses a filter; `allowed` lists the variables of its context (`$element`, `$message`,
 * `$out`, `$in`). An empty text is `true`. ArgumentError `COMPUTE_PARAM` naming `where` for
 * anything outside the language.
 */
export function parseFilter(text: string, context: { readonly allowed: readonly string[]; readonly where: string }): FilterExpr {
  const bad = (detail: string): ArgumentError => new ArgumentError('COMPUTE_PARAM', `Invalid filter ${JSON.stringify(text)} in ${context.where}: ${detail}`);
  if (text.trim() === '') return { kind: 'test', operand: { kind: 'literal', value: true } };
  const lexed = lexer.tokenize(text);
  const lexError = lexed.errors[0];
  if (lexError !== undefined) throw bad(`unexpected character at offset ${lexError.offset} (only $var.key, numbers, strings, true, false, == != < <= > >=, && || ! and parentheses)`);
  parser.input = lexed.tokens;
  const expr = parser.expression();
  const parseError = parser.errors[0];
  if (parseError !== undefined) throw bad(`unexpected '${parseError.token.image}' (only $var.key, numbers, strings, true, false, == != < <= > >=, && || ! and parentheses)`);
  for (const v of variables(expr, new Set())) if (!context.allowed.includes(v)) throw bad(`unknown variable ${v}, expected ${context.allowed.join(' or ')}`);
  return expr;
}

/**
 * Whether a filter mentions `variable`.
 */
export function mentions(expr: FilterExpr, variable: string): boolean {
  return variables(expr, new Set()).has(variable);
}

/** A property value as filters compare it; undefined when absent. */
type FilterValue = number | string | boolean | undefined;

function value(o: Operand, read: (variable: string, key: string) => FilterValue): FilterValue {
  return o.kind === 'literal' ? o.value : read(o.variable, o.key);
}

/**
 * Evaluates a filter, reading properties through `read`. A comparison with an absent operand is
 * false; numbers compare as numbers, texts in code-unit order, booleans only for (in)equality;
 * values of different types are unequal and unordered. A bare operand holds when it is `true`.
 */
export function evaluateFilter(expr: FilterExpr, read: (variable: string, key: string) => FilterValue): boolean {
  switch (expr.kind) {
    case 'or':
      return evaluateFilter(expr.left, read) || evaluateFilter(expr.right, read);
    case 'and':
      return evaluateFilter(expr.left, read) && evaluateFilter(expr.right, read);
    case 'not':
      return !evaluateFilter(expr.operand, read);
    case 'test':
      return value(expr.operand, read) === true;
    case 'compare': {
      const a = value(expr.left, read);
      const b = value(expr.right, read);
      if (a === undefined || b === undefined) return false;
      if (expr.op === '==') return a === b;
      if (expr.op === '!=') return a !== b;
      if (typeof a !== typeof b || typeof a === 'boolean') return false;
      if (expr.op === '<') return a < b;
      if (expr.op === '<=') return a <= b;
      if (expr.op === '>') return a > b;
      return a >= b;
    }
  }
}
