/**
 * The path a traverser has walked, as a Path value.
 * @module
 */
import { Path } from '../../path-tree.js';
import { pathNodes } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';

/**
 * The traverser's path as a Path, cut to the from/to labels when given.
 */
export function traverserPath(t: Traverser, from?: string, to?: string): Path {
  let nodes = pathNodes(t.path);
  if (from !== undefined) {
    const i = nodes.findIndex((n) => n.labels.includes(from));
    nodes = i < 0 ? [] : nodes.slice(i);
  }
  if (to !== undefined) {
    const i = nodes.findIndex((n) => n.labels.includes(to));
    nodes = i < 0 ? [] : nodes.slice(0, i + 1);
  }
  return new Path(
    nodes.map((n) => new Set(n.labels)),
    nodes.map((n) => n.object),
  );
}
