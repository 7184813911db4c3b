/**
 * Small helpers to read Chevrotain CST nodes. The CST never leaves the grammar folder.
 * @module
 */
import type { CstElement, CstNode, IToken } from 'chevrotain';

/**
 * The child nodes of a rule, in source order.
 */
export function nodes(node: CstNode, name: string): CstNode[] {
  return (node.children[name] as CstNode[] | undefined) ?? [];
}

/**
 * The child tokens of one type, in source order.
 */
export function tokens(node: CstNode, name: string): IToken[] {
  return (node.children[name] as IToken[] | undefined) ?? [];
}

/**
 * The only child node of a rule with one alternative taken, if it is a node.
 */
export function firstNode(node: CstNode): CstNode | undefined {
  for (const key in node.children) {
    const first = node.children[key]![0];
    if (first !== undefined && isNode(first)) return first;
  }
  return undefined;
}

/**
 * The only child token of a node, if the node holds exactly one token.
 */
export function singleToken(node: CstNode): IToken | undefined {
  let found: IToken | undefined;
  for (const key in node.children) {
    for (const child of node.children[key]!) {
      if (isNode(child) || found !== undefined) return undefined;
      found = child;
    }
  }
  return found;
}

/**
 * Whether a CST element is a node (not a token).
 */
function isNode(element: CstElement): element is CstNode {
  return 'children' in element;
}

/**
 * The first and last token of a node, by offset.
 */
export function bounds(node: CstNode): { first: IToken; last: IToken } {
  let first: IToken | undefined;
  let last: IToken | undefined;
  const visit = (n: CstNode): void => {
    for (const key in n.children) {
      for (const child of n.children[key]!) {
        if (isNode(child)) {
          visit(child);
        } else {
          if (first === undefined || child.startOffset < first.startOffset) first = child;
          if (last === undefined || child.startOffset > last.startOffset) last = child;
        }
      }
    }
  };
  visit(node);
  return { first: first!, last: last! };
}

/** The children of a genericLiteral or operand that are Groovy's operators around the literal. */
const EXPRESSION_PARTS: readonly string[] = ['Minus', 'Plus', 'Bang', 'postfix', 'operatorTail'];

/**
 * Whether a genericLiteral (or operand) node has Groovy expression parts: prefix operators,
 * postfix accesses or operator tails.
 */
export function hasExpressionParts(node: CstNode): boolean {
  return EXPRESSION_PARTS.some((name) => node.children[name] !== undefined);
}

/**
 * The literal of a genericLiteral or operand node without its expression parts, as a node of
 * its own that the literal visitors read as they read any genericLiteral.
 */
export function literalOf(node: CstNode): CstNode {
  const children: CstNode['children'] = {};
  for (const key in node.children) if (!EXPRESSION_PARTS.includes(key)) children[key] = node.children[key]!;
  return { name: 'genericLiteral', children };
}

/**
 * The first token of a node's expression parts (a prefix operator, a postfix access or an
 * operator tail), or its first token when it has none.
 */
export function expressionPartToken(node: CstNode): IToken {
  let first: IToken | undefined;
  for (const name of EXPRESSION_PARTS) {
    for (const child of node.children[name] ?? []) {
      const token = isNode(child) ? bounds(child).first : child;
      if (first === undefined || token.startOffset < first.startOffset) first = token;
    }
  }
  return first ?? bounds(node).first;
}
