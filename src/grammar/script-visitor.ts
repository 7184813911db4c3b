/**
 * The CST visitor for the Groovy subset: statements, `def`, assignment, variables, traversals
 * with terminal methods, and method calls on variables (`graph.addVertex(...)`,
 * `graph.schema().propertyKey('age').asInt().create()`). Anything else is refused.
 * @module
 */
import type { CstNode, IToken } from 'chevrotain';
import { GremlinSyntaxError } from '../errors.js';
import type { GraphNameKind, Instruction, Script, ScriptExpr, ScriptStatement, SourcePosition } from '../engine/index.js';
import { mapKey, readChain, visitChain, visitGenericLiteral, type ArgumentContext, type MethodCall } from './arguments.js';
import { bounds, firstNode, nodes, singleToken, tokens } from './cst.js';
import { tokenPosition } from './lexer.js';
import { PREDICATE_FAMILY } from './literals.js';
import { rootTraversal, SOURCE_METHODS } from './traversal-visitor.js';

/** A variable that holds a traversal source: its source name and source instructions. */
interface SourceAlias {
  readonly source: string;
  readonly instructions: readonly Instruction[];
}

/** Names that exist before the first statement. */
const PREDEFINED = ['g', 'graph'];

class ScriptVisitor {
  private readonly variables = new Set<string>(PREDEFINED);
  private readonly sources = new Map<string, SourceAlias>([['g', { source: 'g', instructions: [] }]]);
  /** The names the resolver bound, with what they stand for. */
  readonly graphNames = new Map<string, GraphNameKind>();

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

  private get context(): ArgumentContext {
    return { bindings: this.bindings, scriptVariables: this.variables, strategies: false, groovy: true };
  }

  statement(node: CstNode): ScriptStatement {
    const name = tokens(node, 'Identifier')[0];
    const expression = nodes(node, 'genericLiteral')[0]!;
    if (name === undefined) return { kind: 'expression', expr: this.expression(expression) };
    const expr = this.expression(expression);
    this.variables.add(name.image);
    const alias = this.sourceAlias(expression);
    if (alias === undefined) this.sources.delete(name.image);
    else this.sources.set(name.image, alias);
    return { kind: 'assign', name: name.image, declare: tokens(node, 'Def').length > 0, expr };
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
    const position = tokenPosition(bounds(node).first);
    if (singleToken(node) !== undefined) return { kind: 'literal', value: visitGenericLiteral(node, this.context), position };
    const inner = firstNode(node)!;
    switch (inner.name) {
      case 'parenthesized':
        return this.expression(nodes(inner, 'genericLiteral')[0]!);
      case 'genericLiteralCollection':
        return this.collection(node, inner, position);
      case 'chainedTraversal':
        return this.chain(inner, position);
      default:
        return { kind: 'literal', value: visitGenericLiteral(node, this.context), position };
    }
  }

  private collection(node: CstNode, inner: CstNode, position: SourcePosition): ScriptExpr {
    const items = nodes(inner, 'genericLiteral');
    if (tokens(inner, 'Colon').length === 0) {
      const exprs = items.map((item) => this.expression(item));
      if (exprs.every((e) => e.kind === 'literal')) return { kind: 'literal', value: visitGenericLiteral(node, this.context), position };
      return { kind: 'list', items: exprs, position };
    }
    const pairs = items.length === 0 ? [] : [[items[0]!, items[1]!], ...nodes(inner, 'mapEntry').map((e) => nodes(e, 'genericLiteral'))];
    const entries = pairs.map(([key, value]) => {
      const keyExpr: ScriptExpr = { kind: 'literal', value: mapKey(key!, this.context), position: tokenPosition(bounds(key!).first) };
      return [keyExpr, this.expression(value!)] as const;
    });
    if (entries.every(([, value]) => value.kind === 'literal')) return { kind: 'literal', value: visitGenericLiteral(node, this.context), position };
    return { kind: 'map', entries, position };
  }

  private chain(chain: CstNode, position: SourcePosition): ScriptExpr {
    const start = this.traversalStart(chain);
    if (start !== undefined) return this.traversal(start);
    const { root, rootArgs, calls } = readChain(chain);
    const isVariable = root.tokenType.name === 'Identifier' && rootArgs === undefined && (this.variables.has(root.image) || this.bindings.has(root.image));
    if (!isVariable) {
      if (rootArgs !== undefined && root.tokenType.name === 'Identifier' && !isValueFunction(root.image)) {
        throw new GremlinSyntaxError(
          `Unsupported call '${root.image}(...)': a script calls only methods of g, graph and variables; closures and Java classes are not supported`,
          position,
        );
      }
      return { kind: 'literal', value: visitChain(chain, this.context), position };
    }
    return this.calls({ kind: 'variable', name: root.image, position }, calls);
  }

  private traversal(start: { alias: SourceAlias; calls: MethodCall[]; position: SourcePosition }): ScriptExpr {
    const { alias, calls, position } = start;
    if (calls[0]?.name.image === 'tx') return this.calls({ kind: 'variable', name: alias.source, position }, calls);
    const split = rootTraversal(calls, { context: this.context, terminal: true, source: alias.instructions });
    if (split.bytecode.steps.length === 0) {
      return this.calls({ kind: 'variable', name: alias.source, position }, calls);
    }
    const expr: ScriptExpr = split.terminal === undefined
      ? { kind: 'traversal', source: alias.source, bytecode: split.bytecode, position }
      : { kind: 'traversal', source: alias.source, bytecode: split.bytecode, terminal: split.terminal, position };
    return this.calls(expr, split.after);
  }

  private calls(target: ScriptExpr, calls: readonly MethodCall[]): ScriptExpr {
    let expr = target;
    for (const call of calls) {
      const position = tokenPosition(call.name);
      if (call.args === undefined) {
        throw new GremlinSyntaxError(`Property access '.${call.name.image}' is not supported: call a method instead, such as ${call.name.image}()`, position);
      }
      expr = { kind: 'call', target: expr, method: call.name.image, args: this.arguments(call.args), position };
    }
    return expr;
  }

  private arguments(varargs: CstNode): ScriptExpr[] {
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

const VALUE_FUNCTIONS = new Set(['datetime', 'UUID', 'single', 'list', 'set']);

function isValueFunction(name: string): boolean {
  return VALUE_FUNCTIONS.has(name) || PREDICATE_FAMILY.has(name) || /^[A-Z]/.test(name);
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
  const statementNodes = nodes(cst, 'statement');
  const semicolons = tokens(cst, 'Semi');
  const statements: ScriptStatement[] = [];
  let previousEnd: IToken | undefined;
  for (const node of statementNodes) {
    const { first, last } = bounds(node);
    if (previousEnd !== undefined && previousEnd.endLine === first.startLine) {
      const end = previousEnd.endOffset ?? previousEnd.startOffset;
      if (!semicolons.some((semi) => semi.startOffset > end && semi.startOffset < first.startOffset)) {
        throw new GremlinSyntaxError(`Unexpected '${first.image}': expected ';' or a new line between statements`, tokenPosition(first));
      }
    }
    statements.push(visitor.statement(node));
    previousEnd = last;
  }
  return visitor.graphNames.size === 0 ? { statements } : { statements, graphNames: visitor.graphNames };
}
