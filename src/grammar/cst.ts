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
