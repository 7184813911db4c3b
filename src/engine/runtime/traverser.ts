/**
 * Traversers: a value with its bulk and, only when a step needs them, a path, loop counters and
 * a sack. Bulk is counted, never copied: one traverser with bulk 3 stands for three.
 * @module
 */

/**
 * One element of a traverser's path: an object and the labels it was given with `as()`.
 * Paths are immutable linked lists that share their tails.
 */
export interface PathNode {
  readonly object: unknown;
  readonly labels: readonly string[];
  readonly prev: PathNode | undefined;
}

/**
 * Loop counters of the enclosing repeat() steps, innermost first.
 */
export interface LoopFrame {
  readonly name: string | undefined;
  readonly count: number;
  readonly prev: LoopFrame | undefined;
}

/**
 * A traverser. Fields a step does not need stay undefined.
 */
export interface Traverser {
  readonly value: unknown;
  readonly bulk: number;
  readonly path: PathNode | undefined;
  readonly loops: LoopFrame | undefined;
  readonly sack: unknown;
}

/**
 * Objects of a path, oldest first.
 */
export function pathNodes(path: PathNode | undefined): PathNode[] {
  const out: PathNode[] = [];
  for (let p = path; p !== undefined; p = p.prev) out.push(p);
  return out.reverse();
}

/**
 * A copy of the traverser with a new value and the same bulk, path extended when tracked.
 */
export function moveTo(t: Traverser, value: unknown, trackPath: boolean): Traverser {
  return {
    value,
    bulk: t.bulk,
    path: trackPath ? { object: value, labels: [], prev: t.path } : t.path,
    loops: t.loops,
    sack: t.sack,
  };
}

/**
 * A copy of the traverser with other fields changed.
 */
export function withFields(t: Traverser, fields: Partial<Traverser>): Traverser {
  return { ...t, ...fields };
}

/**
 * Adds `as()` labels to the newest path element.
 */
export function addLabels(t: Traverser, labels: readonly string[]): Traverser {
  const head = t.path;
  if (head === undefined || labels.length === 0) return t;
  const merged = [...head.labels, ...labels.filter((l) => !head.labels.includes(l))];
  return { ...t, path: { object: head.object, labels: merged, prev: head.prev } };
}

/**
 * Values labelled `label` in the path, oldest first.
 */
export function labelled(path: PathNode | undefined, label: string): unknown[] {
  const out: unknown[] = [];
  for (let p = path; p !== undefined; p = p.prev) if (p.labels.includes(label)) out.push(p.object);
  return out.reverse();
}

/**
 * A new traverser that starts a fresh path (used by barriers that reduce many traversers to one).
 */
export function fresh(value: unknown, trackPath: boolean, bulk = 1): Traverser {
  return { value, bulk, path: trackPath ? { object: value, labels: [], prev: undefined } : undefined, loops: undefined, sack: undefined };
}
