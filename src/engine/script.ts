/**
 * Script: the plan of a Gremlin-Groovy request as HugeGraph users send it through /gremlin,
 * several statements, variables, traversals, `if`/`else`, Groovy's operators over values and a
 * small set of method calls on the graph, vertices, edges, the schema builder and plain values.
 * Nothing else can be expressed, so no code runs.
 * @module
 */
import type { Argument, Bytecode } from './bytecode.js';

/**
 * An expression of the Groovy subset.
 *
 * - `traversal`: a traversal spawned from `g` (or a variable holding a traversal source),
 *   optionally ended by a terminal step such as `toList`, `next`, `iterate`, `hasNext`.
 * - `literal`: a constant (number, string, list, map, predicate, enum, anonymous traversal).
 * - `variable`: a name bound earlier in the script or in the request bindings
 *   (`graph` and `g` are predefined).
 * - `call`: `target.method(args)`, e.g. `graph.addVertex(...)`, `v.addEdge(...)`,
 *   `graph.schema().propertyKey('age').asInt().create()`, `name.size()`; `safe` for `?.`.
 * - `property`: `map.key` (`safe` for `map?.key`).
 * - `index`: `list[0]`, `map['k']`, `text[1]`.
 * - `binary`, `unary`: Groovy's operators; `&&` and `||` evaluate their right side only when needed.
 * - `conditional`: `test ? then : otherwise`, or Elvis `then ?: otherwise` without `test`.
 * - `gstring`: `"text ${expr}"`, its parts joined as text.
 * - `operands`: Groovy expressions written as arguments of a traversal (`has('age', x + 1)`),
 *   evaluated into the hidden variables the body's bytecode names, then the body.
 */
export type ScriptExpr =
  | { readonly kind: 'traversal'; readonly source: string; readonly bytecode: Bytecode; readonly terminal?: TerminalCall; readonly position: SourcePosition }
  | { readonly kind: 'literal'; readonly value: Argument; readonly position: SourcePosition }
  | { readonly kind: 'variable'; readonly name: string; readonly position: SourcePosition }
  | {
      readonly kind: 'call';
      readonly target: ScriptExpr;
      readonly method: string;
      readonly args: readonly ScriptExpr[];
      readonly safe?: boolean;
      readonly position: SourcePosition;
    }
  | { readonly kind: 'property'; readonly target: ScriptExpr; readonly name: string; readonly safe: boolean; readonly position: SourcePosition }
  | { readonly kind: 'index'; readonly target: ScriptExpr; readonly index: ScriptExpr; readonly position: SourcePosition }
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: ScriptExpr; readonly right: ScriptExpr; readonly position: SourcePosition }
  | { readonly kind: 'unary'; readonly op: UnaryOp; readonly operand: ScriptExpr; readonly position: SourcePosition }
  | { readonly kind: 'conditional'; readonly test?: ScriptExpr; readonly then: ScriptExpr; readonly otherwise: ScriptExpr; readonly position: SourcePosition }
  | { readonly kind: 'gstring'; readonly parts: ReadonlyArray<string | ScriptExpr>; readonly position: SourcePosition }
  | { readonly kind: 'operands'; readonly operands: ReadonlyArray<readonly [string, ScriptExpr]>; readonly body: ScriptExpr; readonly position: SourcePosition }
  | { readonly kind: 'list'; readonly items: readonly ScriptExpr[]; readonly position: SourcePosition }
  | { readonly kind: 'map'; readonly entries: ReadonlyArray<readonly [ScriptExpr, ScriptExpr]>; readonly position: SourcePosition };

/**
 * Groovy's binary operators of the script subset.
 */
export type BinaryOp = '+' | '-' | '*' | '/' | '%' | '**' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '<=>' | 'in' | '&&' | '||';

/**
 * Groovy's prefix operators of the script subset.
 */
export type UnaryOp = '-' | '+' | '!';

/**
 * A terminal call that ends a traversal expression.
 */
export interface TerminalCall {
  readonly op: 'toList' | 'toSet' | 'next' | 'tryNext' | 'iterate' | 'hasNext' | 'explain';
  readonly args: readonly Argument[];
}

/**
 * Line and column (1-based) of an expression in the request text, for error messages.
 */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/**
 * One statement: `def x = expr`, `x = expr`, a bare expression, or `if (test) ... else ...`
 * whose branches are statement lists (a `def` in a branch is local to it). The value of an `if`
 * is the value of the last statement its branch ran, or null.
 */
export type ScriptStatement =
  | { readonly kind: 'assign'; readonly name: string; readonly declare: boolean; readonly expr: ScriptExpr }
  | { readonly kind: 'expression'; readonly expr: ScriptExpr }
  | { readonly kind: 'if'; readonly test: ScriptExpr; readonly then: readonly ScriptStatement[]; readonly otherwise: readonly ScriptStatement[] };

/**
 * What a name bound by the request stands for: the graph (`hugegraph`, as `graph`) or its
 * traversal source (`__g_hugegraph`, as `g`).
 *
 * @example
 * ```ts
 * const kind: GraphNameKind = 'traversal';
 * ```
 */
export type GraphNameKind = 'graph' | 'traversal';

/**
 * A whole script. The value of the last statement is the script's result.
 *
 * @example
 * ```ts
 * const s: Script = { statements: [] };
 * ```
 */
export interface Script {
  readonly statements: readonly ScriptStatement[];
  /**
   * Names besides `graph` and `g` that the script uses for the graph or its traversal source
   * (a server's graph names and aliases, given to the parser); the script host binds them.
   */
  readonly graphNames?: ReadonlyMap<string, GraphNameKind>;
}
