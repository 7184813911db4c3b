/**
 * The two result objects of traversals that are not elements: {@link Path} (a traverser's
 * history) and {@link Tree} (what `tree()` builds), shaped like TinkerPop's. Both are
 * immutable to their readers, have `toJSON()` in the one JSON shape (json.ts) and a value key
 * for equality.
 * @module
 */
import { formatValue } from './semantics/format.js';
import { VALUE_KEY, valueKey } from './semantics/value-key.js';
import { jsonValue, pathJson, TO_JSON_VALUE, type JsonShaper } from './json.js';

/**
 * The history of a traverser: the objects it visited, each with the step labels it had.
 * Paths are immutable; {@link Path.extend} returns a new path.
 *
 * @example
 * ```ts
 * declare const v1: Vertex, v2: Vertex;
 * const p = Path.EMPTY.extend(v1, ['a']).extend(v2);
 * String(p);      // 'path[v[1], v[2]]'
 * p.get('a');     // v1
 * ```
 */
export class Path {
  /** The path with no objects. */
  static readonly EMPTY = new Path([], []);

  constructor(
    readonly labels: ReadonlyArray<ReadonlySet<string>>,
    readonly objects: readonly unknown[],
  ) {}

  /** Number of objects in the path. */
  get size(): number {
    return this.objects.length;
  }

  /** A new path with one more object, labelled with `labels`. */
  extend(object: unknown, labels: Iterable<string> = []): Path {
    return new Path([...this.labels, new Set(labels)], [...this.objects, object]);
  }

  /** A new path whose last object also carries `labels`. */
  addLabels(labels: Iterable<string>): Path {
    if (this.objects.length === 0) return this;
    const last = new Set([...(this.labels[this.labels.length - 1] ?? []), ...labels]);
    return new Path([...this.labels.slice(0, -1), last], this.objects);
  }

  /** Whether some object carries the label. */
  hasLabel(label: string): boolean {
    return this.labels.some((set) => set.has(label));
  }

  /** Every object labelled `label`, first to last. */
  getAll(label: string): unknown[] {
    return this.objects.filter((_, i) => this.labels[i]?.has(label) === true);
  }

  /** The object labelled `label`, or the list of them when several are; undefined when none. */
  get(label: string): unknown {
    const all = this.getAll(label);
    if (all.length === 0) return undefined;
    return all.length === 1 ? all[0] : all;
  }

  /** `{ labels: [[...], ...], objects: [...] }`, as HugeGraph's /gremlin writes a path. */
  toJSON(): Record<string, unknown> {
    return jsonValue(this) as Record<string, unknown>;
  }

  /** This path in the one JSON shape (see `jsonValue`). */
  [TO_JSON_VALUE](shaper: JsonShaper): unknown {
    return pathJson(this, shaper);
  }

  /** `path[a, b, c]`, as TinkerPop prints a path. */
  toString(): string {
    return `path[${this.objects.map(formatValue).join(', ')}]`;
  }

  /** Hash key: equal objects with equal labels, in order. */
  [VALUE_KEY](): string {
    const parts = this.objects.map((o, i) => `${valueKey(o)}#${[...(this.labels[i] ?? [])].sort().join('|')}`);
    return `path(${parts.join(';')})`;
  }
}

/**
 * A tree of traversal objects: each node maps to the subtree below it. Nodes are keyed by
 * value equality ({@link valueKey}), and insertion order is kept.
 *
 * @example
 * ```ts
 * declare const v1: Vertex, v2: Vertex;
 * const t = new Tree();
 * t.child(v1).child(v2);
 * String(t);   // '{v[1]={v[2]={}}}'
 * ```
 */
export class Tree {
  readonly #nodes = new Map<string, { readonly node: unknown; readonly subtree: Tree }>();

  /** Number of nodes at the top level. */
  get size(): number {
    return this.#nodes.size;
  }

  /** The subtree under `node`, created empty when absent. */
  child(node: unknown): Tree {
    const key = valueKey(node);
    const found = this.#nodes.get(key);
    if (found !== undefined) return found.subtree;
    const subtree = new Tree();
    this.#nodes.set(key, { node, subtree });
    return subtree;
  }

  /** The subtree under `node`, or undefined. */
  get(node: unknown): Tree | undefined {
    return this.#nodes.get(valueKey(node))?.subtree;
  }

  /** Top-level nodes with their subtrees, in insertion order. */
  entries(): IterableIterator<[unknown, Tree]> {
    return (function* (nodes) {
      for (const { node, subtree } of nodes.values()) yield [node, subtree] as [unknown, Tree];
    })(this.#nodes);
  }

  /** Top-level nodes, in insertion order. */
  keys(): unknown[] {
    return [...this.#nodes.values()].map((e) => e.node);
  }

  /** Merge another tree into this one (TinkerPop's `addTree`). */
  addTree(other: Tree): void {
    for (const [node, subtree] of other.entries()) this.child(node).addTree(subtree);
  }

  /** Every node at the given depth (1 is the top level). */
  getObjectsAtDepth(depth: number): unknown[] {
    if (depth <= 1) return this.keys();
    return [...this.#nodes.values()].flatMap((e) => e.subtree.getObjectsAtDepth(depth - 1));
  }

  /** The leaf subtrees' nodes (TinkerPop's `getLeafObjects`). */
  getLeafObjects(): unknown[] {
    return [...this.#nodes.values()].flatMap((e) => (e.subtree.size === 0 ? [e.node] : e.subtree.getLeafObjects()));
  }

  /** `[{ key: node, value: [...subtree] }, ...]`, as HugeGraph's /gremlin writes a tree. */
  toJSON(): unknown[] {
    return jsonValue(this) as unknown[];
  }

  /** This tree in the one JSON shape (see `jsonValue`). */
  [TO_JSON_VALUE](shaper: JsonShaper): unknown {
    return [...this.#nodes.values()].map((e) => ({ key: shaper.value(e.node), value: shaper.value(e.subtree) }));
  }

  /** `{node={...}, ...}`, as Java prints the tree's map. */
  toString(): string {
    return '{' + [...this.#nodes.values()].map((e) => `${formatValue(e.node)}=${e.subtree.toString()}`).join(', ') + '}';
  }

  /** Hash key: equal nodes with equal subtrees, regardless of order. */
  [VALUE_KEY](): string {
    const parts = [...this.#nodes].map(([k, e]) => `${k}=${e.subtree[VALUE_KEY]()}`);
    return `tree<${parts.sort().join(',')}>`;
  }
}
