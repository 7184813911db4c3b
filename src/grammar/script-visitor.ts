/**
 * The CST visitor for the Groovy subset: statements, `def`, assignment, `if`/`else` with
 * blocks, variables, traversals with terminal methods, method calls on variables
 * (`graph.addVertex(...)`, `graph.schema().propertyKey('age').asInt().create()`), and Groovy's
 * operators, indexes, GStrings and property accesses over values. Anything else is refused.
 * @module
 */
import type { CstNode, IToken } from 'chevrotain';
import { GremlinSyntaxError, LimitError } from '../errors.js';
import { QUERY_LIMITS, TypedNumber, VariableRef } from '../engine/index.js';
import type { Argument, GraphNameKind, Instruction, Script, ScriptExpr, ScriptStatement, SourcePosition } from '../engine/index.js';
import { mapKey, readChain, visitChain, visitGenericLiteral, type ArgumentContext, type MethodCall } from './arguments.js';
import { bounds, firstNode, hasExpressionParts, nodes, singleToken, tokens } from './cst.js';
import { memberAccess, value, visitExpression, type ExpressionHost } from './groovy-expression.js';
import { gstringParts, isGString } from './gstring.js';
import { tokenPosition } from './lexer.js';
import { groovyStatementError, GROOVY_STATEMENTS } from './syntax-errors.js';
import { PREDICATE_FAMILY } from './literals.js';
import { rootTraversal, SOURCE_METHODS } from './traversal-visitor.js';

/** A variable that holds a traversal source: its source name and source instructions. */
interface SourceAlias {
  readonly source: string;
  readonly instructions: readonly Instruction[];
}

/** Names that exist before the first statement. */
const PREDEFINED = ['g', 'graph'];

class ScriptVisitor implements ExpressionHost {
  private variables = new Set<string>(PREDEFINED);
  private sources = new Map<string, SourceAlias>([['g', { source: 'g', instructions: [] }]]);
  /** The names the resolver bound, with what they stand for. */
  readonly graphNames = new Map<string, GraphNameKind>();
  /** Groovy expressions met in the arguments of the traversal or literal being visited. */
  private operands: Array<readonly [string, ScriptExpr]> | undefined;
  private operandCount = 0;
  /** Operators, accesses and calls of the statement being visited. */
  private budget = 0;
  /** Names declared with `def` in each enclosing block. */
  private readonly blockScopes: Array<Set<string>> = [];

  constructor(
    private readonly bindings: ReadonlyMap<string, unknown>,
    variables: Iterable<string>,
    private readonly resolve: ((name: string) => GraphNameKind | undefined) | undefined,
  ) {
    for (const name of variables) this.variables.add(name);
  }

  /** Binds a name that nothing defines to the graph or its traversal source, when the resolver knows it. */
  private bindGraphName(name: string): void {
    if (this.resolve === undefined || this.variables.has(name) || this.bindings.has(name)) return;
    const kind = this.resolve(name);
    if (kind === undefined) return;
    this.graphNames.set(name, kind);
    this.variables.add(name);
    if (kind === 'traversal') this.sources.set(name, { source: name, instructions: [] });
  }

  /** Whether a name is a variable, a binding or a graph name of the script (`$name` in a GString interpolates only those). */
  private knows(name: string): boolean {
    this.bindGraphName(name);
    return this.variables.has(name) || this.bindings.has(name);
  }

  private get context(): ArgumentContext {
    return { bindings: this.bindings, scriptVariables: this.variables, strategies: false, groovy: true, groovyExpression: (node) => this.operand(node) };
  }

  count(position: SourcePosition): void {
    if (++this.budget > QUERY_LIMITS.maxSteps) {
      throw new LimitError('QUERY_TOO_LARGE', `Query is too large: more than ${QUERY_LIMITS.maxSteps} operators, accesses and calls in one statement (at line ${position.line}, column ${position.column})`, {
        details: { limit: QUERY_LIMITS.maxSteps },
      });
    }
  }

  /**
   * A Groovy expression written as an argument of a traversal or of a literal value: a hidden
   * variable, evaluated before the traversal or literal it belongs to.
   */
  private operand(node: CstNode): Argument {
    const expr = this.expression(node);
    if (expr.kind === 'literal') return expr.value;
    if (this.operands === undefined) {
      throw new GremlinSyntaxError('Unsupported expression: a traversal source method takes only literals and variables', tokenPosition(bounds(node).first));
    }
    const name = `#${this.operandCount++}`;
    this.operands.push([name, expr]);
    return new VariableRef(name);
  }

  /** Runs `build`, collecting the Groovy expressions met in traversal or literal arguments on the way. */
  private collect<T>(build: () => T): { value: T; operands: Array<readonly [string, ScriptExpr]> } {
    const outer = this.operands;
    const operands: Array<readonly [string, ScriptExpr]> = [];
    this.operands = operands;
    try {
      return { value: build(), operands };
    } finally {
      this.operands = outer;
    }
  }

  /** Builds an expression whose traversal or literal arguments may hold Groovy expressions, evaluated first. */
  private withOperands(position: SourcePosition, build: () => ScriptExpr): ScriptExpr {
    const { value, operands } = this.collect(build);
    return withOperands(value, operands, position);
  }

  statement(node: CstNode): ScriptStatement {
    const outerBudget = this.budget;
    this.budget = 0;
    try {
      const ifNode = nodes(node, 'ifStatement')[0];
      if (ifNode !== undefined) return this.ifStatement(ifNode);
      return this.simpleStatement(node);
    } finally {
      this.budget = outerBudget;
    }
  }

  private simpleStatement(node: CstNode): ScriptStatement {
    const name = tokens(node, 'Identifier')[0];
    const expression = nodes(node, 'genericLiteral')[0]!;
    if (name === undefined) return { kind: 'expression', expr: this.expression(expression) };
    const position = tokenPosition(bounds(expression).first);
    const { value: alias, operands } = hasExpressionParts(expression) ? { value: undefined, operands: [] } : this.collect(() => this.sourceAlias(expression));
    const expr = alias === undefined ? this.expression(expression) : withOperands({ kind: 'variable', name: alias.source, position }, operands, position);
    const declare = tokens(node, 'Def').length > 0;
    this.declare(name.image, declare);
    if (alias === undefined) this.sources.delete(name.image);
    else this.sources.set(name.image, alias);
    return { kind: 'assign', name: name.image, declare, expr };
  }

  /** Makes a name a variable: of the innermost block with `def` inside a block, of the script otherwise. */
  private declare(name: string, declare: boolean): void {
    this.variables.add(name);
    if (declare) this.blockScopes[this.blockScopes.length - 1]?.add(name);
  }

  private ifStatement(node: CstNode): ScriptStatement {
    const test = this.expression(nodes(node, 'genericLiteral')[0]!);
    const [then, otherwise] = nodes(node, 'branch');
    return { kind: 'if', test, then: this.branch(then!), otherwise: otherwise === undefined ? [] : this.branch(otherwise) };
  }

  /** A branch of an `if`: its statements, with the names it declares with `def` local to it. */
  private branch(node: CstNode): ScriptStatement[] {
    const variables = new Set(this.variables);
    const sources = new Map(this.sources);
    const local = new Set<string>();
    this.blockScopes.push(local);
    try {
      const block = nodes(node, 'block')[0];
      return block === undefined ? [this.statement(nodes(node, 'statement')[0]!)] : this.statements(block);
    } finally {
      this.blockScopes.pop();
      for (const name of local) {
        if (!variables.has(name)) this.variables.delete(name);
        if (sources.has(name)) this.sources.set(name, sources.get(name)!);
        else this.sources.delete(name);
      }
    }
  }

  /**
   * The statements of a `queryList` or a block, checking that statements on one line are
   * separated by `;`.
   */
  statements(node: CstNode): ScriptStatement[] {
    const semicolons = tokens(node, 'Semi');
    const statements: ScriptStatement[] = [];
    let previousEnd: IToken | undefined;
    for (const statement of nodes(node, 'statement')) {
      const { first, last } = bounds(statement);
      if (previousEnd !== undefined && previousEnd.endLine === first.startLine) {
        const end = previousEnd.endOffset ?? previousEnd.startOffset;
        if (!semicolons.some((semi) => semi.startOffset > end && semi.startOffset < first.startOffset)) {
          throw new GremlinSyntaxError(`Unexpected '${first.image}': expected ';' or a new line between statements`, tokenPosition(first));
        }
      }
      statements.push(this.statement(statement));
      previousEnd = last;
    }
    return statements;
  }

  /** The traversal source an assigned expression holds, if it holds one: `g`, `graph.traversal()`, `g.withSack(1)`. */
  private sourceAlias(expression: CstNode): SourceAlias | undefined {
    const chain = nodes(expression, 'chainedTraversal')[0];
    if (chain === undefined) return undefined;
    const start = this.traversalStart(chain);
    if (start === undefined || !start.calls.every((call) => SOURCE_METHODS.has(call.name.image))) return undefined;
    const { bytecode } = rootTraversal(start.calls, { context: this.context, terminal: false, source: start.alias.instructions });
    return { source: start.alias.source, instructions: bytecode.source };
  }

  /** Where a chain starts from a traversal source, the source and the calls after it. */
  private traversalStart(chain: CstNode): { alias: SourceAlias; calls: MethodCall[]; position: SourcePosition } | undefined {
    const { root, rootArgs, calls } = readChain(chain);
    if (rootArgs !== undefined) return undefined;
    if (root.tokenType.name === 'Identifier') this.bindGraphName(root.image);
    const position = tokenPosition(root);
    const alias = root.tokenType.name === 'TraversalRoot' || root.tokenType.name === 'Identifier' ? this.sources.get(root.image) : undefined;
    if (alias !== undefined) return { alias, calls, position };
    const [first, ...rest] = calls;
    if (this.variables.has(root.image) && first?.name.image === 'traversal' && first.args !== undefined && nodes(first.args, 'argument').length === 0) {
      return { alias: { source: root.image, instructions: [] }, calls: rest, position };
    }
    return undefined;
  }

  expression(node: CstNode): ScriptExpr {
    const token = singleToken(node);
    if (hasExpressionParts(node)) return visitExpression(node, this);
    return this.literal(node, token);
  }

  /** A genericLiteral without expression parts. */
  literal(node: CstNode, token: IToken | undefined = singleToken(node)): ScriptExpr {
    const position = tokenPosition(bounds(node).first);
    if (token !== undefined) return this.token(node, token, position);
    const inner = firstNode(node)!;
    switch (inner.name) {
      case 'parenthesized':
        return this.expression(nodes(inner, 'genericLiteral')[0]!);
      case 'genericLiteralCollection':
        return this.collection(inner, position);
      case 'chainedTraversal':
        return this.chain(inner, position);
      default:
        return this.withOperands(position, () => ({ kind: 'literal', value: visitGenericLiteral(node, this.context), position }));
    }
  }

  /** A literal token: a GString, a decimal (a BigDecimal, as Groovy reads `1.5`) or any other literal. */
  private token(node: CstNode, token: IToken, position: SourcePosition): ScriptExpr {
    if (isGString(token)) {
      const parts = gstringParts(token, (name) => this.knows(name)).map((part) => (typeof part === 'string' ? part : value(this.expression(part.expression), { ...token, image: '${...}' })));
      if (parts.every((part) => typeof part === 'string')) return { kind: 'literal', value: parts.join(''), position };
      return { kind: 'gstring', parts, position };
    }
    const decimal = groovyDecimal(token);
    if (decimal !== undefined) return { kind: 'literal', value: decimal, position };
    return { kind: 'literal', value: visitGenericLiteral(node, this.context), position };
  }

  /** A list or map literal: one literal value when every item is a literal, else a list or map expression. */
  private collection(inner: CstNode, position: SourcePosition): ScriptExpr {
    const items = nodes(inner, 'genericLiteral');
    if (tokens(inner, 'Colon').length === 0) {
      const exprs = items.map((item) => this.expression(item));
      if (exprs.every((e) => e.kind === 'literal')) return { kind: 'literal', value: exprs.map((e) => (e.kind === 'literal' ? e.value : null)), position };
      return { kind: 'list', items: exprs, position };
    }
    const pairs = items.length === 0 ? [] : [[items[0]!, items[1]!], ...nodes(inner, 'mapEntry').map((e) => nodes(e, 'genericLiteral'))];
    const entries = pairs.map(([key, value]) => {
      const keyExpr = this.mapKey(key!);
      return [keyExpr, this.expression(value!)] as const;
    });
    if (entries.every(([key, value]) => key.kind === 'literal' && value.kind === 'literal')) {
      const map = new Map<Argument, Argument>();
      for (const [key, value] of entries) if (key.kind === 'literal' && value.kind === 'literal') map.set(key.value, value.value);
      return { kind: 'literal', value: map, position };
    }
    return { kind: 'map', entries, position };
  }

  private mapKey(key: CstNode): ScriptExpr {
    const position = tokenPosition(bounds(key).first);
    if (hasExpressionParts(key) || nodes(key, 'parenthesized').length > 0) return this.expression(key);
    return this.withOperands(position, () => ({ kind: 'literal', value: mapKey(key, this.context), position }));
  }

  private chain(chain: CstNode, position: SourcePosition): ScriptExpr {
    const start = this.traversalStart(chain);
    if (start !== undefined) return this.traversal(start);
    const { root, rootArgs, calls } = readChain(chain);
    const isVariable = root.tokenType.name === 'Identifier' && rootArgs === undefined && (this.variables.has(root.image) || this.bindings.has(root.image));
    if (!isVariable && root.tokenType.name === 'Identifier' && GROOVY_STATEMENTS.has(root.image)) throw groovyStatementError(root);
    if (!isVariable) {
      if (rootArgs !== undefined && root.tokenType.name === 'Identifier' && !isValueFunction(root.image)) {
        throw new GremlinSyntaxError(
          `Unsupported call '${root.image}(...)': a script calls only methods of g, graph and variables; closures and Java classes are not supported`,
          position,
        );
      }
      return this.withOperands(position, () => ({ kind: 'literal', value: visitChain(chain, this.context), position }));
    }
    return this.calls({ kind: 'variable', name: root.image, position }, calls);
  }

  private traversal(start: { alias: SourceAlias; calls: MethodCall[]; position: SourcePosition }): ScriptExpr {
    const { alias, calls, position } = start;
    if (calls[0]?.name.image === 'tx') return this.calls({ kind: 'variable', name: alias.source, position }, calls);
    const { value: split, operands } = this.collect(() => rootTraversal(calls, { context: this.context, terminal: true, source: alias.instructions }));
    if (split.bytecode.steps.length === 0) return this.calls({ kind: 'variable', name: alias.source, position }, calls);
    const expr: ScriptExpr = split.terminal === undefined
      ? { kind: 'traversal', source: alias.source, bytecode: split.bytecode, position }
      : { kind: 'traversal', source: alias.source, bytecode: split.bytecode, terminal: split.terminal, position };
    return this.calls(withOperands(expr, operands, position), split.after);
  }

  private calls(target: ScriptExpr, calls: readonly MethodCall[]): ScriptExpr {
    let expr = target;
    for (const call of calls) expr = memberAccess(expr, { name: call.name, args: call.args === undefined ? undefined : call.args, safe: false }, this);
    return expr;
  }

  arguments(varargs: CstNode): ScriptExpr[] {
    return nodes(varargs, 'argument').map((argument) => {
      const configuration = nodes(argument, 'configuration')[0];
      if (configuration !== undefined) {
        const key = tokens(configuration, 'Identifier')[0]!;
        throw new GremlinSyntaxError(`Unexpected named argument '${key.image}': only strategies take name: value arguments`, tokenPosition(key));
      }
      return this.expression(nodes(argument, 'genericLiteral')[0]!);
    });
  }
}

/** `body`, after the Groovy expressions its arguments name are evaluated, when there are any. */
function withOperands(body: ScriptExpr, operands: ReadonlyArray<readonly [string, ScriptExpr]>, position: SourcePosition): ScriptExpr {
  return operands.length === 0 ? body : { kind: 'operands', operands, body, position };
}

const VALUE_FUNCTIONS = new Set(['datetime', 'UUID', 'single', 'list', 'set']);

function isValueFunction(name: string): boolean {
  return VALUE_FUNCTIONS.has(name) || PREDICATE_FAMILY.has(name) || /^[A-Z]/.test(name);
}

/**
 * A decimal literal without a type suffix as Groovy reads it: a BigDecimal (`0.1 + 0.2 == 0.3`),
 * as plain decimal text; undefined for any other token.
 */
function groovyDecimal(token: IToken): TypedNumber | undefined {
  if (token.tokenType.name !== 'FloatingPointLiteral' || /[fFdDmM]$/.test(token.image)) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = /^([+-]?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(token.image.replace(/_/g, '')) ?? [];
  const unscaled = BigInt(whole + fraction);
  const scale = fraction.length - Number(exponent);
  const negative = sign === '-' && unscaled !== 0n ? '-' : '';
  if (scale <= 0) return new TypedNumber('bigdecimal', negative + (unscaled * 10n ** BigInt(-scale)).toString());
  const digits = unscaled.toString().padStart(scale + 1, '0');
  return new TypedNumber('bigdecimal', `${negative}${digits.slice(0, -scale)}.${digits.slice(-scale)}`);
}

/**
 * Visits a `queryList` node into a Script, checking that statements on one line are
 * separated by `;`. `graphNames` tells which other names stand for the graph or its traversal
 * source (a server's graph names and aliases); the script lists those it uses.
 *
 * @throws GremlinSyntaxError for anything outside the Groovy subset.
 */
export function visitScript(
  cst: CstNode,
  options: { bindings: ReadonlyMap<string, unknown>; variables?: Iterable<string>; graphNames?: (name: string) => GraphNameKind | undefined },
): Script {
  const visitor = new ScriptVisitor(options.bindings, options.variables ?? [], options.graphNames);
  const statements = visitor.statements(cst);
  return visitor.graphNames.size === 0 ? { statements } : { statements, graphNames: visitor.graphNames };
}
