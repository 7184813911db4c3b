/**
 * The engine's entry point for element reads that are not Gremlin: lookups by id, property
 * queries (label plus property conditions, each a value or a P predicate), the edges of one
 * vertex, slot ranges (shards and scans) and resumable pages. A query runs on the same road
 * as a traversal: the read view its context opens (pinned at the start), the context's
 * source decorator, time limit, cancellation and pacing; and it uses indexes as has() does
 * (the index form of a condition from {@link indexPredicate}, answered by GraphSource.lookup,
 * and the same value tests).
 * @module
 */
import type { Direction, ElementId } from '../../values/index.js';
import type { GraphSource, IndexPredicate, ReadView } from '../../port/index.js';
import { noIndexError } from '../../errors.js';
import type { ExecutionContext } from './execute.js';
import { openView, readSource } from './execute.js';
import { indexPredicate, predicateTest } from '../runtime/predicate.js';
import type { Test } from '../runtime/predicate.js';
import { MemoryBudget } from '../runtime/memory-budget.js';
import { Pacer, checkCancelled } from '../runtime/pacer.js';
import { breather } from '../runtime/turns.js';

/**
 * What to read. `ids` alone is a lookup by id (in the order given, each found element once);
 * otherwise the candidates are the edges of `adjacent.vertex` (edges only), an index answer or
 * a label scan, filtered by `label` and `properties`, in slot order from `from` (inclusive) to
 * `to` (exclusive).
 */
export interface ElementQuery {
  readonly element: 'vertex' | 'edge';
  readonly ids?: readonly ElementId[];
  readonly label?: string;
  /** Property conditions: a plain value means equality, a `P`/`TextP` predicate tests as in has(). */
  readonly properties?: ReadonlyArray<readonly [string, unknown]>;
  /** Edges incident to one vertex, in a direction (edge queries only). */
  readonly adjacent?: { readonly vertex: ElementId; readonly direction: Direction };
  /** First slot to consider (a resumed page or a shard start). */
  readonly from?: number;
  /** Slot bound, exclusive (a shard end). */
  readonly to?: number;
  /** Most elements to return; the query then says where the next one is. */
  readonly limit?: number;
  /**
   * True in a graph that requires indexes (HugeGraph's rule): a property query that an index
   * cannot answer for every condition fails with NoIndexError NO_INDEX. Id lookups, label
   * scans and the edges of one vertex never need an index.
   */
  readonly requireIndex?: boolean;
}

/**
 * A query's answer: what `read` made of each element, and the slot where the next element
 * that matches is (undefined when there is none).
 */
interface ElementQueryResult<T> {
  readonly items: T[];
  readonly next: number | undefined;
}

/**
 * A slot range of a shard: `start` inclusive, `end` exclusive, `length` elements visible in it
 * when the shards were cut.
 */
interface SlotRange {
  readonly start: number;
  readonly end: number;
  readonly length: number;
}

/** Condition kinds HugeGraph names in its NoIndexException message. */
function conditionKind(p: IndexPredicate | undefined): string {
  if (p === undefined || p.op === 'neq' || p.op === 'without') return 'not-equal';
  if (p.op === 'textcontains') return 'search';
  return p.op === 'eq' || p.op === 'within' ? 'secondary' : 'range';
}


/** True when a query has no label and no property condition (every candidate matches). */
function unfiltered(query: ElementQuery): boolean {
  return query.label === undefined && (query.properties === undefined || query.properties.length === 0);
}

function adjacentEdges(source: GraphSource, query: ElementQuery): Iterable<number> {
  const adjacent = query.adjacent!;
  const vertex = source.vertexSlot(adjacent.vertex);
  if (vertex < 0) return [];
  const found = new Set<number>();
  const labels = query.label === undefined ? undefined : [query.label];
  for (const batch of source.scanNeighbours(Int32Array.of(vertex), adjacent.direction, { labels })) {
    const selection = batch.selection;
    for (let i = 0; i < batch.length; i++) found.add(batch.edges[selection === undefined ? i : selection[i]!]!);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The slots of an index answer from `from` on. An answer that is an array (ascending, as every
 * lookup returns) is entered by binary search, so a resumed page starts inside the answer
 * instead of walking it again from its first slot; any other iterable is walked and skipped.
 */
function* answerFrom(answer: Iterable<number>, from: number): Iterable<number> {
  if (!Array.isArray(answer)) {
    for (const slot of answer) if (slot >= from) yield slot;
    return;
  }
  const slots: readonly number[] = answer;
  let lo = 0;
  let hi = slots.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (slots[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < slots.length; i++) yield slots[i]!;
}

/** Size of an index answer when it is known without walking it. */
function answerSize(answer: Iterable<number>): number {
  return Array.isArray(answer) ? answer.length : Number.POSITIVE_INFINITY;
}

/**
 * Where the candidates come from, in ascending slot order from `query.from`: adjacency, the
 * smallest index answer among the conditions, or a (label) scan.
 */
function candidates(source: GraphSource, query: ElementQuery, conditions: ReadonlyArray<readonly [string, unknown]>): Iterable<number> {
  const vertex = query.element === 'vertex';
  if (query.adjacent !== undefined) return adjacentEdges(source, query);
  const from = query.from ?? 0;
  let answer: Iterable<number> | undefined;
  const unanswered: Array<{ key: string; kind: string }> = [];
  for (const [key, test] of conditions) {
    const predicate = indexPredicate(test);
    const found = predicate === undefined ? undefined : source.lookup(query.element, { label: query.label, key, predicate, from });
    if (found === undefined) unanswered.push({ key, kind: conditionKind(predicate) });
    else if (answer === undefined || answerSize(found) < answerSize(answer)) answer = found;
  }
  if (query.requireIndex === true && unanswered.length > 0) {
    throw noIndexError(unanswered.map((u) => u.key), { label: query.label, kinds: [...new Set(unanswered.map((u) => u.kind))] });
  }
  if (answer !== undefined) return answerFrom(answer, from);
  return vertex ? source.vertexSlots(query.label, from) : source.edgeSlots(query.label, from);
}

function matcher(source: GraphSource, query: ElementQuery, conditions: ReadonlyArray<readonly [string, unknown]>): (slot: number) => boolean {
  const tests: Array<readonly [string, Test]> = conditions.map(([key, test]) => [key, predicateTest(test)]);
  const label = query.label;
  if (query.element === 'vertex') {
    return (slot) =>
      (label === undefined || source.vertexLabel(slot) === label) &&
      tests.every(([key, test]) => source.vertexProperties(slot, [key]).some((p) => test(p.value)));
  }
  return (slot) =>
    (label === undefined || source.edgeLabel(slot) === label) &&
    tests.every(([key, test]) => {
      const value = source.edgeProperty(slot, key);
      return value !== undefined && test(value);
    });
}

/**
 * A pacer with the time limit, signal, pacing and memory limit of the context. Element queries
 * and traversers run their loops on it.
 */
export function pacer(context: ExecutionContext): Pacer {
  checkCancelled(context.signal, context.deadline);
  return new Pacer({ signal: context.signal, deadline: context.deadline, pausable: true, pacing: context.pacing, memory: new MemoryBudget(context.memoryLimit) });
}

async function yieldToLoop(rt: Pacer): Promise<void> {
  await breather();
  rt.checkCancelled();
  rt.resume();
}

/**
 * Runs `fn` on the source a query of `context` reads: the read view the context opens (pinned
 * until `fn` settles), seen through the context's decorator.
 */
async function withReadSource<T>(context: ExecutionContext, fn: (source: GraphSource) => Promise<T>): Promise<T> {
  const view: ReadView | undefined = openView(context);
  try {
    return await fn(readSource(context, view));
  } finally {
    view?.release();
  }
}

/**
 * Runs `fn`, which must finish within this turn, on the source a query of `context` reads. When
 * the context opens no view of its own and its source reads committed state (no transaction
 * open), the live source is read through the decorator with no view pinned: nothing can change
 * it before `fn` returns. Otherwise a view is opened and released as in {@link withReadSource}.
 */
export function readNow<T>(context: ExecutionContext, fn: (source: GraphSource) => T): T {
  if (context.openReadView === undefined && context.source.readsCommitted?.() === true) return fn(readSource(context, undefined));
  const view = openView(context);
  try {
    return fn(readSource(context, view));
  } finally {
    view?.release();
  }
}

/** The elements of an id lookup, in the order of the ids, each found element once. */
function lookupIds<T>(source: GraphSource, query: ElementQuery, read: (source: GraphSource, slot: number) => T): T[] {
  const ids = query.ids!;
  const vertex = query.element === 'vertex';
  const matches = unfiltered(query) ? undefined : matcher(source, query, query.properties ?? []);
  const from = query.from ?? 0;
  const to = query.to ?? Number.POSITIVE_INFINITY;
  const limit = query.limit ?? Number.POSITIVE_INFINITY;
  const items: T[] = [];
  const seen: number[] = [];
  for (let i = 0; i < ids.length && items.length < limit; i++) {
    const slot = vertex ? source.vertexSlot(ids[i]!) : source.edgeSlot(ids[i]!);
    if (slot < from || slot >= to || seen.includes(slot) || (matches !== undefined && !matches(slot))) continue;
    seen.push(slot);
    items.push(read(source, slot));
  }
  return items;
}

/**
 * Runs an {@link ElementQuery} on the read road and makes an item of each matching element
 * with `read` (called while the query's read view is pinned). Returns to the event loop every
 * time slice; fails with CancelledError on the context's deadline or signal.
 */
export async function queryElements<T>(query: ElementQuery, context: ExecutionContext, read: (source: GraphSource, slot: number) => T): Promise<ElementQueryResult<T>> {
  if (query.ids !== undefined) {
    checkCancelled(context.signal, context.deadline);
    return { items: readNow(context, (source) => lookupIds(source, query, read)), next: undefined };
  }
  return withReadSource(context, async (source) => {
    const rt = pacer(context);
    const conditions = query.properties ?? [];
    const slots = candidates(source, query, conditions);
    const matches = matcher(source, query, conditions);
    const from = query.from ?? 0;
    const to = query.to ?? Number.POSITIVE_INFINITY;
    const limit = query.limit ?? Number.POSITIVE_INFINITY;
    const items: T[] = [];
    for (const slot of slots) {
      if (rt.tick()) await yieldToLoop(rt);
      if (slot >= to) break;
      if (slot < from || !matches(slot)) continue;
      if (items.length >= limit) return { items, next: slot };
      items.push(read(source, slot));
    }
    return { items, next: undefined };
  });
}

/**
 * Cuts the slot space of the visible vertices or edges into ranges of about `splitSize`
 * elements each. The ranges are contiguous from slot 0, and the last one is open-ended
 * (`end` is `Number.MAX_SAFE_INTEGER`), so a scan over all of them meets every element
 * exactly once, including elements added after the cut.
 */
export async function elementShards(element: 'vertex' | 'edge', splitSize: number, context: ExecutionContext): Promise<SlotRange[]> {
  return withReadSource(context, async (source) => {
    const rt = pacer(context);
    const shards: SlotRange[] = [];
    let start = 0;
    let length = 0;
    for (const slot of element === 'vertex' ? source.vertexSlots() : source.edgeSlots()) {
      if (rt.tick()) await yieldToLoop(rt);
      if (length === splitSize) {
        shards.push({ start, end: slot, length });
        start = slot;
        length = 0;
      }
      length++;
    }
    shards.push({ start, end: Number.MAX_SAFE_INTEGER, length });
    return shards;
  });
}
